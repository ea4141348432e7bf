import { readdirSync, readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { mailOutbox } from '../../db/schema'
import { describeWait } from '../../app/lib/auth/wait-text'
import { createAccount } from './auth-helpers'
import { eventually, expect, expectNoAxeViolations, test } from './fixtures'

for (const portal of ['Interpreter', 'Client'] as const) {
  const path = `/${portal.toLowerCase()}-login`

  test(`an admin signs in from ${path}, reaches the dashboard and signs out`, async ({ page }) => {
    const admin = await createAccount('admin', 'Grace Admin')
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: `${portal} Login` })).toBeVisible()
    await expect(page.getByText(`${portal} Portal`)).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/')
    await expect(page.getByText(/Contact support at/)).toBeVisible()
    await expectNoAxeViolations(page, `${path} login screen`)

    await page.getByLabel('Email').fill(admin.email)
    await page.getByLabel('Password', { exact: true }).fill(admin.password)
    const toggle = page.getByRole('button', { name: 'Show password' })
    await toggle.click()
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text')
    await page.getByRole('button', { name: 'Hide password' }).click()
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password')

    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
    await expect(page.getByText('Grace Admin')).toBeVisible()
    await expect(page.getByText('Administrator')).toBeVisible()

    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page).toHaveURL(/\/interpreter-login$/)
    await page.goBack()
    // The dashboard's data is gone: the server sends the visitor back to the login page.
    await expect(page).toHaveURL(/\/interpreter-login\?redirectTo=%2Fadmin%2Fdashboard$/)
    await expect(page.getByText('Grace Admin')).toHaveCount(0)
    await page.reload()
    await expect(page.getByText('Grace Admin')).toHaveCount(0)
  })
}

test('a wrong password shows the red error box and the button reads Signing in... while busy', async ({
  page,
}) => {
  const admin = await createAccount('admin')
  await page.goto('/client-login')
  await page.route('**/client-login.data*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700))
    await route.continue()
  })
  await page.getByLabel('Email').fill(admin.email)
  await page.getByLabel('Password', { exact: true }).fill('not the right password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled()
  const alert = page.getByRole('alert')
  await expect(alert).toHaveText('Invalid username or password.')
  await expect(alert).toHaveClass(/bg-red-50/)
  await expect(page.getByLabel('Email')).toHaveValue(admin.email)
  await expectNoAxeViolations(page, 'login with error')
})

test('a visitor is sent to the login page and, once signed in, to the page first asked for', async ({
  page,
}) => {
  const admin = await createAccount('admin')
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/interpreter-login\?redirectTo=%2Fadmin$/)
  await page.getByLabel('Email').fill(admin.email)
  await page.getByLabel('Password', { exact: true }).fill(admin.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('signing in works and wrong credentials show the error', async ({ page }) => {
    const admin = await createAccount('admin')
    await page.goto('/interpreter-login')
    await page.getByLabel('Email').fill(admin.email)
    await page.getByLabel('Password', { exact: true }).fill('wrong password again')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password.')
    await page.getByLabel('Password', { exact: true }).fill(admin.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
  })
})

test('forgot password: the e-mailed link sets a new password once', async ({ page, app }) => {
  const admin = await createAccount('admin')
  await page.goto('/interpreter-login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible()
  await expectNoAxeViolations(page, 'forgot password')
  await page.getByLabel('Email').fill(admin.email.toUpperCase())
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('If an account exists for that address')).toBeVisible()

  const mail = await eventually(async () => {
    const [row] = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, admin.email))
    expect(row?.status).toBe('sent')
    return row!
  })
  const file = readdirSync(app.mailDir).find((name) => name.includes(mail.id))!
  const eml = readFileSync(`${app.mailDir}/${file}`, 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
  const link = /https?:\/\/[^\s"]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(eml)![0]

  await page.goto(link)
  await expectNoAxeViolations(page, 'reset password')
  await page.getByLabel('New password', { exact: true }).fill('my fresh password 2026')
  await page.getByLabel('Repeat the new password').fill('my fresh password 2026')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page).toHaveURL(/\/interpreter-login\?reset=1$/)
  await expect(page.getByText('Your password has been changed. Please sign in.')).toBeVisible()

  await page.getByLabel('Email').fill(admin.email)
  await page.getByLabel('Password', { exact: true }).fill('my fresh password 2026')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)

  // The link works once.
  await page.goto(link)
  await expect(page.getByText('This link has expired or was already used.')).toBeVisible()
})

test('the same answer is given for an address without an account', async ({ page, app }) => {
  const before = await app.db.$count(mailOutbox)
  await page.goto('/forgot-password')
  await page.getByLabel('Email').fill('nobody-here@example.com')
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('If an account exists for that address')).toBeVisible()
  expect(await app.db.$count(mailOutbox)).toBe(before)
})

test('login answers: same body for an unknown user and a wrong password; 429 with Retry-After on the sixth failure', async ({
  playwright,
  app,
}) => {
  const admin = await createAccount('admin')
  const context = await playwright.request.newContext({
    baseURL: app.url,
    extraHTTPHeaders: { Origin: app.url },
  })
  const post = (email: string, password: string) =>
    context.post('/interpreter-login', { form: { email, password }, maxRedirects: 0 })
  const startedAt = Date.now()
  const unknown = await post('nobody-at-all@example.com', 'some password here')
  // A failed sign-in is answered no sooner than a second after it was sent.
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1000)
  const wrong = await post(admin.email, 'some password here')
  expect(unknown.status()).toBe(401)
  expect(wrong.status()).toBe(401)
  const normalise = (html: string, email: string) =>
    html.replaceAll(email, 'EMAIL').replace(/nonce="[^"]+"/g, 'NONCE')
  expect(normalise(await wrong.text(), admin.email)).toBe(
    normalise(await unknown.text(), 'nobody-at-all@example.com'),
  )

  for (let i = 0; i < 4; i++)
    expect((await post(admin.email, 'still the wrong one')).status()).toBe(401)
  const throttled = await post(admin.email, admin.password)
  expect(throttled.status()).toBe(429)
  expect(Number(throttled.headers()['retry-after'])).toBeGreaterThanOrEqual(1)
  expect(await throttled.text()).toContain('Too many sign-in attempts')
  // The message says the real wait of Retry-After.
  expect(await throttled.text()).toContain(
    `Please wait ${describeWait(Number(throttled.headers()['retry-after']))} and try again.`,
  )
  await context.dispose()
})
