import { eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import { createAuthToken } from '../../app/models/auth-tokens.server'
import { expect, expectNoAxeViolations, test } from './fixtures'

test('the one-time set-up link creates the first admin and then stops working', async ({
  page,
  app,
}) => {
  // This flow only exists while there is no admin at all.
  // Admins only: the run shares one database, and other specs' interpreters have pay
  // statements that keep their accounts.
  await app.db.delete(users).where(eq(users.role, 'admin'))
  const token = await createAuthToken('first_admin_setup', null)
  await page.goto(`/setup?token=${token}`)
  await expect(page.getByRole('heading', { name: 'Create the first admin' })).toBeVisible()
  await expectNoAxeViolations(page, 'first admin set-up')

  await page.getByLabel('Name').fill('Olivia Owner')
  await page.getByLabel('Email').fill('owner@example.com')
  await page.getByLabel('Password', { exact: true }).fill('short')
  await page.getByLabel('Repeat the password').fill('short')
  await page.getByLabel('Repeat the password').blur()
  await page.getByRole('button', { name: 'Create admin account' }).click()
  await expect(page.getByText(/at least 12 characters/)).toBeVisible()

  await page.getByLabel('Password', { exact: true }).fill('owner password 2026!')
  await page.getByLabel('Repeat the password').fill('owner password 2026!')
  await page.getByRole('button', { name: 'Create admin account' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByText('Olivia Owner')).toBeVisible()

  const response = await page.request.get(`/setup?token=${token}`)
  expect(response.status()).toBe(404)
  const another = await createAuthToken('first_admin_setup', null)
  expect((await page.request.get(`/setup?token=${another}`)).status()).toBe(404)
})

test('a set-up link that is unknown answers 404', async ({ request }) => {
  expect((await request.get('/setup?token=not-a-real-token')).status()).toBe(404)
  expect((await request.get('/setup')).status()).toBe(404)
})
