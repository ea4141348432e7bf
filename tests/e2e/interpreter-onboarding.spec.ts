import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { interpreterDocuments, mailOutbox } from '../../db/schema'
import { addDays, calendarDate } from '../../app/domain/onboarding'
import { runCredentialExpiry } from '../../app/models/onboarding/expiry.server'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { setClock } from '../../app/platform/clock.server'
import { formatCalendarDate } from '../../app/domain/format'
import { decideApplication } from '../../app/models/interpreter-applications/review.server'
import { createResource, setResourceAudience } from '../../app/models/resources.server'
import { createApplicant } from '../support/people-fixtures'
import { largePdf, pdfDocument, windowsExecutable } from '../support/document-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { eventually, expect, expectNoAxeViolations, test, type TestApp } from './fixtures'
import { applyOnLanguagePage } from './recruiting-helpers'

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
  test.setTimeout(240_000)
  const tag = randomUUID().slice(0, 6)
  const email = `hana-${tag}@example.org`
  const name = `Hana Kato${tag}`

  // Apply through the public form.
  const application = await applyOnLanguagePage(page, app, 'japanese-interpreter', {
    firstName: 'Hana',
    lastName: `Kato${tag}`,
    email,
  })

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
  // A scan of a few megabytes, as real certificates are.
  await upload.getByLabel('Training certificate').setInputFiles({
    name: 'hipaa.pdf',
    mimeType: 'application/pdf',
    buffer: largePdf(3 * 1024 * 1024),
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
  // The calendar date itself, not the evening before in New York.
  await expect(medical).toContainText(`expires ${formatCalendarDate(expiresOn)}`)
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

test('bad uploads are refused with a field error and store nothing: 10 MB + 1, dates out of order, a future issue date', async ({
  page,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const admin = await createAccount('admin', 'Una Uploads')
  const email = `una-${tag}@example.org`
  const applicationId = await createApplicant(app.db, {
    firstName: 'Una',
    lastName: `Upload${tag}`,
    email,
  })
  await decideApplication(applicationId, 'approved', { sendEmail: false }, admin)
  await signIn(page.context(), app.url, toPublicUser((await findUserByEmail(email))!))
  const today = calendarDate(new Date())
  const post = (fields: Record<string, string>, buffer: Buffer) =>
    page.request.post('/interpreter/onboarding', {
      headers: { Origin: app.url },
      multipart: {
        intent: 'upload',
        step: 'medical_training',
        ...fields,
        file: { name: 'certificate.pdf', mimeType: 'application/pdf', buffer },
      },
    })
  const tooLarge = await post({ issuedOn: addDays(today, -10) }, largePdf(10 * 1024 * 1024 + 1))
  expect(tooLarge.status()).toBe(413)
  expect(await tooLarge.text()).toContain('This file is larger than 10 MB')
  const outOfOrder = await post(
    { issuedOn: addDays(today, -1), expiresOn: addDays(today, -2) },
    pdfDocument(),
  )
  expect(outOfOrder.status()).toBe(400)
  const outOfOrderPage = await outOfOrder.text()
  expect(outOfOrderPage).toContain('This expiry date has passed.')
  const reversed = await post(
    { issuedOn: addDays(today, 40), expiresOn: addDays(today, 30) },
    pdfDocument(),
  )
  expect(reversed.status()).toBe(400)
  expect(await reversed.text()).toContain('The issue date cannot be in the future.')
  const valid = await post(
    { issuedOn: addDays(today, -1), expiresOn: addDays(today, 30) },
    pdfDocument(),
  )
  expect(valid.status()).toBe(200)
  const rows = await app.db
    .select()
    .from(interpreterDocuments)
    .where(eq(interpreterDocuments.applicationId, applicationId))
  // Only the valid upload was stored.
  expect(rows).toHaveLength(1)
})

test('the interpreter signs the contractor agreement with their name and enters payout details, shown masked', async ({
  page,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const admin = await createAccount('admin', 'Paula Payouts')
  const email = `pia-${tag}@example.org`
  const applicationId = await createApplicant(app.db, {
    firstName: 'Pia',
    lastName: `Signer${tag}`,
    email,
  })
  await decideApplication(applicationId, 'approved', { sendEmail: false }, admin)
  const agreementId = await createResource(
    { title: 'Contractor agreement 2027', type: 'document', url: 'https://example.org/agreement' },
    admin,
  )
  await setResourceAudience(agreementId, 'agreement', admin)
  await signIn(page.context(), app.url, toPublicUser((await findUserByEmail(email))!))
  await page.goto('/interpreter/onboarding')

  const sign = page.getByRole('form', { name: 'Sign the contractor agreement' })
  await sign.getByLabel('Your full name, as your signature').fill('Someone Else')
  await sign.getByLabel('I have read and agree to the Contractor agreement 2027').check()
  await sign.getByRole('button', { name: 'Sign the agreement' }).click()
  await expect(
    sign.getByText(`Please type your full name as it appears on your profile: Pia Signer${tag}.`),
  ).toBeVisible()
  await sign.getByLabel('Your full name, as your signature').fill(`  pia signer${tag} `)
  await sign.getByLabel('I have read and agree to the Contractor agreement 2027').check()
  await sign.getByRole('button', { name: 'Sign the agreement' }).click()
  const agreement = page.getByRole('region', { name: '1. Contractor agreement' })
  await expect(agreement).toContainText(`Signed as pia signer${tag}`)
  await expect(agreement).toContainText('Complete')

  const payout = page.getByRole('form', { name: 'Payout details' })
  await payout.getByLabel('Payee name').fill(`Pia Signer${tag}`)
  await payout.getByLabel('How you are paid').selectOption('bank')
  await payout.getByLabel('Payout e-mail or bank reference').fill('12')
  await payout.getByRole('button', { name: 'Save payout details' }).click()
  await expect(payout.getByText(/Please enter the bank reference/)).toBeVisible()
  await payout.getByLabel('Payout e-mail or bank reference').fill('DE89 3704 0044 0532 0130 00')
  await payout.getByRole('button', { name: 'Save payout details' }).click()
  await expect(page.getByText('Payout details saved.')).toBeVisible()
  const payment = page.getByRole('region', { name: '6. Payment and tax details' })
  await expect(payment).toContainText('•••• 3000')
  // The account is never in a page again, not even in the form.
  expect(await page.content()).not.toContain('0532 0130')
  const html = await (await page.request.get('/interpreter/onboarding')).text()
  expect(html).not.toContain('0532')
  await expectNoAxeViolations(page, 'onboarding with a signature and payout details')
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoAxeViolations(page, 'onboarding at 390 px')
  await page.goto('/interpreter/dashboard')
  await expect(page.getByRole('region', { name: 'Onboarding' })).toContainText('1/6')
})
