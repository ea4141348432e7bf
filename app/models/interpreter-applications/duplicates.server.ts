import { normalizeEmail } from '../../domain/email'
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  applicationResumes,
  auditLog,
  duplicateDismissals,
  formSubmissions,
  interpreterApplications,
  interpreterProfiles,
  mailOutbox,
  staffNotes,
} from '../../../db/schema'
import { moveOnboarding } from '../onboarding/steps.server'
import type { Database } from '../../platform/db.server'
import { db } from '../../platform/runtime.server'
import type { ApplicationStatus } from '../../domain/statuses'
import { recordAudit, type Actor } from '../audit.server'

// Possible duplicates are computed when read, never stored: the same e-mail address (any
// case) or the same phone digits, at any time, minus the pairs staff dismissed.
// See docs/decisions/023-possible-duplicates.md.

export type DuplicateMatch = 'email' | 'phone'

export interface PossibleDuplicate {
  id: string
  firstName: string
  lastName: string
  email: string
  phone: string
  position: string
  status: ApplicationStatus
  createdAt: Date
  /** What the two records share. */
  matches: DuplicateMatch[]
}

function matchesOf(sameEmail: boolean, samePhone: boolean): DuplicateMatch[] {
  return [...(sameEmail ? (['email'] as const) : []), ...(samePhone ? (['phone'] as const) : [])]
}

const other = alias(interpreterApplications, 'other')
const applications = interpreterApplications
const sameEmail = sql<boolean>`lower(${other.email}) = lower(${applications.email})`
const notDismissed = sql`not exists (select 1 from ${duplicateDismissals} where ${duplicateDismissals.applicationId} = least(${applications.id}, ${other.id}) and ${duplicateDismissals.otherApplicationId} = greatest(${applications.id}, ${other.id}))`

/**
 * The possible duplicates of each of the given applications, oldest first, at most `limit`
 * each. One query: for each application an index lookup by e-mail and one by phone digits.
 */
export async function possibleDuplicatesOf(
  applicationIds: string[],
  { limit = 50, database = db() }: { limit?: number; database?: Database } = {},
): Promise<Map<string, PossibleDuplicate[]>> {
  const found = new Map<string, PossibleDuplicate[]>()
  if (applicationIds.length === 0) return found
  const duplicates = database
    .select({
      id: other.id,
      firstName: other.firstName,
      lastName: other.lastName,
      email: other.email,
      phone: other.phone,
      position: other.position,
      status: other.status,
      createdAt: other.createdAt,
      phoneDigits: other.phoneDigits,
    })
    .from(other)
    .where(
      and(
        ne(other.id, applications.id),
        or(sameEmail, eq(other.phoneDigits, applications.phoneDigits)),
        notDismissed,
      ),
    )
    .orderBy(asc(other.createdAt), asc(other.id))
    .limit(limit)
    .as('duplicate')
  const rows = await database
    .select({
      of: applications.id,
      id: duplicates.id,
      firstName: duplicates.firstName,
      lastName: duplicates.lastName,
      email: duplicates.email,
      phone: duplicates.phone,
      position: duplicates.position,
      status: duplicates.status,
      createdAt: duplicates.createdAt,
      // Computed out here: inside the subquery Drizzle leaves the columns unqualified.
      sameEmail: sql<boolean>`lower(${duplicates.email}) = lower(${applications.email})`,
      samePhone: sql<boolean>`coalesce(${duplicates.phoneDigits} = ${applications.phoneDigits}, false)`,
    })
    .from(applications)
    .innerJoinLateral(duplicates, sql`true`)
    .where(inArray(applications.id, applicationIds))
  for (const { of, sameEmail: email, samePhone: phone, ...record } of rows) {
    found.set(of, [...(found.get(of) ?? []), { ...record, matches: matchesOf(email, phone) }])
  }
  return found
}

/**
 * The earliest application with the same e-mail address or phone digits as a new one
 * (dismissals do not apply: the new one has none yet), for the staff notification.
 */
export async function findPossibleDuplicate(
  database: Database,
  applicant: { email: string; phone: string },
): Promise<{ id: string; createdAt: Date; matches: DuplicateMatch[] } | undefined> {
  const email = sql<boolean>`lower(${applications.email}) = lower(${applicant.email})`
  const phone = sql<boolean>`coalesce(${applications.phoneDigits} = application_phone_digits(${applicant.phone}), false)`
  const [earliest] = await database
    .select({ id: applications.id, createdAt: applications.createdAt, email, phone })
    .from(applications)
    .where(
      or(email, sql`${applications.phoneDigits} = application_phone_digits(${applicant.phone})`),
    )
    .orderBy(asc(applications.createdAt), asc(applications.id))
    .limit(1)
  if (!earliest) return undefined
  return {
    id: earliest.id,
    createdAt: earliest.createdAt,
    matches: matchesOf(earliest.email, earliest.phone),
  }
}

type Application = typeof interpreterApplications.$inferSelect

/** Locks both applications (in id order, so two merges cannot deadlock) and reads them. */
async function lockPair(tx: Database, firstId: string, secondId: string) {
  const rows = await tx
    .select()
    .from(applications)
    .where(inArray(applications.id, [firstId, secondId]))
    .orderBy(asc(applications.id))
    .for('update')
  const first = rows.find((row) => row.id === firstId)
  const second = rows.find((row) => row.id === secondId)
  return first && second && firstId !== secondId ? ([first, second] as const) : undefined
}

function areDuplicates(first: Application, second: Application): boolean {
  return (
    normalizeEmail(first.email) === normalizeEmail(second.email) ||
    (first.phoneDigits !== null && first.phoneDigits === second.phoneDigits)
  )
}

