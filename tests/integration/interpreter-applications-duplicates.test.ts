import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  applicationResumes,
  auditLog,
  duplicateDismissals,
  interpreterApplications,
  mailOutbox,
  onboardingStepRecords,
  staffNotes,
  storedFiles,
  users,
} from '../../db/schema'
import type { OnboardingStepKey } from '../../app/domain/onboarding'
import { detectDocumentFileType } from '../../app/lib/uploads/document-file.server'
import {
  decideApplication,
  deleteApplication,
  getResumeFile,
  resumesOf,
} from '../../app/models/interpreter-applications/review.server'
import {
  dismissPossibleDuplicate,
  mergeApplications,
  mergedInto,
  possibleDuplicatesOf,
} from '../../app/models/interpreter-applications/duplicates.server'
import { addStaffNote, historyOf, notesOf } from '../../app/models/audit.server'
import { createInterpreterApplication } from '../../app/models/interpreter-applications/create.server'
import { recordStep } from '../../app/models/onboarding/steps.server'
import { pdfDocument } from '../support/document-fixtures'
import { createStaffActor, emptyTables } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

const YEAR = 365 * 24 * 60 * 60 * 1000

/** An application whose resume's content names the applicant, so files can be told apart. */
async function apply(
  firstName: string,
  contact: { email?: string; phone?: string; at?: Date } = {},
): Promise<string> {
  const bytes = pdfDocument(`${firstName} resume`)
  const { id } = await createInterpreterApplication(
    {
      source: 'language-page',
      sourceReference: 'general-interpreter',
      jobId: null,
      position: 'Professional Interpreter',
      firstName,
      lastName: 'Applicant',
      email: contact.email ?? `${firstName.toLowerCase()}@example.org`,
      phone: contact.phone ?? `+1 212 555 ${String(Math.floor(Math.random() * 9000) + 1000)}`,
      languages: ['Spanish'],
      interpretingExperience: '3-5',
      specializations: [],
      expectedPayPerMinute: '1.00-1.25',
      privacyConsentAt: new Date(),
      privacyNoticeVersion: 'test',
      answers: [],
    },
    {
      bytes,
      originalName: `${firstName} CV.pdf`,
      type: (await detectDocumentFileType(bytes))!,
    },
    { now: contact.at },
  )
  return id
}

