/**
 * The choices of the application forms, exactly as docs/product.md#validation lists them.
 * Kept apart from the Zod schemas so that the form components can render them without
 * shipping Zod.
 */
export interface Choice<Value extends string = string> {
  value: Value
  label: string
}

function choices<const Value extends string>(list: readonly Choice<Value>[]) {
  return list
}

/** Job posting form (/jobs/:jobId): interpreting experience. */
export const jobPostingExperienceChoices = choices([
  { value: '0-1', label: '0-1 years' },
  { value: '2-3', label: '2-3 years' },
  { value: '4-5', label: '4-5 years' },
  { value: '6+', label: '6+ years' },
])

/** Job posting form: expected pay per minute in USD. */
export const jobPostingPayChoices = choices([
  { value: '0.50-1.00', label: '$0.50 - $1.00' },
  { value: '1.00-1.50', label: '$1.00 - $1.50' },
  { value: '1.50-2.00', label: '$1.50 - $2.00' },
  { value: '2.00-2.50', label: '$2.00 - $2.50' },
  { value: '2.50-3.00', label: '$2.50 - $3.00' },
  { value: '3.00-4.00', label: '$3.00 - $4.00' },
  { value: '4.00-5.00', label: '$4.00 - $5.00' },
  { value: '5.00+', label: '$5.00+' },
  { value: 'negotiable', label: 'Negotiable' },
])

/** Full application form (/apply/:jobId and /application): level of spoken English. */
export const englishLevelChoices = choices([
  { value: 'native', label: 'Native' },
  { value: 'fluent', label: 'Fluent' },
  { value: 'conversational', label: 'Conversational' },
  { value: 'basic', label: 'Basic' },
])

/** Full application form: interpreting and medical interpreting experience. */
export const experienceChoices = choices([
  { value: '0-1', label: '0-1 years' },
  { value: '1-3', label: '1-3 years' },
  { value: '3-5', label: '3-5 years' },
  { value: '5+', label: '5+ years' },
])

/** Full application form: hours per week the applicant is legally available to work. */
export const weeklyAvailabilityChoices = choices([
  { value: '1-10', label: '1-10 hours' },
  { value: '10-20', label: '10-20 hours' },
  { value: '20-30', label: '20-30 hours' },
  { value: '30+', label: '30+ hours' },
])

/** Full application form: expected pay per minute in USD. */
export const payPerMinuteChoices = choices([
  { value: '0.50-0.75', label: '$0.50 - $0.75' },
  { value: '0.75-1.00', label: '$0.75 - $1.00' },
  { value: '1.00-1.25', label: '$1.00 - $1.25' },
  { value: '1.25-1.50', label: '$1.25 - $1.50' },
  { value: '1.50-2.00', label: '$1.50 - $2.00' },
  { value: '2.00+', label: '$2.00+' },
])

/** The company's specializations (docs/product.md#what-the-product-does); optional. */
export const specializationChoices = choices([
  { value: 'medical', label: 'Medical (HIPAA compliant)' },
  { value: 'legal', label: 'Legal (court certified)' },
  { value: 'business', label: 'Business' },
])

export const valuesOf = <Value extends string>(list: readonly Choice<Value>[]) =>
  list.map((choice) => choice.value) as [Value, ...Value[]]

export const labelOf = (list: readonly Choice[], value: string | null | undefined) =>
  list.find((choice) => choice.value === value)?.label ?? value ?? ''

/**
 * The additional-information placeholder (docs/product.md#validation). The forms also show
 * it as text beside the consent, where it stays visible (a placeholder goes away on typing).
 */
export const ADDITIONAL_INFO_PLACEHOLDER =
  'By submitting this application, I confirm that the information I have provided is true and complete. I understand that false information is grounds for disqualification.'

/** The resume limit: 10MB (docs/product.md#constants). */
export const RESUME_MAX_BYTES = 10 * 1024 * 1024
export const RESUME_LABEL = 'Resume/CV (PDF, DOC or DOCX, max 10MB)'
export const RESUME_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document'

/**
 * What each field of the full application form is called: its label and its name in the
 * error summary, in the order of the form.
 */
