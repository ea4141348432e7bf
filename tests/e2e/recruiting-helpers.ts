import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { desc, eq } from 'drizzle-orm'
import { interpreterApplications, mailOutbox, storedFiles } from '../../db/schema'
import { pdfDocument } from '../support/document-fixtures'
import { expect, type TestApp } from './fixtures'

export type UploadFile = { name: string; mimeType: string; buffer: Buffer }

/** Every file under DATA_DIR/uploads, relative to it. */
export function uploadedFiles(app: TestApp): string[] {
  const root = path.join(app.dataDir, 'uploads')
  if (!existsSync(root)) return []
  return readdirSync(root, { recursive: true })
    .map(String)
    .filter((entry) => statSync(path.join(root, entry), { throwIfNoEntry: false })?.isFile())
}

/** Applications from `email`, or all of them. */
export async function countApplications(app: TestApp, email?: string) {
  return email
    ? app.db.$count(interpreterApplications, eq(interpreterApplications.email, email))
    : app.db.$count(interpreterApplications)
}

/** The newest application from `email`, with its resume's record, file bytes and e-mails. */
export async function findApplication(app: TestApp, email: string) {
  const [row] = await app.db
    .select()
    .from(interpreterApplications)
    .innerJoin(storedFiles, eq(storedFiles.id, interpreterApplications.resumeFileId))
    .where(eq(interpreterApplications.email, email))
    .orderBy(desc(interpreterApplications.createdAt))
    .limit(1)
  expect(row, `an application from ${email}`).toBeDefined()
  const { interpreter_applications: application, stored_files: file } = row!
  const filePath = path.join(app.dataDir, 'uploads', file.storageKey)
  const mails = await app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.reference, `interpreter_application:${application.id}`))
  return {
    application,
    file,
    bytes: existsSync(filePath) ? readFileSync(filePath) : undefined,
    mails,
  }
}

/** The field's error text, found through its aria-describedby. */
export async function fieldError(page: Page, field: Locator): Promise<Locator> {
  const ids = (await field.getAttribute('aria-describedby')) ?? ''
  const errorId = ids.split(/\s+/).find((id) => id.endsWith('-error')) ?? ids
  return page.locator(`[id="${errorId}"]`)
}

/** Expects the field to be marked invalid with `message` next to it. */
export async function expectFieldError(page: Page, field: Locator, message: RegExp | string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(await fieldError(page, field)).toHaveText(message)
}

export const applicationForm = (page: Page) => page.locator('#application-form')

export interface JobPostingAnswers {
  firstName: string
  lastName: string
  email: string
  phone: string
  nativeLanguage: string
  interpretingExperience: string
  expectedPayPerMinute: string
  additionalInfo?: string
}

/** Fills the job posting form (on the job detail page) by its visible labels. */
export async function fillJobPostingForm(form: Locator, answers: JobPostingAnswers) {
  await form.getByLabel('First Name').fill(answers.firstName)
  await form.getByLabel('Last Name').fill(answers.lastName)
  await form.getByLabel('Email Address').fill(answers.email)
  await form.getByLabel('Phone Number').fill(answers.phone)
  await form.getByLabel('Native Language').fill(answers.nativeLanguage)
  await form.getByLabel('Interpreting Experience').selectOption({
    label: answers.interpretingExperience,
  })
  await form.getByLabel('Expected Pay Per Minute').selectOption({
    label: answers.expectedPayPerMinute,
  })
  if (answers.additionalInfo)
    await form.getByLabel('Additional Information').fill(answers.additionalInfo)
  await form.getByLabel(/I have read the privacy notice/).check()
}

export interface FullAnswers {
  firstName: string
  lastName: string
  email: string
  phone: string
  address: string
  city: string
  state: string
  zipCode?: string
  englishLevel: string
  fluentLanguages?: string
  interpretingExperience: string
  medicalExperience: string
  availability: string
  pay: string
  specializations?: string[]
  additionalInfo?: string
}

