import { docxDocument, pdfDocument } from '../support/document-fixtures'
import { applyPage } from './application-flows'
import { expect, expectNoAxeViolations, test } from './fixtures'
import {
  applicationForm,
  chooseResume,
  expectConfirmation,
  findApplication,
  submitButton,
} from './recruiting-helpers'

// What only the apply page does; the cases all flows share are in application-flows.spec.ts.

test.describe('the apply page', () => {
  test('describes the contract role and stores a full application with its resume', async ({
    page,
    app,
  }) => {
    await page.goto(applyPage.url)
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
    await applyPage.fill(form, 'carlos@example.org')
    const resume = pdfDocument('Carlos Mendoza - Spanish interpreter')
    await chooseResume(form, 'Mendoza.pdf', resume)
    await submitButton(form).click()
    await expectConfirmation(page)

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
    await applyPage.fill(form, 'docx@example.org')
    await chooseResume(form, 'resume.docx', docxDocument(), 'application/octet-stream')
    await submitButton(form).click()
    await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible()
    const { application, file } = await findApplication(app, 'docx@example.org')
    expect(application).toMatchObject({ sourceReference: 'contract-interpreter', jobId: null })
    expect(file.mediaType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    )
    // Uploads are stored under a key of ours as they stream in, before their type is known.
    expect(file.storageKey).toMatch(/^resumes\/\d{4}-\d{2}\/[0-9a-f-]{36}\.upload$/)
    expect(file.originalName).toBe('resume.docx')
  })
})
