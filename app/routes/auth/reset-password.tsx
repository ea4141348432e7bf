import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import { AuthCard, FormMessage } from '~/components/layout/auth-card'
import { ErrorSummary } from '~/components/ui/error-summary'
import { NEW_PASSWORD_LABELS, NewPasswordFields } from '~/components/ui/new-password-fields'
import { useCompany } from '~/lib/company'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { useNativeForm } from '~/lib/forms/native-form'
import { seoMeta } from '~/lib/seo/meta'
import { setPasswordSchema } from '~/lib/validation/auth'
import { GONE_STATUS, resetGoneMessages } from '~/lib/auth/link-messages'
import { readAuthToken } from '~/models/auth-tokens.server'
import { resetPassword } from '~/models/password-resets.server'
import type { Route } from './+types/reset-password'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Choose a new password',
      description: 'Reset your password.',
      path: '/reset-password',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const { state } = await readAuthToken(token, 'password_reset')
  return data(
    {
      token,
      gone: state === 'valid' ? null : state,
      constraint: formConstraint(setPasswordSchema),
    },
    { status: state === 'valid' ? 200 : GONE_STATUS },
  )
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData()
  const token = String(formData.get('token') ?? '')
  const submission = parseWithZod(formData, { schema: setPasswordSchema })
  if (submission.status !== 'success') {
    return data(
      { result: submission.reply({ hideFields: ['password', 'confirmPassword'] }), gone: null },
      { status: 400 },
    )
  }
  // A new password ends every session of the account and every other reset link.
  const outcome = await resetPassword(token, submission.value.password)
  if (outcome.state === 'gone')
    return data({ result: undefined, gone: outcome.reason }, { status: GONE_STATUS })
  throw redirect('/interpreter-login?reset=1')
}

/** The fields' labels, also their names in the error summary. */
const labels = NEW_PASSWORD_LABELS

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany()
  const { formProps, field, summary, formErrors, formErrorId } = useNativeForm<typeof labels>({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    labels,
  })
  const gone = actionData?.gone ?? loaderData.gone
  if (gone) {
    return (
      <AuthCard title="Choose a new password" companyName={company.name}>
        <FormMessage tone="error">{resetGoneMessages[gone]}</FormMessage>
        <Link to="/forgot-password" className="btn-primary mt-6 w-full">
          Ask for a new link
        </Link>
      </AuthCard>
    )
  }
  return (
    <AuthCard title="Choose a new password" companyName={company.name}>
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
          submitLabel="Save new password"
        />
      </Form>
    </AuthCard>
  )
}
