import { asc, eq, gte, inArray, sql } from 'drizzle-orm'
import { createInterpreterAccount } from '../interpreter-profiles.server'
import { applicationResumes, interpreterApplications, storedFiles } from '../../../db/schema'
import { listPage, listRowBatches, type FilteredList } from '../../lib/admin/filtered-list.server'
import type { ListFilters } from '../../lib/admin/list-filters'
import { now } from '../../platform/clock.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { applicationDecisionMail, type Decision } from '../../emails/application-decision.server'
import { db, runtime } from '../../platform/runtime.server'
import {
  ONBOARDING_STEP_COUNT,
  startOfThisWeek,
  type ApplicationCounts,
} from '../../domain/statistics'
import {
  applicationStatuses,
  isUndecided,
  type ApplicationStatus,
  type UndecidedApplicationStatus,
} from '../../domain/statuses'
import { recordAudit, type Actor } from '../audit.server'
import { redactMailOf, removeMailFiles } from '../mail.server'
import { countsByStatus } from '../status-counts.server'

export const applicationSorts = ['createdAt', 'name', 'status'] as const
export type ApplicationSort = (typeof applicationSorts)[number]
export type ApplicationFilters = ListFilters<ApplicationStatus, ApplicationSort> & {
  /** What the search looks at: the dashboard adds languages to name and e-mail. */
  searchIn?: 'name-email-languages' | 'name-email'
}

// The indexed expressions (migrations 0006 and 0007): the queries must use them verbatim.
const nameEmailText = sql`(${interpreterApplications.firstName} || ' ' || ${interpreterApplications.lastName} || ' ' || ${interpreterApplications.email})`
const fullSearchText = sql`interpreter_application_search_text(${interpreterApplications.firstName}, ${interpreterApplications.lastName}, ${interpreterApplications.email}, ${interpreterApplications.languages})`

const applicationList: FilteredList<typeof interpreterApplications, ApplicationFilters> = {
  table: interpreterApplications,
  searchText: (filters) => (filters.searchIn === 'name-email' ? nameEmailText : fullSearchText),
  sortedBy: (filters, direction, key) =>
    filters.sort === 'name'
      ? [direction(interpreterApplications.lastName), direction(interpreterApplications.firstName)]
      : [direction(key(interpreterApplications[filters.sort]))],
  countsByStatus: () => countsByStatus('interpreter_applications'),
}

/** One page of applications matching the search and the status filter. */
export async function listApplications(filters: ApplicationFilters) {
  return listPage(db(), applicationList, filters)
}

/** Every application matching the filters, in the list's order and in batches, for the CSV export. */
export function applicationsMatching(filters: ApplicationFilters, batchSize?: number) {
  return listRowBatches(db(), applicationList, filters, batchSize)
}

/**
 * Totals per status and the fully onboarded (kept by triggers,
 * app/models/status-counts.server.ts) and this week's (an index range), rather than
 * aggregates that read every row.
 */
export async function applicationCounts(): Promise<ApplicationCounts> {
  const database = db()
  const weekStart = startOfThisWeek(now())
  const [byStatus, thisWeek, fullyOnboarded] = await Promise.all([
    countsByStatus('interpreter_applications'),
    database.$count(interpreterApplications, gte(interpreterApplications.createdAt, weekStart)),
    countsByStatus('onboarding_progress').then((byProgress) =>
      [...byProgress]
        .filter(([progress]) => Number(progress) >= ONBOARDING_STEP_COUNT)
        .reduce((sum, [, value]) => sum + value, 0),
    ),
  ])
  const counts: ApplicationCounts = {
    total: 0,
    pending: 0,
    approved: 0,
    rejected: 0,
    interview_scheduled: 0,
    withdrawn: 0,
    thisWeek,
    fullyOnboarded,
  }
  for (const status of applicationStatuses) {
    counts[status] = byStatus.get(status) ?? 0
    counts.total += counts[status]
  }
  return counts
}

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return (applicationStatuses as readonly unknown[]).includes(value)
}

/**
 * Sets an undecided status (pending, interview scheduled) and records who did it, from what,
 * to what; approving and rejecting are decisions and go through `decideApplication`.
 */
export async function setApplicationStatus(
  id: string,
  status: UndecidedApplicationStatus,
  actor: Actor,
) {
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(interpreterApplications)
      .where(eq(interpreterApplications.id, id))
      .for('update')
    if (!before) return undefined
    if (before.status === status) return { before, after: before }
    const [after] = await tx
      .update(interpreterApplications)
      .set({ status, updatedAt: now() })
      .where(eq(interpreterApplications.id, id))
      .returning()
    await recordAudit(
      actor,
      {
        action: 'status_change',
        entityType: 'interpreter_application',
        entityId: id,
        before: { status: before.status },
        after: { status },
      },
      tx,
    )
    return { before, after: after! }
  })
}

/**
 * Deletes the application, its resumes and the personal data in the mail about it: the
 * rows in one transaction (the audit log keeps what the application was), then the files
 * and the `.eml` copies of the redacted mail.
 */
