import { readdirSync, readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { mailOutbox, rateLimitWindows } from '../../db/schema'
import { APPLICATION_RATE_LIMIT } from '../../app/routes/careers/+shared/application-action.server'
import { pdfDocument } from '../support/document-fixtures'
import { jobPosting } from './application-flows'
import { eventually, expect, expectNoAxeViolations, test } from './fixtures'
import {
  applicationForm,
  chooseResume,
  countApplications,
  expectConfirmation,
  expectFieldError,
  findApplication,
  resumeInput,
  submitButton,
  submitForResponse,
} from './recruiting-helpers'

// What only the job posting flow does; the cases all flows share are in application-flows.spec.ts.

test.describe('applying on a job posting', () => {
  test('shows the posting and stores an application with its resume and two e-mails', async ({
    page,
    app,
  }) => {
    await page.goto(jobPosting.url)
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
    await jobPosting.fill(form, 'eleni@example.org')
    const resume = pdfDocument('Eleni Papadopoulou - Greek interpreter')
    await chooseResume(form, 'Eleni CV.pdf', resume)
    await submitButton(form).click()

    const confirmation = await expectConfirmation(page)
    await expect(
      confirmation.getByRole('heading', { name: 'Application Submitted!' }),
    ).toBeVisible()

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
    expect(file.storageKey).toMatch(/^resumes\/\d{4}-\d{2}\/[0-9a-f-]{36}\.upload$/)
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

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the server reports the same errors and keeps the input', async ({ page }) => {
      await page.goto(jobPosting.url)
      const form = applicationForm(page)
      await form.getByLabel('First Name').fill('Nikos')
      await form.getByLabel('Email Address').fill('nikos@example')
      await form.locator('form').evaluate((element) => element.setAttribute('novalidate', ''))
      expect((await submitForResponse(page, form)).status()).toBe(400)
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

    test('over the rate limit, answers 429 with Retry-After and a message next to the form, keeping the answers', async ({
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
        await page.goto(jobPosting.url)
        const form = applicationForm(page)
        await jobPosting.fill(form, 'limited@example.org')
        await chooseResume(form, 'cv.pdf', pdfDocument())
        const answer = await submitForResponse(page, form)
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
})
