import { formatFileSize } from './file-size'

/**
 * A client user's role in their organization (docs/product.md#accounts-and-roles): a
 * requester makes and sees their own requests; a manager sees every request of the
 * organization and invites and removes its users.
 */
export const organizationRoles = ['requester', 'manager'] as const
export type OrganizationRole = (typeof organizationRoles)[number]

export const organizationRoleLabels: Record<OrganizationRole, string> = {
  requester: 'Requester',
  manager: 'Manager',
}

/**
 * What a client sees when an upload would take the organization's stored files (quote
 * documents and booking preparation files, docs/product.md#client-portal) past its quota.
 */
export function storageQuotaMessage(usedBytes: number, quotaBytes: number): string {
  return `These files would take your organization past its ${formatFileSize(quotaBytes)} of stored documents (${formatFileSize(usedBytes)} in use). Nothing was stored. Please send fewer or smaller files, or contact us to make room.`
}

/**
 * An organization's standing word on an interpreter who has worked for it
 * (docs/product.md#organization-settings): preferred ones are offered its work first; blocked
 * ones are never offered it, nor assigned it by staff.
 */
export const interpreterPreferences = ['preferred', 'blocked'] as const
export type InterpreterPreference = (typeof interpreterPreferences)[number]

export const interpreterPreferenceOptions = [
  { value: '', label: 'No preference' },
  { value: 'preferred', label: 'Preferred' },
  { value: 'blocked', label: 'Do not send' },
] as const
