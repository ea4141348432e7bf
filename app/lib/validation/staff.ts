import { z } from 'zod'
import { emailField } from './fields'

/** Inviting a staff member to the admin area. */
export const inviteSchema = z.object({
  name: z
    .string({ error: 'Please enter the name.' })
    .trim()
    .min(1, 'Please enter the name.')
    .max(200),
  email: emailField,
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
