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
import { localizedConstraint, localizedReply } from '~/i18n/form-language.server'
import { copy, fill, localeOf } from '~/i18n/translator.server'
import type { Route } from './+types/forgot-password'

const RESET_REQUESTS_PER_IP = { bucket: 'password-reset-ip', limit: 5, windowMs: 15 * 60 * 1000 }

export { headers } from '~/lib/http/headers'
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta(
    {
      ...(loaderData?.text.seo ?? { title: '', description: '' }),
      path: '/forgot-password',
      noindex: true,
    },
    matches,
  )

// The page's words reach it as loader data, read from the catalogues' copy trees
// (docs/decisions/066-spanish-site-messages-resolved-on-the-server.md); the page is in
// English only, so they are the English sources.
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(request)
  const screen = copy(locale, 'authScreens')
  return {
    text: {
      ...copy(locale, 'forgotPasswordPage'),
      homeLink: fill(locale, screen.homeLink, { company: runtime().config.company.name }),
    },
    constraint: localizedConstraint(locale, formConstraint(forgotPasswordSchema)),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOf(request)
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema })
  if (submission.status !== 'success')
    return data(
      { result: localizedReply(locale, submission.reply()), sent: false },
      { status: 400 },
    )
  const limit = await hitRateLimit(db(), RESET_REQUESTS_PER_IP, context.clientIp)
  if (!limit.allowed) {
    return data(
      {
        result: localizedReply(
          locale,
          submission.reply({ formErrors: [TOO_MANY_REQUESTS_MESSAGE] }),
        ),
        sent: false,
      },
      { status: 429, headers: retryAfterHeaders(limit) },
    )
  }
  // The same answer, after the same work, whether or not the address has an account: the
  // lookup and the mail happen after the answer.
  const { email } = submission.value
  runtime().background.run('password reset', () => requestPasswordReset(email))
  return { result: submission.reply(), sent: true }
}

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany()
  const { text } = loaderData
  const busy = useNavigation().state === 'submitting'
  const { formProps, field, summary, formErrors, formErrorId } = useNativeForm<typeof text.labels>({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    // The field's label, also its name in the error summary.
    labels: text.labels,
  })
  return (
    <AuthCard title={text.heading} companyName={company.name} homeLabel={text.homeLink}>
      {actionData?.sent ? (
        <FormMessage tone="success">{text.sent}</FormMessage>
      ) : (
        <Form method="post" {...formProps} className="space-y-5">
          <ErrorSummary {...summary} />
          <p className="text-sm text-slate-700">{text.intro}</p>
          {formErrors?.length ? (
            <FormMessage tone="error" id={formErrorId}>
              {formErrors[0]}
            </FormMessage>
          ) : null}
          <TextField field={field('email')} type="email" autoComplete="email" />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? text.busy : text.submit}
          </button>
        </Form>
      )}
      <Link to="/interpreter-login" className="btn-secondary mt-6 w-full">
        {text.backToLogin}
      </Link>
    </AuthCard>
  )
}
