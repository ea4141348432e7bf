import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import { AuthCard, FormMessage } from '~/components/layout/auth-card'
import { NEW_PASSWORD_LABELS, NewPasswordFields } from '~/components/ui/new-password-fields'
import { PasswordField } from '~/components/ui/password-field'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { verifyPassword } from '~/platform/passwords.server'
import { requireUser } from '~/auth/session.server'
import { useCompany } from '~/lib/company'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { seoMeta } from '~/lib/seo/meta'
import { changePasswordSchema } from '~/lib/validation/auth'
import { getUserWithPassword, setPassword } from '~/models/users.server'
import { homeFor } from '~/lib/auth/redirect'
import type { Route } from './+types/index'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    { title: 'Your account', description: 'Your account.', path: '/account', noindex: true },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  return {
    user: { name: user.name, email: user.email, role: user.role },
    constraint: formConstraint(changePasswordSchema),
  }
}

/** Changing the password keeps this session and ends every other one. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  const submission = parseWithZod(await request.formData(), { schema: changePasswordSchema })
  const hidden = { hideFields: ['currentPassword', 'password', 'confirmPassword'] }
  if (submission.status !== 'success')
    return data({ result: submission.reply(hidden), changed: false }, { status: 400 })
  const stored = await getUserWithPassword(user.id)
  if (!stored || !(await verifyPassword(stored.passwordHash, submission.value.currentPassword))) {
    return data(
      {
        result: submission.reply({
          fieldErrors: { currentPassword: ['Your current password is not correct.'] },
          ...hidden,
        }),
        changed: false,
      },
      { status: 400 },
    )
  }
  await setPassword(user.id, submission.value.password, {
    keepSessionTokenHash: user.sessionTokenHash,
  })
  return { result: submission.reply({ resetForm: true }), changed: true }
}

const roleLabels = { admin: 'Administrator', interpreter: 'Interpreter', client: 'Client' } as const

/** The fields' labels. */
const labels = { currentPassword: 'Current password', ...NEW_PASSWORD_LABELS }

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany()
  const { user } = loaderData
  const { formProps, field } = useNativeFormWithValues<typeof labels>({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    labels,
    errorSummary: false,
  })
  return (
    <AuthCard eyebrow={roleLabels[user.role]} title="Your account" companyName={company.name}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Name</dt>
        <dd>{user.name}</dd>
        <dt className="text-slate-600">Email</dt>
        <dd className="break-all">{user.email}</dd>
      </dl>
      <Link to={homeFor(user.role)} className="mt-4 inline-block text-sm text-brand-700 underline">
        {user.role === 'admin' ? 'Go to the admin dashboard' : 'Go to your dashboard'}
      </Link>
      <h2 className="mt-8 text-lg font-semibold">Change password</h2>
      <Form method="post" {...formProps} className="mt-4 space-y-5">
        {actionData?.changed ? (
          <FormMessage tone="success">
            Your password has been changed. Other sessions were signed out.
          </FormMessage>
        ) : null}
        <PasswordField field={field('currentPassword')} autoComplete="current-password" />
        <NewPasswordFields
          password={field('password')}
          confirmPassword={field('confirmPassword')}
          submitLabel="Change password"
        />
      </Form>
      <Form method="post" action="/logout" className="mt-4">
        <button type="submit" className="btn-secondary w-full">
          Sign out
        </button>
      </Form>
    </AuthCard>
  )
}
