import type { Locator, Page } from '@playwright/test'
import { largePdf, pdfDocument, pngImage } from '../support/document-fixtures'
import { applicationFlows, type ApplicationFlow } from './application-flows'
import { expect, expectNoAxeViolations, test, type TestApp } from './fixtures'
import {
  applicationForm,
  chooseResume,
  countApplications,
  expectFieldError,
  findApplication,
  postTwiceWithSameToken,
  resumeInput,
  submitButton,
  submitForResponse,
  uploadedFiles,
} from './recruiting-helpers'

// The cases every application flow shares: its own specifics are in apply-for-job.spec.ts,
// apply-page.spec.ts and language-application.spec.ts.

/** An address only this test of this flow applies with, so counts stay its own. */
const applicant = (flow: ApplicationFlow, what: string) =>
  `${what}-${flow.name.replaceAll(' ', '-')}@example.org`

/** Opens the flow's form and gives every answer, applying as `email`. */
async function openFilledForm(page: Page, flow: ApplicationFlow, email: string) {
  await page.goto(flow.url)
  const form = applicationForm(page)
  await flow.fill(form, email)
  return form
}

/** Expects the server refused `email`'s application and kept no file of it. */
async function expectNothingStored(app: TestApp, email: string, filesBefore: number) {
  expect(await countApplications(app, email)).toBe(0)
  expect(uploadedFiles(app)).toHaveLength(filesBefore)
}

/** Expects the form still shows the answers `flow.fill` gave, after a refusal. */
async function expectAnswersKept(flow: ApplicationFlow, form: Locator, email: string) {
  await expect(form.getByLabel('Email Address')).toHaveValue(email)
  for (const [label, value] of flow.keptValues)
    await expect(form.getByLabel(label)).toHaveValue(value)
  for (const label of flow.keptTicks) await expect(form.getByLabel(label)).toBeChecked()
}

const notDocuments = [
  { what: 'a PNG image', name: 'cv.pdf', buffer: pngImage() },
  {
    what: 'a text file',
    name: 'resume.pdf',
    buffer: Buffer.from('Carlos Mendoza\nSpanish interpreter\n'),
  },
]

for (const flow of applicationFlows) {
  test.describe(`applying on the ${flow.name}`, () => {
    test('shows errors next to the missing required fields and keeps what was typed', async ({
      page,
      app,
    }) => {
      const before = await countApplications(app)
      await page.goto(flow.url)
      const form = applicationForm(page)
      for (const [label, value] of flow.missing.typed) await form.getByLabel(label).fill(value)
      await submitButton(form).click()

      for (const [label, message] of flow.missing.errors)
        await expectFieldError(page, form.getByLabel(label), message)
      for (const label of flow.missing.untouched)
        await expect(form.getByLabel(label)).not.toHaveAttribute('aria-invalid', 'true')
      for (const [label, value] of flow.missing.typed)
        await expect(form.getByLabel(label)).toHaveValue(value)
      await expectNoAxeViolations(page, `${flow.name} form with errors`)
      expect(await countApplications(app)).toBe(before)
    })

    test('refuses a file that is not a PDF, DOC or DOCX even when it is named .pdf', async ({
      page,
      app,
    }) => {
      const filesBefore = uploadedFiles(app).length
      const email = applicant(flow, 'not-a-document')
      const form = await openFilledForm(page, flow, email)
      for (const { what, name, buffer } of notDocuments) {
        await chooseResume(form, name, buffer)
        expect((await submitForResponse(page, form)).status(), what).toBe(400)
        await expectFieldError(page, resumeInput(form), /not a PDF, DOC or DOCX document/)
        await expectAnswersKept(flow, form, email)
      }
      await expectNothingStored(app, email, filesBefore)
    })

    for (const javaScriptEnabled of [true, false]) {
      test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
        test.use({ javaScriptEnabled })

        test('refuses an 11 MB resume with 413 while keeping the answers, and stores nothing', async ({
          page,
          app,
        }) => {
          const filesBefore = uploadedFiles(app).length
          const email = applicant(flow, 'too-large')
          const form = await openFilledForm(page, flow, email)
          await chooseResume(form, 'huge.pdf', largePdf(11 * 1024 * 1024))
          expect((await submitForResponse(page, form)).status()).toBe(413)
          await expectFieldError(page, resumeInput(form), /larger than 10MB/)
          await expectAnswersKept(flow, form, email)
          await expectNothingStored(app, email, filesBefore)
        })
      })
    }

    test('a double submit with the same form token creates one application', async ({
      page,
      app,
    }) => {
      const filesBefore = uploadedFiles(app).length
      const email = applicant(flow, 'double')
      const responses = await postTwiceWithSameToken(
        page,
        app,
        flow.url,
        flow.postedFields(email),
        { name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdfDocument() },
      )
      for (const response of responses) {
        expect(response.status()).toBe(200)
        expect(await response.text()).toContain('Application Submitted!')
      }
      expect(await countApplications(app, email)).toBe(1)
      const { mails } = await findApplication(app, email)
      expect(mails).toHaveLength(2)
      expect(uploadedFiles(app)).toHaveLength(filesBefore + 1)
    })

    for (const width of [1280, 390]) {
      test(`has no accessibility violations at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(flow.url)
        await expectNoAxeViolations(page, `${flow.name} at ${width} px`)
      })
    }
  })
}
