import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { mailOutbox } from '../../db/schema'
import { addDays, calendarDate } from '../../app/domain/onboarding'
import { runCredentialExpiry } from '../../app/models/onboarding/expiry.server'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { setClock } from '../../app/platform/clock.server'
import { decideApplication } from '../../app/models/interpreter-applications/review.server'
import { createApplicant } from '../support/people-fixtures'
import { pdfDocument, windowsExecutable } from '../support/document-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { eventually, expect, expectNoAxeViolations, test, type TestApp } from './fixtures'
import { applicationForm, fillFullForm, findApplication, resumeInput } from './recruiting-helpers'

const mailsTo = (app: TestApp, email: string, template: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, template), eq(mailOutbox.toAddress, email)))

test.afterEach(() => setClock())

test('apply, approve, set a password, upload a HIPAA certificate, staff accept it, then it expires and the step opens again', async ({
  page,
  browser,
  app,
}) => {
  test.setTimeout(120_000)
  const tag = randomUUID().slice(0, 6)
  const email = `hana-${tag}@example.org`
  const name = `Hana Kato${tag}`

  // Apply through the public form.
  await page.goto('/application?language=japanese-interpreter')
  const form = applicationForm(page)
  await fillFullForm(form, {
    firstName: 'Hana',
    lastName: `Kato${tag}`,
    email,
    phone: '+1 512 555 0142',
    address: '2 Elm Street',
    city: 'Austin',
    state: 'TX',
    englishLevel: 'Native',
    interpretingExperience: '5+ years',
    medicalExperience: '3-5 years',
    availability: '30+ hours',
    pay: '$1.25 - $1.50',
  })
  await resumeInput(form).setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: pdfDocument(),
  })
  await form.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible()
  const { application } = await findApplication(app, email)

  // Staff approve with the e-mails: the invitation goes out.
  const staff = await browser.newContext()
  const admin = await createAccount('admin', 'Olga Onboarding')
  await signIn(staff, app.url, admin)
  const adminPage = await staff.newPage()
  await adminPage.goto(`${app.url}/admin/interpreters/${application.id}?decide=approved`)
  await adminPage.getByRole('button', { name: 'Confirm approval' }).click()
  const [invitation] = await eventually(async () => {
    const found = await mailsTo(app, email, 'interpreter-invitation')
    expect(found).toHaveLength(1)
    return found
  })

  // The interpreter chooses a password and sees 0/6.
  await page.goto(/\/accept-invite\?token=\S+/.exec(invitation!.text)![0])
  await page.getByLabel('Password', { exact: true }).fill('my own portal password 2026')
  await page.getByLabel('Repeat the password').fill('my own portal password 2026')
  await page.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(page).toHaveURL(/\/interpreter\/dashboard$/)
  const onboarding = page.getByRole('region', { name: 'Onboarding' })
  await expect(onboarding).toContainText('0/6')
  await expect(onboarding).toContainText('Next step: Contractor agreement.')

  // Upload the HIPAA certificate: bad input first, nothing stored.
  await onboarding.getByRole('link', { name: 'Continue onboarding' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Onboarding' })).toBeVisible()
  await expectNoAxeViolations(page, 'onboarding at 1280 px')
  const today = calendarDate(new Date())
  const expiresOn = addDays(today, 45)
  const upload = page.getByRole('form', { name: 'Upload: Training certificate' })
  await upload.getByLabel('Issue date').fill(addDays(today, -30))
  await upload.getByLabel('Expiry date').fill(addDays(today, -1))
  await upload.getByLabel('Training certificate').setInputFiles({
    name: 'hipaa.pdf',
    mimeType: 'application/pdf',
    buffer: pdfDocument('HIPAA training'),
  })
  // The browser refuses the past date by itself; with its check out of the way the server
  // refuses it too, with the schema's message, and keeps what was typed.
  await upload.getByRole('button', { name: 'Upload document' }).click()
  await expect(upload.getByText(/Value must be .* or later/)).toBeVisible()
  await upload.getByLabel('Expiry date').evaluate((element) => element.removeAttribute('min'))
  await upload.getByRole('button', { name: 'Upload document' }).click()
  await expect(upload.getByText('This expiry date has passed.')).toBeVisible()
  await expect(upload.getByLabel('Issue date')).toHaveValue(addDays(today, -30))
  await upload.getByLabel('Expiry date').fill(expiresOn)
  await upload.getByLabel('Training certificate').setInputFiles({
    name: 'hipaa.pdf',
    mimeType: 'application/pdf',
    buffer: windowsExecutable(),
  })
  await upload.getByRole('button', { name: 'Upload document' }).click()
  await expect(upload.getByText('This file is not a PDF, JPEG or PNG file.')).toBeVisible()
  await upload.getByLabel('Training certificate').setInputFiles({
    name: 'hipaa.pdf',
    mimeType: 'application/pdf',
    buffer: pdfDocument('HIPAA training'),
  })
  await upload.getByRole('button', { name: 'Upload document' }).click()
  await expect(page.getByText('Document uploaded: it is waiting for review.')).toBeVisible()
  const medical = page.getByRole('region', { name: '4. Medical terminology / HIPAA training' })
  await expect(medical).toContainText('Pending review')

  // Staff accept it in the Interpreter manager.
  await adminPage.goto(`${app.url}/admin/interpreter-manager?q=${tag}`)
  await adminPage.getByRole('link', { name: /^Review Medical terminology/ }).click()
  const dialog = adminPage.getByRole('dialog', { name: `Onboarding: ${name}` })
  await expect(dialog).toBeVisible()
  await expectNoAxeViolations(adminPage, 'onboarding review dialog')
  await dialog.getByRole('button', { name: 'Accept hipaa.pdf' }).click()
  await expect(dialog).toContainText('1 of 6 steps complete.')

  // The interpreter sees Current and 1/6; the admin list shows 1/6.
  await page.reload()
  await expect(medical).toContainText('Current')
  await expect(medical).toContainText('Complete')
  await page.goto('/interpreter/dashboard')
  await expect(onboarding).toContainText('1/6')
  await adminPage.goto(`${app.url}/admin/interpreters?q=${tag}`)
  await expect(adminPage.getByRole('row', { name: new RegExp(name) })).toContainText('1/6 steps')

  // 30 days before expiry: one reminder, however often the job runs.
  const moveTo = async (day: string) => {
    setClock(() => new Date(`${day}T17:00:00Z`))
    // Sessions follow the clock too: sign in again at the new time.
    await page.context().clearCookies()
    const interpreter = await findUserByEmail(email)
    await signIn(page.context(), app.url, toPublicUser(interpreter!))
    await signIn(staff, app.url, admin)
    await runCredentialExpiry(app.db)
    await runCredentialExpiry(app.db)
  }
  await moveTo(addDays(expiresOn, -30))
  const reminders = await eventually(async () => {
    const found = await mailsTo(app, email, 'credential-reminder')
    expect(found).toHaveLength(1)
    return found
  })
  expect(reminders[0]!.subject).toBe('Your Medical terminology / HIPAA training expires in 30 days')
  await page.goto('/interpreter/dashboard')
  await expect(
    page.getByRole('region', { name: 'Credentials expiring within 30 days' }),
  ).toContainText('Medical terminology / HIPAA training: expires')
  await expect(onboarding).toContainText('1/6')

  // Past expiry: Expired, the step open again, 0/6 everywhere; staff are told.
  await moveTo(addDays(expiresOn, 1))
  await page.goto('/interpreter/onboarding')
  await expect(medical).toContainText('Expired')
  await expect(medical).toContainText('To do')
  await page.goto('/interpreter/dashboard')
  await expect(onboarding).toContainText('0/6')
  await adminPage.goto(`${app.url}/admin/interpreters?q=${tag}`)
  await expect(adminPage.getByRole('row', { name: new RegExp(name) })).toContainText('0/6 steps')
  await eventually(async () =>
    expect(await mailsTo(app, 'staff@example.com', 'credential-expired')).toHaveLength(1),
  )
  await staff.close()
})

