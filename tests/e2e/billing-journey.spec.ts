import { todayIn } from '../../app/domain/availability'
import { invoicePeriodOf, periodLabel, statementPeriodOf } from '../../app/domain/billing'
import { addDays } from '../../app/domain/onboarding'
import { clientContextOf } from '../../app/models/organizations.server'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { createBookingRow, createDispatchInterpreter } from '../support/booking-fixtures'
import { pdfDocument } from '../support/document-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { expect, test } from './fixtures'
import { createOrganizationMember } from '../support/organization-fixtures'

/**
 * Finished work turns into money, through the screens people use: a confirmed on-site
 * assignment that ended yesterday is closed out by the interpreter with mileage and a parking
 * receipt; staff approve it; the interpreter's statement for the period shows the right
 * amount; staff approve it and mark it paid, and the interpreter sees it paid. Staff send the
 * month's invoice and the client's manager sees the line. Each step's detail is in its own
 * spec: the closeout in interpreter-closeout.spec.ts, the statement and its PDF in
 * interpreter-statements.spec.ts, the invoice and its PDF in client-invoices.spec.ts (the PDFs'
 * text in tests/integration/statements.test.ts and invoices.test.ts).
 *
 * The amounts at the rates a new installation starts with (docs/product.md#money-and-rounding):
 * 60 minutes on site are billed at the 120-minute minimum: the interpreter $90.00 (120 × $0.75),
 * 20.0 miles × $0.70 = $14.00 and $12.50 parking, $116.50 in all; the client $140.00
 * (120 × $1.1667 = $140.004) plus the same $26.50 of travel, $166.50.
 */
