import { extractText, getDocumentProxy } from 'unpdf'
import { and, eq } from 'drizzle-orm'
import { interpreterStatements, mailOutbox } from '../../db/schema'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { htmlErrors, type HtmlDocument } from '../support/html-checker'
import { createApprovedAssignment } from '../support/billing-fixtures'
import { createDispatchInterpreter, createOrganization } from '../support/booking-fixtures'
import { IN_FORCE_PAST_MESSAGE, officeDateTime, RATE_MESSAGE } from '../../app/lib/validation/rates'
import { createAccount, signIn } from './auth-helpers'
import { checkPage, expect, test } from './fixtures'

test('staff approve and pay a statement; the interpreter sees it Paid and downloads the PDF', async ({
  page,
  browser,
  app,
}) => {
  // A whole journey through several pages and e-mails: more than the default minute on a busy machine.
  test.setTimeout(240_000)
  // The run shares one database: a period no other spec uses, and this spec's own people.
  const staff = await createAccount('admin', 'Pat Payroll')
  const actor = { id: staff.id, name: staff.name }
  const stamp = Date.now().toString(36)
  const interpreter = await createDispatchInterpreter(app.db, actor, {
    firstName: 'Paloma',
    lastName: `Payee ${stamp}`,
  })
  const name = `Paloma Payee ${stamp}`
  const organizationId = await createOrganization(app.db, `Payout Clinic ${stamp}`)
  // Approving a closeout posts the statement line (the closeout screens are not this spec's).
  await createApprovedAssignment(app.db, actor, {
    organizationId,
    interpreterProfileId: interpreter.profileId,
    localDate: '2024-02-05',
    minutes: 150,
    mileageTenths: 124,
  })
  const [statement] = await app.db
    .select()
    .from(interpreterStatements)
    .where(
      and(
        eq(interpreterStatements.interpreterId, interpreter.profileId),
        eq(interpreterStatements.periodStart, '2024-02-01'),
      ),
    )
  const documents: HtmlDocument[] = []

  // Staff find the statement by period and status and approve it.
  await signIn(page.context(), app.url, staff)
  await page.goto('/admin/dashboard')
  await page.getByRole('link', { name: 'Statements' }).first().click()
  await expect(page.getByRole('heading', { name: 'Statements', level: 1 })).toBeVisible()
  await page.getByLabel('Period').selectOption({ label: 'February 1-15, 2024' })
  await page.getByLabel('Status').selectOption({ label: 'Open' })
  await expect(page).toHaveURL(/period=2024-02-01/)
  await expect(page).toHaveURL(/status=open/)
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('$121.18')
  await expect(row).toContainText('Open')
  await checkPage(page, 'admin-statements')
  documents.push({ name: '/admin/statements', html: await page.content() })
  await row
    .getByRole('link', { name: `Open the statement of ${name} for February 1-15, 2024` })
    .click()
  await expect(page).toHaveURL(new RegExp(`/admin/statements/${statement!.id}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name}: February 1-15, 2024`)
  await expect(page.getByText('Statement total: $121.18')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mark paid' })).toHaveCount(0)
  await checkPage(page, 'admin-statement')
  documents.push({ name: '/admin/statements/{id} (open)', html: await page.content() })
  // A colleague has the same statement open; the first approval counts, the second is told.
  const colleague = await page.context().newPage()
  await colleague.goto(page.url())
  await page.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText('Statement approved.')).toBeVisible()
  await colleague.getByRole('button', { name: 'Approve' }).click()
  await expect(
    colleague.getByText(
      'This statement is no longer open (it is Approved): someone approved it already.',
    ),
  ).toBeVisible()
  await colleague.close()
  await expect(page.getByText(/Status:\s*Approved/)).toBeVisible()
  await page.getByRole('button', { name: 'Mark paid' }).click()
  await expect(page.getByText('Marked paid; the interpreter was e-mailed.')).toBeVisible()
  await expect(page.getByText(/Status:\s*Paid/)).toBeVisible()
  await expect(page.getByText('by Pat Payroll').first()).toBeVisible()
  documents.push({ name: '/admin/statements/{id} (paid)', html: await page.content() })
  const staffPdf = await page.request.get(`/admin/statements/${statement!.id}/pdf`)
  expect(staffPdf.headers()['content-type']).toBe('application/pdf')
  const paidMails = await app.db
    .select()
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.template, 'statement-paid'), eq(mailOutbox.toAddress, interpreter.email)),
    )
  expect(paidMails.map((mail) => mail.subject)).toEqual([
    'Statement paid: February 1-15, 2024, $121.18',
  ])

  // The interpreter sees it Paid under Payouts and downloads the PDF.
  const portal = await browser.newContext()
  await signIn(portal, app.url, toPublicUser((await findUserByEmail(interpreter.email))!))
  const portalPage = await portal.newPage()
  await portalPage.goto(`${app.url}/interpreter/dashboard`)
  await portalPage.getByRole('link', { name: 'Payouts' }).first().click()
  await expect(portalPage.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible()
  const listed = portalPage.getByRole('row').filter({ hasText: 'February 1-15, 2024' })
  await expect(listed).toContainText('Paid')
  await expect(listed).toContainText('$121.18')
  await checkPage(portalPage, 'interpreter-statements')
  documents.push({ name: '/interpreter/payouts', html: await portalPage.content() })
  await listed.getByRole('link', { name: 'Open the statement for February 1-15, 2024' }).click()
  await expect(portalPage.getByRole('heading', { level: 1 })).toHaveText(
    'Statement: February 1-15, 2024',
  )
  const line = portalPage.getByRole('row').filter({ hasText: '02/05/2024' })
  await expect(line).toContainText(`Spanish, on-site, Payout Clinic ${stamp}`)
  await expect(line).toContainText('150')
  await expect(line).toContainText('$0.7500')
  await expect(line).toContainText('$112.50')
  await expect(line).toContainText('$8.68')
  await expect(portalPage.getByText('Statement total: $121.18')).toBeVisible()
  await checkPage(portalPage, 'interpreter-payout')
  documents.push({ name: '/interpreter/payouts/{id}', html: await portalPage.content() })
  const downloadLink = portalPage.getByRole('link', {
    name: 'Download PDF of the statement for February 1-15, 2024',
  })
  const [download] = await Promise.all([portalPage.waitForEvent('download'), downloadLink.click()])
  expect(download.suggestedFilename()).toBe('statement-2024-02-01.pdf')
  const pdf = await portalPage.request.get(`${app.url}${await downloadLink.getAttribute('href')}`)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), {
    mergePages: true,
  })
  for (const expected of ['Pay statement', name, '$121.18', 'Paid'])
    expect(text.replace(/\s+/g, ' ')).toContain(expected)
  await portal.close()

  expect(await htmlErrors(documents)).toEqual([])
})

