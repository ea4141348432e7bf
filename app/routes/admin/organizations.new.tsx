import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useLocation, useNavigation } from 'react-router'
import { RouteDialog } from '~/components/admin/route-dialog'
import { ErrorSummary } from '~/components/ui/error-summary'
import { SelectField, TextField } from '~/components/ui/native-fields'
import { requireAdmin } from '~/auth/session.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { seoMeta } from '~/lib/seo/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { newOrganizationSchema } from '~/lib/validation/organization'
import { createOrganizationWithUser } from '~/models/organizations.server'
import type { Route } from './+types/organizations.new'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'New organization',
      description: 'A client organization and its first portal user.',
      path: '/admin/clients/new-organization',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { constraint: formConstraint(newOrganizationSchema) }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const submission = parseWithZod(await request.formData(), { schema: newOrganizationSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const outcome = await createOrganizationWithUser(submission.value, admin.actor)
  if (outcome.state === 'other-role')
    return data(
      {
        result: submission.reply({
          fieldErrors: { email: ['This address belongs to a staff or interpreter account.'] },
        }),
      },
      { status: 400 },
    )
  throw redirectWithToast(
    `/admin/clients${new URL(request.url).search}`,
    outcome.state === 'invited'
      ? `${submission.value.organizationName}: invitation sent to ${submission.value.email}.`
      : `${submission.value.email} already uses the client portal.`,
  )
}

const labels = {
  organizationName: 'Organization',
  name: 'First user’s name',
  email: 'First user’s email',
  role: 'Role',
}

/** Staff's new-organization form: the organization and its first user, invited at once. */
export default function NewOrganization({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation()
  const busy = useNavigation().state === 'submitting'
  const { formProps, field, summary } = useNativeFormWithValues<typeof labels>({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    labels,
    defaultValue: { role: 'manager' },
  })
  return (
    <RouteDialog title="New organization" closeTo={`/admin/clients${location.search}`}>
      <Form method="post" {...formProps} className="space-y-4">
        <ErrorSummary {...summary} headingLevel={3} />
        <TextField field={field('organizationName')} autoComplete="organization" />
        <TextField field={field('name')} autoComplete="off" />
        <TextField field={field('email')} type="email" autoComplete="off" />
        <SelectField
          field={field('role')}
          options={[
            { value: 'manager', label: 'Manager: every request, and the users' },
            { value: 'requester', label: 'Requester: their own requests' },
          ]}
          // A required select starts with an empty choice (HTML); Manager stays preselected.
          placeholder="Choose a role"
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Create and send invitation'}
        </button>
      </Form>
    </RouteDialog>
  )
}
