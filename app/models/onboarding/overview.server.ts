import { eq } from 'drizzle-orm'
import { interpreterApplications } from '../../../db/schema'
import { onboardingState } from '../../domain/onboarding-progress'
import { db } from '../../platform/runtime.server'
import { currentAgreement, loadOnboardingFacts, today } from './progress.server'
import { maskedPayoutDetails } from './steps.server'

/**
 * One approved interpreter's onboarding as staff review it: the six steps with their
 * documents, what the agreement and payout steps stand at (the account masked), and the ids
 * of the interpreter's own documents (a form naming any other is refused).
 */
export async function onboardingOfInterpreter(applicationId: string) {
  const [application] = await db()
    .select({
      firstName: interpreterApplications.firstName,
      lastName: interpreterApplications.lastName,
      status: interpreterApplications.status,
    })
    .from(interpreterApplications)
    .where(eq(interpreterApplications.id, applicationId))
  if (!application || application.status !== 'approved') return undefined
  const [facts, agreement, payout] = await Promise.all([
    loadOnboardingFacts([applicationId]),
    currentAgreement(),
    maskedPayoutDetails(applicationId),
  ])
  const fact = facts.get(applicationId)!
  const { steps, progress } = onboardingState(fact, today())
  return {
    name: `${application.firstName} ${application.lastName}`,
    progress,
    documentIds: fact.documents.map((document) => document.id),
    steps: steps.map((step) => ({
      ...step,
      agreementNote: !agreement
        ? 'No contractor agreement is published (Resources: audience "contractor agreement").'
        : fact.agreementSigned
          ? `Signed version ${agreement.version} of ${agreement.title}.`
          : `Not signed: ${agreement.title}, version ${agreement.version}.`,
      payoutNote: payout
        ? `Payout details: ${payout.payeeName}, ${payout.method === 'email' ? 'payout e-mail' : 'bank'} ${payout.account}.`
        : 'No payout details yet.',
    })),
  }
}
