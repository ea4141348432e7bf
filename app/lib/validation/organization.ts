import { z } from 'zod'
import {
  interpreterPreferences,
  organizationRoles,
  type InterpreterPreference,
} from '../../domain/organizations'
import { emailField } from './fields'
import { inviteeSchema } from './staff'

const roleField = z.enum(organizationRoles, { error: 'Please choose a role.' })

/** A manager invites a colleague; staff invite the writer of a request (role only). */
export const clientInviteSchema = inviteeSchema.extend({ role: roleField })

export const requestInviteSchema = z.object({ role: roleField })

/** Staff's new-organization form: the organization and its first user. */
export const newOrganizationSchema = clientInviteSchema.extend({
  organizationName: z
    .string({ error: 'Please enter the organization.' })
    .trim()
    .min(1, 'Please enter the organization.')
    .max(200, 'Please use at most 200 characters.'),
  email: emailField,
})

const reminderChoice = z.boolean({ error: 'Please tick the box or leave it empty.' }).default(false)

/** A manager's organization settings: whether the client who booked gets each reminder. */
export const organizationSettingsSchema = z.object({
  requesterReminder24h: reminderChoice,
  requesterReminder2h: reminderChoice,
})
export type OrganizationSettingsInput = z.infer<typeof organizationSettingsSchema>

/**
 * The managers' interpreter preferences on Settings: one choice per interpreter who worked
 * for the organization, sent as parallel lists (`interpreterId`, `preference`).
 */
export const interpreterPreferencesSchema = z
  .object({
    interpreterId: z.array(z.uuid()).max(1000),
    preference: z.array(z.enum(['', ...interpreterPreferences])).max(1000),
  })
  .refine((value) => value.interpreterId.length === value.preference.length)
  .transform((value) =>
    value.interpreterId.map((interpreterId, index) => ({
      interpreterId,
      preference: (value.preference[index] || null) as InterpreterPreference | null,
    })),
  )
