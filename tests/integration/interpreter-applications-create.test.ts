import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  formSubmissions,
  interpreterApplications,
  mailOutbox,
  rateLimitWindows,
  storedFiles,
} from '../../db/schema'
import { PRIVACY_NOTICE_VERSION } from '../../app/content/privacy-notice'
import { resolvePosition } from '../../app/content/interpreter-positions'
import { careersLanguages, languageSlug } from '../../app/content/marketing/careers'
import {
  APPLICATION_RATE_LIMIT,
  submitInterpreterApplication,
} from '../../app/routes/careers/+shared/application-action.server'
import { newStorageKey } from '../../app/platform/storage/file-storage.server'
import { sweepOrphanFiles } from '../../app/platform/storage/orphan-sweep.server'
import { detectDocumentFileType } from '../../app/lib/uploads/document-file.server'
import {
  createInterpreterApplication,
  type NewInterpreterApplication,
} from '../../app/models/interpreter-applications/create.server'
import { getOpenJobPosting } from '../../app/models/job-postings.server'
import { pdfDocument, pngImage } from '../support/document-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

const applicant: NewInterpreterApplication = {
  source: 'language-page',
  sourceReference: 'korean-interpreter',
  jobId: null,
  position: 'Korean Interpreter',
  firstName: 'Min-ji',
  lastName: 'Park',
  email: 'minji.park@example.org',
  phone: '+1 213 555 0147',
  address: '350 S Grand Ave',
  city: 'Los Angeles',
  state: 'CA',
  zipCode: '90071',
  englishLevel: 'fluent',
  languages: ['Korean', 'English'],
  interpretingExperience: '3-5',
  medicalExperience: '1-3',
  specializations: ['medical'],
  availability: '20-30',
  expectedPayPerMinute: '0.75-1.00',
  additionalInfo: 'CCHI certified since 2021.',
  privacyConsentAt: new Date(),
  privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
  answers: [['Level of spoken English', 'Fluent']],
}

async function pdfResume() {
  const bytes = pdfDocument('Min-ji Park, Korean interpreter')
  return { bytes, originalName: 'Park CV.pdf', type: (await detectDocumentFileType(bytes))! }
}

/** Every file under DATA_DIR/uploads, as storage keys. */
function storedKeys(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads')
  if (!existsSync(root)) return []
  return readdirSync(root, { recursive: true })
    .map(String)
    .filter((entry) => !entry.endsWith('/') && /\.\w+$/.test(entry))
    .map((entry) => entry.split(path.sep).join('/'))
}

/** A multipart POST like the browser sends from the language page form. */
function applicationRequest(fields: Record<string, string>, resume: Buffer, filename: string) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('resume', new File([new Uint8Array(resume)], filename, { type: 'application/pdf' }))
  return new Request('http://localhost/application?language=korean-interpreter', {
    method: 'POST',
    body: form,
  })
}

const fullForm = {
  firstName: 'Min-ji',
  lastName: 'Park',
  email: 'minji.park@example.org',
  phone: '+1 213 555 0147',
  address: '350 S Grand Ave',
  city: 'Los Angeles',
  state: 'CA',
  nativeLanguage: 'fluent',
  interpretingExperience: '3-5',
  medicalExperience: '1-3',
  legalAvailability: '20-30',
  expectedPayPerMinute: '0.75-1.00',
  privacyConsent: 'on',
}

