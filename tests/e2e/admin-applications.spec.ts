import { existsSync } from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { auditLog, interpreterApplications, mailOutbox, storedFiles } from '../../db/schema'
import { pdfDocument } from '../support/document-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { eventually, expect, expectNoAxeViolations, test } from './fixtures'
import { applicationForm, fillFullForm, findApplication, resumeInput } from './recruiting-helpers'
import type { Page } from '@playwright/test'

async function applyOnPublicSite(page: Page, tag: string, firstName: string) {
  await page.goto('/application?language=korean-interpreter')
  return submitOpenApplication(page, tag, firstName, 'Korean, Japanese, Mandarin')
}

/** Fills and sends the application form of the open page; returns the e-mail it used. */
async function submitOpenApplication(
  page: Page,
  tag: string,
  firstName: string,
  fluentLanguages?: string,
) {
  const form = applicationForm(page)
  await fillFullForm(form, {
    firstName,
    lastName: `Tester${tag}`,
    email: `${firstName.toLowerCase()}-${tag}@example.org`,
    phone: '+1 512 555 0123',
    address: '12 Example Road',
    city: 'Austin',
    state: 'TX',
    englishLevel: 'Fluent',
    fluentLanguages,
    interpretingExperience: '3-5 years',
    medicalExperience: '1-3 years',
    availability: '20-30 hours',
    pay: '$1.00 - $1.25',
  })
  await resumeInput(form).setInputFiles({
    name: 'resume.pdf',
    mimeType: 'application/pdf',
    buffer: pdfDocument(),
  })
  await form.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible()
  return `${firstName.toLowerCase()}-${tag}@example.org`
}

function cardValue(page: Page, region: string, label: string) {
  return page
    .getByRole('region', { name: region })
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd')
}

async function readNumber(page: Page, region: string, label: string) {
  return Number(await cardValue(page, region, label).textContent())
}

test('an application from the public site is reviewed: counts, approval e-mail, badge', async ({
  page,
  browser,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const email = await applyOnPublicSite(page, tag, 'Jiwoo')

  const staff = await browser.newContext()
  const admin = await createAccount('admin', 'Rita Recruiter')
  await signIn(staff, app.url, admin)
  const adminPage = await staff.newPage()
  await adminPage.goto(`${app.url}/admin/dashboard`)
  await expect(adminPage.getByRole('tab', { name: /Job Applications \(\d+\)/ })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  const total = await readNumber(adminPage, 'Dashboard statistics', 'Total Applications')
  const pending = await readNumber(adminPage, 'Dashboard statistics', 'Pending Review')
  expect(total).toBeGreaterThanOrEqual(1)
  await expectNoAxeViolations(adminPage, 'admin dashboard')

  await adminPage.getByLabel('Search by name, email or language').fill(`tester${tag}`)
  await adminPage.getByRole('button', { name: 'Search' }).click()
  await expect(adminPage.getByRole('link', { name: `Jiwoo Tester${tag}` })).toBeVisible()
  // Languages are searchable too.
  await adminPage.getByLabel('Search by name, email or language').fill('japanese')
  await adminPage.getByRole('button', { name: 'Search' }).click()
  await expect(adminPage.getByRole('link', { name: `Jiwoo Tester${tag}` })).toBeVisible()

  await adminPage.goto(`${app.url}/admin/interpreters?q=${tag}`)
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Interpreters' })).toBeVisible()
  const approvedBefore = await readNumber(adminPage, 'Interpreter counts', 'Approved')
  const row = adminPage.getByRole('row', { name: new RegExp(`Jiwoo Tester${tag}`) })
  await expect(row).toContainText('Korean')
  await expect(row).toContainText('+')
  await expect(row).toContainText('0/6 steps')
  await expect(row.getByText('Pending')).toBeVisible()
  await expectNoAxeViolations(adminPage, 'admin interpreters')

  await row.getByRole('link', { name: /View details/ }).click()
  const dialog = adminPage.getByRole('dialog', { name: `Jiwoo Tester${tag}` })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(email)
  await expect(dialog).toContainText('3-5 years')
  await expectNoAxeViolations(adminPage, 'interpreter details dialog')

  const download = adminPage.waitForEvent('download')
  await dialog.getByRole('link', { name: /Download resume/ }).click()
  expect((await download).suggestedFilename()).toBe('resume.pdf')

  await dialog.getByRole('link', { name: 'Approve' }).click()
  await expect(dialog.getByRole('heading', { name: 'Approve this application' })).toBeVisible()
  await expect(dialog).toContainText('Your application has been approved')
  await expectNoAxeViolations(adminPage, 'approval preview')
  await dialog.getByRole('button', { name: 'Confirm approval' }).click()
  await expect(dialog.getByText('Approved', { exact: true })).toBeVisible()
  await expect(dialog.getByRole('link', { name: 'Approve' })).toHaveCount(0)
  await expect(dialog.getByText(/changed the status from Pending to Approved/)).toBeVisible()

  await dialog.getByRole('link', { name: 'Close' }).click()
  await expect(cardValue(adminPage, 'Interpreter counts', 'Approved')).toHaveText(
    String(approvedBefore + 1),
  )
  await expect(
    adminPage.getByRole('row', { name: new RegExp(`Jiwoo Tester${tag}`) }).getByText('Approved'),
  ).toBeVisible()

  const { application } = await findApplication(app, email)
  expect(application.status).toBe('approved')
  const decisionMail = await eventually(async () => {
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'application-approved'), eq(mailOutbox.toAddress, email)))
    expect(mail?.toAddress).toBe(email)
    expect(mail?.status).toBe('sent')
    return mail!
  })
  expect(decisionMail.subject).toContain('approved')

  await adminPage.goto(`${app.url}/admin/dashboard`)
  await expect(cardValue(adminPage, 'Dashboard statistics', 'Pending Review')).toHaveText(
    String(pending - 1),
  )
  await staff.close()
})