/** Fills the full application form (apply page and language pages) by its visible labels. */
export async function fillFullForm(form: Locator, answers: FullAnswers) {
  await form.getByLabel('First Name').fill(answers.firstName)
  await form.getByLabel('Last Name').fill(answers.lastName)
  await form.getByLabel('Email Address').fill(answers.email)
  await form.getByLabel('Phone Number').fill(answers.phone)
  await form.getByLabel('Address', { exact: true }).fill(answers.address)
  await form.getByLabel('City').fill(answers.city)
  await form.getByLabel('State/Province').fill(answers.state)
  if (answers.zipCode) await form.getByLabel('Postal Code').fill(answers.zipCode)
  await form.getByLabel('Level of Spoken English').selectOption({ label: answers.englishLevel })
  if (answers.fluentLanguages)
    await form.getByLabel('Fluent Languages').fill(answers.fluentLanguages)
  await form
    .getByLabel('Interpreting Experience')
    .selectOption({ label: answers.interpretingExperience })
  await form.getByLabel('Medical Experience').selectOption({ label: answers.medicalExperience })
  await form.getByLabel('Weekly Legal Availability').selectOption({ label: answers.availability })
  await form.getByLabel('Expected Pay Per Minute').selectOption({ label: answers.pay })
  for (const specialization of answers.specializations ?? [])
    await form.getByLabel(specialization).check()
  if (answers.additionalInfo)
    await form.getByLabel('Additional Information').fill(answers.additionalInfo)
  await form.getByLabel(/I have read the privacy notice/).check()
}

export const resumeInput = (form: Locator) => form.getByLabel(/Resume\/CV/)

/**
 * Applies on the language page `slug` (`japanese-interpreter`) with a PDF resume and waits
 * for the confirmation; what `person` leaves out is answered as an experienced interpreter
 * from Austin would. The stored application is returned.
 */
export async function applyOnLanguagePage(
  page: Page,
  app: TestApp,
  slug: string,
  person: Pick<FullAnswers, 'firstName' | 'lastName' | 'email'> & Partial<FullAnswers>,
) {
  await page.goto(`/application?language=${slug}`)
  const form = applicationForm(page)
  await fillFullForm(form, {
    phone: '+1 512 555 0100',
    address: '1 Main Street',
    city: 'Austin',
    state: 'TX',
    englishLevel: 'Native',
    interpretingExperience: '5+ years',
    medicalExperience: '3-5 years',
    availability: '30+ hours',
    pay: '$1.25 - $1.50',
    ...person,
  })
  await resumeInput(form).setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: pdfDocument(),
  })
  await submitButton(form).click()
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible()
  return (await findApplication(app, person.email)).application
}

/** Chooses `buffer` as the resume, sent under `name` with the browser's `mimeType`. */
export async function chooseResume(
  form: Locator,
  name: string,
  buffer: Buffer,
  mimeType = 'application/pdf',
) {
  await resumeInput(form).setInputFiles({ name, mimeType, buffer })
}

export const submitButton = (form: Locator) =>
  form.getByRole('button', { name: 'Submit Application' })

/** Submits the form and returns the server's answer to its POST. */
export async function submitForResponse(page: Page, form: Locator) {
  const response = page.waitForResponse((res) => res.request().method() === 'POST')
  await submitButton(form).click()
  return response
}

/** Expects the confirmation every application flow shows once the application is stored. */
export async function expectConfirmation(page: Page) {
  const confirmation = page.getByRole('status').filter({ hasText: 'Application Submitted!' })
  await expect(confirmation).toContainText(
    "Thank you for your interest. We'll review your application and get back to you soon.",
  )
  await expect(confirmation.getByRole('link', { name: 'Back to Careers' })).toHaveAttribute(
    'href',
    '/careers',
  )
  return confirmation
}

/** Sends the page's form twice at once with the same one-time token, as a double click would. */
export async function postTwiceWithSameToken(
  page: Page,
  app: TestApp,
  url: string,
  fields: Record<string, string>,
  resume: UploadFile,
) {
  await page.goto(url)
  const formToken = await page.locator('input[name="formToken"]').inputValue()
  const send = () =>
    page.request.post(url, {
      headers: { Origin: app.url },
      multipart: { ...fields, formToken, resume },
      maxRedirects: 0,
    })
  return Promise.all([send(), send()])
}
