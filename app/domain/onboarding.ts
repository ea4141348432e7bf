import { isEnglish } from './language-pairs'
import { dateTimeFormat } from './format'
import { officeTimeZone } from './office'

/**
 * The six onboarding steps of an approved interpreter, in the usual order of work
 * (docs/product.md#interpreter-portal). The interpreter portal and the Interpreter manager
 * both read this one list; fully onboarded means six of six (docs/product.md#constants).
 *
 * `needs` says what completes a step besides a staff waiver:
 * - `agreement`: the contractor agreement (a resource) acknowledged with a typed name;
 * - `document`: an uploaded document staff accepted (`perLanguage`: one per language pair);
 * - `result`: staff record a pass after the session;
 * - `payout`: payout details entered and the tax form accepted.
 */
export const onboardingSteps = [
  {
    key: 'contractor_agreement',
    label: 'Contractor agreement',
    needs: 'agreement',
    provides: 'Read the contractor agreement and sign it by typing your full name.',
  },
  {
    key: 'background_check',
    label: 'Identity and background check',
    needs: 'document',
    document: 'Background check consent form',
    provides:
      'Upload the signed background check consent form. Staff record the result, which is valid for 2 years.',
  },
  {
    key: 'language_proficiency',
    label: 'Language proficiency',
    needs: 'document',
    perLanguage: true,
    document: 'Certificate or test result',
    provides:
      'Upload a certificate or test result for each language you interpret, with its expiry date if it has one.',
  },
  {
    key: 'medical_training',
    label: 'Medical terminology / HIPAA training',
    needs: 'document',
    document: 'Training certificate',
    provides:
      'Upload your medical terminology or HIPAA training certificate. It is valid for 1 year from its issue date unless it states an expiry date.',
  },
  {
    key: 'mock_session',
    label: 'Mock interpretation session',
    needs: 'result',
    provides: 'Nothing to upload: staff record the result after your mock session.',
  },
  {
    key: 'payment_tax',
    label: 'Payment and tax details',
    needs: 'payout',
    document: 'Tax form',
    provides: 'Enter where we pay you and upload your tax form (for example a W-9).',
  },
] as const

export type OnboardingStep = (typeof onboardingSteps)[number]
export type OnboardingStepKey = OnboardingStep['key']

export const onboardingStepKeys = onboardingSteps.map((step) => step.key) as [
  OnboardingStepKey,
  ...OnboardingStepKey[],
]

/** The steps whose credential is an uploaded document. */
export const documentStepKeys = [
  'background_check',
  'language_proficiency',
  'medical_training',
  'payment_tax',
] as const
export type DocumentStepKey = (typeof documentStepKeys)[number]

export function isDocumentStep(step: string): step is DocumentStepKey {
  return (documentStepKeys as readonly string[]).includes(step)
}

export function stepLabel(step: OnboardingStepKey): string {
  return onboardingSteps.find((entry) => entry.key === step)!.label
}

/** What staff record on a step: a session's result, or a waiver (with a reason). */
export const stepOutcomes = ['passed', 'failed', 'waived'] as const
export type StepOutcome = (typeof stepOutcomes)[number]

/** Where an uploaded document is in its review. `superseded`: a newer one was accepted. */
export const documentStatuses = [
  'pending',
  'accepted',
  'rejected',
  'expired',
  'superseded',
] as const
export type DocumentStatus = (typeof documentStatuses)[number]

/** What the interpreter and staff see for a credential (docs/product.md#interpreter-portal). */
export type CredentialStatus =
  'Missing' | 'Pending review' | 'Current' | 'Expiring' | 'Expired' | 'Rejected'

/** A credential is Expiring when it expires within this many days. */
export const EXPIRING_WITHIN_DAYS = 30
/** Reminders go out this many days before expiry, each once. */
export const REMINDER_DAYS_BEFORE = [30, 7, 0] as const
/** A background check result is valid this long (years) from the day staff record it. */
export const BACKGROUND_CHECK_VALID_YEARS = 2
/** A training certificate without its own expiry date is valid this long from its issue date. */
export const TRAINING_VALID_YEARS = 1

/** Document uploads: PDF, JPEG or PNG, found from the content, up to 10 MB. */
export const CREDENTIAL_MAX_BYTES = 10 * 1024 * 1024
export const credentialFileAccept = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png'

/** Calendar dates are `YYYY-MM-DD` strings; these compare as text. */
export type IsoDate = string

export function addDays(date: IsoDate, days: number): IsoDate {
  const value = new Date(`${date}T00:00:00Z`)
  value.setUTCDate(value.getUTCDate() + days)
  return value.toISOString().slice(0, 10)
}

export function addYears(date: IsoDate, years: number): IsoDate {
  const value = new Date(`${date}T00:00:00Z`)
  value.setUTCFullYear(value.getUTCFullYear() + years)
  return value.toISOString().slice(0, 10)
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round(
    (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (24 * 60 * 60 * 1000),
  )
}

/**
 * The company's calendar date at an instant: expiry and reminders follow the office's day
 * (docs/product.md#interpreter-portal), not the server's.
 */
export function calendarDate(instant: Date, timeZone = officeTimeZone()): IsoDate {
  return dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant)
}

export interface DocumentFacts {
  status: DocumentStatus
  expiresOn: IsoDate | null
  uploadedAt: Date | string
  rejectionReason: string | null
}

/**
 * The status of one credential slot (a step's document, or one language's certificate) from
 * its documents. An accepted document counts until the expiry job marks it Expired on its
 * expiry day, so that the progress staff see and the status shown always agree; a renewal
 * waiting for review does not hide an accepted one.
 */
export function credentialStatus(
  documents: readonly DocumentFacts[],
  today: IsoDate,
): CredentialStatus {
  const accepted = documents.find((document) => document.status === 'accepted')
  if (accepted) {
    return accepted.expiresOn && daysBetween(today, accepted.expiresOn) <= EXPIRING_WITHIN_DAYS
      ? 'Expiring'
      : 'Current'
  }
  const latest = [...documents]
    .filter((document) => document.status !== 'superseded')
    .sort((a, b) => new Date(b.uploadedAt).getTime() - new Date(a.uploadedAt).getTime())[0]
  switch (latest?.status) {
    case 'pending':
      return 'Pending review'
    case 'rejected':
      return 'Rejected'
    case 'expired':
      return 'Expired'
    default:
      return 'Missing'
  }
}

/** A credential that lets its step count: Current, or Expiring but not yet expired. */
export function isValidCredential(status: CredentialStatus): boolean {
  return status === 'Current' || status === 'Expiring'
}

/**
 * The languages that need a proficiency certificate: the profile's pairs, each once; never
 * English, the other side of every pair (`app/domain/language-pairs.ts`).
 */
export function languagesNeedingCertificates(languages: readonly string[]): string[] {
  return [...new Set(languages.filter((language) => !isEnglish(language)))]
}
