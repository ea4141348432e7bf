import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { mailOutbox, users } from '../../db/schema'
import { createAuthToken } from '../../app/models/auth-tokens.server'
import { inviteUser } from '../../app/models/users.server'
import { createAccount, signIn } from './auth-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'

const SUPERSEDED_RESET =
  'This link is no longer valid: another reset link was used or the password was changed. Please ask for a new one.'

test('after a reset with one link, an older reset link says it is no longer valid', async ({
  page,
  app,
}) => {
  const account = await createAccount('interpreter')
  const older = await createAuthToken('password_reset', account.id)
  const newer = await createAuthToken('password_reset', account.id)
  await page.goto(`/reset-password?token=${newer}`)
  await page.getByLabel('New password', { exact: true }).fill('the newest password 2026')
  await page.getByLabel('Repeat the new password').fill('the newest password 2026')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page).toHaveURL(/\/interpreter-login\?reset=1$/)

  const answer = await page.goto(`${app.url}/reset-password?token=${older}`)
  expect(answer?.status()).toBe(410)
  await expect(page.getByText(SUPERSEDED_RESET)).toBeVisible()
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0)
  await expectNoAxeViolations(page, 'a reset link that lapsed')
})

test('a password changed on the account page ends the reset links still outstanding', async ({
  page,
  context,
  app,
}) => {
  const account = await createAccount('client')
  const outstanding = await createAuthToken('password_reset', account.id)
  await signIn(context, app.url, account)
  await page.goto('/account')
  await page.getByLabel('Current password').fill(account.password)
  await page.getByLabel('New password', { exact: true }).fill('a changed password 2026')
  await page.getByLabel('Repeat the new password').fill('a changed password 2026')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(
    page.getByText('Your password has been changed. Other sessions were signed out.'),
  ).toBeVisible()

  const answer = await page.goto(`/reset-password?token=${outstanding}`)
  expect(answer?.status()).toBe(410)
  await expect(page.getByText(SUPERSEDED_RESET)).toBeVisible()
})

test('ten invitation links for one address used at once: one account, nine pages saying the link is no longer valid', async ({
  page,
  app,
}) => {
  const owner = await createAccount('admin', 'Race Owner')
  const email = `racer-${randomUUID().slice(0, 6)}@example.com`
  for (let sent = 0; sent < 10; sent++)
    await inviteUser(
      { email, name: 'Rae Racer', role: 'admin' },
      { id: owner.id, name: owner.name },
    )
  const tokens = (
    await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))
  ).map((mail) => /accept-invite\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!)
  expect(tokens).toHaveLength(10)

  const answers = await Promise.all(
    tokens.map((token) =>
      page.request.post('/accept-invite', {
        form: {
          token,
          password: 'rae races to a password',
          confirmPassword: 'rae races to a password',
        },
        headers: { Origin: app.url },
        maxRedirects: 0,
      }),
    ),
  )
  const statuses = answers.map((answer) => answer.status()).sort()
  expect(statuses).toEqual([302, 410, 410, 410, 410, 410, 410, 410, 410, 410])
  for (const answer of answers.filter((each) => each.status() === 410))
    expect(await answer.text()).toContain('This invitation link is no longer valid')
  expect(answers.find((answer) => answer.status() === 302)?.headers()['location']).toBe(
    '/admin/dashboard',
  )
  const [account] = await app.db.select().from(users).where(eq(users.email, email))
  expect(account?.passwordHash).toMatch(/^\$argon2/)
})
