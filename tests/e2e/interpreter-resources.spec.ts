import { randomUUID } from 'node:crypto'
import { detectResourceFileType } from '../../app/lib/uploads/resource-file.server'
import { createResource } from '../../app/models/resources.server'
import { pdfDocument } from '../support/document-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'

test('staff share required reading; the interpreter reads and confirms it, again for a new version', async ({
  page,
  browser,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const admin = await createAccount('admin', 'Rita Recruiter')
  const actor = { id: admin.id, name: admin.name }
  const bytes = pdfDocument('Code of ethics')
  const ethics = `Code of ethics ${tag}`
  const ethicsId = await createResource(
    {
      title: ethics,
      type: 'document',
      file: {
        bytes,
        originalName: 'ethics.pdf',
        type: (await detectResourceFileType(bytes))!,
      },
    },
    actor,
  )
  const handbook = `Staff handbook ${tag}`
  const handbookId = await createResource(
    { title: handbook, type: 'guide', url: 'https://example.org/handbook' },
    actor,
  )

  // Staff make the code of ethics required reading.
  const staff = await browser.newContext()
  await signIn(staff, app.url, admin)
  const adminPage = await staff.newPage()
  await adminPage.goto(`${app.url}/admin/resources`)
  await adminPage.getByRole('button', { name: `Audience of ${ethics}` }).click()
  const dialog = adminPage.getByRole('dialog', { name: 'Who sees this resource' })
  await expect(dialog.getByLabel('Staff only')).toBeChecked()
  await expectNoAxeViolations(adminPage, 'audience dialog')
  await dialog.getByLabel('Interpreters, required reading').check()
  await dialog.getByRole('button', { name: 'Save audience' }).click()
  await expect(adminPage.getByText('Audience saved.')).toBeVisible()
  await expect(
    adminPage.getByText('Interpreters, required reading (version 1, 0 confirmed)').first(),
  ).toBeVisible()

  // The interpreter sees it on the dashboard and in Resources, not the staff handbook.
  const interpreter = await createAccount('interpreter', `Ivo Reader${tag}`)
  await signIn(page.context(), app.url, interpreter)
  await page.goto('/interpreter/dashboard')
  const reading = page.getByRole('region', { name: 'Required reading' })
  await expect(reading).toContainText(ethics)
  await reading.getByRole('link', { name: 'Read and confirm in Resources' }).click()
  await expect(page.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible()
  await expect(page.getByText(handbook)).toHaveCount(0)
  const view = await page.request.get(`/interpreter/resources/${ethicsId}/file`)
  expect(view.status()).toBe(200)
  expect(view.headers()['content-type']).toBe('application/pdf')
  const hidden = await page.request.get(`/interpreter/resources/${handbookId}/file`, {
    maxRedirects: 0,
  })
  expect(hidden.status()).toBe(404)
  await expectNoAxeViolations(page, 'interpreter resources at 1280 px')
  await page.getByRole('button', { name: `I have read ${ethics}` }).click()
  await expect(page.getByText(/You confirmed reading it on/)).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoAxeViolations(page, 'interpreter resources at 390 px')
  await page.goto('/interpreter/dashboard')
  await expect(reading).not.toContainText(ethics)

  // The interpreter manager sums it up and leads to the names.
  await adminPage.goto(`${app.url}/admin/interpreter-manager`)
  const summary = adminPage.getByRole('region', { name: 'Required reading' })
  await expect(summary).toContainText(ethics)
  await expect(summary).toContainText(/version 1: [1-9]\d* of \d+ interpreters confirmed/)
  await summary.getByRole('link', { name: `Who has not confirmed ${ethics}` }).click()

  // Staff see who confirmed, then publish a new version: the interpreter is asked again.
  await expect(dialog.getByRole('heading', { name: /^Version 1:/ })).toBeVisible()
  await expect(dialog).toContainText(`Ivo Reader${tag} (${interpreter.email})`)
  await dialog.getByRole('button', { name: 'New version: ask everyone to read it again' }).click()
  await expect(adminPage.getByText('New version published')).toBeVisible()
  await page.reload()
  await expect(reading).toContainText(ethics)
  await staff.close()
})