test('staff waive a step with a reason, record the mock session, and take a waiver back', async ({
  page,
  context,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const admin = await createAccount('admin', 'Wes Waiver')
  const applicationId = await createApplicant(app.db, {
    firstName: 'Omar',
    lastName: `Waived${tag}`,
    email: `omar-${tag}@example.org`,
  })
  await decideApplication(applicationId, 'approved', { sendEmail: false }, admin)
  await signIn(context, app.url, admin)
  await page.goto(`/admin/interpreter-manager?q=${tag}`)
  await page.getByRole('link', { name: `Onboarding of Omar Waived${tag}` }).click()
  const dialog = page.getByRole('dialog', { name: `Onboarding: Omar Waived${tag}` })
  // A waiver without a reason is refused by the browser; the server says the same.
  const waiveForm = dialog.locator('form', {
    has: page.getByLabel('Reason to waive Payment and tax details'),
  })
  await waiveForm.getByLabel('Reason to waive Payment and tax details').fill('   ')
  await waiveForm.evaluate((element) => element.setAttribute('novalidate', ''))
  await waiveForm.getByRole('button', { name: 'Waive step' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Please give a reason.')
  await waiveForm
    .getByLabel('Reason to waive Payment and tax details')
    .fill('Paid through an agency.')
  await waiveForm.getByRole('button', { name: 'Waive step' }).click()
  await expect(dialog).toContainText('Waived by Wes Waiver')
  await expect(dialog).toContainText('1 of 6 steps complete.')
  await dialog.getByLabel('Passed', { exact: true }).check()
  await dialog.getByRole('button', { name: 'Record result' }).click()
  await expect(dialog).toContainText('2 of 6 steps complete.')
  await dialog.getByRole('button', { name: 'Remove the waiver of Payment and tax details' }).click()
  await expect(dialog).toContainText('1 of 6 steps complete.')
  await dialog.getByRole('link', { name: 'Close' }).click()
  await expect(page.getByRole('row', { name: new RegExp(`Omar Waived${tag}`) })).toContainText(
    '1/6 steps',
  )
})
