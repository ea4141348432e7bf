import { z } from 'zod'
import { emailField, phoneField, requiredText } from './fields'

/**
 * The contact and demo-request forms (docs/product.md#validation). One schema for the
 * browser (Conform constraints) and the server (parse).
 */
export const leadSchema = z.object({
  name: requiredText('Please enter your name.', 200),
  email: emailField,
  phone: phoneField.optional(),
  company: requiredText('Please enter your company or organization.', 200),
  message: requiredText('Please enter a message.', 5000),
})

export type LeadInput = z.infer<typeof leadSchema>
