import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { resources, storedFiles } from '../../db/schema'
import { largePdf, mp4Video, pdfDocument } from '../support/document-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { expect, expectNoAxeViolations, test, type TestApp } from './fixtures'

const MiB = 1024 * 1024

function storedUploads(app: TestApp): string[] {
  try {
    return readdirSync(path.join(app.dataDir, 'uploads', 'resources'), { recursive: true })
      .map(String)
      .filter((name) => /\.[a-z0-9]+$/.test(name))
  } catch {
    return []
  }
}

test('upload a PDF resource, view it, download it and delete it; add a URL resource', async ({
  page,
  context,
  app,
}) => {
  await app.db.delete(resources)
  const admin = await createAccount('admin', 'Rita Resources')
  await signIn(context, app.url, admin)

  await page.goto('/admin/resources')
  await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'No Resources' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Resources', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expectNoAxeViolations(page, 'admin resources, empty')

  await page.getByRole('button', { name: 'Add Resource' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Resource' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Upload Guidelines' })).toBeVisible()
  await expect(dialog).toContainText('PDF, DOC, DOCX (max 10MB)')
  await expect(dialog).toContainText('MP4, AVI, MOV (max 100MB)')
  await expect(dialog.getByLabel('Type')).toHaveValue('document')
  await expectNoAxeViolations(page, 'add resource dialog')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/admin\/resources\??$/)
  await page.getByRole('button', { name: 'Add Resource' }).click()
  await expect(dialog).toBeVisible()

  // Neither a file nor a URL: refused with a clear message.
  await dialog.getByLabel('Title').fill('Interpreter Handbook')
  await dialog.getByRole('button', { name: 'Add Resource' }).click()
  await expect(dialog.getByText('Please choose a file or enter a URL.')).toBeVisible()

  const pdf = pdfDocument('Interpreter handbook')
  await dialog.getByLabel('File').setInputFiles({
    name: 'handbook.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  })
  await dialog.getByRole('button', { name: 'Add Resource' }).click()
  await expect(page.getByText('Resource added.')).toBeVisible()
  await expect(dialog).toBeHidden()
  const item = page.getByRole('listitem').filter({ hasText: 'Interpreter Handbook' })
  await expect(item).toContainText('Document')
  await expect(item).toContainText('Added')
  const counts = page.getByRole('region', { name: 'Resource counts' })
  await expect(counts).toContainText('Total Resources1')
  await expect(counts).toContainText('Documents1')
  await expectNoAxeViolations(page, 'admin resources, one item')

  // View: the PDF opens in the browser, in a new tab, with safe headers.
  const view = item.getByRole('link', { name: /^View Interpreter Handbook/ })
  const viewUrl = await view.getAttribute('href')
  const viewed = await page.request.get(viewUrl!)
  expect(viewed.status()).toBe(200)
  expect(viewed.headers()['content-type']).toBe('application/pdf')
  expect(viewed.headers()['content-disposition']).toMatch(/^inline; filename="handbook.pdf"/)
  expect(viewed.headers()['x-content-type-options']).toContain('nosniff')
  expect(viewed.headers()['content-security-policy']).toContain("default-src 'none'")
  expect(Buffer.from(await viewed.body()).equals(pdf)).toBe(true)
  // A new tab navigates to the file. (What it then shows is the browser's PDF viewer; the
  // headless shell the tests run in has none and keeps the tab blank.)
  const fileUrl = new URL(viewUrl!, app.url).toString()
  const [popup, opened] = await Promise.all([
    page.waitForEvent('popup'),
    page.context().waitForEvent('request', (request) => request.url() === fileUrl),
    view.click(),
  ])
  expect(opened.isNavigationRequest()).toBe(true)
  expect(opened.frame().page()).toBe(popup)
  await popup.close()

  // Download: always an attachment with the original name.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('link', { name: 'Download Interpreter Handbook' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('handbook.pdf')
  expect(readFileSync(await download.path()).equals(pdf)).toBe(true)

  // Signed-out visitors get nothing.
  const anonymous = await page.context().browser()!.newContext()
  const refused = await anonymous.request.get(`${app.url}${viewUrl}`, { maxRedirects: 0 })
  expect(refused.status()).toBe(302)
  await anonymous.close()

  // A URL resource.
  await page.getByRole('button', { name: 'Add Resource' }).click()
  await dialog.getByLabel('Title').fill('Medical Glossary')
  await dialog.getByLabel('Type').selectOption('guide')
  await dialog.getByLabel('URL').fill('javascript:alert(1)')
  await dialog.getByRole('button', { name: 'Add Resource' }).click()
  await expect(dialog.getByText('Please enter a web address starting with')).toBeVisible()
  await dialog.getByLabel('URL').fill('https://example.org/medical-glossary')
  await dialog.getByRole('button', { name: 'Add Resource' }).click()
  await expect(page.getByText('Resource added.')).toBeVisible()
  const link = page.getByRole('listitem').filter({ hasText: 'Medical Glossary' })
  await expect(link).toContainText('Guide')
  await expect(link.getByRole('link', { name: /^View Medical Glossary/ })).toHaveAttribute(
    'href',
    'https://example.org/medical-glossary',
  )
  await expect(link.getByRole('link', { name: /^Download/ })).toHaveCount(0)
  await expect(counts).toContainText('Guides1')

  // Delete with confirmation removes the row and the file.
  const [row] = await app.db
    .select()
    .from(resources)
    .where(eq(resources.title, 'Interpreter Handbook'))
  const [file] = await app.db.select().from(storedFiles).where(eq(storedFiles.id, row!.fileId!))
  expect(storedUploads(app)).toHaveLength(1)
  await item.getByRole('button', { name: 'Delete Interpreter Handbook' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete Resource' })
  await expect(confirm).toContainText('handbook.pdf')
  await expectNoAxeViolations(page, 'delete resource dialog')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(item).toBeVisible()
  await item.getByRole('button', { name: 'Delete Interpreter Handbook' }).click()
  await confirm.getByRole('button', { name: 'Delete Resource' }).click()
  await expect(page.getByText('Resource deleted.')).toBeVisible()
  await expect(item).toHaveCount(0)
  expect(await app.db.select().from(storedFiles).where(eq(storedFiles.id, file!.id))).toEqual([])
  expect(storedUploads(app)).toEqual([])
  expect((await page.request.get(viewUrl!)).status()).toBe(404)

  await page
    .getByRole('listitem')
    .filter({ hasText: 'Medical Glossary' })
    .getByRole('button', { name: 'Delete Medical Glossary' })
    .click()
  await confirm.getByRole('button', { name: 'Delete Resource' }).click()
  await expect(page.getByRole('heading', { name: 'No Resources' })).toBeVisible()
})

test('videos play in the browser with byte ranges; oversized and wrong files are refused and nothing is stored', async ({
  page,
  context,
  app,
}, testInfo) => {
  await app.db.delete(resources)
  const admin = await createAccount('admin', 'Victor Video')
  await signIn(context, app.url, admin)
  const filesBefore = await app.db.$count(storedFiles)

  await page.goto('/admin/resources/new')
  const dialog = page.getByRole('dialog', { name: 'Add Resource' })
  await dialog.getByLabel('Title').fill('Orientation Video')
  await dialog.getByLabel('Type').selectOption('video')
  const video = mp4Video(64 * 1024)
  await dialog
    .getByLabel('File')
    .setInputFiles({ name: 'orientation.mp4', mimeType: 'video/mp4', buffer: video })
  await dialog.getByRole('button', { name: 'Add Resource' }).click()
  await expect(page.getByText('Resource added.')).toBeVisible()
  const item = page.getByRole('listitem').filter({ hasText: 'Orientation Video' })
  await expect(item).toContainText('Video')
  const viewUrl = await item
    .getByRole('link', { name: /^View Orientation Video/ })
    .getAttribute('href')
  const part = await page.request.get(viewUrl!, { headers: { Range: 'bytes=4-11' } })
  expect(part.status()).toBe(206)
  expect(part.headers()['content-type']).toBe('video/mp4')
  expect(part.headers()['content-range']).toBe(`bytes 4-11/${video.length}`)
  expect(Buffer.from(await part.body()).toString('latin1')).toBe('ftypisom')
  const beyond = await page.request.get(viewUrl!, { headers: { Range: 'bytes=999999-' } })
  expect(beyond.status()).toBe(416)

  // A PDF is not a video, and a video is not a document.
  await page.goto('/admin/resources/new')
  await dialog.getByLabel('Title').fill('Wrong file')
  await dialog.getByLabel('Type').selectOption('video')
  await dialog
    .getByLabel('File')
    .setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: pdfDocument() })
  await dialog.getByRole('button', { name: 'Add Resource' }).click()
  await expect(dialog.getByText('A video resource needs an MP4, AVI or MOV file.')).toBeVisible()

  // An oversized video: the browser refuses it before sending anything…
  const bigVideo = testInfo.outputPath('too-big.mp4')
  writeFileSync(bigVideo, mp4Video(100 * MiB + 1))
  await dialog.getByLabel('File').setInputFiles(bigVideo)
  await dialog.getByRole('button', { name: 'Add Resource' }).click()
  await expect(
    dialog.getByText('This file is larger than 100MB, the limit for videos. Nothing was uploaded.'),
  ).toBeVisible()

  // …and the server refuses it while streaming, with 413 and a clear message.
  const tooLarge = await page.request.post('/admin/resources/upload', {
    headers: { Origin: app.url },
    multipart: {
      title: 'Huge video',
      type: 'video',
      file: { name: 'huge.mp4', mimeType: 'video/mp4', buffer: readFileSync(bigVideo) },
    },
  })
  expect(tooLarge.status()).toBe(413)
  expect(JSON.stringify(await tooLarge.json())).toContain('This file is too large.')
  // A document over 10MB is refused with 413 by the form endpoint too.
  const bigDocument = await page.request.post('/admin/resources/new', {
    headers: { Origin: app.url },
    multipart: {
      title: 'Huge handbook',
      type: 'document',
      file: { name: 'huge.pdf', mimeType: 'application/pdf', buffer: largePdf(10 * MiB + 1) },
    },
  })
  expect(bigDocument.status()).toBe(413)
  expect(await bigDocument.text()).toContain('larger than 10MB')

  expect(await app.db.$count(storedFiles)).toBe(filesBefore + 1)
  expect(await app.db.$count(resources)).toBe(1)
  expect(storedUploads(app)).toHaveLength(1)
})

