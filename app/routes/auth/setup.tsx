import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect } from 'react-router'
import { AuthCard, FormMessage } from '~/components/layout/auth-card'
import { ErrorSummary } from '~/components/ui/error-summary'
import { FIRST_PASSWORD_LABELS, NewPasswordFields } from '~/components/ui/new-password-fields'
import { TextField } from '~/components/ui/native-fields'
import { createSession } from '~/auth/session.server'
import { useCompany } from '~/lib/company'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { useNativeForm } from '~/lib/forms/native-form'
import { db } from '~/platform/runtime.server'
import { seoMeta } from '~/lib/seo/meta'
import { firstAdminSchema } from '~/lib/validation/auth'
import { consumeAuthToken, findValidAuthToken } from '~/models/auth-tokens.server'
import { countActiveAdmins, createUser, EmailTakenError } from '~/models/users.server'
import type { Route } from './+types/setup'
import { notFound } from '~/lib/http/responses'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Create the first admin',
      description: 'First start set-up.',
      path: '/setup',
      noindex: true,
    },
    matches,
  )

/** The one-time set-up link printed at first start; useless once an admin exists. */
async function requireOpenSetup(token: string) {
  if (
    !token ||
    (await countActiveAdmins()) > 0 ||
    !(await findValidAuthToken(token, 'first_admin_setup'))
  ) {
    throw notFound()
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  await requireOpenSetup(token)
  return { token, constraint: formConstraint(firstAdminSchema) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const token = String(formData.get('token') ?? '')
  await requireOpenSetup(token)
  const submission = parseWithZod(formData, { schema: firstAdminSchema })
  const hidden = { hideFields: ['password', 'confirmPassword'] }
  if (submission.status !== 'success')
    return data({ result: submission.reply(hidden) }, { status: 400 })
  try {
    const admin = await db().transaction(async (tx) => {
      if (!(await consumeAuthToken(token, 'first_admin_setup', tx))) throw notFound()
      return createUser({ ...submission.value, role: 'admin' }, tx)
    })
    const setCookie = await createSession(admin.id, {
      ipAddress: context.clientIp,
      userAgent: request.headers.get('user-agent'),
    })
    throw redirect('/admin/dashboard', { headers: { 'Set-Cookie': setCookie } })
  } catch (error) {
    if (error instanceof EmailTakenError) {
      return data(
        {
          result: submission.reply({
            fieldErrors: { email: ['An account with this e-mail already exists.'] },
            ...hidden,
          }),
        },
        { status: 400 },
      )
    }
    throw error
  }
}

/** The fields' labels, also their names in the error summary. */
const labels = {
  name: 'Name',
  email: 'Email',
  ...FIRST_PASSWORD_LABELS,
}

export default function SetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany()
  const { formProps, field, summary, formErrors, formErrorId } = useNativeForm<typeof labels>({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    labels,
  })
  return (
    <AuthCard eyebrow="First start" title="Create the first admin" companyName={company.name}>
      <Form method="post" {...formProps} className="space-y-5">
        <ErrorSummary {...summary} />
        {formErrors?.length ? (
          <FormMessage tone="error" id={formErrorId}>
            {formErrors[0]}
          </FormMessage>
        ) : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField field={field('name')} autoComplete="name" />
        <TextField field={field('email')} type="email" autoComplete="username" />
        <NewPasswordFields
          password={field('password')}
          confirmPassword={field('confirmPassword')}
          submitLabel="Create admin account"
          busyLabel="Creating..."
        />
      </Form>
    </AuthCard>
  )
}
