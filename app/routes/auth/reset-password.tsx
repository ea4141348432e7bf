import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import { AuthCard, FormMessage } from '~/components/layout/auth-card'
import { ErrorSummary } from '~/components/ui/error-summary'
import { NewPasswordFields } from '~/components/ui/new-password-fields'
import { useCompany } from '~/lib/company'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { useNativeForm } from '~/lib/forms/native-form'
import { seoMeta } from '~/lib/seo/meta'
import { PASSWORD_MAX, PASSWORD_MIN, setPasswordSchema } from '~/lib/validation/auth'
import { GONE_STATUS } from '~/lib/auth/link-messages'
import { localizedConstraint, localizedReply } from '~/i18n/form-language.server'
import { copy, fill, localeOf } from '~/i18n/translator.server'
import { runtime } from '~/platform/runtime.server'
import { readAuthToken } from '~/models/auth-tokens.server'
import { resetPassword } from '~/models/password-resets.server'
import type { Route } from './+types/reset-password'

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta(
    {
      ...(loaderData?.text.seo ?? { title: '', description: '' }),
      path: '/reset-password',
      noindex: true,
    },
    matches,
  )

// The page's words reach it as loader data, read from the catalogues' copy trees
// (docs/decisions/066-spanish-site-messages-resolved-on-the-server.md); the page is in
// English only, so they are the English sources.
export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(request)
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const { state } = await readAuthToken(token, 'password_reset')
  const { passwordHint, ...text } = copy(locale, 'resetPasswordPage')
  const screen = copy(locale, 'authScreens')
  return data(
    {
      token,
      gone: state === 'valid' ? null : state,
      text: {
        ...text,
        passwordHint: fill(locale, passwordHint, {
          min: String(PASSWORD_MIN),
          max: String(PASSWORD_MAX),
        }),
        homeLink: fill(locale, screen.homeLink, { company: runtime().config.company.name }),
        passwordToggle: { show: screen.showPassword, hide: screen.hidePassword },
      },
      constraint: localizedConstraint(locale, formConstraint(setPasswordSchema)),
    },
    { status: state === 'valid' ? 200 : GONE_STATUS },
  )
}

export async function action({ request }: Route.ActionArgs) {
  const locale = localeOf(request)
  const formData = await request.formData()
  const token = String(formData.get('token') ?? '')
  const submission = parseWithZod(formData, { schema: setPasswordSchema })
  if (submission.status !== 'success') {
    return data(
      {
        result: localizedReply(
          locale,
          submission.reply({ hideFields: ['password', 'confirmPassword'] }),
        ),
        gone: null,
      },
      { status: 400 },
    )
  }
  // A new password ends every session of the account and every other reset link.
  const outcome = await resetPassword(token, submission.value.password)
  if (outcome.state === 'gone')
    return data({ result: undefined, gone: outcome.reason }, { status: GONE_STATUS })
  throw redirect('/interpreter-login?reset=1')
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany()
  const { text } = loaderData
  const { formProps, field, summary, formErrors, formErrorId } = useNativeForm<typeof text.labels>({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    // The fields' labels, also their names in the error summary.
    labels: text.labels,
  })
  const gone = actionData?.gone ?? loaderData.gone
  if (gone) {
    return (
      <AuthCard title={text.heading} companyName={company.name} homeLabel={text.homeLink}>
        <FormMessage tone="error">{text.gone[gone]}</FormMessage>
        <Link to="/forgot-password" className="btn-primary mt-6 w-full">
          {text.askAgain}
        </Link>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={text.heading} companyName={company.name} homeLabel={text.homeLink}>
      <Form method="post" {...formProps} className="space-y-5">
        <ErrorSummary {...summary} />
        {formErrors?.length ? (
          <FormMessage tone="error" id={formErrorId}>
            {formErrors[0]}
          </FormMessage>
        ) : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields
          password={field('password')}
          confirmPassword={field('confirmPassword')}
          submitLabel={text.submit}
          busyLabel={text.busy}
          hint={text.passwordHint}
          toggleLabels={text.passwordToggle}
        />
      </Form>
    </AuthCard>
  )
}
