import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import { AuthCard, FormMessage } from '~/components/layout/auth-card'
import { ErrorSummary } from '~/components/ui/error-summary'
import { FIRST_PASSWORD_LABELS, NewPasswordFields } from '~/components/ui/new-password-fields'
import { homeFor } from '~/lib/auth/redirect'
import { createSession } from '~/lib/auth/session.server'
import { useCompany } from '~/lib/company'
import { useFormWithSummary } from '~/lib/forms/form-with-summary'
import { db } from '~/platform/runtime.server'
import { seoMeta } from '~/lib/seo/meta'
import { setPasswordSchema } from '~/lib/validation/auth'
import { consumeAuthToken, findValidAuthToken } from '~/models/auth-tokens.server'
import { getUser, setPassword } from '~/models/users.server'
import type { Route } from './+types/accept-invite'

const EXPIRED = 'This invitation has expired or was already used. Ask an admin to invite you again.'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Accept the invitation',
      description: 'Choose your password.',
      path: '/accept-invite',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const row = token ? await findValidAuthToken(token, 'invitation') : undefined
  const user = row?.userId ? await getUser(row.userId) : undefined
  return {
    token,
    invitee: user && user.active ? { name: user.name, email: user.email } : null,
    constraint: getZodConstraint(setPasswordSchema),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const token = String(formData.get('token') ?? '')
  const submission = parseWithZod(formData, { schema: setPasswordSchema })
  const hidden = { hideFields: ['password', 'confirmPassword'] }
  if (submission.status !== 'success')
    return data({ result: submission.reply(hidden) }, { status: 400 })
  const used = await db().transaction(async (tx) => consumeAuthToken(token, 'invitation', tx))
  const user = used?.userId ? await getUser(used.userId) : undefined
  if (!user || !user.active)
    return data({ result: submission.reply({ formErrors: [EXPIRED], ...hidden }) }, { status: 400 })
  await setPassword(user.id, submission.value.password)
  const setCookie = await createSession(user.id, {
    ipAddress: context.clientIp,
    userAgent: request.headers.get('user-agent'),
  })
  throw redirect(homeFor(user.role), {
    headers: { 'Set-Cookie': setCookie },
  })
}

/** The fields' labels, also their names in the error summary. */
const labels = FIRST_PASSWORD_LABELS

export default function AcceptInvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany()
  const { form, fields, formProps, summary } = useFormWithSummary({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    labels,
  })
  if (!loaderData.invitee) {
    return (
      <AuthCard title="Accept the invitation" companyName={company.name}>
        <FormMessage tone="error">{EXPIRED}</FormMessage>
        <Link to="/" className="btn-secondary mt-6 w-full">
          Back to Home
        </Link>
      </AuthCard>
    )
  }
  return (
    <AuthCard eyebrow="Staff invitation" title="Accept the invitation" companyName={company.name}>
      <p className="text-sm text-slate-700">
        Welcome, {loaderData.invitee.name}. Choose the password for {loaderData.invitee.email}.
      </p>
      <Form method="post" {...formProps} className="mt-5 space-y-5">
        <ErrorSummary {...summary} />
        {form.errors?.length ? <FormMessage tone="error">{form.errors[0]}</FormMessage> : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields fields={fields} labels={labels} submitLabel="Set password and sign in" />
      </Form>
    </AuthCard>
  )
}
