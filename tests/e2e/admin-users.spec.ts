import { readdirSync, readFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { mailOutbox, users } from '../../db/schema'
import { INVITED_PASSWORD_HASH } from '../../app/models/users.server'
import { createAccount, signIn } from './auth-helpers'
import {
  checkPage,
  eventually,
  expect,
  expectNoAxeViolations,
  test,
  type TestApp,
} from './fixtures'

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
  const email = `new-admin-${randomUUID().slice(0, 6)}@example.com`
  // The list is paged and the worker's database holds every test's accounts: the search
  // keeps the invited account in view, and the page keeps the search after each action.
  await page.goto(`/admin/users?q=${email}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
  await expectNoAxeViolations(page, 'admin users')

  // The invitation's fields, not the list's search by name or email.
  const invite = page.getByRole('region', { name: 'Invite a staff member' })
  await invite.getByLabel('Name').fill('Nina Newcomer')
  await invite.getByLabel('Email').fill(email)
  // Without a role the invitation is refused, next to the roles, with what was typed kept.
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(invite.getByText('Please tick at least one role.')).toBeVisible()
  await expect(invite.getByLabel('Email')).toHaveValue(email)
  await invite.getByRole('checkbox', { name: /^Dispatcher:/ }).check()
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible()
  await expect(page.getByRole('row', { name: /Nina Newcomer/ })).toContainText('Invited')
  await expect(page.getByRole('row', { name: /Nina Newcomer/ })).toContainText('Dispatcher')

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
  // A dispatcher's sidebar holds what the role opens; another role's page says No access.
  const sidebar = inviteePage.getByRole('navigation', { name: 'Admin' })
  await expect(sidebar.getByRole('link', { name: 'Bookings' })).toBeVisible()
  await expect(sidebar.getByRole('link', { name: 'Invoices' })).toHaveCount(0)
  await expect(sidebar.getByRole('link', { name: 'Users' })).toHaveCount(0)
  // Her dashboard lists the contact requests, not the applications, and will not change one.
  const lists = inviteePage.getByRole('tablist', { name: 'Dashboard lists' })
  await expect(lists.getByRole('tab', { name: /^Contact Submissions/ })).toBeVisible()
  await expect(lists.getByRole('tab', { name: /^Job Applications/ })).toHaveCount(0)
  const deletion = await inviteePage.request.post(`${app.url}/admin/dashboard`, {
    form: { intent: 'delete', kind: 'application', id: '00000000-0000-4000-8000-000000000000' },
    headers: { Origin: app.url },
    maxRedirects: 0,
  })
  expect(deletion.status()).toBe(403)
  const refused = await inviteePage.goto(`${app.url}/admin/invoices`)
  expect(refused?.status()).toBe(403)
  await expect(inviteePage.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible()
  await expectNoAxeViolations(inviteePage, 'no access')
  // Given Billing as well, she opens the invoices from her next request.
  const roles = page.getByRole('row', { name: /Nina Newcomer/ })
  await roles.getByText('Change roles').click()
  await roles.getByRole('checkbox', { name: 'Billing' }).check()
  await roles.getByRole('button', { name: 'Save roles of Nina Newcomer' }).click()
  await expect(page.getByText('Roles saved.')).toBeVisible()
  expect((await inviteePage.goto(`${app.url}/admin/invoices`))?.status()).toBe(200)

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
  await page.goto(`/admin/users?q=${owner.email}`)
  await expect(page.getByRole('row', { name: /Owner Admin/ })).toBeVisible()
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
  await page.goto(`/admin/users?q=${colleague.email}`)
  await page.getByRole('button', { name: 'Send password reset to Forgetful Colleague' }).click()
  await expect(
    page.getByText(`A password reset link was sent to ${colleague.email}.`),
  ).toBeVisible()
  const link = await linkFromMail(app, colleague.email, 'password-reset', '/reset-password')
  expect(link).toContain('/reset-password?token=')
})

test('the Users list pages, filters by role and status, and searches by name or e-mail', async ({
  page,
  context,
  app,
}) => {
  const tag = randomUUID().slice(0, 8)
  const admin = await createAccount('admin', `Paula Pager ${tag}`)
  // 30 interpreters, one deactivated admin and one invited client, all carrying the tag:
  // 33 accounts with the admin, more than a page. A chosen password's hash starts with the
  // argon2 prefix; nobody signs in as these.
  const chosen = '$argon2id$v=19$m=19456,t=2,p=1$e2e$e2e'
  await app.db.insert(users).values([
    ...Array.from({ length: 30 }, (_, index) => ({
      name: `Pager ${tag} Interpreter ${String(index).padStart(2, '0')}`,
      email: `pager-${tag}-${index}@example.com`,
      role: 'interpreter' as const,
      passwordHash: chosen,
    })),
    {
      name: `Pager ${tag} Dormant`,
      email: `dormant-${tag}@example.com`,
      role: 'admin' as const,
      passwordHash: chosen,
      active: false,
    },
    {
      name: `Pager ${tag} Invitee`,
      email: `invitee-${tag}@clinic.example`,
      role: 'client' as const,
      passwordHash: INVITED_PASSWORD_HASH,
    },
  ])
  await signIn(context, app.url, admin)
  await page.goto(`/admin/users?q=${tag}`)
  const table = page.getByRole('table', { name: 'Accounts' })
  // The header row and one row per account.
  const rows = table.getByRole('row')
  const pagination = page.getByRole('navigation', { name: 'Pagination' })
  await expect(page.getByText('33 users', { exact: true })).toBeVisible()
  await expect(rows).toHaveCount(26)
  await expect(pagination).toContainText('Showing 1–25 of 33')
  await checkPage(page, 'admin-users-list')
  await page.setViewportSize({ width: 390, height: 844 })
  // On a phone every link and button of the list and its filters is a fingertip tall.
  const small = await page
    .locator('main')
    .locator(
      '[role=search] select, [role=search] input, [role=search] button, table a, table button, nav a',
    )
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.checkVisibility())
        .filter((element) => element.getBoundingClientRect().height < 44)
        .map((element) => element.outerHTML.slice(0, 120)),
    )
  expect(small, 'targets under 44 px at 390 px').toEqual([])
  await page.setViewportSize({ width: 1280, height: 900 })

  await pagination.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/[?&]page=2/)
  await expect(rows).toHaveCount(9)
  await expect(pagination).toContainText('Showing 26–33 of 33')

  // Each filter sends the form as it changes, from the first page.
  await page.getByLabel('Role', { exact: true }).selectOption('interpreter')
  await expect(page).toHaveURL(/role=interpreter/)
  await expect(page.getByText('30 users', { exact: true })).toBeVisible()
  await page.getByLabel('Role', { exact: true }).selectOption('all')
  await page.getByLabel('Status').selectOption('invited')
  await expect(page.getByText('1 user', { exact: true })).toBeVisible()
  await expect(rows.nth(1)).toContainText(`Pager ${tag} Invitee`)
  await expect(rows.nth(1)).toContainText('Invited')
  await page.getByLabel('Status').selectOption('deactivated')
  await expect(rows.nth(1)).toContainText(`Pager ${tag} Dormant`)
  await page.getByLabel('Role', { exact: true }).selectOption('client')
  await expect(page.getByRole('heading', { name: 'No Users Found' })).toBeVisible()
  await expect(page.getByText('0 users', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page, 'no users found')

  // Search by e-mail address, then by name.
  await page.goto('/admin/users')
  await page.getByLabel('Search by name or email').fill(`PAGER-${tag}-7@example.com`)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('1 user', { exact: true })).toBeVisible()
  await expect(rows.nth(1)).toContainText(`Pager ${tag} Interpreter 07`)
  await page.getByLabel('Search by name or email').fill(`Paula Pager ${tag}`)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(rows.nth(1)).toContainText('(you)')
})

test('the Users filters are a GET form that works without JavaScript', async ({ browser, app }) => {
  const tag = randomUUID().slice(0, 8)
  const admin = await createAccount('admin', `Nora Noscript ${tag}`)
  const dormant = await createAccount('admin', `Dormant Noscript ${tag}`)
  await app.db.update(users).set({ active: false }).where(eq(users.id, dormant.id))
  await createAccount('interpreter', `Ivan Noscript ${tag}`)
  const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false })
  await signIn(context, app.url, admin)
  const page = await context.newPage()
  await page.goto('/admin/users')
  await page.getByLabel('Search by name or email').fill(tag)
  await page.getByLabel('Role', { exact: true }).selectOption('admin')
  await page.getByLabel('Status').selectOption('deactivated')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(`${app.url}/admin/users?q=${tag}&role=admin&status=deactivated`)
  await expect(page.getByText('1 user', { exact: true })).toBeVisible()
  await expect(page.getByRole('row', { name: /Noscript/ })).toHaveText(
    new RegExp(`Dormant Noscript ${tag}`),
  )
  await context.close()
})