test('staff change rates; a time in the past and a malformed rate are refused on their fields', async ({
  page,
  app,
}) => {
  // A whole journey through several pages and e-mails: more than the default minute on a busy machine.
  test.setTimeout(240_000)
  const staff = await createAccount('admin', 'Rita Rates')
  await signIn(page.context(), app.url, staff)
  await page.goto('/admin/dashboard')
  await page.getByRole('link', { name: 'Rates' }).first().click()
  await expect(page.getByRole('heading', { name: 'Rates', level: 1 })).toBeVisible()
  await checkPage(page, 'admin-rates')
  const documents: HtmlDocument[] = [{ name: '/admin/rates', html: await page.content() }]
  const phone = page.getByRole('form', { name: 'Phone rates' })
  const clientRate = phone.getByLabel('Client rate per minute (USD)')
  const current = await clientRate.inputValue()
  expect(current).toMatch(/^\d+\.\d{4}$/)

  // A start in the past: the server refuses it next to the field and keeps what was typed.
  const inForceFrom = phone.getByLabel('In force from')
  await inForceFrom.fill('2020-01-01T09:00')
  const refused = page.waitForResponse((response) => response.request().method() === 'POST')
  await phone.getByRole('button', { name: 'Save phone rates' }).click()
  expect((await refused).status()).toBe(400)
  await expect(phone.getByText(IN_FORCE_PAST_MESSAGE)).toBeVisible()
  await expect(inForceFrom).toHaveValue('2020-01-01T09:00')
  await expect(inForceFrom).toHaveAttribute('aria-invalid', 'true')
  documents.push({ name: '/admin/rates (refused)', html: await page.content() })

  // A rate that is not dollars with up to four decimals: the browser's check says so.
  await clientRate.fill('12.34567')
  await phone.getByRole('button', { name: 'Save phone rates' }).click()
  await expect(phone.getByText(RATE_MESSAGE)).toBeVisible()
  await checkPage(page, 'admin-rates-errors')

  // On site, travel time has its own rates, checked the same way (not saved here: the
  // default rates are shared by every test).
  const onSite = page.getByRole('form', { name: 'On-site rates' })
  await expect(onSite.getByLabel('Travel time, client rate per minute (USD)')).toBeVisible()
  await expect(phone.getByLabel('Travel time, client rate per minute (USD)')).toHaveCount(0)
  await onSite.getByLabel('Travel time, interpreter rate per minute (USD)').fill('0.3o')
  await onSite.getByRole('button', { name: 'Save on-site rates' }).click()
  await expect(onSite.getByText(RATE_MESSAGE)).toBeVisible()

  // Corrected (the same rates, from now): saved as a new row, shown in the history.
  await clientRate.fill(current)
  await inForceFrom.fill(officeDateTime(new Date()))
  await phone.getByRole('button', { name: 'Save phone rates' }).click()
  await expect(page.getByText(/^Phone rates saved, in force from/)).toBeVisible()
  const history = page.getByRole('table', { name: 'Rate history' })
  await expect(history.getByRole('row').filter({ hasText: 'by Rita Rates' })).toHaveCount(1)
  await expect(history.getByRole('row').filter({ hasText: 'by Rita Rates' })).toContainText('Phone')
  expect(await htmlErrors(documents)).toEqual([])
})
