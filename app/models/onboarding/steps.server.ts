import { and, eq, sql } from 'drizzle-orm'
import {
  interpreterApplications,
  interpreterDocuments,
  interpreterPayoutDetails,
  onboardingStepRecords,
  resourceAcknowledgements,
} from '../../../db/schema'
import type { OnboardingStepKey } from '../../domain/onboarding'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { db } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { OnboardingRuleError } from './documents.server'
import { endAgreementWait } from './agreement-notices.server'
import { currentAgreement, refreshOnboardingProgress } from './progress.server'

async function lockApprovedApplication(tx: Database, applicationId: string) {
  const [application] = await tx
    .select({ status: interpreterApplications.status })
    .from(interpreterApplications)
    .where(eq(interpreterApplications.id, applicationId))
    .for('update')
  if (!application) throw new OnboardingRuleError('This interpreter does not exist.')
  if (application.status !== 'approved')
    throw new OnboardingRuleError('Only approved interpreters are onboarded.')
}

export type StaffStepRecord =
  { outcome: 'passed' | 'failed'; note: string | null } | { outcome: 'waived'; note: string }

/**
 * Staff record a session's result or waive a step (a waiver needs a reason); the record
 * replaces the step's last one, and the progress follows in the same transaction.
 */
export async function recordStep(
  applicationId: string,
  step: OnboardingStepKey,
  record: StaffStepRecord,
  actor: Actor,
) {
  return db().transaction(async (tx) => {
    await lockApprovedApplication(tx, applicationId)
    if (record.outcome !== 'waived' && step !== 'mock_session')
      throw new OnboardingRuleError('Only the mock session has a result to record.')
    const values = {
      outcome: record.outcome,
      note: record.note,
      recordedById: actor.id,
      recordedByName: actor.name,
      recordedAt: now(),
    }
    await tx
      .insert(onboardingStepRecords)
      .values({ applicationId, step, ...values })
      .onConflictDoUpdate({
        target: [onboardingStepRecords.applicationId, onboardingStepRecords.step],
        set: values,
      })
    await refreshOnboardingProgress(tx, [applicationId])
    await recordAudit(
      actor,
      {
        action: record.outcome === 'waived' ? 'onboarding_step_waived' : 'onboarding_step_result',
        entityType: 'interpreter_application',
        entityId: applicationId,
        after: { step, outcome: record.outcome, note: record.note },
      },
      tx,
    )
  })
}

/** Takes back a waiver or a recorded result: the step counts again only on its own merits. */
export async function clearStepRecord(
  applicationId: string,
  step: OnboardingStepKey,
  actor: Actor,
) {
  return db().transaction(async (tx) => {
    await lockApprovedApplication(tx, applicationId)
    const removed = await tx
      .delete(onboardingStepRecords)
      .where(
        and(
          eq(onboardingStepRecords.applicationId, applicationId),
          eq(onboardingStepRecords.step, step),
        ),
      )
      .returning({ outcome: onboardingStepRecords.outcome })
    if (removed.length === 0) return false
    await refreshOnboardingProgress(tx, [applicationId])
    await recordAudit(
      actor,
      {
        action: 'onboarding_step_record_removed',
        entityType: 'interpreter_application',
        entityId: applicationId,
        before: { step, outcome: removed[0]!.outcome },
      },
      tx,
    )
    return true
  })
}

/** How the typed signature is compared with the name on file: case and spacing aside. */
export function sameName(typed: string, expected: string): boolean {
  const normalise = (value: string) =>
    value.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase()
  return normalise(typed) === normalise(expected)
}

/**
 * The interpreter signs the current contractor agreement with their typed name (stored with
 * the time and version). False when no agreement is published.
 */
