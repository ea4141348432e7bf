import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router'
import { AuthCard, FormMessage } from '~/components/layout/auth-card'
import { ErrorSummary } from '~/components/ui/error-summary'
import { TextField } from '~/components/ui/native-fields'
import { PasswordField } from '~/components/ui/password-field'
import { attemptLogin } from '~/auth/login.server'
import { homeFor, safeRedirect } from '~/lib/auth/redirect'
import { describeWait } from '~/lib/auth/wait-text'
import { getSessionUser } from '~/auth/session.server'
import { useCompany } from '~/lib/company'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { useNativeForm } from '~/lib/forms/native-form'
import { seoMeta } from '~/lib/seo/meta'
import { loginSchema } from '~/lib/validation/auth'
import type { Route } from './+types/login'

export { headers } from '~/lib/http/headers'

/** The login failure message (docs/product.md#errors). */
export const INVALID_LOGIN_MESSAGE = 'Invalid username or password.'

type Portal = 'Interpreter' | 'Client'

// One screen on two paths: the title and portal label say Interpreter on the interpreter
// path and Client otherwise (docs/product.md#login).
function portalOf(pathname: string): Portal {
  return pathname.startsWith('/interpreter-login') ? 'Interpreter' : 'Client'
}

export const meta: Route.MetaFunction = ({ location, matches }) =>
  seoMeta(
    {
      title: `${portalOf(location.pathname)} Login`,
      description: `Sign in to the ${portalOf(location.pathname).toLowerCase()} portal.`,
      path: location.pathname,
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const user = await getSessionUser(request)
  if (user) throw redirect(safeRedirect(url.searchParams.get('redirectTo'), homeFor(user.role)))
  return { portal: portalOf(url.pathname), constraint: formConstraint(loginSchema) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: loginSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const result = await attemptLogin({
    email: submission.value.email,
    password: submission.value.password,
    ipAddress: context.clientIp,
    userAgent: request.headers.get('user-agent'),
  })
  if (result.status === 'throttled') {
    return data(
      {
        result: submission.reply({
          formErrors: [
            `Too many sign-in attempts. Please wait ${describeWait(result.retryAfterSeconds)} and try again.`,
          ],
          hideFields: ['password'],
        }),
      },
      { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } },
    )
  }
  if (result.status === 'invalid') {
    return data(
      {
        result: submission.reply({ formErrors: [INVALID_LOGIN_MESSAGE], hideFields: ['password'] }),
      },
      { status: 401 },
    )
  }
  throw redirect(safeRedirect(submission.value.redirectTo, homeFor(result.user.role)), {
    headers: { 'Set-Cookie': result.setCookie },
  })
}

/** The fields' labels, also their names in the error summary. */
const labels = {
  email: 'Email',
  password: 'Password',
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany()
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const { formProps, field, summary, formErrors, formErrorId } = useNativeForm<typeof labels>({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    labels,
  })
  const notice =
    searchParams.get('reset') === '1'
      ? 'Your password has been changed. Please sign in.'
      : undefined
  return (
    <AuthCard
      eyebrow={`${loaderData.portal} Portal`}
      title={`${loaderData.portal} Login`}
      companyName={company.name}
    >
      <Form method="post" {...formProps} className="space-y-5">
        <ErrorSummary {...summary} />
        {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
        {formErrors?.length ? (
          <FormMessage tone="error" id={formErrorId}>
            {formErrors[0]}
          </FormMessage>
        ) : null}
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <TextField field={field('email')} type="email" autoComplete="username" />
        <PasswordField field={field('password')} autoComplete="current-password" />
        <div className="flex justify-end text-sm">
          <Link to="/forgot-password" className="text-brand-700 underline hover:text-brand-800">
            Forgot password?
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Need help signing in? Contact support at{' '}
        <a href={`mailto:${company.email}`} className="text-brand-700 underline">
          {company.email}
        </a>{' '}
        or {company.phone}.
      </p>
      <Link to="/" className="btn-secondary mt-6 w-full">
        Back to Home
      </Link>
    </AuthCard>
  )
}
