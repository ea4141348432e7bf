import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import { AuthCard, FormMessage } from '~/components/layout/auth-card'
import { ErrorSummary } from '~/components/ui/error-summary'
import { NEW_PASSWORD_LABELS, NewPasswordFields } from '~/components/ui/new-password-fields'
import { useCompany } from '~/lib/company'
import { useFormWithSummary } from '~/lib/forms/form-with-summary'
import { seoMeta } from '~/lib/seo/meta'
import { setPasswordSchema } from '~/lib/validation/auth'
import { consumeAuthToken, findValidAuthToken } from '~/models/auth-tokens.server'
import { setPassword } from '~/models/users.server'
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
  const valid = token !== '' && (await findValidAuthToken(token, 'password_reset')) !== undefined
  return { token, valid, constraint: getZodConstraint(setPasswordSchema) }
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData()
  const token = String(formData.get('token') ?? '')
  const submission = parseWithZod(formData, { schema: setPasswordSchema })
  if (submission.status !== 'success') {
    return data(
      { result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) },
      { status: 400 },
    )
  }
  const used = await consumeAuthToken(token, 'password_reset')
  if (!used?.userId) {
    return data(
      {
        result: submission.reply({
          formErrors: [EXPIRED_MESSAGE],
          hideFields: ['password', 'confirmPassword'],
        }),
      },
      { status: 400 },
    )
  }
  // A new password ends every session of the account.
  await setPassword(used.userId, submission.value.password)
  throw redirect('/interpreter-login?reset=1')
}

const EXPIRED_MESSAGE = 'This link has expired or was already used. Please ask for a new one.'

/** The fields' labels, also their names in the error summary. */
const labels = NEW_PASSWORD_LABELS

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany()
  const { form, fields, formProps, summary } = useFormWithSummary({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    labels,
  })
  if (!loaderData.valid) {
    return (
      <AuthCard title="Choose a new password" companyName={company.name}>
        <FormMessage tone="error">{EXPIRED_MESSAGE}</FormMessage>
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
        {form.errors?.length ? <FormMessage tone="error">{form.errors[0]}</FormMessage> : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields fields={fields} labels={labels} submitLabel="Save new password" />
      </Form>
    </AuthCard>
  )
}
