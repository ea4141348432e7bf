import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { interpreterApplications, mailOutbox } from '../../db/schema'
import { createLead } from '../../app/models/leads/intake.server'
import { setApplicationStatus } from '../../app/models/interpreter-applications/review.server'
import { createApplicant } from '../support/people-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { expect, expectNoAxeViolations, test, type TestApp } from './fixtures'

/**
 * What staff notice after they change something: a toast that says what changed, focus
 * that stays where they were working, and one decision step for approving and rejecting.
 */

const toast = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ }).first()

async function statusOf(app: TestApp, id: string) {
  const [row] = await app.db
    .select({ status: interpreterApplications.status })
    .from(interpreterApplications)
    .where(eq(interpreterApplications.id, id))
  return row?.status
}

let staff: { id: string; name: string }

test.beforeEach(async ({ context, app }) => {
  const admin = await createAccount('admin', 'Fiona Feedback')
  staff = { id: admin.id, name: admin.name }
  await signIn(context, app.url, admin)
})

test('the dashboard status select saves only with its button, keeps focus and says what changed', async ({
  page,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const id = await createApplicant(app.db, {
    firstName: 'Selma',
    lastName: `Select${tag}`,
    email: `selma-${tag}@example.org`,
  })
  await page.goto(`/admin/dashboard?tab=applications&q=${tag}`)
  const select = page.getByLabel(`Status of Selma Select${tag}`)
  await select.focus()
  await page.keyboard.press('ArrowDown')
  await page.waitForTimeout(500)
  expect(await statusOf(app, id)).toBe('pending')

  await select.selectOption('interview_scheduled')
  const save = page.getByRole('button', { name: `Save status of Selma Select${tag}` })
  await save.focus()
  await page.keyboard.press('Enter')
  await expect(toast(page)).toContainText(
    `Status of Selma Select${tag} changed to Interview Scheduled.`,
  )
  expect(await statusOf(app, id)).toBe('interview_scheduled')
  await expect(save).toBeFocused()
  await expectNoAxeViolations(page)
})

test('approving from the dashboard goes through the decision step, also for an interview scheduled', async ({
  page,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const email = `ivo-${tag}@example.org`
  const id = await createApplicant(app.db, { firstName: 'Ivo', lastName: `Interview${tag}`, email })
  await setApplicationStatus(id, 'interview_scheduled', staff)
  await page.goto(`/admin/dashboard?tab=applications&q=${tag}`)
  await page.getByLabel(`Status of Ivo Interview${tag}`).selectOption('approved')
  await page.getByRole('button', { name: `Save status of Ivo Interview${tag}` }).click()

  const dialog = page.getByRole('dialog', { name: `Ivo Interview${tag}` })
  await expect(dialog.getByRole('heading', { name: 'Approve this application' })).toBeVisible()
  expect(await statusOf(app, id)).toBe('interview_scheduled')
  await expect(dialog.getByText('The applicant will receive this e-mail:')).toBeVisible()
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Confirm approval' }).click()

  await expect(page).toHaveURL(new RegExp(`/admin/dashboard\\?tab=applications&q=${tag}$`))
  await expect(toast(page)).toContainText(
    `Ivo Interview${tag} approved. The decision e-mail is on its way.`,
  )
  expect(await statusOf(app, id)).toBe('approved')
  const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))
  expect(mails.map((mail) => mail.template)).toContain('application-approved')
  // A decided application is reopened first: the select does not offer the other decision.
  const options = await page
    .getByLabel(`Status of Ivo Interview${tag}`)
    .locator('option')
    .allTextContents()
  expect(options).toEqual(['Pending', 'Approved', 'Interview Scheduled'])
})