test('a rejection can be saved without sending the e-mail', async ({ page, context, app }) => {
  const tag = randomUUID().slice(0, 6)
  const email = await applyOnPublicSite(page, tag, 'Quiet')
  const { application } = await findApplication(app, email)
  await signIn(context, app.url, await createAccount('admin'))
  await page.goto(`/admin/interpreters/${application.id}?decide=rejected`)
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel(`Send this e-mail to ${email}`).uncheck()
  await dialog.getByRole('button', { name: 'Confirm rejection' }).click()
  await expect(dialog.getByText('Rejected', { exact: true })).toBeVisible()
  const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))
  expect(mails.map((mail) => mail.template)).not.toContain('application-rejected')
})

test('dashboard: status select saves with its button, delete removes the row and the file, filters live in the URL', async ({
  page,
  context,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const email = await applyOnPublicSite(page, tag, 'Deletable')
  const { application, file } = await findApplication(app, email)
  const filePath = path.join(app.dataDir, 'uploads', file.storageKey)
  expect(existsSync(filePath)).toBe(true)

  await signIn(context, app.url, await createAccount('admin', 'Dana Dashboard'))
  await page.goto(`/admin/dashboard?tab=applications&q=${tag}`)
  const status = page.getByLabel(`Status of Deletable Tester${tag}`)
  await status.selectOption('interview_scheduled')
  await page.getByRole('button', { name: `Save status of Deletable Tester${tag}` }).click()
  await expect
    .poll(async () => (await findApplication(app, email)).application.status)
    .toBe('interview_scheduled')
  await page.reload()
  await expect(page.getByLabel(`Status of Deletable Tester${tag}`)).toHaveValue(
    'interview_scheduled',
  )

  await page.locator('summary', { hasText: `Delete Deletable Tester${tag}'s application` }).click()
  await page.getByRole('button', { name: 'Delete permanently' }).click()
  await expect(page.getByText('No applications found')).toBeVisible()
  expect(
    await app.db.$count(interpreterApplications, eq(interpreterApplications.id, application.id)),
  ).toBe(0)
  expect(await app.db.$count(storedFiles, eq(storedFiles.id, file.id))).toBe(0)
  expect(existsSync(filePath)).toBe(false)
  const audit = await app.db.select().from(auditLog).where(eq(auditLog.entityId, application.id))
  expect(audit.map((entry) => entry.action)).toEqual(
    expect.arrayContaining(['status_change', 'delete']),
  )

  await page.getByRole('tab', { name: /Contact Submissions/ }).click()
  await expect(page).toHaveURL(/tab=contacts/)
  await page.getByLabel('Search by name, email, company or message').fill(`nothing-${tag}`)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('No contacts found')).toBeVisible()
})

test('an application from a Careers tile whose page reads Professional Interpreter reaches staff with its language', async ({
  page,
  browser,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  await page.goto('/careers')
  await page
    .getByRole('list', { name: 'Remote interpreter positions by language' })
    .getByRole('link', { name: /^ASL/ })
    .click()
  await expect(page).toHaveURL(/\/application\?language=asl-interpreter$/)
  // Fluent languages left empty: the tile's language is what the applicant applied for.
  const email = await submitOpenApplication(page, tag, 'Signe')
  const { application } = await findApplication(app, email)

  const staff = await browser.newContext()
  await signIn(staff, app.url, await createAccount('admin', 'Rita Recruiter'))
  const adminPage = await staff.newPage()
  await adminPage.goto(`${app.url}/admin/interpreters/${application.id}`)
  const dialog = adminPage.getByRole('dialog', { name: `Signe Tester${tag}` })
  const detail = (label: string) =>
    dialog.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]')
  await expect(detail('Position')).toHaveText('ASL Interpreter')
  await expect(detail('Languages')).toContainText('ASL')
  await staff.close()
})
