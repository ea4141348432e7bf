import { possibleDuplicatesOf } from '../../app/models/interpreter-applications/duplicates.server'
import { largePdf, pdfDocument, pngImage } from '../support/document-fixtures'
import { expect, expectNoAxeViolations, test } from './fixtures'
import {
  applicationForm,
  countApplications,
  expectFieldError,
  fillFullForm,
  findApplication,
  postTwiceWithSameToken,
  resumeInput,
  uploadedFiles,
  type FullAnswers,
} from './recruiting-helpers'

const KOREAN = '/application?language=korean-interpreter'

const answers = (email: string): FullAnswers => ({
  firstName: 'Ji-woo',
  lastName: 'Kim',
  email,
  phone: '+1 213 555 0188',
  address: '3200 Wilshire Blvd',
  city: 'Los Angeles',
  state: 'CA',
  englishLevel: 'Native',
  interpretingExperience: '1-3 years',
  medicalExperience: '0-1 years',
  availability: '10-20 hours',
  pay: '$1.00 - $1.25',
})

test.describe('the language application pages', () => {
  test('titles each page by its language, with the position details and benefits', async ({
    page,
  }) => {
    await page.goto(KOREAN)
    await expect(page.getByRole('heading', { level: 1, name: 'Korean Interpreter' })).toBeVisible()
    await expect(page).toHaveTitle(/Korean Interpreter/)
    const details = page.locator('dl > div')
    for (const [term, value] of [
      ['Location', 'Remote / On-site'],
      ['Type', 'Freelance / Independent Contractor (Remote)'],
      ['Salary', 'Competitive'],
      ['Team', 'Language Services'],
    ] as const)
      await expect(
        details.filter({ has: page.getByRole('term').filter({ hasText: term }) }),
      ).toContainText(value)
    for (const heading of ['Responsibilities', 'Requirements', 'Preferred Qualifications'])
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    await expect(page.getByText('Interpreting experience preferred')).toBeVisible()
    await expect(page.getByText("we'll get back to you within 24 hours")).toBeVisible()
    for (const benefit of ['Professional Growth', 'Flexible Work', 'Meaningful Impact'])
      await expect(page.getByRole('heading', { level: 3, name: benefit })).toBeVisible()
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      /\/application\?language=korean-interpreter$/,
    )
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Korean/)

    await page.goto('/application?language=cantonese-interpreter')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Cantonese Interpreter' }),
    ).toBeVisible()
    await expect(
      page.getByText('Reading knowledge of Traditional Chinese characters'),
    ).toBeVisible()

    await page.goto('/application?language=khmer-(cambodian)-interpreter')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Khmer (Cambodian) Interpreter' }),
    ).toBeVisible()

    for (const path of [
      '/application',
      '/application?language=general-interpreter',
      '/application?language=klingon-interpreter',
    ]) {
      await page.goto(path)
      await expect(
        page.getByRole('heading', { level: 1, name: 'Professional Interpreter' }),
      ).toBeVisible()
    }
  })

  test('stores an application with the language it came from and its resume', async ({
    page,
    app,
  }) => {
    await page.goto(KOREAN)
    const form = applicationForm(page)
    await fillFullForm(form, { ...answers('jiwoo@example.org'), fluentLanguages: 'Japanese' })
    const resume = pdfDocument('Ji-woo Kim - Korean interpreter')
    await resumeInput(form).setInputFiles({
      name: 'Kim resume.pdf',
      mimeType: 'application/pdf',
      buffer: resume,
    })
    await form.getByRole('button', { name: 'Submit Application' }).click()
    const confirmation = page.getByRole('status').filter({ hasText: 'Application Submitted!' })
    await expect(confirmation).toContainText(
      "Thank you for your interest. We'll review your application and get back to you soon.",
    )
    await expect(confirmation.getByRole('link', { name: 'Back to Careers' })).toHaveAttribute(
      'href',
      '/careers',
    )

    const { application, bytes } = await findApplication(app, 'jiwoo@example.org')
    expect(application).toMatchObject({
      status: 'pending',
      source: 'language-page',
      sourceReference: 'korean-interpreter',
      position: 'Korean Interpreter',
      englishLevel: 'native',
      languages: ['Korean', 'Japanese', 'English'],
      zipCode: null,
      additionalInfo: null,
    })
    expect(bytes?.equals(resume)).toBe(true)
  })

  test('marks a second application from the same e-mail as a possible duplicate', async ({
    page,
    app,
  }) => {
    for (const path of ['/application?language=spanish-interpreter', '/application']) {
      await page.goto(path)
      const form = applicationForm(page)
      await fillFullForm(form, answers('twice@example.org'))
      await resumeInput(form).setInputFiles({
        name: 'cv.pdf',
        mimeType: 'application/pdf',
        buffer: pdfDocument(),
      })
      await form.getByRole('button', { name: 'Submit Application' }).click()
      await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible()
    }
    const latest = await findApplication(app, 'twice@example.org')
    expect(latest.application.sourceReference).toBe('general-interpreter')
    const duplicates = await possibleDuplicatesOf([latest.application.id])
    const sameEmail = duplicates
      .get(latest.application.id)
      ?.filter((duplicate) => duplicate.matches.includes('email'))
    expect(sameEmail).toHaveLength(1)
    const notification = latest.mails.find(
      (mail) => mail.template === 'interpreter-application-staff-notification',
    )
    expect(notification?.subject).toContain('possible duplicate')
  })

  test('shows errors next to the missing required fields', async ({ page, app }) => {
    const before = await countApplications(app)
    await page.goto(KOREAN)
    const form = applicationForm(page)
    await form.getByLabel('Email Address').fill('jiwoo@example.org')
    await form.getByRole('button', { name: 'Submit Application' }).click()
    await expectFieldError(page, form.getByLabel('First Name'), 'This field is required.')
    await expectFieldError(page, resumeInput(form), 'Please choose a file.')
    await expectFieldError(
      page,
      form.getByLabel(/I have read the privacy notice/),
      'Please tick this box to continue.',
    )
    await expect(form.getByLabel('Email Address')).toHaveValue('jiwoo@example.org')
    expect(await countApplications(app)).toBe(before)
  })

  test('refuses a PNG named .pdf', async ({ page, app }) => {
    const filesBefore = uploadedFiles(app).length
    await page.goto(KOREAN)
    const form = applicationForm(page)
    await fillFullForm(form, answers('png@example.org'))
    await resumeInput(form).setInputFiles({
      name: 'cv.pdf',
      mimeType: 'application/pdf',
      buffer: pngImage(),
    })
    await form.getByRole('button', { name: 'Submit Application' }).click()
    await expectFieldError(page, resumeInput(form), /not a PDF, DOC or DOCX document/)
    expect(await countApplications(app, 'png@example.org')).toBe(0)
    expect(uploadedFiles(app)).toHaveLength(filesBefore)
  })

  test('refuses an 11 MB resume with 413 and stores nothing', async ({ page, app }) => {
    const filesBefore = uploadedFiles(app).length
    await page.goto(KOREAN)
    const form = applicationForm(page)
    await fillFullForm(form, answers('big@example.org'))
    await resumeInput(form).setInputFiles({
      name: 'big.pdf',
      mimeType: 'application/pdf',
      buffer: largePdf(11 * 1024 * 1024),
    })
    const response = page.waitForResponse((res) => res.request().method() === 'POST')
    await form.getByRole('button', { name: 'Submit Application' }).click()
    expect((await response).status()).toBe(413)
    await expectFieldError(page, resumeInput(form), /larger than 10MB/)
    await expect(form.getByLabel('Last Name')).toHaveValue('Kim')
    expect(await countApplications(app, 'big@example.org')).toBe(0)
    expect(uploadedFiles(app)).toHaveLength(filesBefore)
  })

  test('a double submit with the same form token creates one application', async ({
    page,
    app,
  }) => {
    const responses = await postTwiceWithSameToken(
      page,
      app,
      KOREAN,
      {
        firstName: 'Seo-yeon',
        lastName: 'Lee',
        email: 'double-language@example.org',
        phone: '+1 213 555 0189',
        address: '1 Main St',
        city: 'Los Angeles',
        state: 'CA',
        nativeLanguage: 'fluent',
        interpretingExperience: '1-3',
        medicalExperience: '0-1',
        legalAvailability: '1-10',
        expectedPayPerMinute: '0.50-0.75',
        privacyConsent: 'on',
      },
      { name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdfDocument() },
    )
    for (const response of responses) expect(response.status()).toBe(200)
    expect(await countApplications(app, 'double-language@example.org')).toBe(1)
  })

  for (const width of [1280, 390]) {
    test(`has no accessibility violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/application?language=cantonese-interpreter')
      await expectNoAxeViolations(page, `application page at ${width} px`)
      await page.goto('/privacy')
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible()
      await expectNoAxeViolations(page, `privacy notice at ${width} px`)
    })
  }
})