export async function deleteApplication(id: string, actor: Actor): Promise<boolean> {
  const { storage, logger } = runtime()
  const deleted = await db().transaction(async (tx) => {
    const merged = await tx
      .select({ fileId: applicationResumes.fileId })
      .from(applicationResumes)
      .where(eq(applicationResumes.applicationId, id))
    const [application] = await tx
      .delete(interpreterApplications)
      .where(eq(interpreterApplications.id, id))
      .returning()
    if (!application) return undefined
    const files = await tx
      .delete(storedFiles)
      .where(
        inArray(
          storedFiles.id,
          [application.resumeFileId, ...merged.map((row) => row.fileId)].filter(
            (fileId): fileId is string => fileId !== null,
          ),
        ),
      )
      .returning({ storageKey: storedFiles.storageKey })
    const { resumeFileId: _resumeFileId, phoneDigits: _phoneDigits, ...kept } = application
    await recordAudit(
      actor,
      { action: 'delete', entityType: 'interpreter_application', entityId: id, before: kept },
      tx,
    )
    const mail = await redactMailOf(tx, {
      reference: `interpreter_application:${id}`,
      email: application.email,
    })
    return { storageKeys: files.map((file) => file.storageKey), mail }
  })
  if (!deleted) return false
  for (const key of deleted.storageKeys) {
    // If this fails the row is gone already; the orphan sweep removes the file later.
    await storage.delete(key).catch((error: unknown) => {
      logger.warn({ err: error, key }, 'could not delete a resume file; the sweep will')
    })
  }
  await removeMailFiles(deleted.mail)
  return true
}

export interface ResumeSummary {
  id: string
  originalName: string
  byteSize: number
  createdAt: Date
  /** The resume the application was sent with; the others came with merged applications. */
  own: boolean
}

/** Every resume the application holds: its own first, then those merged in, oldest first. */
export async function resumesOf(applicationId: string): Promise<ResumeSummary[]> {
  const database = db()
  const columns = {
    id: storedFiles.id,
    originalName: storedFiles.originalName,
    byteSize: storedFiles.byteSize,
    createdAt: storedFiles.createdAt,
  }
  const [own, merged] = await Promise.all([
    database
      .select(columns)
      .from(interpreterApplications)
      .innerJoin(storedFiles, eq(storedFiles.id, interpreterApplications.resumeFileId))
      .where(eq(interpreterApplications.id, applicationId)),
    database
      .select(columns)
      .from(applicationResumes)
      .innerJoin(storedFiles, eq(storedFiles.id, applicationResumes.fileId))
      .where(eq(applicationResumes.applicationId, applicationId))
      .orderBy(asc(storedFiles.createdAt), asc(storedFiles.id)),
  ])
  return [
    ...own.map((file) => ({ ...file, own: true })),
    ...merged.map((file) => ({ ...file, own: false })),
  ]
}

/**
 * A resume's stored-file row, for the admin download: the application's own, or the given
 * one if the application holds it.
 */
export async function getResumeFile(applicationId: string, fileId?: string) {
  const resumes = await resumesOf(applicationId)
  const resume = resumes.find((file) => (fileId ? file.id === fileId : file.own))
  if (!resume) return undefined
  const [file] = await db().select().from(storedFiles).where(eq(storedFiles.id, resume.id))
  return file
}

/**
 * Approves or rejects an undecided application (pending or interview scheduled) and, unless
 * staff chose not to, queues the
 * decision e-mail in the same transaction.
 */
export async function decideApplication(
  id: string,
  decision: Decision,
  options: { sendEmail: boolean },
  actor: Actor,
): Promise<'decided' | 'already-decided' | 'missing'> {
  const { config } = runtime()
  const outcome = await db().transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(interpreterApplications)
      .where(eq(interpreterApplications.id, id))
      .for('update')
    if (!application) return 'missing' as const
    if (!isUndecided(application.status)) return 'already-decided' as const
    await tx
      .update(interpreterApplications)
      .set({ status: decision, updatedAt: now() })
      .where(eq(interpreterApplications.id, id))
    await recordAudit(
      actor,
      {
        action: 'status_change',
        entityType: 'interpreter_application',
        entityId: id,
        before: { status: application.status },
        after: { status: decision },
      },
      tx,
    )
    if (decision === 'approved')
      await createInterpreterAccount(application, actor, { invite: options.sendEmail }, tx)
    if (options.sendEmail) {
      const mail = applicationDecisionMail(
        decision,
        application,
        config.company,
        application.locale,
      )
      await enqueueMail(tx, [
        {
          template: `application-${decision}`,
          to: application.email,
          replyTo: config.mailReplyTo,
          reference: `interpreter_application:${id}`,
          ...mail,
        },
      ])
      await recordAudit(
        actor,
        {
          action: 'decision_email',
          entityType: 'interpreter_application',
          entityId: id,
          after: { decision },
        },
        tx,
      )
    }
    return 'decided' as const
  })
  return outcome
}
