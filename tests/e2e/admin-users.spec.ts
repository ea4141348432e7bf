import { readdirSync, readFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { mailOutbox } from '../../db/schema'
import { createAccount, signIn } from './auth-helpers'
import { eventually, expect, expectNoAxeViolations, test, type TestApp } from './fixtures'

async function linkFromMail(app: TestApp, to: string, template: string, path: string) {
  const mail = await eventually(async () => {
    const [row] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, template)))
    expect(row?.status).toBe('sent')
    return row!
  })
  const file = readdirSync(app.mailDir).find((name) => name.includes(mail.id))!
  const eml = readFileSync(`${app.mailDir}/${file}`, 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
  return new RegExp(`https?://[^\\s"]+${path}\\?token=[A-Za-z0-9_-]+`).exec(eml)![0]
}

test('invite an admin, who accepts the link and signs in; deactivation ends their session at once', async ({
  page,
  context,
  browser,
  app,
}) => {
  const owner = await createAccount('admin', 'Owner Admin')
  await signIn(context, app.url, owner)
  await page.goto('/admin/users')
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
  await expectNoAxeViolations(page, 'admin users')

  const email = `new-admin-${randomUUID().slice(0, 6)}@example.com`
  await page.getByLabel('Name').fill('Nina Newcomer')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible()
  await expect(page.getByRole('row', { name: /Nina Newcomer/ })).toContainText('Invited')

  const link = await linkFromMail(app, email, 'invitation', '/accept-invite')
  const invitee = await browser.newContext()
  const inviteePage = await invitee.newPage()
  await inviteePage.goto(link)
  await expect(inviteePage.getByText('Welcome, Nina Newcomer.')).toBeVisible()
  await expectNoAxeViolations(inviteePage, 'accept invitation')
  await inviteePage.getByLabel('Password', { exact: true }).fill('nina chooses a password')
  await inviteePage.getByLabel('Repeat the password').fill('nina chooses a password')
  await inviteePage.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(inviteePage).toHaveURL(/\/admin\/dashboard$/)
  await expect(inviteePage.getByText('Nina Newcomer')).toBeVisible()

  // The link works once.
  await inviteePage.goto(link)
  await expect(
    inviteePage.getByText('This invitation has expired or was already used.'),
  ).toBeVisible()

  await page.reload()
  const row = page.getByRole('row', { name: /Nina Newcomer/ })
  await expect(row).toContainText('Active')
  await row.getByRole('button', { name: 'Deactivate Nina Newcomer' }).click()
  await expect(
    page.getByText('Nina Newcomer is deactivated; their sessions have ended.'),
  ).toBeVisible()
  await inviteePage.goto(`${app.url}/admin/dashboard`)
  await expect(inviteePage).toHaveURL(/\/interpreter-login\?redirectTo=/)
  await invitee.close()

  await page
    .getByRole('row', { name: /Nina Newcomer/ })
    .getByRole('button', { name: 'Reactivate Nina Newcomer' })
    .click()
  await expect(page.getByText('Nina Newcomer is active again.')).toBeVisible()

  // No button to deactivate yourself, and the server refuses it too.
  await expect(page.getByRole('button', { name: 'Deactivate Owner Admin' })).toHaveCount(0)
  const response = await page.request.post('/admin/users', {
    form: { intent: 'deactivate', userId: owner.id },
    headers: { Origin: app.url },
  })
  expect(response.status()).toBe(400)
})

test('an admin sends a password reset link to a staff member', async ({ page, context, app }) => {
  const owner = await createAccount('admin', 'Reset Sender')
  const colleague = await createAccount('admin', 'Forgetful Colleague')
  await signIn(context, app.url, owner)
  await page.goto('/admin/users')
  await page.getByRole('button', { name: 'Send password reset to Forgetful Colleague' }).click()
  await expect(
    page.getByText(`A password reset link was sent to ${colleague.email}.`),
  ).toBeVisible()
  const link = await linkFromMail(app, colleague.email, 'password-reset', '/reset-password')
  expect(link).toContain('/reset-password?token=')
})
