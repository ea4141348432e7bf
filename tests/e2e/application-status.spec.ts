import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { leads, interpreterApplications, mailOutbox } from '../../db/schema'
import { createLead } from '../../app/models/leads/intake.server'
import { pdfDocument } from '../support/document-fixtures'
import { languagePageAnswers } from './application-flows'
import { createAccount, signIn } from './auth-helpers'
import {
  checkPage,
  eventually,
  expect,
  expectNoAxeViolations,
  test,
  type TestApp,
} from './fixtures'
import { applicationForm, chooseResume, fillFullForm, submitButton } from './recruiting-helpers'

/** Applies on the Korean page as a new person; returns their address and application id. */
async function apply(page: Page, app: TestApp, options: { keepOnFile?: boolean } = {}) {
  const tag = randomBytes(4).toString('hex')
  const email = `status-${tag}@example.org`
  await page.goto('/application?language=korean-interpreter')
  const form = applicationForm(page)
  await fillFullForm(form, { ...languagePageAnswers(email), lastName: `Statuscheck${tag}` })
  if (options.keepOnFile) {
    const keepOnFile = form.getByLabel(/Keep my application and resume on file/)
    await expect(keepOnFile).not.toBeChecked()
    await keepOnFile.check()
    await checkPage(page, 'application-form-keep-on-file')
  }
  await chooseResume(form, 'resume.pdf', pdfDocument(`Statuscheck${tag} resume`))
  await submitButton(form).click()
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible()
  const [application] = await app.db
    .select()
    .from(interpreterApplications)
    .where(eq(interpreterApplications.email, email))
  return { email, tag, application: application! }
}

/** The path of the first link to `prefix` in the last e-mail of this template to the address. */
async function linkFromMail(app: TestApp, email: string, template: string, prefix: string) {
  return eventually(async () => {
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, template)))
      .orderBy(sql`${mailOutbox.createdAt} desc`)
      .limit(1)
    expect(mail?.status).toBe('sent')
    const url = new RegExp(`https?://[^/\\s]+(${prefix}/[^\\s"<]+)`).exec(mail!.text)?.[1]
    expect(url).toBeDefined()
    return url!
  })
}

