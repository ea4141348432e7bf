import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router'
import { AuthCard, FormMessage } from '~/components/layout/auth-card'
import { ErrorSummary } from '~/components/ui/error-summary'
import { TextField } from '~/components/ui/native-fields'
import { PasswordField } from '~/components/ui/password-field'
import { attemptLogin } from '~/auth/login.server'
import { homeFor, safeRedirect } from '~/lib/auth/redirect'
import { getSessionUser } from '~/auth/session.server'
import { useCompany } from '~/lib/company'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { useNativeForm } from '~/lib/forms/native-form'
import { seoMeta } from '~/lib/seo/meta'
import { loginSchema } from '~/lib/validation/auth'
import { INVALID_LOGIN_MESSAGE, tooManySignInsMessage } from '~/lib/validation/auth-messages'
import { localizedConstraint, localizedReply } from '~/i18n/form-language.server'
import { copy, fill, fillParts, localeOf } from '~/i18n/translator.server'
import { runtime } from '~/platform/runtime.server'
import type { Route } from './+types/login'

export { headers } from '~/lib/http/headers'

// One screen on two paths: the title and portal label say Interpreter on the interpreter
// path and Client otherwise (docs/product.md#login).
function portalOf(pathname: string): 'interpreter' | 'client' {
  return pathname.startsWith('/interpreter-login') ? 'interpreter' : 'client'
}

/** A sentence with one link (`<a>…</a>`) in three parts: before the link, its words, after. */
function aroundLink(parts: (string | { link: string })[]) {
  const at = parts.findIndex((part) => typeof part !== 'string')
  const words = (some: typeof parts) =>
    some.map((part) => (typeof part === 'string' ? part : part.link)).join('')
  if (at < 0) return { before: words(parts), link: '', after: '' }
  return {
    before: words(parts.slice(0, at)),
    link: words(parts.slice(at, at + 1)),
    after: words(parts.slice(at + 1)),
  }
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) =>
  seoMeta(
    {
      ...(loaderData?.text.seo ?? { title: '', description: '' }),
      path: location.pathname,
      noindex: true,
    },
    matches,
  )

// The page's words reach it as loader data, read from the catalogues' copy trees
// (docs/decisions/066-spanish-site-messages-resolved-on-the-server.md); the page is in
// English only, so they are the English sources.
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const user = await getSessionUser(request)
  if (user) throw redirect(safeRedirect(url.searchParams.get('redirectTo'), homeFor(user.role)))
  const locale = localeOf(request)
  const { portals, ...text } = copy(locale, 'loginPage')
  const screen = copy(locale, 'authScreens')
  const { company } = runtime().config
  const help = aroundLink(
    fillParts<{ link: string }>(locale, text.help, {
      email: company.email,
      phone: company.phone,
      a: (chunks) => ({ link: chunks.join('') }),
    }),
  )
  return {
    text: {
      ...text,
      ...portals[portalOf(url.pathname)],
      help,
      homeLink: fill(locale, screen.homeLink, { company: company.name }),
      passwordToggle: { show: screen.showPassword, hide: screen.hidePassword },
    },
    constraint: localizedConstraint(locale, formConstraint(loginSchema)),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOf(request)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: loginSchema })
  if (submission.status !== 'success') {
    return data(
      { result: localizedReply(locale, submission.reply({ hideFields: ['password'] })) },
      { status: 400 },
    )
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
        result: localizedReply(
          locale,
          submission.reply({
            formErrors: [tooManySignInsMessage(result.retryAfterSeconds)],
            hideFields: ['password'],
          }),
        ),
      },
      { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } },
    )
  }
  if (result.status === 'invalid') {
    return data(
      {
        result: localizedReply(
          locale,
          submission.reply({ formErrors: [INVALID_LOGIN_MESSAGE], hideFields: ['password'] }),
        ),
      },
      { status: 401 },
    )
  }
  throw redirect(safeRedirect(submission.value.redirectTo, homeFor(result.user.role)), {
    headers: { 'Set-Cookie': result.setCookie },
  })
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany()
  const { text } = loaderData
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const { formProps, field, summary, formErrors, formErrorId } = useNativeForm<typeof text.labels>({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    // The fields' labels, also their names in the error summary.
    labels: text.labels,
  })
  const notice = searchParams.get('reset') === '1' ? text.passwordChanged : undefined
  return (
    <AuthCard
      eyebrow={text.eyebrow}
      title={text.heading}
      companyName={company.name}
      homeLabel={text.homeLink}
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
        <PasswordField
          field={field('password')}
          autoComplete="current-password"
          toggleLabels={text.passwordToggle}
        />
        <div className="flex justify-end text-sm">
          <Link to="/forgot-password" className="text-brand-700 underline hover:text-brand-800">
            {text.forgotPassword}
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? text.busy : text.submit}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {text.help.before}
        <a href={`mailto:${company.email}`} className="text-brand-700 underline">
          {text.help.link}
        </a>
        {text.help.after}
      </p>
      <Link to="/" className="btn-secondary mt-6 w-full">
        {text.backHome}
      </Link>
    </AuthCard>
  )
}
