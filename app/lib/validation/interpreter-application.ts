import { z } from 'zod'
import {
  englishLevelChoices,
  experienceChoices,
  jobPostingExperienceChoices,
  jobPostingPayChoices,
  payPerMinuteChoices,
  specializationChoices,
  valuesOf,
  weeklyAvailabilityChoices,
} from '../../content/application-options'
import { emailField, optionalText, requiredPhone, requiredText } from './fields'

/**
 * The interpreter application forms (docs/product.md#validation). One schema per form, used
 * for the browser's constraints (`formConstraint`) and the server's parse. The
 * resume's type and size are checked on the server from its content (see
 * app/lib/uploads/document-file.server.ts).
 */

const requiredChoice = <Value extends string>(values: [Value, ...Value[]], missing: string) =>
  z.enum(values, { error: missing })

const contact = {
  firstName: requiredText('Please enter your first name.', 100),
  lastName: requiredText('Please enter your last name.', 100),
  email: emailField,
  phone: requiredPhone,
}

const RESUME_MISSING = 'Please choose your resume (PDF, DOC or DOCX).'
// A form sent without a chosen file still carries an empty file part.
const resume = z
  .instanceof(File, { error: RESUME_MISSING })
  .refine((file) => file.size > 0, { error: RESUME_MISSING })

const closing = {
  additionalInfo: optionalText(5000),
  privacyConsent: z.literal('on', {
    error: 'Please confirm that you have read the privacy notice.',
  }),
  // Optional: ticked, the application is not erased when its retention period ends.
  keepOnFile: z.literal('on').optional(),
}

/** The form on a job posting (/jobs/:jobId): docs/product.md#validation, job posting form. */
export const jobPostingApplicationSchema = z.object({
  ...contact,
  resume,
  nativeLanguage: requiredText('Please enter your native language.', 100),
  interpretingExperience: requiredChoice(
    valuesOf(jobPostingExperienceChoices),
    'Please select your interpreting experience.',
  ),
  expectedPayPerMinute: requiredChoice(
    valuesOf(jobPostingPayChoices),
    'Please select your expected pay per minute.',
  ),
  ...closing,
})
export type JobPostingApplicationInput = z.infer<typeof jobPostingApplicationSchema>

/** The full form of the apply page (/apply/:jobId) and the language pages (/application). */
export const fullApplicationSchema = z.object({
  ...contact,
  address: requiredText('Please enter your street address.', 200),
  city: requiredText('Please enter your city.', 100),
  state: requiredText('Please enter your state or province.', 100),
  zipCode: optionalText(20),
  resume,
  // Named nativeLanguage in the form, but it asks for the level of spoken English
  // (docs/decisions/022-application-forms.md).
  nativeLanguage: requiredChoice(
    valuesOf(englishLevelChoices),
    'Please select your level of spoken English.',
  ),
  fluentLanguages: optionalText(300),
  interpretingExperience: requiredChoice(
    valuesOf(experienceChoices),
    'Please select your interpreting experience.',
  ),
  medicalExperience: requiredChoice(
    valuesOf(experienceChoices),
    'Please select your medical interpreting experience.',
  ),
  legalAvailability: requiredChoice(
    valuesOf(weeklyAvailabilityChoices),
    'Please select how many hours a week you are available.',
  ),
  expectedPayPerMinute: requiredChoice(
    valuesOf(payPerMinuteChoices),
    'Please select your expected pay per minute.',
  ),
  specializations: z.array(z.enum(valuesOf(specializationChoices))).optional(),
  ...closing,
})
export type FullApplicationInput = z.infer<typeof fullApplicationSchema>

/** The field names each form submits (for tests and for the form components). */
export type JobPostingApplicationField = keyof JobPostingApplicationInput
export type FullApplicationField = keyof FullApplicationInput
