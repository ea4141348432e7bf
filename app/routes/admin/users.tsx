import { parseWithZod } from '@conform-to/zod/v4'
import { UserPlus, Users } from 'lucide-react'
import { data, Form, useNavigation } from 'react-router'
import { z } from 'zod'
import { DataTable, Truncated } from '~/components/admin/data-table'
import { EmptyState } from '~/components/admin/empty-state'
import {
  FilterSelect,
  ListCount,
  ListFilterForm,
  Pagination,
} from '~/components/admin/list-controls'
import { FormMessage } from '~/components/layout/auth-card'
import { TextField } from '~/components/ui/native-fields'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { requestPasswordReset } from '~/models/password-resets.server'
import { requireAdmin } from '~/auth/session.server'
import { formatDateTime } from '~/domain/format'
import {
  accountStatuses,
  accountStatusLabels,
  accountStatusOf,
  roleLabels,
  userRoles,
  type AccountStatus,
} from '~/domain/accounts'
import { choiceOrAll, parseListFilters } from '~/lib/admin/list-filters'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { seoMeta } from '~/lib/seo/meta'
import { inviteSchema, leadSettingsSchema, staffRolesSchema } from '~/lib/validation/staff'
import { StaffRoleBoxes, StaffRolesForm } from '~/components/admin/staff-roles-form'
import { LeadSettingsForm } from '~/components/admin/lead-settings'
import { recordAudit } from '~/models/audit.server'
import { saveLeadSettings, saveStaffRoles } from './users.server'
import { allowInvitation } from '~/lib/forms/portal-limits.server'
import { officeToday } from '~/models/leads/owners.server'
import { inviteUser, setUserActive, UserRuleError } from '~/models/users.server'
import { getUser, listUsers, userSorts } from '~/models/users.server'
import type { Route } from './+types/users'
import { notFound } from '~/lib/http/responses'

// A 429 answer's Retry-After reaches the browser only through the route's headers.
export { headers } from '~/lib/http/headers'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Users',
      description: 'Every account: staff with their roles, clients and interpreters.',
      path: '/admin/users',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const params = new URL(request.url).searchParams
  const filters = {
    ...parseListFilters(params, {
      statuses: accountStatuses,
      sorts: userSorts,
      defaultSort: 'name',
    }),
    role: choiceOrAll(params.get('role'), userRoles),
  }
  return {
    filters,
    page: await listUsers(filters),
    currentUserId: admin.id,
    constraint: formConstraint(inviteSchema),
    leadConstraint: formConstraint(leadSettingsSchema),
    rolesConstraint: formConstraint(staffRolesSchema),
    today: officeToday(),
  }
}

const accountIntent = z.object({
  intent: z.enum(['deactivate', 'reactivate', 'reset']),
  userId: z.uuid(),
})

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const actor = admin.actor
  const formData = await request.formData()
  if (formData.get('intent') === 'invite') {
    const submission = parseWithZod(formData, { schema: inviteSchema })
    if (submission.status !== 'success')
      return data({ invite: submission.reply(), notice: null }, { status: 400 })
    const allowance = await allowInvitation({ id: actor.id, staff: true }, submission.value.email)
    if (!allowance.allowed)
      return data(
        {
          invite: submission.reply({ fieldErrors: { email: [allowance.message] } }),
          notice: null,
        },
        { status: 429, headers: allowance.headers },
      )
    try {
      const invited = await inviteUser({ ...submission.value, role: 'admin' }, actor)
      return {
        invite: submission.reply({ resetForm: true }),
        notice: `Invitation sent to ${invited.email}.`,
      }
    } catch (error) {
      await allowance.giveBack()
      if (!(error instanceof UserRuleError)) throw error
      return data(
        { invite: submission.reply({ fieldErrors: { email: [error.message] } }), notice: null },
        { status: 400 },
      )
    }
  }
  if (formData.get('intent') === 'leads') return saveLeadSettings(formData, actor)
  if (formData.get('intent') === 'roles') return saveStaffRoles(formData, actor)
  const parsed = accountIntent.safeParse(Object.fromEntries(formData))
  if (!parsed.success)
    return data({ invite: undefined, notice: null, error: 'Invalid request.' }, { status: 400 })
  const target = await getUser(parsed.data.userId)
  if (!target) throw notFound()
  try {
    if (parsed.data.intent === 'reset') {
      await requestPasswordReset(target.email)
      await recordAudit(actor, {
        action: 'password_reset_sent',
        entityType: 'user',
        entityId: target.id,
      })
      return { invite: undefined, notice: `A password reset link was sent to ${target.email}.` }
    }
    const active = parsed.data.intent === 'reactivate'
    await setUserActive(target.id, active, actor)
    return {
      invite: undefined,
      notice: `${target.name} is ${active ? 'active again' : 'deactivated; their sessions have ended'}.`,
    }
  } catch (error) {
    if (!(error instanceof UserRuleError)) throw error
    return data({ invite: undefined, notice: null, error: error.message }, { status: 400 })
  }
}

