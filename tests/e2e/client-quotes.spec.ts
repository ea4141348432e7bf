import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { and, eq } from 'drizzle-orm'
import { mailOutbox, storedFiles, translationQuotes } from '../../db/schema'
import { addDays, calendarDate } from '../../app/domain/onboarding'
import { clientContextOf } from '../../app/models/organizations.server'
import { priceQuote } from '../../app/models/quotes/pricing.server'
import { flatFeePricing } from '../../app/domain/quote-pricing'
import { requestQuote } from '../../app/models/quotes/request.server'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { docxDocument, docxQuoteFile, zipArchive } from '../support/document-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { eventually, expect, expectNoAxeViolations, test, type TestApp } from './fixtures'
import { createOrganizationMember } from '../support/organization-fixtures'

const SHOTS = process.env.SCREENSHOT_DIR

async function shoot(page: Page, name: string) {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

/** A Word document whose text says which translation it is, so its bytes are its own. */
function translatedDocx() {
  return zipArchive({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels': '<?xml version="1.0"?><Relationships/>',
    'word/document.xml':
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Contrato traducido</w:t></w:r></w:p></w:body></w:document>',
  })
}

const officeDay = (days: number) => addDays(calendarDate(new Date()), days)

async function clientOf(app: TestApp, organizationName: string, email: string) {
  const staff = await createAccount('admin', 'Quinn Staff')
  await createOrganizationMember(
    { organizationName, name: 'Lena Lawyer', email, role: 'manager' },
    { id: staff.id, name: staff.name },
  )
  return { staff, client: toPublicUser((await findUserByEmail(email))!) }
}

async function counts(app: TestApp) {
  return {
    quotes: await app.db.$count(translationQuotes),
    files: await app.db.$count(storedFiles),
  }
}

test('a client requests a quote, staff price it, the client accepts, staff deliver, the client downloads', async ({
  page,
  browser,
  app,
}) => {
  test.setTimeout(240_000)
  const tag = Date.now().toString(36)
  const email = `lena-${tag}@harbor.example`
  const organizationName = `Harbor Law ${tag}`
  const { staff, client } = await clientOf(app, organizationName, email)
  await signIn(page.context(), app.url, client)

  await page.goto('/client/dashboard')
  await page
    .getByRole('navigation', { name: 'Client portal' })
    .getByRole('link', { name: 'Translation quotes' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Translation quotes' })).toBeVisible()
  await expect(page.getByText('No quotes yet')).toBeVisible()
  await page.getByRole('link', { name: 'Request a quote' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Request a translation quote' }),
  ).toBeVisible()
  await expectNoAxeViolations(page, 'quote request form at 1280 px')

  await page.getByLabel('Language of the documents').selectOption('English')
  const targets = page.getByRole('group', { name: 'Translate into' })
  await targets.getByRole('checkbox', { name: 'Spanish', exact: true }).check()
  await targets.getByRole('checkbox', { name: 'French', exact: true }).check()
  await page.getByLabel('Deadline').fill(officeDay(14))
  await page.getByLabel('Purchase order (optional)').fill(`PO-${tag}`)
  await page.getByLabel('Certified translation').check()
  await page.getByLabel('Documents', { exact: true }).setInputFiles({
    name: 'contract.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docxDocument(),
  })
  await shoot(page, 'client-quote-new-1280')
  await page.getByRole('button', { name: 'Request quote' }).click()
  await expect(page).toHaveURL(/\/client\/quotes\/[0-9a-f-]{36}\?notice=requested$/)
  await expect(page.getByText('Thank you: your request was sent.')).toBeVisible()
  const quoteId = /quotes\/([0-9a-f-]{36})/.exec(page.url())![1]!
  await expect(page.getByRole('list', { name: 'Your documents' })).toContainText('contract.docx')
  await expectNoAxeViolations(page, 'client quote (requested) at 1280 px')
  // This quote's mail: other tests of the worker ask for quotes too.
  const staffMail = (
    await app.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.template, 'quote-requested'),
          eq(mailOutbox.toAddress, 'staff@example.com'),
        ),
      )
  ).find((mail) => mail.text.includes(`/admin/quotes/${quoteId}`))
  expect(staffMail?.text).toContain(organizationName)

  // Staff price it.
  const staffContext = await browser.newContext({ baseURL: app.url })
  await signIn(staffContext, app.url, staff)
  const adminPage = await staffContext.newPage()
  await adminPage.goto('/admin/dashboard')
  await adminPage
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Quotes' })
    .click()
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible()
  await adminPage
    .getByRole('link', { name: `Open the quote of ${organizationName}` })
    .first()
    .click()
  const dialog = adminPage.getByRole('dialog', { name: `Quote: ${organizationName}` })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'Files to translate' })).toContainText(
    'contract.docx',
  )
  // Staff price it as lines: words and pages, raised to the minimum, then a rush surcharge.
  const price = dialog.getByRole('form', { name: 'Price' })
  await price.getByLabel('Line 1: Kind').selectOption('per_word')
  await price.getByLabel('Line 1: Description').fill('Spanish, certified')
  await price.getByLabel('Line 1: Words or pages').fill('1,200')
  await price.getByLabel('Line 1: Price (US dollars)').fill('0.1250')
  await price.getByRole('button', { name: 'Add a line' }).click()
  await price.getByLabel('Line 2: Kind').selectOption('per_page')
  await price.getByLabel('Line 2: Description').fill('French, certified')
  await price.getByLabel('Line 2: Price (US dollars)').fill('25')
  await price.getByLabel('Minimum fee (optional)').fill('250.00')
  await price.getByLabel('Rush surcharge, % (optional)').fill('25')
  await price.getByLabel('Price valid until').fill(officeDay(7))
  // A page line without its pages is refused on that field, and what was typed is kept.
  await price.getByRole('button', { name: 'Send price' }).click()
  const pages = price.getByLabel('Line 2: Words or pages')
  await expect(pages).toHaveAccessibleDescription(
    'Please enter the number of pages, a whole number from 1 to 100,000.',
  )
  await expect(price.getByLabel('Line 1: Description')).toHaveValue('Spanish, certified')
  await expect(price.getByLabel('Rush surcharge, % (optional)')).toHaveValue('25')
  expect(await app.db.$count(translationQuotes, eq(translationQuotes.priceCents, 31_250))).toBe(0)
  // Without JavaScript, "Add a line" is answered by the server: one more row, nothing lost.
  const noScript = await adminPage.request.post(`/admin/quotes/${quoteId}`, {
    form: {
      intent: 'price',
      'lines[0].kind': 'per_word',
      'lines[0].description': 'Spanish, certified',
      __intent__: JSON.stringify({
        type: 'insert',
        payload: { name: 'lines', defaultValue: { kind: 'per_word' } },
      }),
    },
    headers: { Origin: app.url },
    maxRedirects: 0,
  })
  expect(noScript.status()).toBe(200)
  const noScriptPage = await noScript.text()
  expect(noScriptPage).toContain('name="lines[1].description"')
  expect(noScriptPage).toContain('value="Spanish, certified"')
  await pages.fill('3')
  await expectNoAxeViolations(adminPage, 'staff quote dialog at 1280 px')
  await shoot(adminPage, 'admin-quote-dialog-1280')
  const desktop = adminPage.viewportSize()!
  await adminPage.setViewportSize({ width: 390, height: 844 })
  await expectNoAxeViolations(adminPage, 'staff price form at 390 px')
  await shoot(adminPage, 'admin-quote-price-390')
  await adminPage.setViewportSize(desktop)
  await price.getByRole('button', { name: 'Send price' }).click()
  await expect(
    adminPage.getByRole('status').getByText('Quote priced; the client was e-mailed.').first(),
  ).toBeVisible()
  await expect(dialog).toContainText('$312.50')
  const staffLines = dialog.getByRole('table', { name: "The price's lines" })
  await expect(staffLines).toContainText('Minimum fee')
  await expect(staffLines).toContainText('Rush (25%)')
  const pricedMail = await eventually(async () => {
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'quote-priced'), eq(mailOutbox.toAddress, email)))
    expect(mail).toBeDefined()
    return mail!
  })
  expect(pricedMail.text).toContain('French, certified (3 pages × $25.00): $75.00')
  expect(pricedMail.text).toContain('Total: $312.50')
  expect(pricedMail.text).toContain(`/client/quotes/${quoteId}`)

  // The client accepts.
  await page.goto(`/client/quotes/${quoteId}`)
  await expect(page.getByRole('region', { name: 'Price' })).toContainText('$312.50')
  await expect(page.getByRole('table', { name: 'How the price is made up' })).toContainText(
    '1,200 words × $0.1250',
  )
  await expectNoAxeViolations(page, 'client quote (priced) at 1280 px')
  await shoot(page, 'client-quote-priced-1280')
  // A confirmation step shows the lines and the total once more, focused, before the answer
  // counts.
  await page.getByRole('link', { name: 'Accept quote' }).click()
  const confirm = page.getByRole('heading', { name: 'Accept this quote for $312.50?' })
  await expect(confirm).toBeFocused()
  const lines = page.getByRole('table', { name: "The quote's lines" })
  const rows = lines.getByRole('row')
  await expect(rows).toHaveText([
    'LineAmount',
    'Spanish, certified1,200 words × $0.1250$150.00',
    'French, certified3 pages × $25.00$75.00',
    'Minimum feeRaises the price to the minimum$25.00',
    'Rush (25%)Surcharge for a rush deadline$62.50',
    'Total$312.50',
  ])
  await expectNoAxeViolations(page, 'client quote, confirm acceptance')
  await shoot(page, 'client-quote-confirm-1280')
  await page.getByRole('button', { name: 'Confirm and accept' }).click()
  await expect(page.getByText('Quote accepted.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Accept quote' })).toHaveCount(0)
  // Staff are told the translation can start.
  const accepted = await eventually(async () => {
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.template, 'quote-accepted'),
          eq(mailOutbox.reference, `translation_quote:${quoteId}`),
        ),
      )
    expect(mail?.text).toContain(`/admin/quotes/${quoteId}`)
    return mail!
  })
  expect(accepted.text).toContain('accepted the translation quote at $312.50')

  // Staff upload the translation and mark it delivered.
  await adminPage.reload()
  const delivery = dialog.getByRole('form', { name: 'Upload delivery' })
  await delivery.getByLabel('Translated files').setInputFiles({
    name: 'contract-es.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: translatedDocx(),
  })
  await delivery.getByRole('button', { name: 'Upload delivery' }).click()
  await expect(dialog.getByRole('list', { name: 'Translated files' })).toContainText(
    'contract-es.docx',
  )
  await dialog.getByRole('button', { name: 'Mark delivered' }).click()
  await expect(dialog).toContainText('Delivered to the client.')
  await eventually(async () => {
    const delivered = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'quote-delivered'), eq(mailOutbox.toAddress, email)))
    expect(delivered).toHaveLength(1)
  })

  // The client downloads the translated file: the very bytes staff uploaded.
  await page.goto(`/client/quotes/${quoteId}`)
  const link = page.getByRole('list', { name: 'Translated files' }).getByRole('link', {
    name: 'contract-es.docx',
  })
  const deliveredHref = (await link.getAttribute('href'))!
  const download = await page.request.get(deliveredHref)
  expect(download.status()).toBe(200)
  expect(Buffer.from(await download.body()).equals(translatedDocx())).toBe(true)
  await expectNoAxeViolations(page, 'client quote (delivered) at 1280 px')
  await shoot(page, 'client-quote-delivered-1280')

  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoAxeViolations(page, 'client quote at 390 px')
  await shoot(page, 'client-quote-delivered-390')
  await page.goto('/client/quotes')
  await expect(page.getByText('English into French, Spanish')).toBeVisible()
  await expect(page.getByText('Delivered', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page, 'client quotes list at 390 px')
  await shoot(page, 'client-quotes-390')
  await page.goto('/client/quotes/new')
  await expectNoAxeViolations(page, 'quote request form at 390 px')
  await shoot(page, 'client-quote-new-390')
  await adminPage.setViewportSize({ width: 390, height: 844 })
  await adminPage.goto(`/admin/quotes/${quoteId}`)
  await expectNoAxeViolations(adminPage, 'staff quote dialog at 390 px')
  await shoot(adminPage, 'admin-quote-dialog-390')

  // Another organization sees nothing of it.
  const other = await clientOf(app, `Other Firm ${tag}`, `olga-${tag}@other.example`)
  const otherContext = await browser.newContext({ baseURL: app.url })
  await signIn(otherContext, app.url, other.client)
  const otherPage = await otherContext.newPage()
  expect((await otherPage.goto(`/client/quotes/${quoteId}`))?.status()).toBe(404)
  expect((await otherPage.request.get(deliveredHref)).status()).toBe(403)
  expect(
    (
      await otherPage.request.get(
        `/client/quotes/${quoteId}/files/00000000-0000-4000-8000-000000000000`,
      )
    ).status(),
  ).toBe(404)
  await otherContext.close()
  await staffContext.close()
})

