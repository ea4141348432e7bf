/**
 * A client user's role in their organisation (docs/product.md#accounts-and-roles): a
 * requester makes and sees their own requests; a manager sees every request of the
 * organisation and invites and removes its users.
 */
export const organizationRoles = ['requester', 'manager'] as const
export type OrganizationRole = (typeof organizationRoles)[number]

export const organizationRoleLabels: Record<OrganizationRole, string> = {
  requester: 'Requester',
  manager: 'Manager',
}
