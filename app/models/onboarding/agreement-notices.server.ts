import { and, eq, isNotNull, sql } from 'drizzle-orm'
import {
  agreementReadyNotices,
  interpreterApplications,
  interpreterProfiles,
  users,
} from '../../../db/schema'
import { agreementReadyMail } from '../../emails/onboarding.server'
import type { Database } from '../../platform/db.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { db, runtime } from '../../platform/runtime.server'
import { currentAgreement, onboardingStatesOf } from './progress.server'

// Large enough for one round trip per few hundred interpreters, small enough for the
// `in (...)` lists of the onboarding queries.
const CHUNK = 500

/**
 * Serialises every change of which resource is the contractor agreement, so that of two
 * publishes at once the second sees the first's agreement (app/models/resources.server.ts).
 */
export async function lockAgreementChanges(tx: Database) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('contractor-agreement'))`)
}

/** Approved interpreters with an active account: whose onboarding the agreement decides. */
function interpretersWithAccounts(tx?: Database) {
  return db(tx)
    .select({
      applicationId: interpreterApplications.id,
      userId: interpreterProfiles.userId,
      firstName: interpreterProfiles.firstName,
      email: users.email,
    })
    .from(interpreterProfiles)
    .innerJoin(
      interpreterApplications,
      eq(interpreterApplications.id, interpreterProfiles.applicationId),
    )
    .innerJoin(users, eq(users.id, interpreterProfiles.userId))
    .where(
      and(
        eq(interpreterApplications.status, 'approved'),
        eq(users.active, true),
        isNotNull(interpreterProfiles.applicationId),
      ),
    )
}

type Interpreter = Awaited<ReturnType<typeof interpretersWithAccounts>>[number]

/** Of the interpreters, those whose first step (the agreement) is neither signed nor waived. */
async function stillToSign(interpreters: Interpreter[], tx?: Database) {
  const waiting: Interpreter[] = []
  for (let start = 0; start < interpreters.length; start += CHUNK) {
    const chunk = interpreters.slice(start, start + CHUNK)
    const states = await onboardingStatesOf(
      chunk.map((interpreter) => interpreter.applicationId),
      tx,
    )
    for (const interpreter of chunk) {
      const step = states
        .get(interpreter.applicationId)
        ?.steps.find((entry) => entry.key === 'contractor_agreement')
      if (step && !step.complete) waiting.push(interpreter)
    }
  }
  return waiting
}

/**
 * How many interpreters cannot take their first onboarding step while no agreement is
 * published (the staff notice): approved, with an account, the step not waived.
 */
export async function interpretersWaitingForAgreement(): Promise<number> {
  return (await stillToSign(await interpretersWithAccounts())).length
}

/** The staff notice while no contractor agreement is published; null while one is. */
export async function missingAgreementNotice(): Promise<{ waiting: number } | null> {
  if (await currentAgreement()) return null
  return { waiting: await interpretersWaitingForAgreement() }
}

/**
 * The contractor agreement just became available (none was in force before this
 * transaction): every interpreter whose first step it unblocks gets one e-mail, in the
 * caller's transaction (docs/product.md#interpreter-portal). The notice row is written with
 * the e-mail and only a publish whose insert succeeds sends it, so publishing again, a
 * second document or two publishes at once do not e-mail anyone twice for the same wait; the
 * wait ends when they sign (endAgreementWait). Returns how many were e-mailed.
 */
export async function notifyAgreementReady(
  tx: Database,
  agreement: { id: string; title: string },
): Promise<number> {
  const waiting = await stillToSign(await interpretersWithAccounts(tx), tx)
  const { config } = runtime()
  let notified = 0
  for (let start = 0; start < waiting.length; start += CHUNK) {
    const chunk = waiting.slice(start, start + CHUNK)
    const inserted = await tx
      .insert(agreementReadyNotices)
      .values(
        chunk.map((interpreter) => ({ userId: interpreter.userId, resourceId: agreement.id })),
      )
      .onConflictDoNothing()
      .returning({ userId: agreementReadyNotices.userId })
    const newlyNotified = new Set(inserted.map((row) => row.userId))
    const recipients = chunk.filter((interpreter) => newlyNotified.has(interpreter.userId))
    if (recipients.length === 0) continue
    await enqueueMail(
      tx,
      recipients.map((interpreter) => ({
        template: 'agreement-ready',
        to: interpreter.email,
        replyTo: config.mailReplyTo,
        reference: `interpreter_application:${interpreter.applicationId}`,
        ...agreementReadyMail({
          firstName: interpreter.firstName,
          agreementTitle: agreement.title,
          onboardingUrl: `${config.siteUrl}/interpreter/onboarding`,
          company: config.company,
        }),
      })),
    )
    notified += recipients.length
  }
  return notified
}

/**
 * The interpreter signed: their wait is over. Should the agreement be withdrawn later and
 * another published, they wait again and are e-mailed again.
 */
export async function endAgreementWait(tx: Database, userId: string) {
  await tx.delete(agreementReadyNotices).where(eq(agreementReadyNotices.userId, userId))
}