test('a quote priced again while the client looks at it is shown again at its new price before it can be answered', async ({
  page,
  app,
}) => {
  const tag = Date.now().toString(36)
  const { staff, client } = await clientOf(
    app,
    `Reprice Firm ${tag}`,
    `remy-${tag}@reprice.example`,
  )
  const staffActor = { id: staff.id, name: staff.name }
  const quoteId = await requestQuote(
    { userId: client.id, ...(await clientContextOf(client.id))! },
    {
      sourceLanguage: 'English',
      targetLanguages: ['Spanish'],
      deadline: officeDay(14),
      certified: false,
      purchaseOrder: null,
      files: [docxQuoteFile()],
    },
    { id: client.id, name: client.name },
  )
  await priceQuote(quoteId, { pricing: flatFeePricing(9000), expiresOn: officeDay(7) }, staffActor)
  await signIn(page.context(), app.url, client)
  await page.goto(`/client/quotes/${quoteId}`)
  const price = page.getByRole('region', { name: 'Price' })
  await expect(price).toContainText('$90.00')

  // Staff price it again while the client's confirmation step still shows $90.00.
  await price.getByRole('link', { name: 'Accept quote' }).click()
  await expect(price.getByRole('heading', { name: 'Accept this quote for $90.00?' })).toBeVisible()
  await priceQuote(
    quoteId,
    { pricing: flatFeePricing(99_999_999), expiresOn: officeDay(7) },
    staffActor,
  )
  await price.getByRole('button', { name: 'Confirm and accept' }).click()
  await expect(
    page.getByText(
      'This quote was priced again at $999,999.99 after you opened it. Nothing was accepted: please look at the new price and answer again.',
    ),
  ).toBeVisible()
  await expect(price).toContainText('$999,999.99')
  await expect(price).not.toContainText('$90.00')
  const [stored] = await app.db
    .select()
    .from(translationQuotes)
    .where(eq(translationQuotes.id, quoteId))
  expect(stored).toMatchObject({ status: 'priced', priceCents: 99_999_999, decidedAt: null })
  await expectNoAxeViolations(page, 'client quote priced again')

  // Without JavaScript the same answer comes back as a page: 409, with the new price.
  const stale = await page.request.post(`/client/quotes/${quoteId}`, {
    form: { intent: 'accept', priceCents: '9000' },
    headers: { Origin: app.url },
    maxRedirects: 0,
  })
  expect(stale.status()).toBe(409)
  expect(await stale.text()).toContain('$999,999.99')

  // Seen, the new price can be answered: declined, with a reason staff read.
  await page.goto(`/client/quotes/${quoteId}`)
  await price.getByRole('link', { name: 'Decline quote' }).click()
  await price.getByLabel('Reason (optional)').fill('Another agency offered $80.')
  await expectNoAxeViolations(page, 'client quote, decline with a reason')
  await price.getByRole('button', { name: 'Decline the quote' }).click()
  await expect(page.getByText('Quote declined.')).toBeVisible()
  await expect(price).toContainText('You declined this price.')
  const [declined] = await app.db
    .select()
    .from(translationQuotes)
    .where(eq(translationQuotes.id, quoteId))
  expect(declined).toMatchObject({
    status: 'declined',
    declineReason: 'Another agency offered $80.',
  })
  const declinedMail = await eventually(async () => {
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.template, 'quote-declined'),
          eq(mailOutbox.reference, `translation_quote:${quoteId}`),
        ),
      )
    expect(mail).toBeDefined()
    return mail!
  })
  expect(declinedMail.text).toContain('Reason: Another agency offered $80.')
})

