import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import { AuthCard, FormMessage } from '~/components/layout/auth-card'
import { ErrorSummary } from '~/components/ui/error-summary'
import { TextField } from '~/components/ui/native-fields'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { requestPasswordReset } from '~/models/password-resets.server'
import { useCompany } from '~/lib/company'
import { useNativeForm } from '~/lib/forms/native-form'
import {
  hitRateLimit,
  retryAfterHeaders,
  TOO_MANY_REQUESTS_MESSAGE,
} from '~/platform/rate-limit.server'
import { db, runtime } from '~/platform/runtime.server'
import { seoMeta } from '~/lib/seo/meta'
import { forgotPasswordSchema } from '~/lib/validation/auth'
import type { Route } from './+types/forgot-password'

const RESET_REQUESTS_PER_IP = { bucket: 'password-reset-ip', limit: 5, windowMs: 15 * 60 * 1000 }

export { headers } from '~/lib/http/headers'
export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Forgot password',
      description: 'Get a link to reset your password.',
      path: '/forgot-password',
      noindex: true,
    },
    matches,
  )

export function loader() {
  return { constraint: formConstraint(forgotPasswordSchema) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema })
  if (submission.status !== 'success')
    return data({ result: submission.reply(), sent: false }, { status: 400 })
  const limit = await hitRateLimit(db(), RESET_REQUESTS_PER_IP, context.clientIp)
  if (!limit.allowed) {
    return data(
      { result: submission.reply({ formErrors: [TOO_MANY_REQUESTS_MESSAGE] }), sent: false },
      { status: 429, headers: retryAfterHeaders(limit) },
    )
  }
  // The same answer, after the same work, whether or not the address has an account: the
  // lookup and the mail happen after the answer.
  const { email } = submission.value
  runtime().background.run('password reset', () => requestPasswordReset(email))
  return { result: submission.reply(), sent: true }
}

/** The fields' labels, also their names in the error summary. */
const labels = {
  email: 'Email',
}

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany()
  const busy = useNavigation().state === 'submitting'
  const { formProps, field, summary, formErrors, formErrorId } = useNativeForm<typeof labels>({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    labels,
  })
  return (
    <AuthCard title="Forgot password?" companyName={company.name}>
      {actionData?.sent ? (
        <FormMessage tone="success">
          If an account exists for that address, we have sent it a link to reset the password. The
          link is valid for 30 minutes.
        </FormMessage>
      ) : (
        <Form method="post" {...formProps} className="space-y-5">
          <ErrorSummary {...summary} />
          <p className="text-sm text-slate-700">
            Enter the e-mail address of your account and we will send you a link to choose a new
            password.
          </p>
          {formErrors?.length ? (
            <FormMessage tone="error" id={formErrorId}>
              {formErrors[0]}
            </FormMessage>
          ) : null}
          <TextField field={field('email')} type="email" autoComplete="email" />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? 'Sending...' : 'Send reset link'}
          </button>
        </Form>
      )}
      <Link to="/interpreter-login" className="btn-secondary mt-6 w-full">
        Back to Login
      </Link>
    </AuthCard>
  )
}