describe.each(testDatabaseKinds())('interpreter applications on %s', (kind) => {
  const test = testRuntimeFor(kind, { env: { STAFF_NOTIFY_EMAIL: 'recruiting@example.com' } })
  beforeEach(async () => {
    await test.db.delete(mailOutbox)
    await test.db.delete(formSubmissions)
    await test.db.delete(interpreterApplications)
    await test.db.delete(storedFiles)
    await test.db.delete(rateLimitWindows)
    rmSync(path.join(test.dataDir, 'uploads'), { recursive: true, force: true })
  })

  it('stores a pending application with its resume and queues the acknowledgement and the staff notification', async () => {
    const { id, created } = await createInterpreterApplication(applicant, await pdfResume())
    expect(created).toBe(true)
    const [stored] = await test.db
      .select()
      .from(interpreterApplications)
      .innerJoin(storedFiles, eq(storedFiles.id, interpreterApplications.resumeFileId))
      .where(eq(interpreterApplications.id, id))
    expect(stored?.interpreter_applications).toMatchObject({
      status: 'pending',
      onboardingProgress: 0,
      firstName: 'Min-ji',
      languages: ['Korean', 'English'],
      specializations: ['medical'],
      sourceReference: 'korean-interpreter',
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      phoneDigits: '2135550147',
    })
    expect(stored?.stored_files).toMatchObject({
      originalName: 'Park CV.pdf',
      mediaType: 'application/pdf',
    })
    const file = path.join(test.dataDir, 'uploads', stored!.stored_files.storageKey)
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-')

    const mails = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.reference, `interpreter_application:${id}`))
    expect(mails.map((mail) => [mail.template, mail.toAddress]).sort()).toEqual([
      ['interpreter-application-acknowledgement', 'minji.park@example.org'],
      ['interpreter-application-staff-notification', 'recruiting@example.com'],
    ])
    const acknowledgement = mails.find((mail) => mail.toAddress === 'minji.park@example.org')
    expect(acknowledgement?.text).toContain('get back to you within 24 hours')
    expect(acknowledgement?.text).toContain('Korean Interpreter')
    expect(acknowledgement?.replyTo).toBe('info@example.com')
    // Sent to an unverified address: nothing the applicant typed is repeated in it.
    expect(acknowledgement?.text).not.toContain('Park CV')
    expect(acknowledgement?.text).not.toContain('Min-ji')
  })

  it('rolls back the row and deletes the file when the e-mails cannot be queued', async () => {
    await test.db.execute(sql`alter table mail_outbox rename to mail_outbox_away`)
    try {
      await expect(
        createInterpreterApplication(applicant, await pdfResume(), { formToken: randomUUID() }),
      ).rejects.toThrow()
    } finally {
      await test.db.execute(sql`alter table mail_outbox_away rename to mail_outbox`)
    }
    expect(await test.db.$count(interpreterApplications)).toBe(0)
    expect(await test.db.$count(storedFiles)).toBe(0)
    expect(await test.db.$count(formSubmissions)).toBe(0)
    expect(storedKeys(test.dataDir)).toEqual([])
  })

  it('creates one application, one file and two e-mails for a double submit with the same token', async () => {
    const formToken = randomUUID()
    const before = storedKeys(test.dataDir).length
    const [first, second] = await Promise.all([
      createInterpreterApplication(applicant, await pdfResume(), { formToken }),
      createInterpreterApplication(applicant, await pdfResume(), { formToken }),
    ])
    expect(first!.id).toBe(second!.id)
    expect([first!.created, second!.created].sort()).toEqual([false, true])
    expect(await test.db.$count(interpreterApplications)).toBe(1)
    expect(await test.db.$count(mailOutbox)).toBe(2)
    expect(storedKeys(test.dataDir).length - before).toBe(1)
  })

  it('tells staff when an earlier application, of any age, has the same e-mail address or phone number', async () => {
    const year = 365 * 24 * 60 * 60 * 1000
    const first = await createInterpreterApplication(applicant, await pdfResume(), {
      now: new Date(Date.now() - year),
    })
    const sameEmail = await createInterpreterApplication(
      { ...applicant, email: 'MinJi.Park@Example.org', phone: '+44 20 7946 0958' },
      await pdfResume(),
    )
    const samePhone = await createInterpreterApplication(
      { ...applicant, email: 'mj.park@example.net', phone: '(213) 555-0147' },
      await pdfResume(),
    )
    const other = await createInterpreterApplication(
      { ...applicant, email: 'someone.else@example.org', phone: '+1 415 555 0100' },
      await pdfResume(),
    )
    const notification = async (id: string) => {
      const [mail] = await test.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.reference, `interpreter_application:${id}`),
            eq(mailOutbox.template, 'interpreter-application-staff-notification'),
          ),
        )
      return mail!
    }
    expect((await notification(first.id)).subject).not.toContain('possible duplicate')
    expect((await notification(other.id)).subject).not.toContain('possible duplicate')
    const byEmail = await notification(sameEmail.id)
    expect(byEmail.subject).toContain('possible duplicate')
    expect(byEmail.text).toContain(`same e-mail address arrived on`)
    expect(byEmail.text).toContain(first.id)
    const byPhone = await notification(samePhone.id)
    expect(byPhone.text).toContain(`same phone number arrived on`)
    expect(byPhone.text).toContain(first.id)
  })

  it('sweeps stored files that no record refers to once they are an hour old', async () => {
    const { id } = await createInterpreterApplication(applicant, await pdfResume())
    const [kept] = await test.db
      .select({ key: storedFiles.storageKey })
      .from(storedFiles)
      .innerJoin(interpreterApplications, eq(interpreterApplications.resumeFileId, storedFiles.id))
      .where(eq(interpreterApplications.id, id))
    const orphan = newStorageKey('resumes', 'pdf')
    const young = newStorageKey('resumes', 'pdf')
    await test.runtime.storage.put(orphan, pdfDocument(), { contentType: 'application/pdf' })
    await test.runtime.storage.put(young, pdfDocument(), { contentType: 'application/pdf' })
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
    for (const key of [kept!.key, orphan])
      utimesSync(path.join(test.dataDir, 'uploads', key), twoHoursAgo, twoHoursAgo)

    expect(await sweepOrphanFiles(test.db, test.runtime.storage)).toEqual([orphan])
    expect(storedKeys(test.dataDir).sort()).toEqual([kept!.key, young].sort())
  })

  describe('the form action', () => {
    const flow = {
      source: 'language-page' as const,
      position: resolvePosition('korean-interpreter'),
    }

    it('stores an application from the language page with its source and consent', async () => {
      const response = await submitInterpreterApplication(
        applicationRequest({ ...fullForm, formToken: randomUUID() }, pdfDocument(), 'cv.pdf'),
        flow,
        '203.0.113.7',
      )
      expect(response).toMatchObject({ submitted: true })
      const [row] = await test.db.select().from(interpreterApplications)
      expect(row).toMatchObject({
        source: 'language-page',
        sourceReference: 'korean-interpreter',
        position: 'Korean Interpreter',
        englishLevel: 'fluent',
        availability: '20-30',
        languages: ['Korean', 'English'],
        privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      })
      expect(Date.now() - row!.privacyConsentAt.getTime()).toBeLessThan(60_000)
    })

    it('keeps the language of every Careers tile, also where the page reads Professional Interpreter', async () => {
      for (const [index, language] of careersLanguages.entries()) {
        const position = resolvePosition(languageSlug(language))
        const email = `${languageSlug(language).replace(/[^a-z]/g, '')}@example.org`
        const response = await submitInterpreterApplication(
          applicationRequest(
            { ...fullForm, email, fluentLanguages: '', formToken: randomUUID() },
            pdfDocument(),
            'cv.pdf',
          ),
          { source: 'language-page', position },
          `198.51.100.${index}`,
        )
        expect(response).toMatchObject({ submitted: true })
        const [row] = await test.db
          .select()
          .from(interpreterApplications)
          .where(eq(interpreterApplications.email, email))
        expect({ language, position: row!.position, languages: row!.languages }).toEqual({
          language,
          position: `${language} Interpreter`,
          languages: [language, 'English'],
        })
        const notification = await test.db
          .select()
          .from(mailOutbox)
          .where(
            and(
              eq(mailOutbox.reference, `interpreter_application:${row!.id}`),
              eq(mailOutbox.template, 'interpreter-application-staff-notification'),
            ),
          )
        expect(notification[0]!.text).toContain(`${language} Interpreter`)
        expect(notification[0]!.text).toContain(`/admin/interpreters/${row!.id}`)
      }
      // The page itself shows the general title for slugs it does not know
      // (docs/product.md#application-page).
      expect(resolvePosition('asl-interpreter').title).toBe('Professional Interpreter')
    })

    it('stores an application from a job posting with the job it came from', async () => {
      const job = (await getOpenJobPosting('greek-english-remote-interpreter'))!
      const form = new FormData()
      for (const [name, value] of Object.entries({
        firstName: 'Eleni',
        lastName: 'Papadopoulou',
        email: 'eleni@example.org',
        phone: '+1 312 555 0110',
        nativeLanguage: 'Greek',
        interpretingExperience: '4-5',
        expectedPayPerMinute: 'negotiable',
        privacyConsent: 'on',
      }))
        form.append(name, value)
      form.append('resume', new File([new Uint8Array(pdfDocument())], 'eleni.pdf'))
      const response = await submitInterpreterApplication(
        new Request('http://localhost/jobs/x', { method: 'POST', body: form }),
        { source: 'job-posting', job },
        '203.0.113.8',
      )
      expect(response).toMatchObject({ submitted: true })
      const [row] = await test.db.select().from(interpreterApplications)
      expect(row).toMatchObject({
        source: 'job-posting',
        jobId: 'greek-english-remote-interpreter',
        position: 'Greek-English Remote Interpreter',
        nativeLanguage: 'Greek',
        languages: ['Greek', 'English'],
        address: null,
      })
    })

    it('refuses a file that is not a PDF, DOC or DOCX whatever its name, and stores nothing', async () => {
      const response = await submitInterpreterApplication(
        applicationRequest({ ...fullForm, formToken: randomUUID() }, pngImage(), 'cv.pdf'),
        flow,
        '203.0.113.9',
      )
      expect(response).toMatchObject({ init: { status: 400 } })
      const body = (response as { data: { result: { error: Record<string, string[]> } } }).data
      expect(body.result.error.resume?.[0]).toMatch(/not a PDF, DOC or DOCX/)
      expect(await test.db.$count(interpreterApplications)).toBe(0)
      expect(storedKeys(test.dataDir)).toEqual([])
    })

    it('tells the applicant clearly when the application could not be stored, leaving nothing behind', async () => {
      await test.db.execute(sql`alter table mail_outbox rename to mail_outbox_away`)
      let response: unknown
      try {
        response = await submitInterpreterApplication(
          applicationRequest({ ...fullForm, formToken: randomUUID() }, pdfDocument(), 'cv.pdf'),
          flow,
          '203.0.113.11',
        )
      } finally {
        await test.db.execute(sql`alter table mail_outbox_away rename to mail_outbox`)
      }
      expect(response).toMatchObject({ init: { status: 500 } })
      const body = (response as { data: { result: { error: Record<string, string[]> } } }).data
      expect(body.result.error['']?.[0]).toMatch(
        /could not save your application.*nothing was stored/,
      )
      expect(await test.db.$count(interpreterApplications)).toBe(0)
      expect(await test.db.$count(formSubmissions)).toBe(0)
      expect(storedKeys(test.dataDir)).toEqual([])
    })

    it('drops a submission whose honeypot is filled while answering like a success', async () => {
      const response = await submitInterpreterApplication(
        applicationRequest(
          { ...fullForm, formToken: randomUUID(), websiteUrl: 'http://spam.example' },
          pdfDocument(),
          'cv.pdf',
        ),
        flow,
        '203.0.113.10',
      )
      expect(response).toMatchObject({ submitted: true })
      expect(await test.db.$count(interpreterApplications)).toBe(0)
      expect(await test.db.$count(mailOutbox)).toBe(0)
    })

    it('answers 429 with Retry-After once an address has used up its limit', async () => {
      const ip = '198.51.100.20'
      const windowStart =
        Math.floor(Date.now() / APPLICATION_RATE_LIMIT.windowMs) * APPLICATION_RATE_LIMIT.windowMs
      await test.db.insert(rateLimitWindows).values({
        bucket: APPLICATION_RATE_LIMIT.bucket,
        key: ip,
        windowStart: new Date(windowStart),
        hits: APPLICATION_RATE_LIMIT.limit,
        expiresAt: new Date(windowStart + APPLICATION_RATE_LIMIT.windowMs),
      })
      const response = await submitInterpreterApplication(
        applicationRequest({ ...fullForm, formToken: randomUUID() }, pdfDocument(), 'cv.pdf'),
        flow,
        ip,
      )
      expect(response).toMatchObject({ init: { status: 429 } })
      const init = (response as { init: { headers: Record<string, string> } }).init
      expect(Number(init.headers['Retry-After'])).toBeGreaterThan(0)
      expect(await test.db.$count(interpreterApplications)).toBe(0)
    })
  })
})