test('a refused quote request names the field and stores nothing', async ({ page, app }) => {
  test.setTimeout(240_000)
  const tag = Date.now().toString(36)
  const { client } = await clientOf(app, `Refusal Clinic ${tag}`, `rita-${tag}@refusal.example`)
  await signIn(page.context(), app.url, client)
  const before = await counts(app)

  const fill = async (files: { name: string; buffer: Buffer }[]) => {
    await page.goto('/client/quotes/new')
    await page.getByLabel('Language of the documents').selectOption('English')
    await page
      .getByRole('group', { name: 'Translate into' })
      .getByRole('checkbox', { name: 'German', exact: true })
      .check()
    await page.getByLabel('Deadline').fill(officeDay(5))
    await page
      .getByLabel('Documents', { exact: true })
      .setInputFiles(files.map((file) => ({ ...file, mimeType: 'application/octet-stream' })))
  }
  const submit = async () => {
    const answer = page.waitForResponse((res) => res.request().method() === 'POST')
    await page.getByRole('button', { name: 'Request quote' }).click()
    return (await answer).status()
  }
  const documents = page.getByLabel('Documents', { exact: true })

  // A text file named .docx.
  await fill([{ name: 'notes.docx', buffer: Buffer.from('Please translate me.') }])
  expect(await submit()).toBe(400)
  await expect(documents).toHaveAccessibleDescription(
    /notes\.docx is not a PDF, DOCX, XLSX or PPTX file\. Nothing was stored\./,
  )
  // What was typed is kept.
  await expect(page.getByLabel('Deadline')).toHaveValue(officeDay(5))
  await expect(
    page.getByRole('group', { name: 'Translate into' }).getByRole('checkbox', { name: 'German' }),
  ).toBeChecked()
  await expectNoAxeViolations(page, 'quote request refused')
  await shoot(page, 'client-quote-refused-1280')

  // 25 MB and one byte.
  await fill([{ name: 'big.pdf', buffer: Buffer.alloc(25 * 1024 * 1024 + 1, 0x20) }])
  expect(await submit()).toBe(413)
  await expect(documents).toHaveAccessibleDescription(/larger than 25 MB/)

  // The server's own checks, as a browser without them would send the form.
  const post = (fields: Record<string, string | string[]>) => {
    const multipart = new FormData()
    for (const [name, value] of Object.entries(fields))
      for (const item of [value].flat()) multipart.append(name, item)
    multipart.append('files', new Blob([new Uint8Array(docxDocument())]), 'contract.docx')
    return page.request.post('/client/quotes/new', {
      multipart,
      headers: { Origin: app.url },
      maxRedirects: 0,
    })
  }
  const noTarget = await post({ sourceLanguage: 'English', deadline: officeDay(5) })
  expect(noTarget.status()).toBe(400)
  expect(await noTarget.text()).toContain('Please choose at least one language to translate into.')
  const pastDeadline = await post({
    sourceLanguage: 'English',
    targetLanguages: ['Spanish'],
    deadline: officeDay(-1),
  })
  expect(pastDeadline.status()).toBe(400)
  expect(await pastDeadline.text()).toContain('Please choose a deadline after today.')
  const sameLanguage = await post({
    sourceLanguage: 'Spanish',
    targetLanguages: ['Spanish'],
    deadline: officeDay(5),
  })
  expect(sameLanguage.status()).toBe(400)
  expect(await sameLanguage.text()).toContain('must differ from the language of the documents')

  // Eleven files: the parser stops as the eleventh begins, the form comes back with its fields.
  const eleven = new FormData()
  eleven.append('sourceLanguage', 'English')
  eleven.append('targetLanguages', 'Spanish')
  eleven.append('deadline', officeDay(5))
  for (let index = 0; index < 11; index++)
    eleven.append('files', new Blob([new Uint8Array(docxDocument())]), `part-${index}.docx`)
  const tooMany = await page.request.post('/client/quotes/new', {
    multipart: eleven,
    headers: { Origin: app.url },
    maxRedirects: 0,
  })
  expect(tooMany.status()).toBe(413)
  expect(await tooMany.text()).toContain('Please send at most 10 files.')

  expect(await counts(app)).toEqual(before)
})
