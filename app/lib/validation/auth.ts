import { z } from 'zod'
import { emailField } from './fields'

import { PASSWORD_MAX, PASSWORD_MIN } from './password-rules'

export { PASSWORD_MAX, PASSWORD_MIN }

/** Password rules (ASVS level 2): 12 to 128 characters, any characters, pasting allowed. */
export const newPasswordField = z
  .string({ error: 'Please enter a password.' })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`)

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: 'Please enter your password.' }).max(1000),
  redirectTo: z.string().optional(),
})

const passwordsMatch = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword
const mismatch = { message: 'The two passwords do not match.', path: ['confirmPassword'] }
const confirmField = z.string({ error: 'Please enter the password again.' })

export const setPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: confirmField })
  .refine(passwordsMatch, mismatch)

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Please enter your current password.' }).max(1000),
    password: newPasswordField,
    confirmPassword: confirmField,
  })
  .refine(passwordsMatch, mismatch)

export const firstAdminSchema = z
  .object({
    name: z.string({ error: 'Please enter your name.' }).trim().min(1).max(200),
    email: emailField,
    password: newPasswordField,
    confirmPassword: confirmField,
  })
  .refine(passwordsMatch, mismatch)

export const forgotPasswordSchema = z.object({ email: emailField })
