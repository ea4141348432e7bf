import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { auditLog } from '../../db/schema'
import { createLead } from '../../app/models/leads/intake.server'
import { createAccount, signIn } from './auth-helpers'
import { expect, test, type TestApp } from './fixtures'

async function exportCsv(page: Page, app: TestApp, href: string) {
  const response = await page.request.get(href)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8')
  expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="/)
  return response.text()
}

test('export: all matching rows of the current tab as CSV, with formulas neutralised', async ({
  page,
  context,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  for (let i = 0; i < 30; i++) {
    await createLead({
      name: i === 0 ? `=HYPERLINK("http://evil.example","${tag}")` : `Exporter ${i} ${tag}`,
      email: `export-${i}-${tag}@example.org`,
      company: `Export Co ${tag}`,
      message: i === 1 ? 'Line one,\nline "two"' : 'Plain message',
      type: 'contact',
    })
  }
  await signIn(context, app.url, await createAccount('admin'))
  await page.goto(`/admin/dashboard?tab=contacts&q=export co ${tag}`)
  // 30 matches, 25 on the first page: the export still has all of them.
  await expect(page.getByText(`Showing 1–25 of 30`)).toBeVisible()
  const href = await page.getByRole('link', { name: 'Export', exact: true }).getAttribute('href')
  expect(href).toContain('/admin/export/client-requests?')
  const csv = await exportCsv(page, app, href!)
  expect(csv.startsWith('\uFEFFName,Email,Phone,Company,Type,Status,Message,Received at\r\n')).toBe(
    true,
  )
  const lines = csv.trim().split('\r\n')
  expect(lines).toHaveLength(31)
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""${tag}"")"`)
  expect(csv).toContain('"Line one,\nline ""two"""')
  const [entry] = await app.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityType, 'client-requests'))
  expect(entry?.action).toBe('export')
})