test('an application with an interview scheduled can be approved or rejected on the interpreters screen', async ({
  page,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const id = await createApplicant(app.db, {
    firstName: 'Rita',
    lastName: `Reject${tag}`,
    email: `rita-${tag}@example.org`,
  })
  await setApplicationStatus(id, 'interview_scheduled', staff)
  await page.goto(`/admin/interpreters/${id}`)
  const dialog = page.getByRole('dialog', { name: `Rita Reject${tag}` })
  await dialog.getByRole('link', { name: 'Reject' }).click()
  await dialog.getByLabel(/Send this e-mail to/).uncheck()
  await dialog.getByRole('button', { name: 'Confirm rejection' }).click()
  await expect(toast(page)).toContainText(`Rita Reject${tag} rejected. No e-mail was sent.`)
  expect(await statusOf(app, id)).toBe('rejected')
})

test('a dialog read before its script runs keeps its scroll position and focus as it becomes modal', async ({
  page,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const email = `sam-${tag}@example.org`
  const id = await createApplicant(app.db, { firstName: 'Sam', lastName: `Scroll${tag}`, email })
  // The page's scripts are held back until the reader has scrolled and focused a control.
  let releaseScripts!: () => void
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve))
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsHeld
    await route.continue()
  })
  await page.goto(`/admin/interpreters/${id}?decide=approved`, { waitUntil: 'commit' })
  const dialog = page.getByRole('dialog', { name: `Sam Scroll${tag}` })
  const sendEmail = dialog.getByLabel(`Send this e-mail to ${email}`)
  await sendEmail.focus()
  const scrolledTo = await dialog.evaluate((element) => {
    element.scrollTop = 120
    return element.scrollTop
  })
  expect(scrolledTo).toBeGreaterThan(0)
  expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(false)

  releaseScripts()
  await expect(dialog).toHaveJSProperty('open', true)
  await page.waitForFunction(() => document.querySelector('dialog')?.matches(':modal'))
  expect(await dialog.evaluate((element) => element.scrollTop)).toBe(scrolledTo)
  await expect(sendEmail).toBeFocused()
  await sendEmail.uncheck()
  await expect(sendEmail).not.toBeChecked()
})

test('focus returns to the control that opened a dialog after Escape and Close', async ({
  page,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  await createApplicant(app.db, {
    firstName: 'Fay',
    lastName: `Focus${tag}`,
    email: `fay-${tag}@example.org`,
  })
  await page.goto(`/admin/interpreters?q=${tag}`)
  const opener = page.getByRole('link', { name: `View details of Fay Focus${tag}` })
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: `Fay Focus${tag}` })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('link', { name: 'Close' }).focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
})

test('after Mark as Contacted the dialog closes, focus returns to the row and a toast says so', async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 6)
  await createLead({
    type: 'contact',
    name: `Carla Contact${tag}`,
    email: `carla-${tag}@example.org`,
    company: 'Clinic',
    message: 'Please call me.',
  })
  await page.goto(`/admin/clients?q=${tag}`)
  const opener = page.getByRole('link', { name: `View details of Carla Contact${tag}'s request` })
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Mark as Contacted' }).click()
  await expect(dialog).toBeHidden()
  await expect(toast(page)).toContainText(`Carla Contact${tag} marked as contacted.`)
  await expect(opener).toBeFocused()
})

test('deleting a row on the dashboard moves focus to the next row', async ({ page, app }) => {
  const tag = randomUUID().slice(0, 6)
  for (const name of ['Ann', 'Ben'])
    await createApplicant(app.db, {
      firstName: name,
      lastName: `Row${tag}`,
      email: `${name}-${tag}@example.org`,
    })
  await page.goto(`/admin/dashboard?tab=applications&q=${tag}&order=name:asc`)
  await page.locator('summary', { hasText: `Delete Ann Row${tag}'s application` }).click()
  await page.getByRole('button', { name: 'Delete permanently' }).click()
  await expect(toast(page)).toContainText('Application deleted.')
  await expect(page.getByRole('link', { name: `Ben Row${tag}` })).toBeFocused()
})

test('after Confirm approval focus is on the record it decided; after Add Resource it is back on the button', async ({
  page,
  context,
  app,
}) => {
  const email = `focus-${randomUUID().slice(0, 6)}@example.org`
  await createApplicant(app.db, { firstName: 'Fenna', lastName: 'Focus', email })
  await signIn(context, app.url, await createAccount('admin', 'Rita Recruiter'))
  await page.goto(`/admin/interpreters?q=${email}`)
  await page.getByRole('link', { name: 'Fenna Focus' }).click()
  await page.getByRole('link', { name: 'Approve' }).click()
  await page.getByRole('button', { name: 'Confirm approval' }).click()
  await expect(page.getByText('Fenna Focus approved.').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Fenna Focus' })).toBeFocused()

  await page.goto('/admin/resources')
  await page.getByRole('button', { name: 'Add Resource' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Resource' })
  await dialog.getByLabel('Title').fill(`Focus guide ${email}`)
  await dialog.getByLabel(/URL/).fill('https://example.org/focus')
  await dialog.getByRole('button', { name: 'Add Resource' }).click()
  await expect(page.getByText('Resource added.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add Resource' })).toBeFocused()
})
