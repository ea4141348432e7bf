import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm'
import {
  interpreterApplications,
  interpreterDocuments,
  interpreterProfiles,
  storedFiles,
} from '../../../db/schema'
import {
  addDays,
  addYears,
  BACKGROUND_CHECK_VALID_YEARS,
  EXPIRING_WITHIN_DAYS,
  stepLabel,
  type DocumentStepKey,
} from '../../domain/onboarding'
import { documentRejectedMail } from '../../emails/onboarding.server'
import { now } from '../../platform/clock.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { db, runtime } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { withStoredFiles, type NewFile } from '../stored-files.server'
import { refreshOnboardingProgress, today } from './progress.server'

export class OnboardingRuleError extends Error {
  override name = 'OnboardingRuleError'
}

export interface NewDocument {
  applicationId: string
  step: DocumentStepKey
  language: string | null
  issuedOn: string | null
  expiresOn: string | null
  /** Its bytes, or the upload already streamed to storage. */
  file: NewFile
}

/**
 * Stores an interpreter's document for staff review: the file first, then its rows in one
 * transaction (a file without a row is swept as an orphan). The caller has checked that the
 * application is the interpreter's own and approved, and validated the dates.
 */
export async function uploadDocument(input: NewDocument, actor: Actor): Promise<string> {
  const id = randomUUID()
  await withStoredFiles('credentials', [input.file], async (tx, [fileId]) => {
    await tx.insert(interpreterDocuments).values({
      id,
      applicationId: input.applicationId,
      step: input.step,
      language: input.language,
      fileId: fileId!,
      issuedOn: input.issuedOn,
      expiresOn: input.expiresOn,
      uploadedAt: now(),
    })
    await recordAudit(
      actor,
      {
        action: 'document_uploaded',
        entityType: 'interpreter_application',
        entityId: input.applicationId,
        after: {
          documentId: id,
          step: input.step,
          language: input.language,
          expiresOn: input.expiresOn,
        },
      },
      tx,
    )
  })
  return id
}

/** A document's file and owner, for the download routes (who may see it is checked there). */
export async function documentFile(documentId: string) {
  const [row] = await db()
    .select({
      applicationId: interpreterDocuments.applicationId,
      file: {
        mediaType: storedFiles.mediaType,
        originalName: storedFiles.originalName,
        byteSize: storedFiles.byteSize,
        storageKey: storedFiles.storageKey,
      },
    })
    .from(interpreterDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, interpreterDocuments.fileId))
    .where(eq(interpreterDocuments.id, documentId))
  return row
}

export type ReviewDecision = { decision: 'accept' } | { decision: 'reject'; reason: string }

/**
 * Staff's review of a pending document. Accepting makes it the step's current credential
 * (an older accepted one is superseded; a background check result is valid 2 years from
 * today); rejecting keeps the reason and e-mails it to the interpreter. A document that is
 * no longer pending (reviewed by someone else meanwhile) is refused.
 */
export async function reviewDocument(
  documentId: string,
  review: ReviewDecision,
  actor: Actor,
): Promise<{ applicationId: string; status: 'accepted' | 'rejected' }> {
  return db().transaction(async (tx) => {
    const [document] = await tx
      .select()
      .from(interpreterDocuments)
      .where(eq(interpreterDocuments.id, documentId))
      .for('update')
    if (!document) throw new OnboardingRuleError('This document does not exist.')
    if (document.status !== 'pending')
      throw new OnboardingRuleError('This document has already been reviewed.')
    const reviewed = { reviewedById: actor.id, reviewedByName: actor.name, reviewedAt: now() }
    if (review.decision === 'accept') {
      const expiresOn =
        document.step === 'background_check'
          ? addYears(today(), BACKGROUND_CHECK_VALID_YEARS)
          : document.expiresOn
      await tx
        .update(interpreterDocuments)
        .set({ status: 'superseded' })
        .where(
          and(
            eq(interpreterDocuments.applicationId, document.applicationId),
            eq(interpreterDocuments.step, document.step),
            document.language === null
              ? sql`${interpreterDocuments.language} is null`
              : eq(interpreterDocuments.language, document.language),
            eq(interpreterDocuments.status, 'accepted'),
          ),
        )
      await tx
        .update(interpreterDocuments)
        .set({ status: 'accepted', expiresOn, ...reviewed })
        .where(eq(interpreterDocuments.id, documentId))
    } else {
      await tx
        .update(interpreterDocuments)
        .set({ status: 'rejected', rejectionReason: review.reason, ...reviewed })
        .where(eq(interpreterDocuments.id, documentId))
      await mailRejection(tx, document, review.reason)
    }
    await refreshOnboardingProgress(tx, [document.applicationId])
    await recordAudit(
      actor,
      {
        action: review.decision === 'accept' ? 'document_accepted' : 'document_rejected',
        entityType: 'interpreter_application',
        entityId: document.applicationId,
        after: {
          documentId,
          step: document.step,
          ...(review.decision === 'reject' ? { reason: review.reason } : {}),
        },
      },
      tx,
    )
    return {
      applicationId: document.applicationId,
      status: review.decision === 'accept' ? ('accepted' as const) : ('rejected' as const),
    }
  })
}

