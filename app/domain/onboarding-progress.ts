import {
  credentialStatus,
  isValidCredential,
  languagesNeedingCertificates,
  onboardingSteps,
  type CredentialStatus,
  type DocumentFacts,
  type IsoDate,
  type OnboardingStepKey,
  type StepOutcome,
} from './onboarding'

/** Everything one interpreter's onboarding is derived from. */
export interface OnboardingFacts<Document extends DocumentFacts = DocumentFacts> {
  /** The languages on the interpreter's profile (or application). */
  languages: readonly string[]
  documents: readonly (Document & { step: OnboardingStepKey; language: string | null })[]
  records: readonly {
    step: OnboardingStepKey
    outcome: StepOutcome
    note: string | null
    recordedByName: string
    recordedAt: Date | string
  }[]
  /** Whether the current version of the contractor agreement is signed; null: none published. */
  agreementSigned: boolean | null
  hasPayoutDetails: boolean
}

export interface CredentialSlot<Document> {
  /** The language of a proficiency certificate; null for a step's single document. */
  language: string | null
  status: CredentialStatus
  /** Newest first. */
  documents: Document[]
}

export interface StepState<Document> {
  key: OnboardingStepKey
  label: string
  complete: boolean
  /** Set when staff waived the step; the step then counts whatever else it lacks. */
  waiver: { reason: string; by: string; at: Date | string } | undefined
  /** The session's result staff recorded (mock session). */
  result:
    { outcome: 'passed' | 'failed'; note: string | null; by: string; at: Date | string } | undefined
  credentials: CredentialSlot<Document>[]
}

/**
 * The state of each of the six steps and the progress n/6, from the facts alone
 * (docs/product.md#interpreter-portal): a step is complete when everything it needs is
 * Current (or Expiring) or signed, or when staff waived it.
 */
export function onboardingState<Document extends DocumentFacts>(
  facts: OnboardingFacts<Document>,
  today: IsoDate,
): {
  steps: StepState<Document & { step: OnboardingStepKey; language: string | null }>[]
  progress: number
} {
  type Doc = Document & { step: OnboardingStepKey; language: string | null }
  const newestFirst = [...facts.documents].sort(
    (a, b) => new Date(b.uploadedAt).getTime() - new Date(a.uploadedAt).getTime(),
  )
  const slot = (step: OnboardingStepKey, language: string | null): CredentialSlot<Doc> => {
    const documents = newestFirst.filter(
      (document) => document.step === step && (language === null || document.language === language),
    )
    return { language, status: credentialStatus(documents, today), documents }
  }
  const steps = onboardingSteps.map((step): StepState<Doc> => {
    const record = facts.records.find((entry) => entry.step === step.key)
    const waiver =
      record?.outcome === 'waived'
        ? { reason: record.note ?? '', by: record.recordedByName, at: record.recordedAt }
        : undefined
    const result =
      record && record.outcome !== 'waived'
        ? {
            outcome: record.outcome,
            note: record.note,
            by: record.recordedByName,
            at: record.recordedAt,
          }
        : undefined
    const credentials =
      step.key === 'language_proficiency'
        ? languagesNeedingCertificates(facts.languages).map((language) => slot(step.key, language))
        : step.needs === 'document' || step.needs === 'payout'
          ? [slot(step.key, null)]
          : []
    const credentialsValid =
      credentials.length > 0 &&
      credentials.every((credential) => isValidCredential(credential.status))
    const met =
      step.needs === 'agreement'
        ? facts.agreementSigned === true
        : step.needs === 'result'
          ? result?.outcome === 'passed'
          : step.needs === 'payout'
            ? facts.hasPayoutDetails && credentialsValid
            : credentialsValid
    return {
      key: step.key,
      label: step.label,
      complete: met || waiver !== undefined,
      waiver,
      result,
      credentials,
    }
  })
  return { steps, progress: steps.filter((step) => step.complete).length }
}

/** The first step not complete, in the steps' order: what the dashboard asks for next. */
export function nextStep<T extends { complete: boolean }>(steps: readonly T[]): T | undefined {
  return steps.find((step) => !step.complete)
}

/** One word or two for a step on the staff board. */
export type StepSummary = 'Done' | 'Waived' | 'Pending review' | 'Expired' | 'Rejected' | 'To do'

export function stepSummary(
  step: Pick<StepState<unknown>, 'complete' | 'waiver' | 'credentials'>,
): StepSummary {
  if (step.waiver) return 'Waived'
  if (step.complete) return 'Done'
  const statuses = step.credentials.map((credential) => credential.status)
  if (statuses.includes('Pending review')) return 'Pending review'
  if (statuses.includes('Expired')) return 'Expired'
  if (statuses.includes('Rejected')) return 'Rejected'
  return 'To do'
}
