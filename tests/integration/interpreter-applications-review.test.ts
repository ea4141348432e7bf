import { existsSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  interpreterApplications,
  mailOutbox,
  onboardingStepRecords,
  storedFiles,
  users,
} from '../../db/schema'
import { setClock } from '../../app/platform/clock.server'
import { detectDocumentFileType } from '../../app/lib/uploads/document-file.server'
import {
  applicationCounts,
  applicationsMatching,
  decideApplication,
  deleteApplication,
  listApplications,
  setApplicationStatus,
} from '../../app/models/interpreter-applications/review.server'
import { createInterpreterApplication } from '../../app/models/interpreter-applications/create.server'
import { onboardingStepKeys } from '../../app/domain/onboarding'
import { onboardingCounts } from '../../app/models/onboarding/board.server'
import { OnboardingRuleError } from '../../app/models/onboarding/documents.server'
import { clearStepRecord, recordStep } from '../../app/models/onboarding/steps.server'
import { pdfDocument } from '../support/document-fixtures'
import { createStaffActor, emptyTables } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

const DAY = 24 * 60 * 60 * 1000

async function apply(
  firstName: string,
  languages: string[],
  email = `${firstName.toLowerCase()}@example.org`,
) {
  const bytes = pdfDocument(`${firstName} resume`)
  const { id } = await createInterpreterApplication(
    {
      source: 'language-page',
      sourceReference: 'general-interpreter',
      jobId: null,
      position: 'Professional Interpreter',
      firstName,
      lastName: 'Applicant',
      email,
      phone: '+1 512 555 0100',
      languages,
      interpretingExperience: '3-5',
      specializations: [],
      expectedPayPerMinute: '1.00-1.25',
      privacyConsentAt: new Date(),
      privacyNoticeVersion: 'test',
      answers: [],
    },
    { bytes, originalName: 'cv.pdf', type: (await detectDocumentFileType(bytes))! },
  )
  return id
}

const filters = { q: '', status: 'all', sort: 'createdAt', direction: 'desc', page: 1 } as const