const nameOf = (application: Application) => `${application.firstName} ${application.lastName}`

export type DuplicateOutcome = 'done' | 'missing' | 'not-duplicates'

/**
 * Records that two applications are not the same person, so that neither is shown as a
 * possible duplicate of the other again; audited on both records.
 */
export async function dismissPossibleDuplicate(
  applicationId: string,
  otherId: string,
  actor: Actor,
): Promise<DuplicateOutcome> {
  return db().transaction(async (tx) => {
    const pair = await lockPair(tx, applicationId, otherId)
    if (!pair) return 'missing'
    const [application, otherApplication] = pair
    if (!areDuplicates(application, otherApplication)) return 'not-duplicates'
    const [low, high] = [application.id, otherApplication.id].sort()
    const inserted = await tx
      .insert(duplicateDismissals)
      .values({
        applicationId: low!,
        otherApplicationId: high!,
        dismissedById: actor.id,
        dismissedByName: actor.name,
      })
      .onConflictDoNothing()
      .returning({ applicationId: duplicateDismissals.applicationId })
    // Dismissed already (two staff at once, or a form sent twice): nothing new to record.
    if (inserted.length === 0) return 'done'
    for (const [record, dismissed] of [pair, [otherApplication, application]] as const) {
      await recordAudit(
        actor,
        {
          action: 'duplicate_dismissed',
          entityType: 'interpreter_application',
          entityId: record.id,
          after: { applicationId: dismissed.id, name: nameOf(dismissed), email: dismissed.email },
        },
        tx,
      )
    }
    return 'done'
  })
}

const mailReference = (id: string) => `interpreter_application:${id}`

/**
 * Merges one application into another that staff chose to keep, in one transaction: the
 * kept record keeps its own answers and status and gains the other's resume (both stay
 * downloadable), staff notes, history, e-mails, onboarding (documents, and staff records and
 * payout details where the kept record has none) and dismissals; then the other record is deleted. The history of
 * the kept record says what was merged; the merged id's history says where it went, so
 * that old links can follow it.
 */
export async function mergeApplications(
  keptId: string,
  mergedId: string,
  actor: Actor,
): Promise<DuplicateOutcome> {
  return db().transaction(async (tx) => {
    const pair = await lockPair(tx, keptId, mergedId)
    if (!pair) return 'missing'
    const [kept, merged] = pair
    if (!areDuplicates(kept, merged)) return 'not-duplicates'

    await tx
      .update(applicationResumes)
      .set({ applicationId: kept.id })
      .where(eq(applicationResumes.applicationId, merged.id))
    // An imported application has no resume to move.
    if (merged.resumeFileId)
      await tx
        .insert(applicationResumes)
        .values({ applicationId: kept.id, fileId: merged.resumeFileId })

    await tx
      .update(staffNotes)
      .set({ entityId: kept.id })
      .where(
        and(
          eq(staffNotes.entityType, 'interpreter_application'),
          eq(staffNotes.entityId, merged.id),
        ),
      )
    await tx
      .update(auditLog)
      .set({ entityId: kept.id })
      .where(
        and(eq(auditLog.entityType, 'interpreter_application'), eq(auditLog.entityId, merged.id)),
      )
    await tx
      .update(mailOutbox)
      .set({ reference: mailReference(kept.id) })
      .where(eq(mailOutbox.reference, mailReference(merged.id)))
    // A repeated submit of the merged application's form finds the kept record.
    await tx
      .update(formSubmissions)
      .set({ reference: kept.id })
      .where(
        and(
          eq(formSubmissions.form, 'interpreter-application'),
          eq(formSubmissions.reference, merged.id),
        ),
      )
    // An interpreter approved from the merged application keeps their profile's history.
    await tx
      .update(interpreterProfiles)
      .set({ applicationId: kept.id })
      .where(eq(interpreterProfiles.applicationId, merged.id))
    await moveOnboarding(tx, merged.id, kept.id)
    // Someone staff said is not the merged person is not the kept person either.
    await tx.execute(sql`
      insert into ${duplicateDismissals} (application_id, other_application_id, dismissed_by_id, dismissed_by_name, dismissed_at)
      select least(${kept.id}::uuid, partner), greatest(${kept.id}::uuid, partner), dismissed_by_id, dismissed_by_name, dismissed_at
      from (
        select case when application_id = ${merged.id} then other_application_id else application_id end as partner,
          dismissed_by_id, dismissed_by_name, dismissed_at
        from ${duplicateDismissals}
        where application_id = ${merged.id} or other_application_id = ${merged.id}
      ) as dismissed
      where partner <> ${kept.id}
      on conflict do nothing`)

    await tx.delete(applications).where(eq(applications.id, merged.id))
    const { resumeFileId: _resumeFileId, phoneDigits: _phoneDigits, ...snapshot } = merged
    await recordAudit(
      actor,
      {
        action: 'merge',
        entityType: 'interpreter_application',
        entityId: kept.id,
        before: snapshot,
        after: { applicationId: merged.id, name: nameOf(merged), email: merged.email },
      },
      tx,
    )
    await recordAudit(
      actor,
      {
        action: 'merged_into',
        entityType: 'interpreter_application',
        entityId: merged.id,
        after: { applicationId: kept.id },
      },
      tx,
    )
    return 'done'
  })
}

/** Where a merged application went (for links to it), or undefined. */
export async function mergedInto(applicationId: string): Promise<string | undefined> {
  const [entry] = await db()
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, 'interpreter_application'),
        eq(auditLog.entityId, applicationId),
        eq(auditLog.action, 'merged_into'),
      ),
    )
    .limit(1)
  return (entry?.after as { applicationId?: string } | null)?.applicationId
}
