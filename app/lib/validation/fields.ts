import { z } from 'zod'

// The field rules the forms' schemas share (names, e-mail addresses, phone numbers). Control
// characters never reach a schema: every form body loses them before its action reads it
// (app/lib/forms/form-text.ts).

/** A required text field whose message says what to enter. */
export function requiredText(missing: string, max: number) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `Please use at most ${max} characters.`)
}

/** An optional text field: trimmed, at most `max` characters. */
export const optionalText = (max: number) =>
  z.string().trim().max(max, `Please use at most ${max} characters.`).optional()

export const emailField = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .max(254, 'Please use at most 254 characters.')
  .pipe(z.email('Please enter a valid email address.'))

// 7 to 25 digits, spaces, dots, parentheses or dashes after an optional plus. Parentheses and
// dashes stay out of the character class: the browser reads a `pattern` with the `v` flag,
// where a class may not hold them unescaped (app/lib/forms/html-pattern.ts).
export const phonePattern = /^\+?(?:[\d\s.]|\(|\)|-){7,25}$/
export const requiredPhone = z
  .string({ error: 'Please enter your phone number.' })
  .trim()
  .min(1, 'Please enter your phone number.')
  .regex(phonePattern, 'Please enter a valid phone number.')
export const phoneField = z
  .string()
  .trim()
  .regex(phonePattern, 'Please enter a valid phone number.')
