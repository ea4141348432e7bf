/**
 * The words of the admin Users screen (docs/product.md#users): what each role is called and
 * where an account stands.
 */

export const userRoles = ['admin', 'interpreter', 'client'] as const
export type UserRole = (typeof userRoles)[number]

export const roleLabels: Record<UserRole, string> = {
  admin: 'Administrator',
  interpreter: 'Interpreter',
  client: 'Client',
}

/**
 * Invited: the link to choose a password has not been used yet; Active: signs in;
 * Deactivated: staff or a manager ended the account (an invited account is Invited whatever
 * its flag says).
 */
export const accountStatuses = ['active', 'deactivated', 'invited'] as const
export type AccountStatus = (typeof accountStatuses)[number]

export const accountStatusLabels: Record<AccountStatus, string> = {
  active: 'Active',
  deactivated: 'Deactivated',
  invited: 'Invited',
}

export function accountStatusOf(user: { passwordSet: boolean; active: boolean }): AccountStatus {
  if (!user.passwordSet) return 'invited'
  return user.active ? 'active' : 'deactivated'
}