async function mailRejection(
  tx: Parameters<typeof refreshOnboardingProgress>[0],
  document: typeof interpreterDocuments.$inferSelect,
  reason: string,
) {
  const [person] = await tx
    .select({ firstName: interpreterApplications.firstName, email: interpreterApplications.email })
    .from(interpreterApplications)
    .where(eq(interpreterApplications.id, document.applicationId))
  if (!person) return
  const { config } = runtime()
  const mail = documentRejectedMail({
    firstName: person.firstName,
    document: document.language
      ? `${stepLabel(document.step)} (${document.language})`
      : stepLabel(document.step),
    reason,
    onboardingUrl: `${config.siteUrl}/interpreter/onboarding`,
    company: config.company,
  })
  await enqueueMail(tx, [
    {
      template: 'document-rejected',
      to: person.email,
      replyTo: config.mailReplyTo,
      reference: `interpreter_document:${document.id}`,
      ...mail,
    },
  ])
}

const interpreterName = sql<string>`${interpreterApplications.firstName} || ' ' || ${interpreterApplications.lastName}`

/** Documents waiting for staff review, oldest first (the Interpreter manager's queue). */
export async function documentsAwaitingReview(limit = 50) {
  return db()
    .select({
      id: interpreterDocuments.id,
      applicationId: interpreterDocuments.applicationId,
      /** Whose onboarding screen the document is on; null once their account is erased. */
      interpreterId: interpreterProfiles.id,
      interpreterName,
      step: interpreterDocuments.step,
      language: interpreterDocuments.language,
      issuedOn: interpreterDocuments.issuedOn,
      expiresOn: interpreterDocuments.expiresOn,
      uploadedAt: interpreterDocuments.uploadedAt,
      fileName: storedFiles.originalName,
    })
    .from(interpreterDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, interpreterDocuments.fileId))
    .innerJoin(
      interpreterApplications,
      eq(interpreterApplications.id, interpreterDocuments.applicationId),
    )
    .leftJoin(
      interpreterProfiles,
      eq(interpreterProfiles.applicationId, interpreterDocuments.applicationId),
    )
    .where(eq(interpreterDocuments.status, 'pending'))
    .orderBy(asc(interpreterDocuments.uploadedAt))
    .limit(limit)
}

/**
 * Accepted credentials that expire within 30 days, and those expired whose interpreter has
 * not had a newer one accepted (the Interpreter manager's list; the portal's own list is
 * one application's).
 */
export async function expiringCredentials(
  options: { applicationIds?: string[]; limit?: number } = {},
) {
  const horizon = addDays(today(), EXPIRING_WITHIN_DAYS)
  const ownedBy = options.applicationIds
    ? inArray(interpreterDocuments.applicationId, options.applicationIds)
    : undefined
  return db()
    .select({
      id: interpreterDocuments.id,
      applicationId: interpreterDocuments.applicationId,
      /** Whose onboarding screen the document is on; null once their account is erased. */
      interpreterId: interpreterProfiles.id,
      interpreterName,
      step: interpreterDocuments.step,
      language: interpreterDocuments.language,
      status: interpreterDocuments.status,
      expiresOn: interpreterDocuments.expiresOn,
    })
    .from(interpreterDocuments)
    .innerJoin(
      interpreterApplications,
      eq(interpreterApplications.id, interpreterDocuments.applicationId),
    )
    .leftJoin(
      interpreterProfiles,
      eq(interpreterProfiles.applicationId, interpreterDocuments.applicationId),
    )
    .where(
      and(
        ownedBy,
        inArray(interpreterDocuments.status, ['accepted', 'expired']),
        lte(interpreterDocuments.expiresOn, horizon),
        ne(interpreterApplications.status, 'rejected'),
        // An expired document stays listed only while no newer document is accepted in its slot.
        sql`not exists (select 1 from ${interpreterDocuments} newer where newer.application_id = ${interpreterDocuments.applicationId} and newer.step = ${interpreterDocuments.step} and newer.language is not distinct from ${interpreterDocuments.language} and newer.status = 'accepted' and newer.id <> ${interpreterDocuments.id})`,
      ),
    )
    .orderBy(asc(interpreterDocuments.expiresOn))
    .limit(options.limit ?? 50)
}
