import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import {
  applicationResumes,
  auditLog,
  authTokens,
  leads,
  formSubmissions,
  interpreterApplications,
  interpreterDocuments,
  loginThrottles,
  mailUnsubscribes,
  rateLimitWindows,
  staffNotes,
  storedFiles,
  users,
} from '../../../db/schema'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { normalizeEmail } from '../../domain/email'
import { queryRows, type Database } from '../../platform/db.server'
import { db, runtime } from '../../platform/runtime.server'
import { recordAudit, type Actor, type SystemActor } from '../audit.server'
import { REDACTED_TEXT, redactMailOf, removeMailFiles, type RedactedMail } from '../mail.server'

/**
 * Erasure of personal data (docs/privacy.md#erasure): the records go, and every trace of
 * them elsewhere (mail log, staff notes, audit details, form tokens, rate-limit keys,
 * unsubscribes) is removed or redacted in one transaction; the stored files are deleted
 * after the commit. The audit log keeps one `erased` entry per record: when, by whom and
 * why, never who.
 */
export interface ErasureSet {
  applicationIds: string[]
  leadIds: string[]
}

export type ErasureReason = 'staff' | 'applicant' | 'retention'

export interface Erasure {
  applications: number
  leads: number
  /** Deleted after the commit (finishErasure). */
  storageKeys: string[]
  mail: RedactedMail[]
}

/** Who erases when the applicant confirms from their status page. */
export const APPLICANT_ACTOR: SystemActor = { id: null, name: 'The applicant (status page)' }
/** Who erases when the retention period is over. */
export const RETENTION_ACTOR: SystemActor = { id: null, name: 'Retention schedule' }

/** Text that contains any of the needles (already lower-cased), case-insensitively. */
function mentionsAny(text: SQL, needles: string[]): SQL | undefined {
  return needles.length
    ? or(...needles.map((needle) => sql`position(${needle} in lower(${text})) > 0`))
    : undefined
}

/** Erases the records in the caller's transaction; call finishErasure after the commit. */
export async function eraseRecords(
  tx: Database,
  set: ErasureSet,
  actor: Actor | SystemActor,
  reason: ErasureReason,
): Promise<Erasure> {
  const applications = set.applicationIds.length
    ? await tx
        .select({
          id: interpreterApplications.id,
          email: interpreterApplications.email,
          firstName: interpreterApplications.firstName,
          lastName: interpreterApplications.lastName,
          phone: interpreterApplications.phone,
          resumeFileId: interpreterApplications.resumeFileId,
        })
        .from(interpreterApplications)
        .where(inArray(interpreterApplications.id, set.applicationIds))
        .for('update')
    : []
  const requests = set.leadIds.length
    ? await tx
        .select({ id: leads.id, email: leads.email, name: leads.name })
        .from(leads)
        .where(inArray(leads.id, set.leadIds))
        .for('update')
    : []
  const applicationIds = applications.map((row) => row.id)
  const requestIds = requests.map((row) => row.id)
  const empty: Erasure = { applications: 0, leads: 0, storageKeys: [], mail: [] }
  if (applicationIds.length + requestIds.length === 0) return empty

  const addresses = [
    ...new Set([...applications, ...requests].map((row) => normalizeEmail(row.email))),
  ]
  // What names the person in free text: their addresses, full names and phone numbers.
  const needles = [
    ...new Set(
      [
        ...addresses,
        ...applications.flatMap((row) => [`${row.firstName} ${row.lastName}`, row.phone]),
        ...requests.map((row) => row.name),
      ]
        .map((text) => text.trim().toLowerCase())
        .filter((text) => text.length >= 5),
    ),
  ]

  // Files: the application's resume, those merged into it, its onboarding documents.
  // An imported application has no resume and its imported credentials no file.
  const fileIds = applications.flatMap((row) => (row.resumeFileId ? [row.resumeFileId] : []))
  if (applicationIds.length) {
    const merged = await tx
      .select({ fileId: applicationResumes.fileId })
      .from(applicationResumes)
      .where(inArray(applicationResumes.applicationId, applicationIds))
    const documents = await tx
      .delete(interpreterDocuments)
      .where(inArray(interpreterDocuments.applicationId, applicationIds))
      .returning({ fileId: interpreterDocuments.fileId })
    fileIds.push(
      ...merged.map((row) => row.fileId),
      ...documents.flatMap((row) => (row.fileId ? [row.fileId] : [])),
    )
  }

  const recordIds = [...applicationIds, ...requestIds]
  await tx.delete(formSubmissions).where(inArray(formSubmissions.reference, recordIds))
  const ofRecords = (entityType: AnyPgColumn, entityId: AnyPgColumn) =>
    or(
      applicationIds.length
        ? and(eq(entityType, 'interpreter_application'), inArray(entityId, applicationIds))
        : undefined,
      requestIds.length
        ? and(eq(entityType, 'client_request'), inArray(entityId, requestIds))
        : undefined,
    )
  await tx.delete(staffNotes).where(ofRecords(staffNotes.entityType, staffNotes.entityId))
  if (applicationIds.length)
    await tx
      .delete(interpreterApplications)
      .where(inArray(interpreterApplications.id, applicationIds))
  if (requestIds.length) await tx.delete(leads).where(inArray(leads.id, requestIds))
  const files = fileIds.length
    ? await tx
        .delete(storedFiles)
        .where(inArray(storedFiles.id, fileIds))
        .returning({ storageKey: storedFiles.storageKey })
    : []

  // The records' history loses its details; entries elsewhere that name them too.
  await tx
    .update(auditLog)
    .set({ before: null, after: null })
    .where(
      or(
        ofRecords(auditLog.entityType, auditLog.entityId),
        mentionsAny(
          sql`coalesce(${auditLog.before}::text, '') || ' ' || coalesce(${auditLog.after}::text, '')`,
          needles,
        ),
      ),
    )
  const notesNaming = mentionsAny(sql`${staffNotes.body}`, needles)
  if (notesNaming) await tx.update(staffNotes).set({ body: REDACTED_TEXT }).where(notesNaming)

  const mail: RedactedMail[] = []
  for (const row of applications)
    mail.push(
      ...(await redactMailOf(tx, {
        reference: `interpreter_application:${row.id}`,
        email: row.email,
      })),
    )
  for (const row of requests)
    mail.push(
      ...(await redactMailOf(tx, { reference: `client_request:${row.id}`, email: row.email })),
    )

  // Keys made of the address, once no record has it any more.
  const forgotten = await addressesNoLongerKnown(tx, addresses)
  if (forgotten.length) {
    await tx.delete(rateLimitWindows).where(inArray(rateLimitWindows.key, forgotten))
    await tx.delete(mailUnsubscribes).where(inArray(mailUnsubscribes.email, forgotten))
    await tx.delete(loginThrottles).where(inArray(loginThrottles.accountKey, forgotten))
    // Invitations still waiting for the address (their name and address go with the link).
    await tx.delete(authTokens).where(inArray(authTokens.email, forgotten))
  }

  for (const [entityType, ids] of [
    ['interpreter_application', applicationIds],
    ['client_request', requestIds],
  ] as const)
    for (const entityId of ids)
      await recordAudit(actor, { action: 'erased', entityType, entityId, after: { reason } }, tx)

  return {
    applications: applicationIds.length,
    leads: requestIds.length,
    storageKeys: files.map((file) => file.storageKey),
    mail,
  }
}

