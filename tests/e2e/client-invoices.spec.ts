import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { and, eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { mailOutbox } from '../../db/schema'
import { formatCalendarDate } from '../../app/domain/format'
import { calendarDate } from '../../app/domain/onboarding'
import { addDays } from '../../app/domain/receivables'
import type { CloseoutOutcome } from '../../app/domain/billing'
import { clientContextOf } from '../../app/models/organizations.server'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { createDispatchInterpreter } from '../support/booking-fixtures'
import { createApprovedAssignment, invoiceIdOf } from '../support/billing-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { eventually, expect, expectNoAxeViolations, test } from './fixtures'
import { createOrganizationMember } from '../support/organization-fixtures'

const SHOTS = process.env.SCREENSHOT_DIR

async function shoot(page: Page, name: string) {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

async function pdfText(bytes: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
    mergePages: true,
  })
  return text.replace(/\s+/g, ' ')
}

/** A client user of `organizationName` (made on first use), as the browser signs in. */
async function clientUser(
  staff: { id: string; name: string },
  organizationName: string,
  email: string,
  role: 'manager' | 'requester',
) {
  await createOrganizationMember(
    { organizationName, name: email.split('@')[0]!, email, role },
    staff,
  )
  return toPublicUser((await findUserByEmail(email))!)
}