test.describe('the applicant status page', () => {
  test('from the acknowledgement link: status, withdraw, then erase by the e-mailed link', async ({
    page,
    app,
  }) => {
    const { email, tag, application } = await apply(page, app, { keepOnFile: true })
    expect(application.keepOnFileAt).toBeInstanceOf(Date)
    const statusPath = await linkFromMail(
      app,
      email,
      'interpreter-application-acknowledgement',
      '/application-status',
    )

    const response = await page.goto(statusPath)
    expect(response?.status()).toBe(200)
    expect(response?.headers()['cache-control']).toBe('no-store')
    expect(response?.headers()['referrer-policy']).toBe('no-referrer')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    await expect(page.getByRole('heading', { level: 1, name: 'Your application' })).toBeVisible()
    await expect(page.getByText('Korean Interpreter')).toBeVisible()
    await expect(page.getByText('Received', { exact: true })).toBeVisible()
    await checkPage(page, 'application-status')

    await page.getByRole('link', { name: 'Withdraw my application' }).click()
    await expect(page.getByRole('heading', { name: 'Withdraw your application?' })).toBeVisible()
    await expectNoAxeViolations(page, 'withdraw confirmation')
    await page.getByRole('button', { name: 'Yes, withdraw my application' }).click()
    await expect(page.getByText('Your application is withdrawn.')).toBeVisible()
    await expect(page.getByText('Withdrawn', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Withdraw my application' })).toHaveCount(0)
    const [withdrawn] = await app.db
      .select({ status: interpreterApplications.status })
      .from(interpreterApplications)
      .where(eq(interpreterApplications.id, application.id))
    expect(withdrawn?.status).toBe('withdrawn')

    // Staff see it as withdrawn, and that the applicant did it.
    const admin = await createAccount('admin')
    await signIn(page.context(), app.url, admin)
    await page.goto(`/admin/interpreters/${application.id}`)
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText('Withdrawn').first()).toBeVisible()
    await expect(dialog.getByText(/Yes, for future openings/)).toBeVisible()
    await expect(dialog.getByText('The applicant (status page)').first()).toBeVisible()
    await page.context().clearCookies()

    await page.goto(statusPath)
    await page.getByRole('link', { name: 'Erase my data' }).click()
    await page.getByRole('button', { name: 'Send me the confirmation e-mail' }).click()
    await expect(page.getByText(/We sent an e-mail to the address you applied with/)).toBeVisible()
    const erasurePath = await linkFromMail(
      app,
      email,
      'application-erasure-confirmation',
      '/application-erasure',
    )
    await page.goto(erasurePath)
    await expect(page.getByRole('heading', { name: 'Erase your data' })).toBeVisible()
    await expectNoAxeViolations(page, 'erasure confirmation')
    await page.getByRole('button', { name: 'Erase my data now' }).click()
    await expect(page.getByText(/Your data has been erased/)).toBeVisible()
    await checkPage(page, 'application-erased')

    const gone = await page.goto(statusPath)
    expect(gone?.status()).toBe(404)
    await expect(page.getByText('This status link is not valid or no longer works.')).toBeVisible()
    await expect(page.getByText('Korean Interpreter')).toHaveCount(0)
    await expect(page.locator('body')).not.toContainText(tag)
    await checkPage(page, 'application-status-gone')
    expect(
      await app.db.$count(interpreterApplications, eq(interpreterApplications.email, email)),
    ).toBe(0)
    // The erasure link is single use.
    expect((await page.goto(erasurePath))?.status()).toBe(404)
  })

  test('refuses a tampered link and a link staff revoked', async ({ page, app }) => {
    const { email, application } = await apply(page, app)
    const statusPath = await linkFromMail(
      app,
      email,
      'interpreter-application-acknowledgement',
      '/application-status',
    )
    const tampered = statusPath.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))
    expect((await page.goto(tampered))?.status()).toBe(404)
    await expect(page.getByText('This status link is not valid or no longer works.')).toBeVisible()
    expect((await page.goto(statusPath.replace('.1.', '.2.')))?.status()).toBe(404)

    const admin = await createAccount('admin')
    await signIn(page.context(), app.url, admin)
    await page.goto(`/admin/interpreters/${application.id}`)
    await page.getByRole('button', { name: 'Revoke status link' }).click()
    await expect(
      page.getByText('Status link revoked: the links sent so far no longer work.').first(),
    ).toBeVisible()
    const revoked = await page.goto(statusPath)
    expect(revoked?.status()).toBe(404)
    await expect(page.getByText('Korean Interpreter')).toHaveCount(0)
  })

  test('staff export and erase a person from the application details', async ({ page, app }) => {
    const { email, application } = await apply(page, app)
    const admin = await createAccount('admin')
    await signIn(page.context(), app.url, admin)
    await page.goto(`/admin/interpreters/${application.id}`)
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText(/No: erased when the retention period ends/)).toBeVisible()

    const download = page.waitForEvent('download')
    await dialog.getByRole('button', { name: 'Export personal data' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.tar\.gz$/)

    await dialog.getByRole('link', { name: 'Erase personal data' }).click()
    await expect(dialog.getByText(`Erase all personal data of ${email}?`)).toBeVisible()
    await checkPage(page, 'admin-erase-confirmation')
    await dialog.getByRole('button', { name: 'Erase personal data' }).click()
    await expect(
      page.getByText('Personal data erased: 1 application and 0 client requests.').first(),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/interpreters$/)
    expect(
      await app.db.$count(interpreterApplications, eq(interpreterApplications.id, application.id)),
    ).toBe(0)
  })

  test('staff erase a client request contact from the request dialog', async ({ page, app }) => {
    const tag = randomBytes(4).toString('hex')
    const request = await createLead({
      type: 'contact',
      name: `Erasable ${tag}`,
      email: `contact-${tag}@example.org`,
      company: `Erasable Co ${tag}`,
      message: 'Please forget me later.',
    })
    const admin = await createAccount('admin')
    await signIn(page.context(), app.url, admin)
    await page.goto(`/admin/clients/${request.id}`)
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('link', { name: 'Erase personal data' }).click()
    await expect(
      dialog.getByText(`Erase all personal data of contact-${tag}@example.org?`),
    ).toBeVisible()
    await expectNoAxeViolations(page, 'client request erasure confirmation')
    await dialog.getByRole('button', { name: 'Erase personal data' }).click()
    await expect(
      page.getByText('Personal data erased: 0 applications and 1 client request.').first(),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/clients$/)
    expect(await app.db.$count(leads, eq(leads.id, request.id))).toBe(0)
  })
})