const KEEP_ON_FILE_LABEL =
  'Keep my application and resume on file so that you can consider me for future openings.'

const fullApplicationLabels = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email Address',
  phone: 'Phone Number',
  address: 'Address',
  city: 'City',
  state: 'State/Province',
  zipCode: 'Postal Code',
  resume: 'Resume/CV',
  nativeLanguage: 'Level of Spoken English',
  fluentLanguages: 'Fluent Languages',
  interpretingExperience: 'Interpreting Experience',
  medicalExperience: 'Medical Experience',
  legalAvailability: 'Weekly Legal Availability',
  expectedPayPerMinute: 'Expected Pay Per Minute (USD)',
  specializations: 'Specializations (optional)',
  additionalInfo: 'Additional Information',
  privacyConsent: 'Privacy notice consent',
  keepOnFile: KEEP_ON_FILE_LABEL,
}

/** The job posting form's fields (docs/product.md#validation), as above. */
const jobPostingLabels = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email Address',
  phone: 'Phone Number',
  resume: 'Resume/CV',
  nativeLanguage: 'Native Language',
  interpretingExperience: 'Interpreting Experience',
  expectedPayPerMinute: 'Expected Pay Per Minute',
  additionalInfo: 'Additional Information',
  privacyConsent: 'Privacy notice consent',
  keepOnFile: KEEP_ON_FILE_LABEL,
}

/** The optional consent to be kept on file (docs/privacy.md#how-long). */
const KEEP_ON_FILE_HINT =
  'Optional. If you leave this unticked, we erase your application and resume once our retention period ends, unless you are hired.'

/** The words of both application forms beside their fields' labels and choices. */
const applicationFormText = {
  noAnswer: '-- No answer --',
  selectYears: 'Select years',
  selectHours: 'Select hours per week',
  selectRate: 'Select a rate',
  fluentLanguagesPlaceholder: 'e.g. Spanish, Portuguese',
  fluentLanguagesForLanguage: 'e.g. {language}, English',
  nativeLanguagePlaceholder: 'e.g. Greek',
  consent: {
    before: 'I have read the',
    link: 'privacy notice',
    newTab: '(opens in a new tab)',
    after: 'and agree that my application and resume are used to assess my application.',
    to: '/privacy',
  },
  submit: 'Submit Application',
  submitting: 'Submitting...',
  submitted: {
    heading: 'Application Submitted!',
    text: "Thank you for your interest. We'll review your application and get back to you soon.",
    inbox:
      'A confirmation is on its way to your inbox; check your spam folder if it has not arrived within a few minutes.',
    back: { label: 'Back to Careers', to: '/careers' },
  },
}
export type ApplicationFormText = typeof applicationFormText

/**
 * The choices and labels of each application form, handed to the page by its loader so
 * that they travel as data, not as the page's JavaScript
 * (docs/decisions/011-public-page-javascript-budget.md).
 */
export const fullApplicationChoices = {
  labels: fullApplicationLabels,
  englishLevel: englishLevelChoices,
  experience: experienceChoices,
  weeklyAvailability: weeklyAvailabilityChoices,
  payPerMinute: payPerMinuteChoices,
  specializations: specializationChoices,
  additionalInfoPlaceholder: ADDITIONAL_INFO_PLACEHOLDER,
  keepOnFileHint: KEEP_ON_FILE_HINT,
  resumeLabel: RESUME_LABEL,
  resumeAccept: RESUME_ACCEPT,
  text: applicationFormText,
}
export type FullApplicationChoices = typeof fullApplicationChoices

export const jobPostingChoices = {
  labels: jobPostingLabels,
  experience: jobPostingExperienceChoices,
  payPerMinute: jobPostingPayChoices,
  additionalInfoPlaceholder: ADDITIONAL_INFO_PLACEHOLDER,
  keepOnFileHint: KEEP_ON_FILE_HINT,
  resumeLabel: RESUME_LABEL,
  resumeAccept: RESUME_ACCEPT,
  text: applicationFormText,
}
export type JobPostingChoices = typeof jobPostingChoices