export default function UsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, page, currentUserId, today, leadConstraint, rolesConstraint } = loaderData
  const navigation = useNavigation()
  const inviting =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'invite'
  // Errors change while typing, never on the blur of a click on 'Send invitation': a
  // message that went away between press and release moved the button from under the
  // pointer and the click was lost. Each field also keeps a line for its message.
  const { formProps, field } = useNativeFormWithValues<{
    name: string
    email: string
    staffRoles: string
  }>({
    lastResult: actionData?.invite,
    constraint: loaderData.constraint,
    labels: { name: 'Name', email: 'Email', staffRoles: 'Roles' },
    errorSummary: false,
  })
  const error = actionData && 'error' in actionData ? actionData.error : null
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Users</h1>
      <p className="mt-1 text-slate-600">
        Every account: staff with the roles that open each part of the admin area, clients and
        interpreters.
      </p>
      <div className="mt-4 space-y-3" aria-live="polite">
        {actionData?.notice ? <FormMessage tone="success">{actionData.notice}</FormMessage> : null}
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      </div>
      <div className="mt-6 grid gap-6 2xl:grid-cols-[1fr_22rem]">
        <div className="min-w-0">
          <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <ListFilterForm
              q={filters.q}
              status={filters.status}
              statuses={accountStatuses}
              labelOf={(status) => accountStatusLabels[status as AccountStatus]}
              searchLabel="Search by name or email"
            >
              <FilterSelect
                id="users-role"
                name="role"
                label="Role"
                value={filters.role}
                options={[
                  { value: 'all', label: 'All roles' },
                  ...userRoles.map((role) => ({ value: role, label: roleLabels[role] })),
                ]}
              />
            </ListFilterForm>
          </div>
          <ListCount total={page.total} one="user" many="users" />
          {page.items.length === 0 ? (
            <EmptyState icon={Users} title="No Users Found">
              No account matches this search or these filters.
            </EmptyState>
          ) : (
            <DataTable
              caption="Accounts"
              className="mt-2"
              rows={page.items}
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
                      <Truncated text={user.email} className="text-slate-600" />
                    </>
                  ),
                },
                {
                  header: 'Role',
                  width: 'w-32',
                  cell: (user) =>
                    user.role === 'admin' ? (
                      <StaffRolesForm
                        user={user}
                        constraint={rolesConstraint}
                        lastResult={
                          actionData && 'roles' in actionData && actionData.userId === user.id
                            ? actionData.roles
                            : undefined
                        }
                      />
                    ) : (
                      roleLabels[user.role]
                    ),
                },
                {
                  header: 'Status',
                  width: 'w-32',
                  cell: (user) => accountStatusLabels[accountStatusOf(user)],
                },
                {
                  header: 'Last login',
                  width: 'w-44',
                  className: 'text-slate-700',
                  cell: (user) => (user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Never'),
                },
                {
                  header: 'Leads',
                  width: 'w-48',
                  cell: (user) =>
                    user.role === 'admin' && user.active && user.passwordSet ? (
                      <LeadSettingsForm
                        user={user}
                        today={today}
                        constraint={leadConstraint}
                        lastResult={
                          actionData && 'leads' in actionData && actionData.userId === user.id
                            ? actionData.leads
                            : undefined
                        }
                      />
                    ) : (
                      <span className="text-slate-600">No new leads</span>
                    ),
                },
                {
                  header: 'Actions',
                  width: 'w-56',
                  cell: (user) => (
                    <div className="flex flex-wrap gap-2">
                      {user.id !== currentUserId ? (
                        <Form method="post">
                          <input type="hidden" name="userId" value={user.id} />
                          <input
                            type="hidden"
                            name="intent"
                            value={user.active ? 'deactivate' : 'reactivate'}
                          />
                          <button
                            type="submit"
                            className="btn-secondary px-3 py-1.5 max-sm:min-h-11"
                            aria-label={`${user.active ? 'Deactivate' : 'Reactivate'} ${user.name}`}
                          >
                            {user.active ? 'Deactivate' : 'Reactivate'}
                          </button>
                        </Form>
                      ) : null}
                      {user.active ? (
                        <Form method="post">
                          <input type="hidden" name="userId" value={user.id} />
                          <input type="hidden" name="intent" value="reset" />
                          <button
                            type="submit"
                            className="btn-secondary px-3 py-1.5 max-sm:min-h-11"
                            aria-label={`Send password reset to ${user.name}`}
                          >
                            Send password reset
                          </button>
                        </Form>
                      ) : null}
                    </div>
                  ),
                },
              ]}
            />
          )}
          <Pagination page={filters.page} pageSize={page.pageSize} total={page.total} />
        </div>
        <section
          aria-labelledby="invite-heading"
          className="h-fit max-w-xl rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 2xl:max-w-none"
        >
          <h2
            id="invite-heading"
            className="flex items-center gap-2 text-lg font-semibold text-slate-900"
          >
            <UserPlus aria-hidden="true" className="size-5 text-brand-700" /> Invite a staff member
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            They receive a link to choose a password, valid for 48 hours.
          </p>
          <Form method="post" {...formProps} className="mt-4 space-y-4 [&_.field-error]:min-h-5">
            <input type="hidden" name="intent" value="invite" />
            <TextField field={field('name')} autoComplete="off" />
            <TextField field={field('email')} type="email" autoComplete="off" />
            <StaffRoleBoxes field={field('staffRoles')} />
            <button type="submit" className="btn-primary w-full" disabled={inviting}>
              {inviting ? 'Sending...' : 'Send invitation'}
            </button>
          </Form>
        </section>
      </div>
    </>
  )
}
