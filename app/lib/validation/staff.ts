import { z } from 'zod'
import { staffRoleValues } from '../../domain/staff-roles'
import { emailField } from './fields'

export const STAFF_ROLES_MESSAGE = 'Please tick at least one role.'

/** The roles of a staff account (app/domain/staff-roles.ts): one or several. */
const staffRolesField = z
  .array(z.enum(staffRoleValues, { error: STAFF_ROLES_MESSAGE }), { error: STAFF_ROLES_MESSAGE })
  .min(1, STAFF_ROLES_MESSAGE)
  .max(staffRoleValues.length)

/** Whom an invitation is for: a name and an address (staff's and clients' invitations). */
export const inviteeSchema = z.object({
  name: z
    .string({ error: 'Please enter the name.' })
    .trim()
    .min(1, 'Please enter the name.')
    .max(200),
  email: emailField,
})

/** Inviting a staff member to the admin area, with their roles. */
export const inviteSchema = inviteeSchema.extend({ staffRoles: staffRolesField })

/** Changing a staff account's roles on the Users screen. */
export const staffRolesSchema = z.object({
  intent: z.literal('roles'),
  userId: z.uuid(),
  staffRoles: staffRolesField,
})

/**
 * An admin's lead settings on the Users screen: whether new client requests may be given to
 * them, and the last day they are away (empty: not away). The server adds that the day may
 * not have passed.
 */
export const leadSettingsSchema = z.object({
  userId: z.uuid(),
  takesLeads: z.boolean().default(false),
  awayUntil: z.iso.date('Please enter a date like 2026-12-24.').optional(),
})
export type LeadSettingsInput = z.infer<typeof leadSettingsSchema>
