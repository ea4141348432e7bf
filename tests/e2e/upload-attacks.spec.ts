import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { rateLimitWindows } from '../../db/schema'
import { RESUME_WRONG_TYPE_MESSAGE } from '../../app/routes/careers/+shared/application-action.server'
import { applicationFields } from '../support/http-client'
import {
  htmlDocument,
  pdfDocument,
  svgImage,
  windowsExecutable,
  zipBomb,
} from '../support/document-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { expect, test, type TestApp } from './fixtures'
import { countApplications, findApplication, uploadedFiles } from './recruiting-helpers'

const APPLY = '/application?language=korean-interpreter'

/** Every file anywhere under DATA_DIR, relative to it. */
function filesUnder(app: TestApp): string[] {
  return readdirSync(app.dataDir, { recursive: true })
    .map(String)
    .filter((entry) => statSync(path.join(app.dataDir, entry), { throwIfNoEntry: false })?.isFile())
}

async function upload(
  app: TestApp,
  request: APIRequestContext,
  email: string,
  resume: { name: string; mimeType: string; buffer: Buffer },
) {
  await app.db.delete(rateLimitWindows)
  return request.post(APPLY, {
    headers: { Origin: app.url },
    multipart: { ...applicationFields, email, formToken: randomUUID(), resume },
    maxRedirects: 0,
  })
}

test('renamed executables, HTML and SVG named .pdf and a zip bomb named .docx are refused', async ({
  request,
  app,
}) => {
  const attacks = [
    { label: 'exe', name: 'resume.pdf', mimeType: 'application/pdf', buffer: windowsExecutable() },
    { label: 'html', name: 'resume.pdf', mimeType: 'application/pdf', buffer: htmlDocument() },
    { label: 'svg', name: 'resume.pdf', mimeType: 'application/pdf', buffer: svgImage() },
    {
      label: 'zip bomb',
      name: 'resume.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: zipBomb('word/document.xml', 120 * 1024 * 1024),
    },
  ]
  const before = uploadedFiles(app).length
  for (const attack of attacks) {
    const email = `attack-${attack.label.replace(' ', '-')}@example.org`
    const started = Date.now()
    const response = await upload(app, request, email, attack)
    expect(response.status(), attack.label).toBe(400)
    expect(await response.text()).toContain(RESUME_WRONG_TYPE_MESSAGE.replace(/'/g, '&#x27;'))
    expect(Date.now() - started, `${attack.label} answered quickly`).toBeLessThan(5_000)
    expect(await countApplications(app, email)).toBe(0)
  }
  // Nothing was stored for any of them.
  expect(uploadedFiles(app).length).toBe(before)
})

test('hostile file names are neutralised: generated storage keys, clean names, downloads only as attachments', async ({
  request,
  page,
  context,
  app,
}) => {
  const hostile = [
    '../../../../etc/passwd.pdf',
    '..\\..\\windows\\system32\\evil.pdf',
    'cv.html',
    'cv"; filename=evil.html.pdf',
    `${'long'.repeat(300)}.pdf`,
    'résumé 履歴書 سيرة.pdf',
    // Shown as "cvexe.pdf": a right-to-left override turns the name around.
    'cv\u202efdp.exe',
  ]
  const admin = await createAccount('admin', 'Upload Admin')
  await signIn(context, app.url, admin)
  for (const [index, name] of hostile.entries()) {
    const email = `hostile-${index}@example.org`
    const response = await upload(app, request, email, {
      name,
      mimeType: 'text/html',
      buffer: pdfDocument(`Hostile name ${index}`),
    })
    expect(response.status(), name).toBe(200)
    expect(await response.text()).toContain('Application Submitted!')
    const { application, file } = await findApplication(app, email)
    // The key is ours, written as the upload streamed in; the file is inside DATA_DIR/uploads.
    expect(file.storageKey).toMatch(/^resumes\/\d{4}-\d{2}\/[0-9a-f-]{36}\.upload$/)
    expect(existsSync(path.join(app.dataDir, 'uploads', file.storageKey))).toBe(true)
    // The name kept for the download has no path, no control characters, ends in .pdf.
    // eslint-disable-next-line no-control-regex
    expect(file.originalName).not.toMatch(/[/\\\u0000-\u001f"]/)
    // Nor bidirectional controls, which would show it in another order.
    expect(file.originalName).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/)
    expect(file.originalName.endsWith('.pdf')).toBe(true)
    expect(file.originalName.length).toBeLessThanOrEqual(150)
    expect(file.mediaType).toBe('application/pdf')

    const download = await page.request.get(`/admin/applications/${application.id}/resume`)
    expect(download.status()).toBe(200)
    const headers = download.headers()
    expect(headers['content-type']).toBe('application/pdf')
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['content-disposition']).toMatch(
      /^attachment; filename="[^"\r\n]*\.pdf"; filename\*=UTF-8''/,
    )
  }
  // A NUL byte is not allowed in a part's header: the form cannot be read, nothing is kept.
  // Counted in the uploads folder: the database's own files elsewhere in DATA_DIR come and go.
  const before = uploadedFiles(app).length
  const withNul = await upload(app, request, 'hostile-nul@example.org', {
    name: 'cv\u0000.pdf',
    mimeType: 'application/pdf',
    buffer: pdfDocument('Hostile name with a NUL'),
  })
  expect(withNul.status()).toBe(400)
  expect(await withNul.text()).toContain('We could not read the form you sent.')
  expect(await countApplications(app, 'hostile-nul@example.org')).toBe(0)
  expect(uploadedFiles(app).length).toBe(before)
  // Nothing escaped the uploads folder, and uploads are not reachable from the web.
  expect(filesUnder(app).filter((entry) => /passwd|evil|system32/.test(entry))).toEqual([])
  const { file } = await findApplication(app, 'hostile-0@example.org')
  for (const pathname of [`/uploads/${file.storageKey}`, `/${file.storageKey}`])
    expect((await request.get(pathname)).status()).toBe(404)
})
