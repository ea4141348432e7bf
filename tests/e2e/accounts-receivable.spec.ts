import { calendarDate } from '../../app/domain/onboarding'
import { formatCalendarDate } from '../../app/domain/format'
import { addDays } from '../../app/domain/receivables'
import { clientContextOf } from '../../app/models/organizations.server'
import { findUserByEmail } from '../../app/models/users.server'
import { createDispatchInterpreter } from '../support/booking-fixtures'
import { createApprovedAssignment, invoiceIdOf } from '../support/billing-fixtures'
import { createOrganizationMember } from '../support/organization-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { checkPage, expect, test } from './fixtures'

/**
 * Accounts receivable end to end (docs/product.md#accounts-receivable): staff set an
 * organization's terms and PO, the invoice sent shows its due date and PO, a part payment
 * leaves a balance in the ageing view, a payment of more than the balance is refused beside
 * the amount, and the second payment makes the invoice Paid.
 */
test('staff set net 30 and a PO, send the invoice, take a part payment and then the rest', async ({
  page,
  app,
}) => {
  test.setTimeout(360_000)
  const tag = Date.now().toString(36)
  const organizationName = `Receivable Clinic ${tag}`
  const staff = await createAccount('admin', 'Ava Receivables')
  const actor = { id: staff.id, name: staff.name }
  const email = `mia-${tag}@clinic.example`
  await createOrganizationMember(
    { organizationName, name: 'Mia Manager', email, role: 'manager' },
    actor,
  )
  const manager = (await findUserByEmail(email))!
  const { organizationId } = (await clientContextOf(manager.id))!
  const interpreter = await createDispatchInterpreter(app.db, actor, { firstName: 'Ines' })
  // 150 minutes at $1.1667 ($175.01) and 12.4 miles ($8.68): $183.69.
  const { bookingId } = await createApprovedAssignment(app.db, actor, {
    organizationId,
    requestedById: manager.id,
    interpreterProfileId: interpreter.profileId,
    localDate: '2025-09-08',
    minutes: 150,
    mileageTenths: 124,
  })
  const invoiceId = await invoiceIdOf(app.db, bookingId)

  await signIn(page.context(), app.url, staff)
  await page.goto(`/admin/invoices/${invoiceId}`)
  await expect(page.getByLabel('Billing details')).toContainText('Net 30 from sending')
  await page.getByRole('link', { name: `Billing settings of ${organizationName}` }).click()

  // The organization's billing settings: terms, address, PO.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${organizationName}: billing`)
  await checkPage(page, 'admin-organization-billing')
  await page.getByLabel('Payment terms (days)').fill('400')
  await page.getByRole('button', { name: 'Save billing settings' }).click()
  await expect(
    page.getByText('Please enter whole days from 0 (due on receipt) to 365.').first(),
  ).toBeVisible()
  await page.getByLabel('Payment terms (days)').fill('30')
  await page
    .getByLabel('Billing address')
    .fill('Accounts Payable\n1 River Road\nSpringfield, IL 62701')
  await page.getByLabel('PO / cost centre').fill(`PO-${tag}`)
  await page.getByRole('button', { name: 'Save billing settings' }).click()
  await expect(
    page
      .getByRole('status')
      .getByText(/Billing settings saved: Net 30/)
      .first(),
  ).toBeVisible()

  // The invoice, sent: issued today, due in 30 days, with the PO and address.
  await page.goto(`/admin/invoices/${invoiceId}`)
  await page.getByRole('button', { name: 'Send invoice' }).click()
  await expect(page.getByText('Waiting for payment: $183.69 due.')).toBeVisible()
  const today = calendarDate(new Date())
  const billing = page.getByLabel('Billing details')
  await expect(billing).toContainText(`Issue date${formatCalendarDate(today)}`)
  await expect(billing).toContainText(`Due date${formatCalendarDate(addDays(today, 30))}`)
  await expect(billing).toContainText(`PO / cost centre${`PO-${tag}`}`)
  await expect(billing).toContainText('1 River Road')
  await expect(page.getByRole('table', { name: 'Invoice lines' })).toContainText(
    'Requested by Mia Manager',
  )

  // More than the balance: refused, beside the amount; nothing recorded.
  const amount = page.getByLabel('Amount (US dollars)')
  await expect(amount).toHaveValue('183.69')
  await amount.fill('500.00')
  await page.getByRole('button', { name: 'Record payment' }).click()
  await expect(
    page
      .getByText(
        'The amount is more than the balance of $183.69: please enter at most the balance.',
      )
      .first(),
  ).toBeVisible()
  await expect(amount).toHaveAttribute('aria-invalid', 'true')

  // A part payment by check.
  await amount.fill('100.00')
  await page.getByLabel('Reference').fill('Check 4411')
  await page.getByRole('button', { name: 'Record payment' }).click()
  await expect(
    page.getByRole('status').getByText('Payment recorded. Balance due: $83.69.').first(),
  ).toBeVisible()
  await expect(page.getByRole('table', { name: 'Payments and credit notes' })).toContainText(
    'Check 4411',
  )
  // The form starts again from the new balance, not from the payment just recorded.
  await expect(amount).toHaveValue('83.69')
  await expect(page.getByLabel('Reference')).toHaveValue('')
  await checkPage(page, 'admin-invoice-part-paid')

  // The balance in the ageing view, not yet due: Current.
  await page.goto('/admin/invoices')
  await page.getByRole('link', { name: 'Accounts receivable' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts receivable' })).toBeVisible()
  const ageing = page.getByRole('table', { name: 'Open balance and ageing by organization' })
  const row = ageing.getByRole('row', { name: new RegExp(organizationName) })
  await expect(row).toContainText('$83.69')
  // The first amount column is Current (each cell carries its column's name on narrow screens).
  await expect(row.getByRole('cell').nth(0)).toHaveText(/^Current\s*\$83\.69$/)
  await checkPage(page, 'admin-receivables')
  const csv = await page.request.get('/admin/receivables/export')
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8')
  expect(await csv.text()).toContain(`${organizationName},1,83.69,0.00,0.00,0.00,0.00,83.69`)

  // The rest: Paid, and nothing owed.
  await page.goto(`/admin/invoices/${invoiceId}`)
  await page.getByLabel('Method').selectOption('ach')
  await page.getByRole('button', { name: 'Record payment' }).click()
  await expect(
    page
      .getByRole('status')
      .getByText(/Payment recorded. The invoice is paid in full/)
      .first(),
  ).toBeVisible()
  await expect(page.getByText('Paid in full.')).toBeVisible()
  await page.goto('/admin/receivables')
  await expect(ageing.getByRole('row', { name: new RegExp(organizationName) })).toHaveCount(0)
})
