import { readdirSync, readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { mailOutbox, rateLimitWindows } from '../../db/schema'
import { APPLICATION_RATE_LIMIT } from '../../app/routes/careers/+shared/application-action.server'
import { largePdf, pdfDocument, pngImage } from '../support/document-fixtures'
import { eventually, expect, expectNoAxeViolations, test } from './fixtures'
import {
  applicationForm,
  countApplications,
  expectFieldError,
  fillJobPostingForm,
  findApplication,
  postTwiceWithSameToken,
  resumeInput,
  uploadedFiles,
  type JobPostingAnswers,
} from './recruiting-helpers'

const JOB = '/jobs/greek-english-remote-interpreter'

const answers = (email: string): JobPostingAnswers => ({
  firstName: 'Eleni',
  lastName: 'Papadopoulou',
  email,
  phone: '+1 312 555 0110',
  nativeLanguage: 'Greek',
  interpretingExperience: '4-5 years',
  expectedPayPerMinute: '$1.00 - $1.50',
  additionalInfo: 'Court interpreter in Athens for six years.',
})

test.describe('applying on a job posting', () => {
  test('shows the posting and stores an application with its resume and two e-mails', async ({
    page,
    app,
  }) => {
    await page.goto(JOB)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Greek-English Remote Interpreter' }),
    ).toBeVisible()
    const tags = page.getByRole('list', { name: 'Position type' })
    await expect(tags.getByRole('listitem')).toHaveText(['Remote', 'Contract', 'Interpreting'])
    for (const heading of ['Requirements', 'Responsibilities', 'Benefits'])
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    await expect(page.getByText('A minimum of 2 years of interpreting experience')).toBeVisible()

    const form = applicationForm(page)
    await expect(form.getByLabel('Additional Information')).toHaveAttribute(
      'placeholder',
      /true.*false information is grounds for disqualification/,
    )
    await expect(resumeInput(form)).toHaveAccessibleName(/max 10MB/)
    await fillJobPostingForm(form, answers('eleni@example.org'))
    const resume = pdfDocument('Eleni Papadopoulou - Greek interpreter')
    await resumeInput(form).setInputFiles({
      name: 'Eleni CV.pdf',
      mimeType: 'application/pdf',
      buffer: resume,
    })
    await form.getByRole('button', { name: 'Submit Application' }).click()

    const confirmation = page.getByRole('status').filter({ hasText: 'Application Submitted!' })
    await expect(
      confirmation.getByRole('heading', { name: 'Application Submitted!' }),
    ).toBeVisible()
    await expect(confirmation).toContainText(
      "Thank you for your interest. We'll review your application and get back to you soon.",
    )
    await expect(confirmation.getByRole('link', { name: 'Back to Careers' })).toHaveAttribute(
      'href',
      '/careers',
    )

    const { application, file, bytes } = await findApplication(app, 'eleni@example.org')
    expect(application).toMatchObject({
      status: 'pending',
      onboardingProgress: 0,
      source: 'job-posting',
      jobId: 'greek-english-remote-interpreter',
      firstName: 'Eleni',
      lastName: 'Papadopoulou',
      phone: '+1 312 555 0110',
      nativeLanguage: 'Greek',
      interpretingExperience: '4-5',
      expectedPayPerMinute: '1.00-1.50',
      additionalInfo: 'Court interpreter in Athens for six years.',
    })
    expect(file).toMatchObject({ originalName: 'Eleni CV.pdf', mediaType: 'application/pdf' })
    expect(file.storageKey).toMatch(/^resumes\/\d{4}-\d{2}\/[0-9a-f-]{36}\.pdf$/)
    expect(bytes?.equals(resume)).toBe(true)

    const sent = await eventually(async () => {
      const mails = await app.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.reference, `interpreter_application:${application.id}`))
      expect(mails.map((mail) => mail.status)).toEqual(['sent', 'sent'])
      return mails
    })
    expect(sent.map((mail) => mail.toAddress).sort()).toEqual([
      'eleni@example.org',
      'staff@example.com',
    ])
    const eml = readdirSync(app.mailDir)
      .filter((name) => sent.some((mail) => name.includes(mail.id)))
      .map((name) => readFileSync(`${app.mailDir}/${name}`, 'utf8'))
      .join('\n')
    expect(eml).toContain('within 24 hours')
    await expectNoAxeViolations(page, 'job posting confirmation')
  })

  test('shows errors next to the missing required fields and keeps what was typed', async ({
    page,
    app,
  }) => {
    const before = await countApplications(app)
    await page.goto(JOB)
    const form = applicationForm(page)
    await form.getByLabel('First Name').fill('Nikos')
    await form.getByRole('button', { name: 'Submit Application' }).click()

    for (const label of ['Last Name', 'Email Address', 'Phone Number', 'Native Language'])
      await expectFieldError(page, form.getByLabel(label), 'This field is required.')
    await expectFieldError(page, resumeInput(form), 'Please choose a file.')
    await expectFieldError(
      page,
      form.getByLabel('Interpreting Experience'),
      'Please select an option.',
    )
    await expectFieldError(
      page,
      form.getByLabel('Expected Pay Per Minute'),
      'Please select an option.',
    )
    await expect(form.getByLabel('Additional Information')).not.toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await expect(form.getByLabel('First Name')).toHaveValue('Nikos')
    await expectNoAxeViolations(page, 'job posting form with errors')
    expect(await countApplications(app)).toBe(before)
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the server reports the same errors and keeps the input', async ({ page }) => {
      await page.goto(JOB)
      const form = applicationForm(page)
      await form.getByLabel('First Name').fill('Nikos')
      await form.getByLabel('Email Address').fill('nikos@example')
      await form.locator('form').evaluate((element) => element.setAttribute('novalidate', ''))
      const response = page.waitForResponse((res) => res.request().method() === 'POST')
      await form.getByRole('button', { name: 'Submit Application' }).click()
      expect((await response).status()).toBe(400)
      await expectFieldError(page, form.getByLabel('Last Name'), 'Please enter your last name.')
      await expectFieldError(
        page,
        form.getByLabel('Email Address'),
        'Please enter a valid email address.',
      )
      await expectFieldError(
        page,
        resumeInput(form),
        'Please choose your resume (PDF, DOC or DOCX).',
      )
      await expectFieldError(
        page,
        form.getByLabel(/I have read the privacy notice/),
        'Please confirm that you have read the privacy notice.',
      )
      await expect(form.getByLabel('First Name')).toHaveValue('Nikos')
    })
  })

  test('refuses a file that is not a PDF, DOC or DOCX even when it is named .pdf', async ({
    page,
    app,
  }) => {
    const filesBefore = uploadedFiles(app).length
    await page.goto(JOB)
    const form = applicationForm(page)
    await fillJobPostingForm(form, answers('renamed@example.org'))
    await resumeInput(form).setInputFiles({
      name: 'resume.pdf',
      mimeType: 'application/pdf',
      buffer: pngImage(),
    })
    const response = page.waitForResponse((res) => res.request().method() === 'POST')
    await form.getByRole('button', { name: 'Submit Application' }).click()
    expect((await response).status()).toBe(400)
    await expectFieldError(page, resumeInput(form), /not a PDF, DOC or DOCX document/)
    await expect(form.getByLabel('Last Name')).toHaveValue('Papadopoulou')
    await expect(form.getByLabel('Native Language')).toHaveValue('Greek')
    expect(await countApplications(app, 'renamed@example.org')).toBe(0)
    expect(uploadedFiles(app)).toHaveLength(filesBefore)
  })

  test('refuses an 11 MB resume with 413 while keeping the answers, and stores nothing', async ({
    page,
    app,
  }) => {
    const filesBefore = uploadedFiles(app).length
    await page.goto(JOB)
    const form = applicationForm(page)
    await fillJobPostingForm(form, answers('toolarge@example.org'))
    await resumeInput(form).setInputFiles({
      name: 'huge.pdf',
      mimeType: 'application/pdf',
      buffer: largePdf(11 * 1024 * 1024),
    })
    const response = page.waitForResponse((res) => res.request().method() === 'POST')
    await form.getByRole('button', { name: 'Submit Application' }).click()
    expect((await response).status()).toBe(413)
    await expectFieldError(page, resumeInput(form), /larger than 10MB/)
    await expect(form.getByLabel('Email Address')).toHaveValue('toolarge@example.org')
    await expect(form.getByLabel('Additional Information')).toHaveValue(
      'Court interpreter in Athens for six years.',
    )
    await expect(form.getByLabel('Interpreting Experience')).toHaveValue('4-5')
    expect(await countApplications(app, 'toolarge@example.org')).toBe(0)
    expect(uploadedFiles(app)).toHaveLength(filesBefore)
  })

  test.describe('without JavaScript, over the rate limit', () => {
    test.use({ javaScriptEnabled: false })

    test('answers 429 with Retry-After and a message next to the form, keeping the answers', async ({
      page,
      app,
    }) => {
      const { bucket, limit, windowMs } = APPLICATION_RATE_LIMIT
      const current = Math.floor(Date.now() / windowMs) * windowMs
      // The browser reaches the server over loopback; its address may be written either way.
      // The next window too, in case the test runs across a window's end.
      for (const key of ['127.0.0.1', '::ffff:127.0.0.1', '::1'])
        for (const windowStart of [current, current + windowMs])
          await app.db
            .insert(rateLimitWindows)
            .values({
              bucket,
              key,
              windowStart: new Date(windowStart),
              hits: limit,
              expiresAt: new Date(windowStart + windowMs),
            })
            // Earlier applications in this worker may have opened the window already.
            .onConflictDoUpdate({
              target: [rateLimitWindows.bucket, rateLimitWindows.key, rateLimitWindows.windowStart],
              set: { hits: limit },
            })
      try {
        await page.goto(JOB)
        const form = applicationForm(page)
        await fillJobPostingForm(form, answers('limited@example.org'))
        await resumeInput(form).setInputFiles({
          name: 'cv.pdf',
          mimeType: 'application/pdf',
          buffer: pdfDocument(),
        })
        const response = page.waitForResponse((res) => res.request().method() === 'POST')
        await form.getByRole('button', { name: 'Submit Application' }).click()
        const answer = await response
        expect(answer.status()).toBe(429)
        expect(Number(answer.headers()['retry-after'])).toBeGreaterThan(0)
        await expect(form.getByRole('alert')).toHaveText(/Too many submissions/)
        await expect(form.getByLabel('Email Address')).toHaveValue('limited@example.org')
        expect(await countApplications(app, 'limited@example.org')).toBe(0)
      } finally {
        await app.db.delete(rateLimitWindows).where(eq(rateLimitWindows.bucket, bucket))
      }
    })
  })

  test('a double submit with the same form token creates one application', async ({
    page,
    app,
  }) => {
    const filesBefore = uploadedFiles(app).length
    const responses = await postTwiceWithSameToken(
      page,
      app,
      JOB,
      {
        firstName: 'Dimitra',
        lastName: 'Kosta',
        email: 'double@example.org',
        phone: '+1 312 555 0111',
        nativeLanguage: 'Greek',
        interpretingExperience: '6+',
        expectedPayPerMinute: 'negotiable',
        privacyConsent: 'on',
      },
      { name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdfDocument() },
    )
    for (const response of responses) {
      expect(response.status()).toBe(200)
      expect(await response.text()).toContain('Application Submitted!')
    }
    expect(await countApplications(app, 'double@example.org')).toBe(1)
    const { mails } = await findApplication(app, 'double@example.org')
    expect(mails).toHaveLength(2)
    expect(uploadedFiles(app)).toHaveLength(filesBefore + 1)
  })

  test("an unknown posting answers 404 with 'Job Not Found' and a way back to careers", async ({
    page,
  }) => {
    const response = await page.goto('/jobs/klingon-english-remote-interpreter')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Job Not Found' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to Careers' })).toHaveAttribute(
      'href',
      '/careers',
    )
    await expectNoAxeViolations(page, 'job not found')
  })

  for (const width of [1280, 390]) {
    test(`has no accessibility violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(JOB)
      await expectNoAxeViolations(page, `job posting at ${width} px`)
    })
  }
})
