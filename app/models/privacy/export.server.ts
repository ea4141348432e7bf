import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import {
  applicationResumes,
  auditLog,
  leads,
  interpreterApplications,
  interpreterDocuments,
  mailOutbox,
  mailUnsubscribes,
  staffNotes,
  storedFiles,
} from '../../../db/schema'
import { normalizeEmail } from '../../domain/email'
import { db, runtime } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'

export interface PersonalDataExport {
  /** Every row about the person, by table. */
  data: Record<string, unknown[]>
  files: { name: string; bytes: Uint8Array; modifiedAt: Date }[]
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/**
 * Everything stored about one e-mail address (an access request, docs/privacy.md#access):
 * the applications and client requests with that address, their staff notes, history, the
 * mail to the address or about the records, an unsubscribe, and the files (resumes,
 * onboarding documents). Recorded in the audit log without the address. Undefined when
 * nothing is stored under the address.
 */
export async function exportPersonalData(
  address: string,
  actor: Actor,
): Promise<PersonalDataExport | undefined> {
  const email = normalizeEmail(address)
  const database = db()
  const [applications, requests] = await Promise.all([
    database
      .select()
      .from(interpreterApplications)
      .where(sql`lower(${interpreterApplications.email}) = ${email}`)
      .orderBy(asc(interpreterApplications.createdAt)),
    database
      .select()
      .from(leads)
      .where(sql`lower(${leads.email}) = ${email}`)
      .orderBy(asc(leads.createdAt)),
  ])
  if (applications.length + requests.length === 0) return undefined
  const applicationIds = applications.map((row) => row.id)
  const requestIds = requests.map((row) => row.id)
  const references = [
    ...applicationIds.map((id) => `interpreter_application:${id}`),
    ...requestIds.map((id) => `client_request:${id}`),
  ]
  const ofRecords = (
    entityType: typeof auditLog.entityType | typeof staffNotes.entityType,
    entityId: typeof auditLog.entityId | typeof staffNotes.entityId,
  ) =>
    or(
      and(
        eq(entityType, 'interpreter_application'),
        inArray(entityId, applicationIds.length ? applicationIds : ['-']),
      ),
      and(
        eq(entityType, 'client_request'),
        inArray(entityId, requestIds.length ? requestIds : ['-']),
      ),
    )
  const merged = applicationIds.length
    ? await database
        .select({ fileId: applicationResumes.fileId })
        .from(applicationResumes)
        .where(inArray(applicationResumes.applicationId, applicationIds))
    : []
  const documents = applicationIds.length
    ? await database
        .select()
        .from(interpreterDocuments)
        .where(inArray(interpreterDocuments.applicationId, applicationIds))
    : []
  // An imported application has no resume and its imported credentials no file.
  const fileIds = [
    ...applications.map((row) => row.resumeFileId),
    ...merged.map((row) => row.fileId),
    ...documents.map((row) => row.fileId),
  ].filter((id): id is string => id !== null)
  const [files, notes, history, mail, unsubscribes] = await Promise.all([
    fileIds.length
      ? database.select().from(storedFiles).where(inArray(storedFiles.id, fileIds))
      : [],
    database
      .select()
      .from(staffNotes)
      .where(ofRecords(staffNotes.entityType, staffNotes.entityId))
      .orderBy(asc(staffNotes.createdAt)),
    database
      .select()
      .from(auditLog)
      .where(ofRecords(auditLog.entityType, auditLog.entityId))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
    database
      .select()
      .from(mailOutbox)
      .where(
        or(
          inArray(mailOutbox.reference, references),
          sql`lower(${mailOutbox.toAddress}) = ${email}`,
        ),
      )
      .orderBy(asc(mailOutbox.createdAt)),
    database.select().from(mailUnsubscribes).where(eq(mailUnsubscribes.email, email)),
  ])
  const { storage } = runtime()
  const archived: PersonalDataExport['files'] = []
  for (const file of files) {
    const stream = await storage.get(file.storageKey)
    if (!stream) continue
    // The kept name always ends in the type found in the content; an upload's key does not.
    const extension = file.originalName.split('.').pop() ?? 'bin'
    archived.push({
      name: `files/${file.id}.${extension}`,
      bytes: await readAll(stream),
      modifiedAt: file.createdAt,
    })
  }
  // The audit entry and the export's keys keep the words of their first version.
  await recordAudit(actor, {
    action: 'personal_data_export',
    entityType: 'export',
    after: { applications: applicationIds, clientRequests: requestIds, files: archived.length },
  })
  return {
    data: {
      interpreter_applications: applications,
      client_requests: requests,
      stored_files: files.map((file) => ({
        ...file,
        inArchiveAs: archived.find((entry) => entry.name.includes(file.id))?.name ?? null,
      })),
      interpreter_documents: documents,
      staff_notes: notes,
      audit_log: history,
      mail_outbox: mail,
      mail_unsubscribes: unsubscribes,
    },
    files: archived,
  }
}
