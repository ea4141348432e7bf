import { eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import { createAccount, signIn } from './auth-helpers'
import { expect, test } from './fixtures'

// The office is in Los Angeles (OFFICE_TIME_ZONE) and the browser in Tokyo: staff screens
// show the office's time, whether the server renders the page or the browser does after a
// client-side navigation, and hydration finds the same text.
test.use({ officeTimeZone: 'America/Los_Angeles', timezoneId: 'Asia/Tokyo' })

test('dates follow the configured office time zone on the server and in the browser', async ({
  page,
  context,
  app,
}) => {
  const admin = await createAccount('admin', 'Zone Admin')
  const colleague = await createAccount('admin', 'Summer Colleague')
  await app.db
    .update(users)
    .set({ lastLoginAt: new Date('2026-07-01T19:00:00Z') })
    .where(eq(users.id, colleague.id))
  await signIn(context, app.url, admin)
  const pageErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text())
  })
  page.on('pageerror', (error) => pageErrors.push(error.message))

  await page.goto(`/admin/users?q=${colleague.email}`)
  await expect(page.locator('meta[name="office-time-zone"]')).toHaveAttribute(
    'content',
    'America/Los_Angeles',
  )
  const row = page.getByRole('row', { name: /Summer Colleague/ })
  await expect(row).toContainText('07/01/2026, 12:00 PM PDT')

  // Rendered by the browser: the dashboard, then Users through the sidebar without a new page.
  await page.goto('/admin/dashboard')
  await page.waitForLoadState('networkidle')
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url())
  })
  await page.getByRole('link', { name: 'Users', exact: true }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
  // The list is paged: its search, sent in the browser too, finds the colleague.
  await page.getByLabel('Search by name or email').fill(colleague.email)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('row', { name: /Summer Colleague/ })).toContainText(
    '07/01/2026, 12:00 PM PDT',
  )
  expect(documents, 'Users opened without loading a new document').toEqual([])
  expect(pageErrors).toEqual([])
})
