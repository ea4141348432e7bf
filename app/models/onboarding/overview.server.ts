import { and, eq } from 'drizzle-orm'
import { interpreterApplications, interpreterProfiles } from '../../../db/schema'
import { isEnglish } from '../../domain/language-pairs'
import { onboardingState } from '../../domain/onboarding-progress'
import { db } from '../../platform/runtime.server'
import { interpretersWaitingForAgreement } from './agreement-notices.server'
import { currentAgreement, loadOnboardingFacts, today } from './progress.server'
import { maskedPayoutDetails } from './steps.server'

/**
 * The interpreter whose onboarding an approved application holds: where an address keyed by
 * the application (before the screens were keyed by the interpreter) now leads.
 */
export async function interpreterOfApplication(applicationId: string) {
  const [interpreter] = await db()
    .select({ id: interpreterProfiles.id })
    .from(interpreterProfiles)
    .where(eq(interpreterProfiles.applicationId, applicationId))
  return interpreter?.id
}

/**
 * One approved interpreter's onboarding as staff review it: the six steps with their
 * documents, what the agreement and payout steps stand at (the account masked), and the ids
 * of the interpreter's own documents (a form naming any other is refused). The onboarding
 * belongs to the approved application the interpreter's profile was made from.
 */
export async function onboardingOfInterpreter(interpreterId: string) {
  const [application] = await db()
    .select({
      id: interpreterApplications.id,
      firstName: interpreterApplications.firstName,
      lastName: interpreterApplications.lastName,
    })
    .from(interpreterProfiles)
    .innerJoin(
      interpreterApplications,
      eq(interpreterApplications.id, interpreterProfiles.applicationId),
    )
    .where(
      and(
        eq(interpreterProfiles.id, interpreterId),
        eq(interpreterApplications.status, 'approved'),
      ),
    )
  if (!application) return undefined
  const applicationId = application.id
  const [facts, agreement, payout] = await Promise.all([
    loadOnboardingFacts([applicationId]),
    currentAgreement(),
    maskedPayoutDetails(applicationId),
  ])
  const fact = facts.get(applicationId)!
  const { steps, progress } = onboardingState(fact, today())
  return {
    applicationId,
    agreementMissing: agreement ? null : { waiting: await interpretersWaitingForAgreement() },
    name: `${application.firstName} ${application.lastName}`,
    // The profile's pairs, each a language paired with English (never English itself).
    languagePairs: fact.languages.filter((language) => !isEnglish(language)),
    progress,
    documentIds: fact.documents.map((document) => document.id),
    steps: steps.map((step) => ({
      ...step,
      agreementNote: !agreement
        ? 'No contractor agreement is published yet.'
        : fact.agreementSigned
          ? `Signed version ${agreement.version} of ${agreement.title}.`
          : `Not signed: ${agreement.title}, version ${agreement.version}.`,
      payoutNote: payout
        ? `Payout details: ${payout.payeeName}, ${payout.method === 'email' ? 'payout e-mail' : 'bank'} ${payout.account}.`
        : 'No payout details yet.',
    })),
  }
}