test('staff send a month’s invoice; the manager sees it Sent and downloads the PDF; a requester sees nothing', async ({
  page,
  browser,
  app,
}) => {
  test.setTimeout(360_000)
  const tag = Date.now().toString(36)
  const organizationName = `Invoice Clinic ${tag}`
  const staff = await createAccount('admin', 'Ivy Staff')
  const actor = { id: staff.id, name: staff.name }
  const manager = await clientUser(actor, organizationName, `mia-${tag}@clinic.example`, 'manager')
  const requester = await clientUser(
    actor,
    organizationName,
    `rex-${tag}@clinic.example`,
    'requester',
  )
  const outsider = await clientUser(
    actor,
    `Other Firm ${tag}`,
    `olga-${tag}@other.example`,
    'manager',
  )
  const interpreter = await createDispatchInterpreter(app.db, actor, { firstName: 'Ines' })
  const context = (await clientContextOf(manager.id))!
  const postWork = async (work: {
    localDate: string
    outcome?: CloseoutOutcome
    minutes: number
    mileageTenths?: number
  }) => {
    const { bookingId } = await createApprovedAssignment(app.db, actor, {
      organizationId: context.organizationId,
      requestedById: requester.id,
      interpreterProfileId: interpreter.profileId,
      ...work,
    })
    return { bookingId, invoiceId: await invoiceIdOf(app.db, bookingId) }
  }
  // October 2025: 150 minutes at $1.1667 ($175.01) and 12.4 miles ($8.68), and a late
  // cancellation at the on-site minimum of 120 minutes ($140.00).
  const completed = await postWork({ localDate: '2025-10-06', minutes: 150, mileageTenths: 124 })
  await postWork({ localDate: '2025-10-20', outcome: 'late_cancellation', minutes: 0 })
  const invoiceId = completed.invoiceId

  // The manager sees the open invoice, labelled as not final, without a PDF yet.
  await signIn(page.context(), app.url, manager)
  await page.goto('/client/dashboard')
  await page
    .getByRole('navigation', { name: 'Client portal' })
    .getByRole('link', { name: 'Invoices' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible()
  const row = page.getByRole('row', { name: /October 2025/ })
  await expect(row).toContainText('Open (not final)')
  await expect(row).toContainText('$323.69')
  await row.getByRole('link', { name: /View invoice/ }).click()
  await expect(page.getByText(/still open: work of this month is added/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveCount(0)

  // Staff find it and send it.
  const staffContext = await browser.newContext({ baseURL: app.url })
  await signIn(staffContext, app.url, staff)
  const adminPage = await staffContext.newPage()
  await adminPage.goto('/admin/dashboard')
  await adminPage
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Invoices' })
    .click()
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible()
  await adminPage.getByLabel('Month').fill('2025-10')
  await adminPage.getByLabel('Status').selectOption('open')
  await adminPage.getByRole('button', { name: 'Filter' }).click()
  await expect(adminPage).toHaveURL(/month=2025-10&status=open/)
  await expectNoAxeViolations(adminPage, 'staff invoices at 1280 px')
  await shoot(adminPage, 'admin-invoices-1280')
  await adminPage.getByRole('link', { name: new RegExp(`of ${organizationName}$`) }).click()
  await expect(adminPage).toHaveURL(new RegExp(`/admin/invoices/${invoiceId}$`))
  // The address changes as the navigation starts; the new heading follows once it renders.
  const heading = adminPage.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText(/^Invoice INV-\d{6}$/)
  const number = (await heading.textContent())!.replace('Invoice ', '')
  expect(number).toMatch(/^INV-\d{6}$/)
  const lines = adminPage.getByRole('table', { name: 'Invoice lines' })
  await expect(lines).toContainText('Spanish, on-site interpreting (late cancellation)')
  await expect(
    adminPage.getByRole('definition').filter({ hasText: '$323.69' }).first(),
  ).toBeVisible()
  await expectNoAxeViolations(adminPage, 'staff invoice (open) at 1280 px')
  await shoot(adminPage, 'admin-invoice-open-1280')
  const draft = await adminPage.request.get(
    (await adminPage.getByRole('link', { name: 'Download draft PDF' }).getAttribute('href'))!,
  )
  expect(draft.headers()['content-type']).toBe('application/pdf')
  expect(await pdfText(await draft.body())).toContain('Open (not final)')
  // A colleague has the same invoice open.
  const colleaguePage = await staffContext.newPage()
  await colleaguePage.goto(`/admin/invoices/${invoiceId}`)
  await adminPage.getByRole('button', { name: 'Send invoice' }).click()
  await expect(
    adminPage.getByRole('status').getByText('Invoice sent and e-mailed to 1 manager.').first(),
  ).toBeVisible()
  await expect(adminPage.getByText('Waiting for payment: $323.69 due.')).toBeVisible()
  await expect(adminPage.getByRole('button', { name: 'Send invoice' })).toHaveCount(0)
  // The colleague's Send comes second: told so, nothing sent twice.
  await colleaguePage.getByRole('button', { name: 'Send invoice' }).click()
  await expect(colleaguePage.getByRole('alert')).toHaveText('This invoice was sent already.')
  await colleaguePage.close()
  const probe = await adminPage.request.post(`/admin/invoices/${invoiceId}`, {
    form: { intent: 'probe' },
    headers: { Origin: app.url },
    maxRedirects: 0,
  })
  expect(probe.status()).toBe(400)

  // The e-mail goes to the manager alone, with the PDF attached, and is delivered.
  const sent = await app.db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.template, 'invoice-sent'),
        eq(mailOutbox.reference, `client_invoice:${invoiceId}`),
      ),
    )
  expect(sent.map((mail) => mail.toAddress)).toEqual([manager.email])
  const delivered = await eventually(async () => {
    const file = readdirSync(app.mailDir).find((name) => name.endsWith(`${sent[0]!.id}.eml`))
    expect(file).toBeDefined()
    return readFileSync(path.join(app.mailDir, file!), 'utf8')
  })
  expect(delivered).toContain(`filename=${number}.pdf`)
  expect(delivered).toMatch(/Content-Type: application\/pdf/)
  expect(delivered).toContain('JVBERi0') // "%PDF-" in base64

  // The manager sees it Sent and downloads the PDF.
  await page.goto('/client/invoices')
  const sentRow = page.getByRole('row', { name: /October 2025/ })
  await expect(sentRow).toContainText('Sent')
  // Due 30 days after sending (the default terms), with the whole total still owed.
  await expect(sentRow).toContainText(formatCalendarDate(addDays(calendarDate(new Date()), 30)))
  await expect(sentRow).toContainText(/Balance\s*\$323\.69/)
  await expectNoAxeViolations(page, 'client invoices at 1280 px')
  await shoot(page, 'client-invoices-1280')
  await page.getByRole('link', { name: `View invoice ${number} for October 2025` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Invoice lines' })).toContainText('$175.01')
  await expectNoAxeViolations(page, 'client invoice (sent) at 1280 px')
  await shoot(page, 'client-invoice-1280')
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download PDF' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`${number}.pdf`)
  const text = await pdfText(readFileSync((await download.path())!))
  expect(text).toContain(number)
  expect(text).toContain(organizationName)
  expect(text).toContain('Total $323.69')

  // The booking's timeline says Invoiced.
  await page.goto(`/client/bookings/${completed.bookingId}`)
  const invoicedStep = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').last()
  await expect(invoicedStep).toHaveText(/^→?\s*Invoiced Current$/)
  await expect(invoicedStep).toHaveAttribute('aria-current', 'step')

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/client/invoices/${invoiceId}`)
  await expectNoAxeViolations(page, 'client invoice at 390 px')
  await shoot(page, 'client-invoice-390')
  await page.goto('/client/invoices')
  await expectNoAxeViolations(page, 'client invoices at 390 px')
  await shoot(page, 'client-invoices-390')

  // Staff record the payment of the whole balance (the form's amount to begin with).
  await expect(adminPage.getByLabel('Amount (US dollars)')).toHaveValue('323.69')
  await adminPage.getByRole('button', { name: 'Record payment' }).click()
  await expect(
    adminPage
      .getByRole('status')
      .getByText(/Payment recorded. The invoice is paid in full/)
      .first(),
  ).toBeVisible()
  await expect(adminPage.getByRole('button', { name: 'Record payment' })).toHaveCount(0)
  await expectNoAxeViolations(adminPage, 'staff invoice (paid) at 1280 px')
  await adminPage.setViewportSize({ width: 390, height: 844 })
  await expectNoAxeViolations(adminPage, 'staff invoice at 390 px')
  await shoot(adminPage, 'admin-invoice-paid-390')
  await page.goto('/client/invoices')
  await expect(page.getByRole('row', { name: /October 2025/ })).toContainText('Paid')

  // A requester: no Invoices link, and the screens are not theirs.
  const requesterContext = await browser.newContext({ baseURL: app.url })
  await signIn(requesterContext, app.url, requester)
  const requesterPage = await requesterContext.newPage()
  await requesterPage.goto('/client/dashboard')
  await expect(
    requesterPage
      .getByRole('navigation', { name: 'Client portal' })
      .getByRole('link', { name: 'Translation quotes' }),
  ).toBeVisible()
  await expect(
    requesterPage
      .getByRole('navigation', { name: 'Client portal' })
      .getByRole('link', { name: 'Invoices' }),
  ).toHaveCount(0)
  expect((await requesterPage.goto('/client/invoices'))?.status()).toBe(404)
  expect((await requesterPage.goto(`/client/invoices/${invoiceId}`))?.status()).toBe(404)
  const requesterPdf = await requesterPage.request.get(`/client/invoices/${invoiceId}/pdf`)
  expect(requesterPdf.status()).toBe(403)
  expect(await requesterPdf.text()).not.toContain(organizationName)

  // Another organization's manager: nothing either.
  const outsiderContext = await browser.newContext({ baseURL: app.url })
  await signIn(outsiderContext, app.url, outsider)
  const outsiderPage = await outsiderContext.newPage()
  const outsiderView = await outsiderPage.goto(`/client/invoices/${invoiceId}`)
  expect(outsiderView?.status()).toBe(404)
  expect(await outsiderView?.text()).not.toContain(number)
  expect((await outsiderPage.request.get(`/client/invoices/${invoiceId}/pdf`)).status()).toBe(403)
  await outsiderPage.goto('/client/invoices')
  await expect(outsiderPage.getByText('No invoices yet')).toBeVisible()

  await outsiderContext.close()
  await requesterContext.close()
  await staffContext.close()
})
