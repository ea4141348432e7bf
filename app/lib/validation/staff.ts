import { z } from 'zod'
import { emailField } from './client-request'

/** Inviting a staff member to the admin area. */
export const inviteSchema = z.object({
  name: z
    .string({ error: 'Please enter the name.' })
    .trim()
    .min(1, 'Please enter the name.')
    .max(200),
  email: emailField,
})