describe.each(testDatabaseKinds())('possible duplicates on %s', (kind) => {
  let actor: { id: string; name: string }
  const test = testRuntimeFor(kind)
  beforeEach(async () => {
    await emptyTables(test.db, [
      duplicateDismissals,
      applicationResumes,
      onboardingStepRecords,
      interpreterApplications,
      storedFiles,
      mailOutbox,
      staffNotes,
      auditLog,
      users,
    ])
    actor = await createStaffActor()
  })

  async function duplicatesOf(...ids: string[]) {
    const found = await possibleDuplicatesOf(ids)
    return ids.map((id) =>
      (found.get(id) ?? []).map((duplicate) => [duplicate.id, duplicate.matches.join('+')]),
    )
  }

  it('finds the same e-mail in any case and the same phone digits in any format, both ways, at any age', async () => {
    const original = await apply('Ana', {
      email: 'ana.lopez@example.org',
      phone: '+1 (512) 555-0100',
      at: new Date(Date.now() - 2 * YEAR),
    })
    const sameEmail = await apply('Anita', {
      email: 'Ana.Lopez@EXAMPLE.org',
      phone: '+44 20 7946 0958',
    })
    const samePhone = await apply('Ana B', { email: 'ana.b@example.net', phone: '512.555.0100' })
    const both = await apply('Ana C', { email: 'ANA.LOPEZ@example.org', phone: '5125550100' })
    // Six digits say too little about a person to call anyone a duplicate.
    const shortOne = await apply('Short', { phone: '12 34 56' })
    const shortTwo = await apply('Shorter', { phone: '(12) 3456' })
    const unrelated = await apply('Bea', { phone: '+1 415 555 0199' })

    expect(
      await duplicatesOf(original, sameEmail, samePhone, both, shortOne, shortTwo, unrelated),
    ).toEqual([
      [
        [sameEmail, 'email'],
        [samePhone, 'phone'],
        [both, 'email+phone'],
      ],
      [
        [original, 'email'],
        [both, 'email'],
      ],
      [
        [original, 'phone'],
        [both, 'phone'],
      ],
      [
        [original, 'email+phone'],
        [sameEmail, 'email'],
        [samePhone, 'phone'],
      ],
      [],
      [],
      [],
    ])
    const [row] = await test.db
      .select({ phoneDigits: interpreterApplications.phoneDigits })
      .from(interpreterApplications)
      .where(eq(interpreterApplications.id, shortOne))
    expect(row?.phoneDigits).toBeNull()
  })

  it('forgets a dismissed pair in both directions, stores and audits the dismissal on both records', async () => {
    const first = await apply('Carla', { email: 'carla@example.org' })
    const second = await apply('Carla', { email: 'carla@example.org' })
    const third = await apply('Carla', { email: 'CARLA@example.org' })
    const stranger = await apply('Dora')

    expect(await dismissPossibleDuplicate(second, first, actor)).toBe('done')
    expect(await dismissPossibleDuplicate(first, second, actor)).toBe('done')
    expect(await test.db.$count(duplicateDismissals)).toBe(1)
    expect(await duplicatesOf(first, second, third)).toEqual([
      [[third, 'email']],
      [[third, 'email']],
      [
        [first, 'email'],
        [second, 'email'],
      ],
    ])
    const [firstEntry] = (await historyOf('interpreter_application', first)).filter(
      (entry) => entry.action === 'duplicate_dismissed',
    )
    expect(firstEntry).toMatchObject({
      actorName: 'Sam Staff',
      after: { applicationId: second, email: 'carla@example.org' },
    })
    const secondEntries = (await historyOf('interpreter_application', second)).filter(
      (entry) => entry.action === 'duplicate_dismissed',
    )
    // Dismissing the pair again records nothing new.
    expect(secondEntries).toHaveLength(1)
    expect(secondEntries[0]?.after).toMatchObject({ applicationId: first })

    expect(await dismissPossibleDuplicate(first, stranger, actor)).toBe('not-duplicates')
    expect(await dismissPossibleDuplicate(first, randomUUID(), actor)).toBe('missing')
    expect(await dismissPossibleDuplicate(first, first, actor)).toBe('missing')
  })

  async function completeSteps(id: string, steps: OnboardingStepKey[]) {
    await decideApplication(id, 'approved', { sendEmail: false }, actor)
    for (const step of steps)
      await recordStep(id, step, { outcome: 'waived', note: 'Done elsewhere.' }, actor)
  }

  async function fileBytes(applicationId: string, fileId: string) {
    const file = await getResumeFile(applicationId, fileId)
    const body = file ? await test.runtime.storage.get(file.storageKey) : undefined
    return body ? Buffer.from(await new Response(body).arrayBuffer()).toString('latin1') : ''
  }

  it('merges into the record staff keep: one row, both resumes, both histories, notes, mail and onboarding', async () => {
    const kept = await apply('Elena', { email: 'elena@example.org', phone: '+1 305 555 0123' })
    const merged = await apply('Lena', { email: 'lena@example.net', phone: '(305) 555-0123' })
    const notThem = await apply('Elena', { email: 'lena@example.net', phone: '305-555-0123' })
    await completeSteps(kept, ['contractor_agreement', 'mock_session'])
    await completeSteps(merged, [
      'contractor_agreement',
      'background_check',
      'language_proficiency',
    ])
    await addStaffNote('interpreter_application', merged, 'Called her on Monday.', actor)
    expect(await dismissPossibleDuplicate(merged, notThem, actor)).toBe('done')
    const [keptResume] = await resumesOf(kept)
    const [mergedResume] = await resumesOf(merged)

    expect(await mergeApplications(kept, merged, actor)).toBe('done')

    const remaining = await test.db
      .select({
        id: interpreterApplications.id,
        progress: interpreterApplications.onboardingProgress,
      })
      .from(interpreterApplications)
      .where(sql`${interpreterApplications.id} in (${kept}, ${merged})`)
    // Every step done on either record is done: four distinct steps.
    expect(remaining).toEqual([{ id: kept, progress: 4 }])

    const resumes = await resumesOf(kept)
    expect(resumes.map((resume) => [resume.id, resume.own])).toEqual([
      [keptResume!.id, true],
      [mergedResume!.id, false],
    ])
    expect(await fileBytes(kept, keptResume!.id)).toContain('Elena resume')
    expect(await fileBytes(kept, mergedResume!.id)).toContain('Lena resume')
    expect((await getResumeFile(kept))?.id).toBe(keptResume!.id)
    expect(await getResumeFile(notThem, mergedResume!.id)).toBeUndefined()

    const history = await historyOf('interpreter_application', kept)
    expect(history[0]).toMatchObject({
      action: 'merge',
      after: { applicationId: merged, name: 'Lena Applicant', email: 'lena@example.net' },
      before: { firstName: 'Lena', email: 'lena@example.net' },
    })
    // Both records' status changes and steps are in the kept record's history now.
    expect(history.filter((entry) => entry.action === 'status_change')).toHaveLength(2)
    expect(history.filter((entry) => entry.action === 'duplicate_dismissed')).toHaveLength(1)
    expect((await historyOf('interpreter_application', merged)).map((e) => e.action)).toEqual([
      'merged_into',
    ])
    expect(await mergedInto(merged)).toBe(kept)
    expect((await notesOf('interpreter_application', kept)).map((note) => note.body)).toEqual([
      'Called her on Monday.',
    ])
    const mail = await test.db.select({ reference: mailOutbox.reference }).from(mailOutbox)
    expect(mail.filter((row) => row.reference === `interpreter_application:${kept}`)).toHaveLength(
      4,
    )
    expect(mail.filter((row) => row.reference === `interpreter_application:${merged}`)).toEqual([])
    // Staff said the merged person is not `notThem`: that holds for the kept record too.
    expect(await duplicatesOf(kept, notThem)).toEqual([[], []])

    // Deleting the kept record later deletes both resumes.
    const keys = await test.db.select({ key: storedFiles.storageKey }).from(storedFiles)
    expect(await deleteApplication(kept, actor)).toBe(true)
    expect(await test.db.$count(storedFiles)).toBe(1)
    const gone = keys.filter(({ key }) => !existsSync(path.join(test.dataDir, 'uploads', key)))
    expect(gone).toHaveLength(2)
  })

  it('refuses to merge records that share nothing, and a missing one', async () => {
    const first = await apply('Fay')
    const second = await apply('Gus')
    expect(await mergeApplications(first, second, actor)).toBe('not-duplicates')
    expect(await mergeApplications(first, randomUUID(), actor)).toBe('missing')
    expect(await mergeApplications(first, first, actor)).toBe('missing')
    expect(await test.db.$count(interpreterApplications)).toBe(2)
  })

  it('changes nothing when the merge fails halfway', async () => {
    const kept = await apply('Hana', { email: 'hana@example.org' })
    const merged = await apply('Hana', { email: 'hana@example.org' })
    await addStaffNote('interpreter_application', merged, 'Second application.', actor)
    await completeSteps(merged, ['contractor_agreement'])
    // Break the last table the merge writes to, for this test only.
    await test.db.execute(sql`alter table form_submissions rename to form_submissions_away`)
    try {
      await expect(mergeApplications(kept, merged, actor)).rejects.toThrow()
    } finally {
      await test.db.execute(sql`alter table form_submissions_away rename to form_submissions`)
    }
    expect(await test.db.$count(interpreterApplications)).toBe(2)
    expect(await test.db.$count(applicationResumes)).toBe(0)
    expect(await resumesOf(kept)).toHaveLength(1)
    expect(await notesOf('interpreter_application', merged)).toHaveLength(1)
    expect(await notesOf('interpreter_application', kept)).toHaveLength(0)
    const keptHistory = await historyOf('interpreter_application', kept)
    expect(keptHistory.map((entry) => entry.action)).toEqual([])
    const [keptRow] = await test.db
      .select({ progress: interpreterApplications.onboardingProgress })
      .from(interpreterApplications)
      .where(eq(interpreterApplications.id, kept))
    expect(keptRow?.progress).toBe(0)
    expect(
      await test.db.$count(onboardingStepRecords, eq(onboardingStepRecords.applicationId, kept)),
    ).toBe(0)
    expect(await mergeApplications(kept, merged, actor)).toBe('done')
  })
})
