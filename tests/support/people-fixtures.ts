import type { PgTable } from 'drizzle-orm/pg-core'
import type { Actor } from '../../app/models/audit.server'
import { createResource, setResourceAudience } from '../../app/models/resources.server'
import { createUser } from '../../app/models/users.server'
import { eq } from 'drizzle-orm'
import { interpreterApplications, type ApplicationStatus } from '../../db/schema'
import type { Database } from '../../app/platform/db.server'
import { detectDocumentFileType } from '../../app/lib/uploads/document-file.server'
import { createInterpreterApplication } from '../../app/models/interpreter-applications/create.server'
import { pdfDocument } from './document-fixtures'

/** An interpreter application (through the real model, resume and all) with the given status. */
export async function createApplicant(
  db: Database,
  person: {
    firstName: string
    lastName?: string
    email: string
    status?: ApplicationStatus
    /** As the application flow stored them; Spanish unless given. */
    languages?: string[]
  },
): Promise<string> {
  const bytes = pdfDocument(`${person.firstName} resume`)
  const { id } = await createInterpreterApplication(
    {
      source: 'language-page',
      sourceReference: 'general-interpreter',
      jobId: null,
      position: 'Professional Interpreter',
      firstName: person.firstName,
      lastName: person.lastName ?? 'Applicant',
      email: person.email,
      phone: '+1 512 555 0100',
      languages: person.languages ?? ['Spanish'],
      interpretingExperience: '3-5',
      specializations: [],
      expectedPayPerMinute: '1.00-1.25',
      privacyConsentAt: new Date(),
      privacyNoticeVersion: 'test',
      answers: [],
    },
    { bytes, originalName: 'cv.pdf', type: (await detectDocumentFileType(bytes))! },
  )
  if (person.status && person.status !== 'pending')
    await db
      .update(interpreterApplications)
      .set({ status: person.status })
      .where(eq(interpreterApplications.id, id))
  return id
}

/** Empties the tables, in the order given (children before parents). */
export async function emptyTables(db: Database, tables: PgTable[]) {
  for (const table of tables) await db.delete(table)
}

/** A staff account to act as in a test, with its audit actor. */
export async function createStaffActor(email = 'staff@example.com'): Promise<Actor> {
  const admin = await createUser({
    email,
    name: 'Sam Staff',
    role: 'admin',
    password: 'a long staff password',
  })
  return { id: admin.id, name: admin.name }
}

/** A resource every interpreter must read and confirm (required reading). */
export async function createRequiredReading(title: string, actor: Actor): Promise<string> {
  const resourceId = await createResource(
    { title, type: 'guide', url: 'https://example.org/handbook' },
    actor,
  )
  await setResourceAudience(resourceId, 'required', actor)
  return resourceId
}
