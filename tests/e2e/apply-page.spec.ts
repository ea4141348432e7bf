import { docxDocument, largePdf, pdfDocument } from '../support/document-fixtures'
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

const APPLY = '/apply/greek-english-remote-interpreter'

const answers = (email: string): FullAnswers => ({
  firstName: 'Carlos',
  lastName: 'Mendoza',
  email,
  phone: '(512) 555-0123',
  address: '1200 Barton Springs Rd',
  city: 'Austin',
  state: 'TX',
  zipCode: '78704',
  englishLevel: 'Fluent',
  fluentLanguages: 'Spanish, Portuguese',
  interpretingExperience: '3-5 years',
  medicalExperience: '1-3 years',
  availability: '20-30 hours',
  pay: '$0.75 - $1.00',
  specializations: ['Medical (HIPAA compliant)', 'Legal (court certified)'],
  additionalInfo: 'Certified by CCHI in 2022.',
})

test.describe('the apply page', () => {
  test('describes the contract role and stores a full application with its resume', async ({
    page,
    app,
  }) => {
    await page.goto(APPLY)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Contract Interpreter' }),
    ).toBeVisible()
    await expect(
      page.getByRole('list', { name: 'Position type' }).getByRole('listitem'),
    ).toHaveText(['Remote', 'Contract', 'Interpreter'])
    await expect(page.getByText('Flexible Hours')).toBeVisible()
    await expect(page.getByText('Multiple Languages')).toBeVisible()
    await expect(page.getByText('A full background check')).toBeVisible()
    await expect(page.getByText('1+ years of interpreting experience')).toBeVisible()
    await expect(page.getByRole('link', { name: 'View all jobs' })).toHaveAttribute(
      'href',
      '/careers',
    )
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }),
    ).toHaveAttribute('href', '/')

    const form = applicationForm(page)
    await expect(form.getByLabel('Level of Spoken English')).toHaveValue('')
    await expect(form.getByLabel('Level of Spoken English').locator('option').first()).toHaveText(
      '-- No answer --',
    )
    await expect(form.getByLabel('Postal Code')).not.toHaveAttribute('required')
    await expect(form.getByLabel('Additional Information')).not.toHaveAttribute('required')
    await fillFullForm(form, answers('carlos@example.org'))
    const resume = pdfDocument('Carlos Mendoza - Spanish interpreter')
    await resumeInput(form).setInputFiles({
      name: 'Mendoza.pdf',
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

    const { application, file, bytes, mails } = await findApplication(app, 'carlos@example.org')
    expect(application).toMatchObject({
      status: 'pending',
      onboardingProgress: 0,
      source: 'contract-interpreter',
      sourceReference: 'greek-english-remote-interpreter',
      jobId: 'greek-english-remote-interpreter',
      address: '1200 Barton Springs Rd',
      city: 'Austin',
      state: 'TX',
      zipCode: '78704',
      englishLevel: 'fluent',
      interpretingExperience: '3-5',
      medicalExperience: '1-3',
      availability: '20-30',
      expectedPayPerMinute: '0.75-1.00',
      specializations: ['medical', 'legal'],
      additionalInfo: 'Certified by CCHI in 2022.',
    })
    expect(application.languages).toEqual(
      expect.arrayContaining(['Spanish', 'Portuguese', 'English']),
    )
    expect(application.privacyConsentAt).toBeInstanceOf(Date)
    expect(file.originalName).toBe('Mendoza.pdf')
    expect(bytes?.equals(resume)).toBe(true)
    expect(mails.map((mail) => mail.template).sort()).toEqual([
      'interpreter-application-acknowledgement',
      'interpreter-application-staff-notification',
    ])
    await expectNoAxeViolations(page, 'apply page confirmation')
  })

  test('accepts a Word (.docx) resume', async ({ page, app }) => {
    await page.goto('/apply/contract-interpreter')
    const form = applicationForm(page)
    await fillFullForm(form, answers('docx@example.org'))
    await resumeInput(form).setInputFiles({
      name: 'resume.docx',
      mimeType: 'application/octet-stream',
      buffer: docxDocument(),
    })
    await form.getByRole('button', { name: 'Submit Application' }).click()
    await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible()
    const { application, file } = await findApplication(app, 'docx@example.org')
    expect(application).toMatchObject({ sourceReference: 'contract-interpreter', jobId: null })
    expect(file.mediaType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    )
    expect(file.storageKey).toMatch(/\.docx$/)
  })

  test('shows errors next to the missing required fields and keeps what was typed', async ({
    page,
    app,
  }) => {
    const before = await countApplications(app)
    await page.goto(APPLY)
    const form = applicationForm(page)
    await form.getByLabel('First Name').fill('Carlos')
    await form.getByLabel('City').fill('Austin')
    await form.getByRole('button', { name: 'Submit Application' }).click()

    for (const label of ['Last Name', 'Email Address', 'Phone Number', 'State/Province'])
      await expectFieldError(page, form.getByLabel(label), 'This field is required.')
    await expectFieldError(
      page,
      form.getByLabel('Address', { exact: true }),
      'This field is required.',
    )
    await expectFieldError(page, resumeInput(form), 'Please choose a file.')
    for (const label of [
      'Level of Spoken English',
      'Interpreting Experience',
      'Medical Experience',
      'Weekly Legal Availability',
      'Expected Pay Per Minute (USD)',
    ])
      await expectFieldError(page, form.getByLabel(label), 'Please select an option.')
    await expect(form.getByLabel('Postal Code')).not.toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByLabel('First Name')).toHaveValue('Carlos')
    await expect(form.getByLabel('City')).toHaveValue('Austin')
    await expectNoAxeViolations(page, 'apply page with errors')
    expect(await countApplications(app)).toBe(before)
  })

  test('refuses a text file named .pdf', async ({ page, app }) => {
    const filesBefore = uploadedFiles(app).length
    await page.goto(APPLY)
    const form = applicationForm(page)
    await fillFullForm(form, answers('textfile@example.org'))
    await resumeInput(form).setInputFiles({
      name: 'resume.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('Carlos Mendoza\nSpanish interpreter\n'),
    })
    await form.getByRole('button', { name: 'Submit Application' }).click()
    await expectFieldError(page, resumeInput(form), /not a PDF, DOC or DOCX document/)
    await expect(form.getByLabel('Address', { exact: true })).toHaveValue('1200 Barton Springs Rd')
    expect(await countApplications(app, 'textfile@example.org')).toBe(0)
    expect(uploadedFiles(app)).toHaveLength(filesBefore)
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('an 11 MB resume is refused with 413, the answers are kept and nothing is stored', async ({
      page,
      app,
    }) => {
      const filesBefore = uploadedFiles(app).length
      await page.goto(APPLY)
      const form = applicationForm(page)
      await fillFullForm(form, answers('toolarge@example.org'))
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
      await expect(form.getByLabel('Weekly Legal Availability')).toHaveValue('20-30')
      await expect(form.getByLabel('Additional Information')).toHaveValue(
        'Certified by CCHI in 2022.',
      )
      await expect(form.getByLabel(/I have read the privacy notice/)).toBeChecked()
      await expect(form.getByLabel('Medical (HIPAA compliant)')).toBeChecked()
      expect(await countApplications(app, 'toolarge@example.org')).toBe(0)
      expect(uploadedFiles(app)).toHaveLength(filesBefore)
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
      APPLY,
      {
        firstName: 'Lucia',
        lastName: 'Ferreira',
        email: 'double-apply@example.org',
        phone: '+1 512 555 0124',
        address: '1 Congress Ave',
        city: 'Austin',
        state: 'TX',
        nativeLanguage: 'native',
        interpretingExperience: '5+',
        medicalExperience: '3-5',
        legalAvailability: '30+',
        expectedPayPerMinute: '2.00+',
        privacyConsent: 'on',
      },
      { name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdfDocument() },
    )
    for (const response of responses) expect(response.status()).toBe(200)
    expect(await countApplications(app, 'double-apply@example.org')).toBe(1)
    expect(uploadedFiles(app)).toHaveLength(filesBefore + 1)
  })

  for (const width of [1280, 390]) {
    test(`has no accessibility violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(APPLY)
      await expectNoAxeViolations(page, `apply page at ${width} px`)
    })
  }
})