async function addressesNoLongerKnown(tx: Database, addresses: string[]): Promise<string[]> {
  if (addresses.length === 0) return []
  const known = await queryRows<{ address: string }>(
    tx,
    sql`select lower(${interpreterApplications.email}) as address from ${interpreterApplications}
          where lower(${interpreterApplications.email}) in ${addresses}
        union select lower(${leads.email}) from ${leads}
          where lower(${leads.email}) in ${addresses}
        union select lower(${users.email}) from ${users} where lower(${users.email}) in ${addresses}`,
  )
  const stillKnown = new Set(known.map((row) => row.address))
  return addresses.filter((address) => !stillKnown.has(address))
}

/**
 * Deletes the erased files and the `.eml` copies of the redacted mail. A file that cannot be
 * deleted now has no `stored_files` row any more, so the maintenance loop's orphan sweep
 * deletes it on a later run.
 */
export async function finishErasure(erasure: Erasure) {
  const { storage, logger } = runtime()
  for (const key of erasure.storageKeys) {
    await storage.delete(key).catch((error: unknown) => {
      logger.warn({ err: error, key }, 'could not delete an erased file; the orphan sweep will')
    })
  }
  await removeMailFiles(erasure.mail)
}

/** Everything stored under one e-mail address (applications and client requests). */
export async function recordsOf(address: string, tx?: Database) {
  const email = normalizeEmail(address)
  const database = db(tx)
  // One after the other: inside a transaction they share one connection.
  const applications = await database
    .select({ id: interpreterApplications.id })
    .from(interpreterApplications)
    .where(sql`lower(${interpreterApplications.email}) = ${email}`)
  const requests = await database
    .select({ id: leads.id })
    .from(leads)
    .where(sql`lower(${leads.email}) = ${email}`)
  const accounts = await database
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
  return {
    applicationIds: applications.map((row) => row.id),
    leadIds: requests.map((row) => row.id),
    hasAccount: accounts.length > 0,
  }
}

export type PersonErasureOutcome =
  | { outcome: 'erased'; applications: number; leads: number }
  | { outcome: 'has-account' }
  | { outcome: 'missing' }

/**
 * Erases every application and client request with this e-mail address. A person with a
 * portal or staff account is refused: their account, bookings and pay records are erased
 * through the account first (docs/privacy.md#erasure).
 */
export async function erasePerson(
  email: string,
  actor: Actor | SystemActor,
  reason: ErasureReason,
): Promise<PersonErasureOutcome> {
  const erased = await db().transaction(async (tx) => {
    const records = await recordsOf(email, tx)
    if (records.hasAccount) return 'has-account' as const
    return eraseRecords(tx, records, actor, reason)
  })
  if (erased === 'has-account') return { outcome: 'has-account' }
  if (erased.applications + erased.leads === 0) return { outcome: 'missing' }
  await finishErasure(erased)
  return {
    outcome: 'erased',
    applications: erased.applications,
    leads: erased.leads,
  }
}
