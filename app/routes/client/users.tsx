import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useNavigation } from 'react-router'
import { z } from 'zod'
import { DataTable } from '~/components/admin/data-table'
import { RowAction } from '~/components/ui/row-action'
import { FormMessage } from '~/components/layout/auth-card'
import { SelectField, TextField } from '~/components/ui/native-fields'
import { requireClient } from '~/auth/client.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import type { Actor } from '~/models/audit.server'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { allowInvitation } from '~/lib/forms/portal-limits.server'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { organizationRoleLabels } from '~/domain/organizations'
import { clientInviteSchema } from '~/lib/validation/organization'
import {
  inviteClientUser,
  organizationUsers,
  removeClientUser,
} from '~/models/organizations.server'
import { pendingInvitations, withdrawInvitation } from '~/models/client-invitations.server'
import { formatDateTime } from '~/domain/format'
import type { Route } from './+types/users'

// A 429 answer's Retry-After reaches the browser only through the route's headers.
export { headers } from '~/lib/http/headers'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Users',
      description: 'The people of your organization in the client portal.',
      path: '/client/users',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const manager = await requireClient(request, { manager: true })
  const [members, invitations] = await Promise.all([
    organizationUsers(manager.client.organizationId),
    pendingInvitations(manager.client.organizationId),
  ])
  return {
    // The organization's people, then the invitations still waiting for an answer.
    users: [
      ...members.map((user) => ({ ...user, invitationExpiresAt: null })),
      ...invitations.map(({ expiresAt, ...invitation }) => ({
        ...invitation,
        active: false,
        invited: true,
        invitationExpiresAt: expiresAt,
      })),
    ],
    currentUserId: manager.id,
    organizationName: manager.client.organizationName,
    constraint: formConstraint(clientInviteSchema),
  }
}

const removeIntent = z.object({ intent: z.literal('remove'), userId: z.uuid() })
const withdrawIntent = z.object({ intent: z.literal('withdraw'), invitationId: z.uuid() })

export async function action({ request }: Route.ActionArgs) {
  const manager = await requireClient(request, { manager: true })
  const organizationId = manager.client.organizationId
  const formData = await request.formData()
  if (formData.get('intent') === 'invite') {
    const submission = parseWithZod(formData, { schema: clientInviteSchema })
    if (submission.status !== 'success')
      return data({ invite: submission.reply(), notice: null }, { status: 400 })
    const sender = { id: manager.id, organizationId }
    const allowance = await allowInvitation(sender, submission.value.email)
    if (!allowance.allowed)
      return data(
        {
          invite: submission.reply({ fieldErrors: { email: [allowance.message] } }),
          notice: null,
        },
        { status: 429, headers: allowance.headers },
      )
    // The same answer whatever accounts the address has outside the organization.
    const outcome = await inviteClientUser(organizationId, submission.value, manager.actor)
    if (outcome.state !== 'invited') await allowance.giveBack()
    return {
      invite: submission.reply({ resetForm: true }),
      notice:
        outcome.state === 'already-member'
          ? `${submission.value.email} already uses the portal.`
          : `Invitation sent to ${submission.value.email}.`,
    }
  }
  if (formData.get('intent') === 'withdraw')
    return withdraw(organizationId, formData, manager.actor)
  const parsed = removeIntent.safeParse(Object.fromEntries(formData))
  if (!parsed.success)
    return data({ invite: undefined, notice: null, error: 'Invalid request.' }, { status: 400 })
  const outcome = await removeClientUser(organizationId, parsed.data.userId, manager.actor)
  // Another organization's user is not one of theirs to name.
  if (outcome === 'missing') throw notFound()
  if (outcome === 'self')
    return data(
      { invite: undefined, notice: null, error: 'You cannot remove yourself.' },
      { status: 400 },
    )
  return { invite: undefined, notice: 'The user was removed and signed out.' }
}