test('the resources screen passes axe at phone width with the dialog open', async ({
  page,
  context,
  app,
}) => {
  const admin = await createAccount('admin')
  await signIn(context, app.url, admin)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/admin/resources')
  await expectNoAxeViolations(page, 'admin resources at 390px')
  await page.goto('/admin/resources/new')
  await expect(page.getByRole('dialog', { name: 'Add Resource' })).toBeVisible()
  await expectNoAxeViolations(page, 'add resource dialog at 390px')
})

test('without JavaScript the form still uploads, and delete still asks first', async ({
  browser,
  app,
}) => {
  const admin = await createAccount('admin', 'Nora NoScript')
  const context = await browser.newContext({ javaScriptEnabled: false })
  await signIn(context, app.url, admin)
  const page = await context.newPage()
  await page.goto(`${app.url}/admin/resources`)
  await page.getByRole('button', { name: 'Add Resource' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Resource' })
  await dialog.getByLabel('Title').fill('Plain Form Handbook')
  await dialog.getByLabel('File').setInputFiles({
    name: 'plain.pdf',
    mimeType: 'application/pdf',
    buffer: pdfDocument('Plain'),
  })
  await dialog.getByRole('button', { name: 'Add Resource' }).click()
  await expect(page.getByText('Resource added.')).toBeVisible()
  const item = page.getByRole('listitem').filter({ hasText: 'Plain Form Handbook' })
  await item.getByRole('button', { name: 'Delete Plain Form Handbook' }).click()
  await page
    .getByRole('dialog', { name: 'Delete Resource' })
    .getByRole('button', { name: 'Delete Resource' })
    .click()
  await expect(page.getByText('Resource deleted.')).toBeVisible()
  await expect(item).toHaveCount(0)
  await context.close()
})
