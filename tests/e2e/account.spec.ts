import { createSession } from '../../app/auth/session.server'
import { createAccount } from './auth-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'

test('a client signs in, lands on the client portal, opens the account page and changes the password', async ({
  page,
  playwright,
  app,
}) => {
  const interpreter = await createAccount('client', 'Ivan Client')
  const otherSession = (await createSession(interpreter.id)).split(';')[0]!

  await page.goto('/client-login')
  await page.getByLabel('Email').fill(interpreter.email)
  await page.getByLabel('Password', { exact: true }).fill(interpreter.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/client\/dashboard$/)
  await page.getByRole('link', { name: 'Account and password' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible()
  await expectNoAxeViolations(page, 'account page')

  await page.getByLabel('Current password').fill('not my password at all')
  await page.getByLabel('New password', { exact: true }).fill('a newer password 2026')
  await page.getByLabel('Repeat the new password').fill('a newer password 2026')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your current password is not correct.')).toBeVisible()

  await page.getByLabel('Current password').fill(interpreter.password)
  await page.getByLabel('New password', { exact: true }).fill('a newer password 2026')
  await page.getByLabel('Repeat the new password').fill('a newer password 2026')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your password has been changed.')).toBeVisible()

  // This browser stays signed in; the other session was ended.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible()
  const other = await playwright.request.newContext({ baseURL: app.url })
  const response = await other.get('/account', {
    headers: { Cookie: otherSession },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(302)
  await other.dispose()
})