export async function signContractorAgreement(
  input: { applicationId: string; userId: string; signedName: string },
  actor: Actor,
): Promise<{ version: number } | undefined> {
  return db().transaction(async (tx) => {
    await lockApprovedApplication(tx, input.applicationId)
    const agreement = await currentAgreement(tx)
    if (!agreement) return undefined
    await tx
      .insert(resourceAcknowledgements)
      .values({
        resourceId: agreement.id,
        userId: input.userId,
        version: agreement.version,
        signedName: input.signedName,
        acknowledgedAt: now(),
      })
      .onConflictDoNothing()
    await endAgreementWait(tx, input.userId)
    await refreshOnboardingProgress(tx, [input.applicationId])
    await recordAudit(
      actor,
      {
        action: 'contractor_agreement_signed',
        entityType: 'interpreter_application',
        entityId: input.applicationId,
        after: {
          resourceId: agreement.id,
          version: agreement.version,
          signedName: input.signedName,
        },
      },
      tx,
    )
    return { version: agreement.version }
  })
}

export interface PayoutDetailsInput {
  payeeName: string
  method: 'email' | 'bank'
  account: string
}

/** Saves where the interpreter is paid; the account is audited masked, never in full. */
export async function savePayoutDetails(
  applicationId: string,
  input: PayoutDetailsInput,
  actor: Actor,
) {
  return db().transaction(async (tx) => {
    await lockApprovedApplication(tx, applicationId)
    const values = { ...input, updatedAt: now() }
    await tx
      .insert(interpreterPayoutDetails)
      .values({ applicationId, ...values })
      .onConflictDoUpdate({ target: interpreterPayoutDetails.applicationId, set: values })
    await refreshOnboardingProgress(tx, [applicationId])
    await recordAudit(
      actor,
      {
        action: 'payout_details_saved',
        entityType: 'interpreter_application',
        entityId: applicationId,
        after: { payeeName: input.payeeName, method: input.method, account: maskAccount(input) },
      },
      tx,
    )
  })
}

/** The payout details as pages may show them: the account masked. */
export async function maskedPayoutDetails(applicationId: string) {
  const [details] = await db()
    .select()
    .from(interpreterPayoutDetails)
    .where(eq(interpreterPayoutDetails.applicationId, applicationId))
  return details
    ? {
        payeeName: details.payeeName,
        method: details.method,
        account: maskAccount(details),
        updatedAt: details.updatedAt,
      }
    : undefined
}

/**
 * A payout account with all but a few characters hidden: an e-mail keeps its first letter
 * and its domain, a bank reference its last four characters.
 */
export function maskAccount({
  method,
  account,
}: {
  method: 'email' | 'bank'
  account: string
}): string {
  if (method === 'email') {
    const at = account.lastIndexOf('@')
    return at > 0 ? `${account[0]}•••${account.slice(at)}` : '•••'
  }
  const compact = account.replace(/\s+/g, '')
  return compact.length > 4 ? `•••• ${compact.slice(-4)}` : '••••'
}

/**
 * Moves one application's onboarding (documents, staff records, payout details) to another,
 * when staff merge two applications of one person; where both have a record, the kept
 * application's own wins.
 */
export async function moveOnboarding(tx: Database, from: string, to: string) {
  await tx
    .update(interpreterDocuments)
    .set({ applicationId: to })
    .where(eq(interpreterDocuments.applicationId, from))
  await tx.execute(sql`
    update ${onboardingStepRecords} set application_id = ${to}
    where application_id = ${from}
      and step not in (select step from ${onboardingStepRecords} where application_id = ${to})`)
  if (
    (await tx.$count(interpreterPayoutDetails, eq(interpreterPayoutDetails.applicationId, to))) ===
    0
  )
    await tx
      .update(interpreterPayoutDetails)
      .set({ applicationId: to })
      .where(eq(interpreterPayoutDetails.applicationId, from))
  await refreshOnboardingProgress(tx, [to])
}

/** The interpreter's signature of an agreement version, if they signed it. */
export async function agreementSignatureOf(
  userId: string,
  agreement: { id: string; version: number },
) {
  const [signature] = await db()
    .select({
      signedName: resourceAcknowledgements.signedName,
      acknowledgedAt: resourceAcknowledgements.acknowledgedAt,
    })
    .from(resourceAcknowledgements)
    .where(
      and(
        eq(resourceAcknowledgements.resourceId, agreement.id),
        eq(resourceAcknowledgements.userId, userId),
        eq(resourceAcknowledgements.version, agreement.version),
      ),
    )
  return signature
    ? { signedName: signature.signedName ?? '', acknowledgedAt: signature.acknowledgedAt }
    : null
}
