/**
 * Staff roles (docs/product.md#staff-roles): what each staff member may open in the admin
 * area. A staff account holds one or several; an administrator opens everything. Rules only;
 * `requireAdmin` (app/auth/session.server.ts) applies them to every admin loader, action and
 * resource route by the request's path, and the sidebar shows only what the roles open.
 */

export const staffRoleOptions = [
  {
    value: 'administrator',
    label: 'Administrator',
    description: 'Everything, including users, settings, the mail log and privacy exports.',
  },
  {
    value: 'dispatcher',
    label: 'Dispatcher',
    description: 'Bookings, clients and their requests, interpreters’ schedules, quality.',
  },
  {
    value: 'recruiter',
    label: 'Recruiter',
    description: 'Applications, interpreters’ onboarding and credentials, resources.',
  },
  {
    value: 'billing',
    label: 'Billing',
    description: 'Closeouts, pay statements, invoices, rates, quotes and the accounting export.',
  },
] as const

export type StaffRole = (typeof staffRoleOptions)[number]['value']
export const staffRoleValues = staffRoleOptions.map((role) => role.value) as [
  StaffRole,
  ...StaffRole[],
]
export const staffRoleLabels = Object.fromEntries(
  staffRoleOptions.map((role) => [role.value, role.label]),
) as Record<StaffRole, string>

/** Every staff member, whatever their roles. */
const everyone: readonly StaffRole[] = ['dispatcher', 'recruiter', 'billing']

/**
 * Who opens each part of the admin area besides administrators, by path prefix (the longest
 * matching prefix decides). A path no prefix names is for administrators only, so a new
 * screen is closed until it is given here.
 */
const areas: readonly { prefix: string; roles: readonly StaffRole[] }[] = [
  { prefix: '/admin/dashboard', roles: everyone },
  { prefix: '/admin/search', roles: everyone },
  { prefix: '/admin/bookings', roles: ['dispatcher'] },
  { prefix: '/admin/quality', roles: ['dispatcher'] },
  { prefix: '/admin/calls', roles: ['dispatcher'] },
  { prefix: '/admin/clients', roles: ['dispatcher'] },
  { prefix: '/admin/export/client-requests', roles: ['dispatcher'] },
  { prefix: '/admin/interpreter-manager', roles: ['dispatcher', 'recruiter'] },
  // Bringing an agency's roster in is recruiting work.
  { prefix: '/admin/interpreter-manager/import', roles: ['recruiter'] },
  { prefix: '/admin/interpreter-documents', roles: ['dispatcher', 'recruiter'] },
  { prefix: '/admin/communications', roles: ['dispatcher', 'recruiter'] },
  { prefix: '/admin/interpreters', roles: ['recruiter'] },
  { prefix: '/admin/applications', roles: ['recruiter'] },
  { prefix: '/admin/export/applications', roles: ['recruiter'] },
  { prefix: '/admin/resources', roles: ['recruiter'] },
  { prefix: '/admin/quotes', roles: ['billing'] },
  { prefix: '/admin/closeouts', roles: ['billing'] },
  { prefix: '/admin/statements', roles: ['billing'] },
  { prefix: '/admin/invoices', roles: ['billing'] },
  { prefix: '/admin/rates', roles: ['billing'] },
  { prefix: '/admin/accounting-export', roles: ['billing'] },
  { prefix: '/admin/receivables', roles: ['billing'] },
  // An organization's payment terms, billing address and purchase order.
  { prefix: '/admin/organizations', roles: ['billing'] },
  // Bringing clients in (organizations and their users' invitations) is the clients area's
  // work, as the new-organization form is; the billing details it sets are those of the
  // organizations it makes, which billing changes afterwards on their billing page.
  { prefix: '/admin/organizations/import', roles: ['dispatcher'] },
]

function areaOf(pathname: string) {
  // The admin index is the dashboard.
  const path = pathname === '/admin' || pathname === '/admin/' ? '/admin/dashboard' : pathname
  let found: (typeof areas)[number] | undefined
  for (const area of areas) {
    const matches = path === area.prefix || path.startsWith(`${area.prefix}/`)
    if (matches && (!found || area.prefix.length > found.prefix.length)) found = area
  }
  return found
}

/** Whether a staff member with these roles may open `pathname` (a page, action or file). */
export function staffMayOpen(roles: readonly string[], pathname: string): boolean {
  if (roles.includes('administrator')) return true
  const area = areaOf(pathname)
  return area !== undefined && area.roles.some((role) => roles.includes(role))
}

/** The roles of a staff member, in the product's order, for a list. */
export function staffRolesLabel(roles: readonly string[]): string {
  const named = staffRoleOptions.filter((role) => roles.includes(role.value))
  return named.length > 0 ? named.map((role) => role.label).join(', ') : 'No role'
}
