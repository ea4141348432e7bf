import { and, eq, inArray } from 'drizzle-orm'
import {
  interpreterApplications,
  interpreterDocuments,
  interpreterPayoutDetails,
  interpreterProfiles,
  onboardingStepRecords,
  resourceAcknowledgements,
  resources,
  storedFiles,
} from '../../../db/schema'
import { languagePairsFromApplication } from '../../domain/language-pairs'
import { calendarDate, type IsoDate } from '../../domain/onboarding'
import { onboardingState, type OnboardingFacts } from '../../domain/onboarding-progress'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { db } from '../../platform/runtime.server'

/** A document as the onboarding screens show it: its review and its file's name. */
export interface OnboardingDocument {
  id: string
  applicationId: string
  step: (typeof interpreterDocuments.$inferSelect)['step']
  language: string | null
  status: (typeof interpreterDocuments.$inferSelect)['status']
  issuedOn: string | null
  expiresOn: string | null
  rejectionReason: string | null
  reviewedByName: string | null
  reviewedAt: Date | null
  uploadedAt: Date
  /** Null for a credential imported from an agency's records, which came without a file. */
  fileName: string | null
}

/** Today's date in the company's calendar, from the (injectable) clock. */
export function today(): IsoDate {
  return calendarDate(now())
}

/** The contractor agreement in force: its resource and version, if staff published one. */
export async function currentAgreement(tx?: Database) {
  const [agreement] = await db(tx)
    .select({ id: resources.id, title: resources.title, version: resources.version })
    .from(resources)
    .where(eq(resources.audience, 'agreement'))
  return agreement
}

/**
 * What the onboarding of each application is derived from, read in a few queries whatever
 * the number of applications (the board shows a page of them at once).
 */
export async function loadOnboardingFacts(
  applicationIds: readonly string[],
  tx?: Database,
): Promise<Map<string, OnboardingFacts<OnboardingDocument>>> {
  const facts = new Map<string, OnboardingFacts<OnboardingDocument>>()
  if (applicationIds.length === 0) return facts
  const database = db(tx)
  const ids = [...applicationIds]
  const [applications, documents, records, payouts, agreement] = await Promise.all([
    database
      .select({
        id: interpreterApplications.id,
        languages: interpreterApplications.languages,
        profileLanguages: interpreterProfiles.languages,
        userId: interpreterProfiles.userId,
      })
      .from(interpreterApplications)
      .leftJoin(
        interpreterProfiles,
        eq(interpreterProfiles.applicationId, interpreterApplications.id),
      )
      .where(inArray(interpreterApplications.id, ids)),
    database
      .select({
        id: interpreterDocuments.id,
        applicationId: interpreterDocuments.applicationId,
        step: interpreterDocuments.step,
        language: interpreterDocuments.language,
        status: interpreterDocuments.status,
        issuedOn: interpreterDocuments.issuedOn,
        expiresOn: interpreterDocuments.expiresOn,
        rejectionReason: interpreterDocuments.rejectionReason,
        reviewedByName: interpreterDocuments.reviewedByName,
        reviewedAt: interpreterDocuments.reviewedAt,
        uploadedAt: interpreterDocuments.uploadedAt,
        fileName: storedFiles.originalName,
      })
      .from(interpreterDocuments)
      // A credential imported from an agency's records has no file (fileName null).
      .leftJoin(storedFiles, eq(storedFiles.id, interpreterDocuments.fileId))
      .where(inArray(interpreterDocuments.applicationId, ids)),
    database
      .select()
      .from(onboardingStepRecords)
      .where(inArray(onboardingStepRecords.applicationId, ids)),
    database
      .select({ applicationId: interpreterPayoutDetails.applicationId })
      .from(interpreterPayoutDetails)
      .where(inArray(interpreterPayoutDetails.applicationId, ids)),
    currentAgreement(tx),
  ])
  const userIds = applications.flatMap((row) => (row.userId ? [row.userId] : []))
  const signed =
    agreement && userIds.length > 0
      ? await database
          .select({ userId: resourceAcknowledgements.userId })
          .from(resourceAcknowledgements)
          .where(
            and(
              eq(resourceAcknowledgements.resourceId, agreement.id),
              eq(resourceAcknowledgements.version, agreement.version),
              inArray(resourceAcknowledgements.userId, userIds),
            ),
          )
      : []
  const signedUsers = new Set(signed.map((row) => row.userId))
  const paid = new Set(payouts.map((row) => row.applicationId))
  for (const application of applications) {
    facts.set(application.id, {
      // The profile's language pairs once it exists (staff and the interpreter keep them
      // current there); without one, the pairs the application would give it.
      languages:
        application.profileLanguages ?? languagePairsFromApplication(application.languages),
      documents: documents.filter((document) => document.applicationId === application.id),
      records: records.filter((record) => record.applicationId === application.id),
      agreementSigned: agreement
        ? application.userId !== null && signedUsers.has(application.userId)
        : null,
      hasPayoutDetails: paid.has(application.id),
    })
  }
  return facts
}

/** The six steps and progress of each application, as of today. */
export async function onboardingStatesOf(applicationIds: readonly string[], tx?: Database) {
  const facts = await loadOnboardingFacts(applicationIds, tx)
  const day = today()
  return new Map([...facts].map(([id, fact]) => [id, onboardingState(fact, day)]))
}

/**
 * Writes the derived progress n/6 onto each application, in the caller's transaction, so
 * that lists can filter, count and sort by it (docs/decisions/040-derived-onboarding-progress.md).
 * Every change to what progress is derived from calls this in the same transaction.
 */
export async function refreshOnboardingProgress(tx: Database, applicationIds: readonly string[]) {
  const states = await onboardingStatesOf(applicationIds, tx)
  // One statement per value (at most seven), not one per application: an import refreshes
  // a hundred at a time.
  const idsByProgress = new Map<number, string[]>()
  for (const [id, state] of states)
    idsByProgress.set(state.progress, [...(idsByProgress.get(state.progress) ?? []), id])
  for (const [progress, ids] of idsByProgress)
    await tx
      .update(interpreterApplications)
      .set({ onboardingProgress: progress })
      .where(inArray(interpreterApplications.id, ids))
}

/** After a change that concerns every interpreter (a new contractor agreement version). */
export async function refreshAllOnboardingProgress(tx: Database) {
  const approved = await tx
    .select({ id: interpreterApplications.id })
    .from(interpreterApplications)
    .where(eq(interpreterApplications.status, 'approved'))
  const ids = approved.map((row) => row.id)
  for (let start = 0; start < ids.length; start += 500)
    await refreshOnboardingProgress(tx, ids.slice(start, start + 500))
}

/** The approved application an interpreter's onboarding belongs to (through their profile). */
export async function onboardingApplicationOf(userId: string, tx?: Database) {
  const [row] = await db(tx)
    .select({
      applicationId: interpreterProfiles.applicationId,
      firstName: interpreterProfiles.firstName,
      lastName: interpreterProfiles.lastName,
      status: interpreterApplications.status,
    })
    .from(interpreterProfiles)
    .innerJoin(
      interpreterApplications,
      eq(interpreterApplications.id, interpreterProfiles.applicationId),
    )
    .where(eq(interpreterProfiles.userId, userId))
  return row?.applicationId && row.status === 'approved'
    ? { applicationId: row.applicationId, firstName: row.firstName, lastName: row.lastName }
    : undefined
}
