import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { bookings, closeouts } from '../../db/schema'
import { formatCalendarDate } from '../../app/domain/format'
import { RATE_MESSAGE } from '../../app/lib/validation/rates'
import { setClock } from '../../app/platform/clock.server'
import { clientContextOf } from '../../app/models/organizations.server'
import { findUserByEmail } from '../../app/models/users.server'
import { createBookingRow, createDispatchInterpreter } from '../support/booking-fixtures'
import { invoiceIdOf } from '../support/billing-fixtures'
import { createOrganizationMember } from '../support/organization-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { checkPage, expect, keepPdfAsImage, test } from './fixtures'

test.afterEach(() => setClock())

/**
 * A contract end to end (docs/product.md#contracts-and-pay): staff give an organization a
 * contract with a rush premium and net-30 terms with a PO; a rush booking is closed out and
 * approved; the invoice shows the premium as its own line, the due date and the PO, on the
 * page and in the PDF; a part payment leaves a balance in the ageing view and the second
 * payment makes the invoice Paid.
 */
test('a rush booking under a contract: premium line, net 30, PO, part payment, then paid', async ({
  page,
  app,
}) => {
  test.setTimeout(480_000)
  const tag = Date.now().toString(36)
  const organizationName = `Contract Clinic ${tag}`
  const staff = await createAccount('admin', 'Cora Contracts')
  const actor = { id: staff.id, name: staff.name }
  const email = `mia-${tag}@contract.example`
  await createOrganizationMember(
    { organizationName, name: 'Mia Manager', email, role: 'manager' },
    actor,
  )
  const manager = (await findUserByEmail(email))!
  const { organizationId } = (await clientContextOf(manager.id))!
  const interpreter = await createDispatchInterpreter(app.db, actor, { firstName: 'Rosa' })
  // Monday 1 March 2027, 09:00 in New York.
  setClock(() => new Date('2027-03-01T14:00:00Z'))

  await signIn(page.context(), app.url, staff)
  await page.goto(`/admin/organizations/${organizationId}/billing`)
  await page.getByLabel('Payment terms (days)').fill('30')
  await page.getByLabel('PO / cost centre').fill(`PO-${tag}`)
  await page.getByRole('button', { name: 'Save billing settings' }).click()
  await expect(
    page
      .getByRole('status')
      .getByText(/Billing settings saved: Net 30/)
      .first(),
  ).toBeVisible()

  // The contract: on-site at $1.00 a minute, at least 60 minutes in 15-minute steps, rush 25%.
  await page.getByRole('link', { name: 'Contract and rates' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${organizationName}: contract`)
  const onSite = page.getByRole('region', { name: 'On-site', exact: true })
  await expect(
    onSite.getByText('No contract: the default rates apply, with nothing added.'),
  ).toBeVisible()
  await onSite.getByLabel('Client rate per minute (USD)').fill('1.00')
  await onSite.getByLabel('Minimum billable minutes').fill('60')
  await onSite.getByLabel('Billing increment').selectOption('15')
  await onSite.getByLabel('Rush premium (%)').fill('250')
  await onSite.getByLabel('Travel time rate per minute (USD)').fill('0.50')
  await onSite.getByRole('button', { name: 'Save on-site contract' }).click()
  await expect(
    onSite.getByText('Please enter a whole percentage from 0 to 200; 0 for none.').first(),
  ).toBeVisible()
  await expect(onSite.getByLabel('Client rate per minute (USD)')).toHaveValue('1.00')
  await onSite.getByLabel('Rush premium (%)').fill('25')
  await onSite.getByRole('button', { name: 'Save on-site contract' }).click()
  await expect(
    page
      .getByRole('status')
      .getByText(/On-site contract saved, in force from/)
      .first(),
  ).toBeVisible()
  await expect(
    page
      .getByRole('region', { name: 'On-site', exact: true })
      .getByText('Under contract: these terms are in force.'),
  ).toBeVisible()
  const contractHistory = page.getByRole('table', { name: 'Contract history', exact: true })
  await expect(contractHistory).toContainText('rush 25%')
  await expect(contractHistory).toContainText('$0.5000/min')
  await checkPage(page, 'admin-organization-contract')

  // Its contract for Connect now calls: video at $2.50 a minute, at least 5 minutes. A rate
  // that is not an amount is refused beside the field, and what was typed stays.
  const videoCalls = page.getByRole('region', { name: 'Video calls', exact: true })
  await expect(
    videoCalls.getByText('No contract for these calls: the default rates apply.'),
  ).toBeVisible()
  const videoContract = videoCalls.getByRole('form', { name: 'Video call contract' })
  await expect(videoContract.getByLabel('Interpreter rate per minute (USD)')).toHaveCount(0)
  await videoContract.getByLabel('Client rate per minute (USD)').fill('2.5o')
  await videoContract.getByLabel('Minimum billable minutes').fill('5')
  await videoContract.getByRole('button', { name: 'Save video call contract' }).click()
  await expect(videoContract.getByText(RATE_MESSAGE).first()).toBeVisible()
  await expect(videoContract.getByLabel('Minimum billable minutes')).toHaveValue('5')
  await checkPage(page, 'admin-organization-call-contract-errors')
  await videoContract.getByLabel('Client rate per minute (USD)').fill('2.50')
  await videoContract.getByRole('button', { name: 'Save video call contract' }).click()
  await expect(
    page
      .getByRole('status')
      .getByText(/Video call contract saved, in force from/)
      .first(),
  ).toBeVisible()
  await expect(videoCalls.getByText(/^Under contract since/)).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'Call contract history, the latest 20' }).getByRole('row'),
  ).toHaveCount(2)
  await expect(
    page.getByRole('table', { name: 'Call contract history, the latest 20' }),
  ).toContainText('$2.5000')

  // Booked on Wednesday evening for Thursday 10:00: a rush. Rosa worked 61 minutes.
  const bookingId = await createBookingRow(app.db, {
    organizationId,
    requestedById: manager.id,
    localDate: '2027-03-04',
    localTime: '10:00',
    durationMinutes: 60,
    status: 'confirmed',
    interpreterId: interpreter.profileId,
    createdAt: new Date('2027-03-03T20:00:00Z'),
  })
  const [booking] = await app.db.select().from(bookings).where(eq(bookings.id, bookingId))
  await app.db.insert(closeouts).values({
    bookingId,
    interpreterId: interpreter.profileId,
    actualStart: booking!.startsAt,
    actualEnd: new Date(booking!.startsAt.getTime() + 61 * 60_000),
    outcome: 'completed',
    travelMinutes: 20,
  })
  // Each move of the clock outlasts a session: sign in again.
  setClock(() => new Date('2027-03-05T14:00:00Z'))
  await signIn(page.context(), app.url, staff)

  // The closeout shows what approving posts: 75 minutes at $1.00 and the rush premium, and
  // 20 minutes on the road billed as 30 (the contract's 15-minute steps) at $0.50.
  await page.goto(`/admin/closeouts/${bookingId}`)
  const charge = page.getByRole('region', { name: 'Client charge' })
  await expect(charge).toContainText('75')
  await expect(charge).toContainText('Rush premium (booked under 24 hours ahead), 25%')
  await expect(charge).toContainText('30 min, $15.00')
  await expect(charge).toContainText('$108.75')
  await page.getByRole('button', { name: 'Approve' }).click()
  await expect(
    page
      .getByRole('status')
      .getByText(/approved/i)
      .first(),
  ).toBeVisible()

  // April: March's invoice is sent, due 30 days later, with the premium as its own line.
  setClock(() => new Date('2027-04-02T14:00:00Z'))
  await signIn(page.context(), app.url, staff)
  const invoiceId = await invoiceIdOf(app.db, bookingId)
  await page.goto(`/admin/invoices/${invoiceId}`)
  const lines = page.getByRole('table', { name: 'Invoice lines' })
  await expect(lines.getByRole('row', { name: /Rush premium/ })).toContainText('$18.75')
  await expect(lines.getByRole('row', { name: /Spanish, on-site interpreting/ })).toContainText(
    '$75.00',
  )
  await page.getByRole('button', { name: 'Send invoice' }).click()
  await expect(lines.getByRole('row', { name: /Spanish, on-site interpreting/ })).toContainText(
    '30 min travel time',
  )
  await expect(page.getByText('Waiting for payment: $108.75 due.')).toBeVisible()
  const billing = page.getByLabel('Billing details')
  await expect(billing).toContainText(`Due date${formatCalendarDate('2027-05-02')}`)
  await expect(billing).toContainText(`PO / cost centrePO-${tag}`)
  await checkPage(page, 'admin-invoice-with-premium')

  const pdf = await page.request.get(`/admin/invoices/${invoiceId}/pdf`)
  expect(pdf.status()).toBe(200)
  await keepPdfAsImage(await pdf.body(), 'invoice-with-premium-pdf')
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), {
    mergePages: true,
  })
  const pdfText = text.replace(/\s+/g, ' ')
  expect(pdfText).toContain('Rush premium (booked under 24 hours ahead), 25%')
  expect(pdfText).toContain(`PO-${tag}`)
  expect(pdfText).toContain(formatCalendarDate('2027-05-02'))
  expect(pdfText).toContain('Premiums $18.75')

  // A part payment leaves $58.75 in the ageing view; the rest makes the invoice Paid.
  await page.getByLabel('Amount (US dollars)').fill('50.00')
  await page.getByRole('button', { name: 'Record payment' }).click()
  await expect(
    page.getByRole('status').getByText('Payment recorded. Balance due: $58.75.').first(),
  ).toBeVisible()
  await page.goto('/admin/receivables')
  const row = page
    .getByRole('table', { name: 'Open balance and ageing by organization' })
    .getByRole('row', { name: new RegExp(organizationName) })
  await expect(row.getByRole('cell').nth(0)).toHaveText(/^Current\s*\$58\.75$/)
  await page.goto(`/admin/invoices/${invoiceId}`)
  await expect(page.getByLabel('Amount (US dollars)')).toHaveValue('58.75')
  await page.getByRole('button', { name: 'Record payment' }).click()
  await expect(
    page
      .getByRole('status')
      .getByText(/Payment recorded. The invoice is paid in full/)
      .first(),
  ).toBeVisible()
  await expect(page.getByText('Paid in full.')).toBeVisible()
})