/** A manager withdraws one of the organization's invitations: its link stops working. */
async function withdraw(organizationId: string, formData: FormData, actor: Actor) {
  const parsed = withdrawIntent.safeParse(Object.fromEntries(formData))
  if (!parsed.success)
    return data({ invite: undefined, notice: null, error: 'Invalid request.' }, { status: 400 })
  const outcome = await withdrawInvitation(parsed.data.invitationId, { organizationId }, actor)
  // Another organization's invitation is not one of theirs to name.
  if (outcome === 'missing') throw notFound()
  if (outcome === 'not-pending')
    return data(
      {
        invite: undefined,
        notice: null,
        error: 'This invitation was already accepted, withdrawn or has expired.',
      },
      { status: 409 },
    )
  return { invite: undefined, notice: 'The invitation was withdrawn: its link no longer works.' }
}

/** The organization's users for its managers: invite a colleague, remove one, withdraw an invitation. */
export default function ClientUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { users, currentUserId, organizationName } = loaderData
  const navigation = useNavigation()
  const inviting =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'invite'
  const { formProps, field } = useNativeFormWithValues<{
    name: string
    email: string
    role: string
  }>({
    lastResult: actionData?.invite,
    constraint: loaderData.constraint,
    labels: { name: 'Name', email: 'Email', role: 'Role' },
    errorSummary: false,
  })
  const error = actionData && 'error' in actionData ? actionData.error : null
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold text-slate-900">Users</h1>
      <p className="mt-1 text-slate-600">The people of {organizationName} in the client portal.</p>
      <div className="mt-4 space-y-3" aria-live="polite">
        {actionData?.notice ? <FormMessage tone="success">{actionData.notice}</FormMessage> : null}
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      </div>
      <div className="mt-6 grid gap-6 xl:grid-cols-[1fr_20rem]">
        <DataTable
          caption={`Users of ${organizationName}`}
          rows={users}
          rowKey={(user) => user.id}
          columns={[
            {
              header: 'Name',
              rowHeader: true,
              cell: (user) => (
                <>
                  <p className="font-medium text-slate-900">
                    {user.name}
                    {user.id === currentUserId ? (
                      <span className="text-slate-500"> (you)</span>
                    ) : null}
                  </p>
                  <p className="break-all text-slate-600">{user.email}</p>
                </>
              ),
            },
            { header: 'Role', cell: (user) => organizationRoleLabels[user.role] },
            {
              header: 'Status',
              cell: (user) =>
                user.invitationExpiresAt
                  ? `Invited, until ${formatDateTime(user.invitationExpiresAt)}`
                  : user.invited
                    ? 'Invited'
                    : user.active
                      ? 'Active'
                      : 'Deactivated',
            },
            {
              header: 'Actions',
              cell: (user) =>
                user.invitationExpiresAt ? (
                  <RowAction
                    intent="withdraw"
                    field="invitationId"
                    value={user.id}
                    label="Withdraw"
                    accessibleName={`Withdraw the invitation to ${user.name}`}
                  />
                ) : user.id === currentUserId ? null : (
                  <RowAction
                    intent="remove"
                    field="userId"
                    value={user.id}
                    label="Remove"
                    accessibleName={`Remove ${user.name}`}
                  />
                ),
            },
          ]}
        />
        <section
          aria-labelledby="invite-heading"
          className="self-start rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
            Invite a colleague
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            They receive a link to choose a password, valid for 48 hours.
          </p>
          <Form method="post" {...formProps} className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="invite" />
            <TextField field={field('name')} autoComplete="off" />
            <TextField field={field('email')} type="email" autoComplete="off" />
            <SelectField
              field={field('role')}
              options={[
                { value: 'requester', label: 'Requester: their own requests' },
                { value: 'manager', label: 'Manager: every request, and the users' },
              ]}
              placeholder="Choose a role"
            />
            <button type="submit" className="btn-primary w-full" disabled={inviting}>
              {inviting ? 'Sending...' : 'Send invitation'}
            </button>
          </Form>
        </section>
      </div>
    </div>
  )
}