describe.each(testDatabaseKinds())('application administration on %s', (kind) => {
  let actor: { id: string; name: string }
  const test = testRuntimeFor(kind)
  beforeEach(async () => {
    await emptyTables(test.db, [
      onboardingStepRecords,
      interpreterApplications,
      storedFiles,
      mailOutbox,
      auditLog,
      users,
    ])
    actor = await createStaffActor()
  })
  afterEach(() => setClock())

  it('searches name, e-mail and languages case-insensitively, or name and e-mail only', async () => {
    await apply('Amira', ['Arabic', 'English'])
    await apply('Bao', ['Vietnamese', 'Cantonese', 'English'])
    const byLanguage = await listApplications({ ...filters, q: 'CANTON' })
    expect(byLanguage.items.map((item) => item.firstName)).toEqual(['Bao'])
    expect((await listApplications({ ...filters, q: 'amira@' })).total).toBe(1)
    expect(
      (await listApplications({ ...filters, q: 'cantonese', searchIn: 'name-email' })).total,
    ).toBe(0)
    // LIKE wildcards typed by staff are plain characters.
    expect((await listApplications({ ...filters, q: '%' })).total).toBe(0)
  })

  it("counts per status, this week's applications and the fully onboarded", async () => {
    const old = await apply('Old', ['Thai'])
    await test.db
      .update(interpreterApplications)
      .set({ createdAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(interpreterApplications.id, old))
    const approved = await apply('Approved', ['Lao'])
    await apply('Pending', ['Khmer'])
    await decideApplication(approved, 'approved', { sendEmail: false }, actor)
    expect(await applicationCounts()).toMatchObject({
      total: 3,
      pending: 2,
      approved: 1,
      thisWeek: 2,
      fullyOnboarded: 0,
    })
    for (const step of onboardingStepKeys)
      await recordStep(approved, step, { outcome: 'waived', note: 'Done before.' }, actor)
    expect((await applicationCounts()).fullyOnboarded).toBe(1)
    expect(await onboardingCounts()).toEqual({
      approved: 1,
      not_started: 0,
      in_progress: 0,
      complete: 1,
    })
  })

  it('derives onboarding progress from the staff records, for approved interpreters only', async () => {
    const id = await apply('Ina', ['Hmong'])
    const waive = { outcome: 'waived', note: 'Certified elsewhere.' } as const
    await expect(recordStep(id, 'contractor_agreement', waive, actor)).rejects.toThrow(
      OnboardingRuleError,
    )
    await decideApplication(id, 'approved', { sendEmail: false }, actor)
    const progress = async () => {
      const [row] = await test.db
        .select()
        .from(interpreterApplications)
        .where(eq(interpreterApplications.id, id))
      return row?.onboardingProgress
    }
    await recordStep(id, 'contractor_agreement', waive, actor)
    await recordStep(id, 'contractor_agreement', waive, actor)
    expect(await progress()).toBe(1)
    await recordStep(id, 'mock_session', { outcome: 'passed', note: null }, actor)
    expect(await progress()).toBe(2)
    await recordStep(id, 'mock_session', { outcome: 'failed', note: 'Missed terms.' }, actor)
    expect(await progress()).toBe(1)
    await expect(
      recordStep(id, 'background_check', { outcome: 'passed', note: null }, actor),
    ).rejects.toThrow('Only the mock session has a result to record.')
    expect(await clearStepRecord(id, 'contractor_agreement', actor)).toBe(true)
    expect(await clearStepRecord(id, 'contractor_agreement', actor)).toBe(false)
    expect(await progress()).toBe(0)
    const [record] = await test.db.select().from(onboardingStepRecords)
    expect(record).toMatchObject({
      step: 'mock_session',
      outcome: 'failed',
      recordedByName: 'Sam Staff',
    })
  })

  it('approves with a queued decision e-mail, or without one, once', async () => {
    const withMail = await apply('Mail', ['Korean'])
    const withoutMail = await apply('Quiet', ['Korean'])
    await test.db.delete(mailOutbox)
    expect(await decideApplication(withMail, 'approved', { sendEmail: true }, actor)).toBe(
      'decided',
    )
    expect(await decideApplication(withoutMail, 'rejected', { sendEmail: false }, actor)).toBe(
      'decided',
    )
    expect(await decideApplication(withMail, 'rejected', { sendEmail: true }, actor)).toBe(
      'already-decided',
    )
    const mails = await test.db.select().from(mailOutbox)
    // The approval also makes the portal account, whose invitation goes out with it.
    expect(mails.map((mail) => [mail.template, mail.toAddress]).sort()).toEqual([
      ['application-approved', 'mail@example.org'],
      ['interpreter-invitation', 'mail@example.org'],
    ])
    // It invites a reply: replies go to the mailbox staff read, not to MAIL_FROM.
    const decisionMail = mails.find((mail) => mail.template === 'application-approved')
    expect(decisionMail!.replyTo).toBe('info@example.com')
    const history = await test.db.select().from(auditLog).where(eq(auditLog.entityId, withMail))
    expect(history.map((entry) => entry.action).sort()).toEqual(['decision_email', 'status_change'])
  })

  it('decides an application with an interview scheduled, and never one already decided', async () => {
    const interviewed = await apply('Interviewed', ['Korean'])
    await setApplicationStatus(interviewed, 'interview_scheduled', actor)
    await test.db.delete(mailOutbox)
    expect(await decideApplication(interviewed, 'approved', { sendEmail: true }, actor)).toBe(
      'decided',
    )
    const [row] = await test.db
      .select()
      .from(interpreterApplications)
      .where(eq(interpreterApplications.id, interviewed))
    expect(row?.status).toBe('approved')
    // The decision e-mail and the portal invitation.
    expect(await test.db.$count(mailOutbox)).toBe(2)
    // Reopened first, then decided again.
    await setApplicationStatus(interviewed, 'pending', actor)
    expect(await decideApplication(interviewed, 'rejected', { sendEmail: false }, actor)).toBe(
      'decided',
    )
  })

  it('deletes the application, its file row and its stored file', async () => {
    const id = await apply('Gone', ['Somali'])
    const [file] = await test.db.select().from(storedFiles)
    const filePath = path.join(test.dataDir, 'uploads', file!.storageKey)
    expect(existsSync(filePath)).toBe(true)
    expect(await deleteApplication(id, actor)).toBe(true)
    expect(await test.db.$count(interpreterApplications)).toBe(0)
    expect(await test.db.$count(storedFiles)).toBe(0)
    expect(existsSync(filePath)).toBe(false)
    expect(await deleteApplication(id, actor)).toBe(false)
    const [entry] = await test.db.select().from(auditLog).where(eq(auditLog.action, 'delete'))
    expect((entry?.before as { firstName: string }).firstName).toBe('Gone')
  })

  it('exports every matching application in the list order, a batch at a time', async () => {
    const names = ['Carla', 'Amira', 'Bao', 'Elif', 'Dara', 'Farah', 'Goran']
    const ids: string[] = []
    for (const [index, name] of names.entries()) {
      setClock(() => new Date(Date.UTC(2026, 0, 1 + index)))
      ids.push(await apply(name, index % 2 ? ['Arabic'] : ['Thai']))
    }
    await setApplicationStatus(ids[2]!, 'interview_scheduled', actor)
    await setApplicationStatus(ids[5]!, 'interview_scheduled', actor)
    const exported = async (chosen: Parameters<typeof applicationsMatching>[0]) => {
      const { count, batches } = await applicationsMatching(chosen, 3)
      const sizes: number[] = []
      const rows: string[] = []
      for await (const batch of batches) {
        sizes.push(batch.length)
        rows.push(...batch.map((row) => row.firstName))
      }
      expect(rows).toHaveLength(count)
      return { rows, sizes }
    }
    const listed = async (chosen: Parameters<typeof listApplications>[0]) =>
      (await listApplications(chosen)).items.map((item) => item.firstName)
    for (const chosen of [
      filters,
      { ...filters, direction: 'asc' },
      { ...filters, sort: 'name', direction: 'asc' },
      { ...filters, sort: 'name', direction: 'desc' },
      { ...filters, sort: 'status', direction: 'asc' },
      { ...filters, q: 'arabic' },
      { ...filters, status: 'pending' },
    ] as const) {
      const { rows } = await exported(chosen)
      expect(rows).toEqual(await listed(chosen))
    }
    expect((await exported(filters)).sizes).toEqual([3, 3, 1])
    expect((await exported({ ...filters, q: 'nobody' })).sizes).toEqual([])

    // A row deleted after the ids were read is left out; the others keep their places.
    const { batches } = await applicationsMatching(filters, 3)
    await deleteApplication(ids[5]!, actor)
    const rows: string[] = []
    for await (const batch of batches) rows.push(...batch.map((row) => row.firstName))
    expect(rows).toEqual(['Goran', 'Dara', 'Elif', 'Bao', 'Amira', 'Carla'])
  })
})