test('a closed-out assignment becomes a paid statement and a sent invoice', async ({
  page,
  browser,
  app,
}) => {
  test.setTimeout(360_000)
  const tag = Date.now().toString(36)
  const organizationName = `Journey Clinic ${tag}`
  const staff = await createAccount('admin', 'Jules Journey')
  const actor = { id: staff.id, name: staff.name }
  const managerEmail = `maya-${tag}@journey.example`
  await createOrganizationMember(
    { organizationName, name: 'Maya Manager', email: managerEmail, role: 'manager' },
    actor,
  )
  const manager = toPublicUser((await findUserByEmail(managerEmail))!)
  const { organizationId } = (await clientContextOf(manager.id))!
  const lastName = `Journey${tag}`
  const interpreter = await createDispatchInterpreter(app.db, actor, {
    firstName: 'Lena',
    lastName,
  })
  const yesterday = addDays(todayIn('America/New_York', new Date()), -1)
  const bookingId = await createBookingRow(app.db, {
    organizationId,
    localDate: yesterday,
    localTime: '10:00',
    durationMinutes: 60,
    modality: 'on_site',
    status: 'confirmed',
    interpreterId: interpreter.profileId,
    location: '5 Journey Road, Austin, TX',
  })
  const statementPeriod = periodLabel(statementPeriodOf(yesterday))
  const invoiceMonth = periodLabel(invoicePeriodOf(yesterday))

  // The interpreter closes the assignment out with mileage and a receipt.
  const portal = await browser.newContext()
  await signIn(portal, app.url, toPublicUser((await findUserByEmail(interpreter.email))!))
  const interpreterPage = await portal.newPage()
  await interpreterPage.goto(`${app.url}/interpreter/assignments`)
  await interpreterPage
    .getByRole('region', { name: 'Closeouts due' })
    .getByRole('link', { name: /^Close out Spanish, On-site/ })
    .click()
  await expect(interpreterPage).toHaveURL(new RegExp(`/assignments/${bookingId}/closeout$`))
  const form = interpreterPage.getByRole('form', { name: 'Closeout' })
  await expect(form.getByLabel('Start time')).toHaveValue('10:00')
  await expect(form.getByLabel('End time')).toHaveValue('11:00')
  await form.getByLabel('Mileage (miles)').fill('20.0')
  await form.getByLabel('Expense 1', { exact: true }).fill('Parking')
  await form.getByLabel('Amount of expense 1').fill('12.50')
  await form.getByLabel('Receipt of expense 1').setInputFiles({
    name: 'parking.pdf',
    mimeType: 'application/pdf',
    buffer: pdfDocument('Journey garage receipt'),
  })
  await form.getByRole('button', { name: 'Send closeout' }).click()
  await expect(
    interpreterPage
      .getByRole('status')
      .getByText('Closeout sent: it is waiting for approval.')
      .first(),
  ).toBeVisible()

  // Staff approve the closeout.
  await signIn(page.context(), app.url, staff)
  await page.goto('/admin/closeouts')
  await page
    .getByRole('region', { name: /Waiting for approval/ })
    .getByRole('link', { name: new RegExp(`Review the closeout of Lena ${lastName}`) })
    .click()
  const dialog = page.getByRole('dialog', { name: `Closeout: Lena ${lastName}` })
  await dialog.getByRole('button', { name: 'Approve' }).click()
  // Decided: the dialog closes, the success is said once, and focus stays on the page.
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL(/\/admin\/closeouts$/)
  await expect(
    page.getByText('Closeout approved: it is on the statement and the invoice.'),
  ).toHaveCount(1)
  await expect(
    page
      .getByRole('status')
      .getByText('Closeout approved: it is on the statement and the invoice.'),
  ).toBeVisible()
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false)

  // The period's statement shows it with the right amount; staff approve and pay it.
  await page.goto('/admin/statements')
  await page.getByLabel('Period').selectOption({ label: statementPeriod })
  const statementRow = page.getByRole('row').filter({ hasText: lastName })
  await expect(statementRow).toContainText('$116.50')
  await statementRow
    .getByRole('link', { name: `Open the statement of Lena ${lastName} for ${statementPeriod}` })
    .click()
  const line = page.getByRole('row').filter({ hasText: organizationName })
  await expect(line).toContainText('120')
  await expect(line).toContainText('$0.7500')
  await expect(line).toContainText('$90.00')
  await expect(line).toContainText('$26.50')
  await expect(page.getByText('Statement total: $116.50')).toBeVisible()
  await page.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText('Statement approved.')).toBeVisible()
  await page.getByRole('button', { name: 'Mark paid' }).click()
  await expect(page.getByText('Marked paid; the interpreter was e-mailed.')).toBeVisible()

  // The interpreter sees it paid.
  await interpreterPage.goto(`${app.url}/interpreter/payouts`)
  const payout = interpreterPage.getByRole('row').filter({ hasText: statementPeriod })
  await expect(payout).toContainText('Paid')
  await expect(payout).toContainText('$116.50')
  await portal.close()

  // Staff send the month's invoice; the manager sees the line.
  await page.goto(`/admin/invoices?month=${yesterday.slice(0, 7)}`)
  await page.getByRole('link', { name: new RegExp(`of ${organizationName}$`) }).click()
  await page.getByRole('button', { name: 'Send invoice' }).click()
  await expect(
    page.getByRole('status').getByText('Invoice sent and e-mailed to 1 manager.').first(),
  ).toBeVisible()

  const client = await browser.newContext()
  await signIn(client, app.url, manager)
  const clientPage = await client.newPage()
  await clientPage.goto(`${app.url}/client/invoices`)
  const invoiceRow = clientPage.getByRole('row', { name: new RegExp(invoiceMonth) })
  await expect(invoiceRow).toContainText('Sent')
  await expect(invoiceRow).toContainText('$166.50')
  await invoiceRow.getByRole('link', { name: /View invoice/ }).click()
  const lines = clientPage.getByRole('table', { name: 'Invoice lines' })
  await expect(lines).toContainText('Spanish, on-site interpreting')
  await expect(lines).toContainText('$140.00')
  await expect(lines).toContainText('$166.50')
  await client.close()
})
