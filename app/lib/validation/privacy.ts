import { z } from 'zod'
import { emailField } from './fields'

/**
 * The admin's privacy actions on a record's details (docs/privacy.md): erase or export
 * everything stored under one e-mail address.
 */
export const personalDataSchema = z.object({ email: emailField })
