import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { mailOutbox } from '../../db/schema'
import { createApplicant } from '../support/people-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { eventually, expect, expectNoAxeViolations, test, type TestApp } from './fixtures'

async function invitationLinks(app: TestApp, email: string) {
  const mails = await app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, 'interpreter-invitation'), eq(mailOutbox.toAddress, email)))
  return mails.map((mail) => /\/accept-invite\?token=\S+/.exec(mail.text)![0])
}

test('an approved applicant is invited, chooses a password and lands on the portal dashboard', async ({
  page,
  browser,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const email = `noor-${tag}@example.org`
  const applicationId = await createApplicant(app.db, {
    firstName: 'Noor',
    lastName: `Haddad${tag}`,
    email,
  })

  // Staff approve without the e-mails, then send the portal invitation, and again.
  const staff = await browser.newContext()
  await signIn(staff, app.url, await createAccount('admin', 'Rita Recruiter'))
  const adminPage = await staff.newPage()
  await adminPage.goto(`${app.url}/admin/interpreters/${applicationId}?decide=approved`)
  await adminPage.getByLabel(`Send this e-mail to ${email}`).uncheck()
  await adminPage.getByRole('button', { name: 'Confirm approval' }).click()
  const account = adminPage.getByRole('region', { name: 'Portal account' })
  // The approval made the account; without the e-mails nothing was sent yet.
  await expect(account).toContainText('The interpreter has not chosen a password yet.')
  expect(await invitationLinks(app, email)).toHaveLength(0)
  await expectNoAxeViolations(adminPage, 'interpreter dialog with the portal account')
  for (let sent = 1; sent <= 2; sent++) {
    await account.getByRole('button', { name: 'Send portal invitation' }).click()
    await expect(
      adminPage.getByRole('status').getByText('Portal invitation sent.').first(),
    ).toBeVisible()
    await eventually(async () => expect(await invitationLinks(app, email)).toHaveLength(sent))
  }
  const links = await eventually(async () => {
    const found = await invitationLinks(app, email)
    expect(found).toHaveLength(2)
    return found
  })

  // The interpreter follows the newest link.
  await page.goto(links[1]!)
  // The page says whose invitation it is: never "Staff invitation" for an interpreter.
  await expect(page.getByText('Interpreter portal invitation')).toBeVisible()
  await expect(page.getByText('Staff invitation')).toHaveCount(0)
  await page.getByLabel('Password', { exact: true }).fill('my own portal password 2026')
  await page.getByLabel('Repeat the password').fill('my own portal password 2026')
  await page.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(page).toHaveURL(/\/interpreter\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Welcome, Noor' })).toBeVisible()
  const onboarding = page.getByRole('region', { name: 'Onboarding' })
  await expect(onboarding).toContainText('0/6')
  await expect(onboarding).toContainText('Next step: Contractor agreement.')
  await expect(page.getByRole('navigation', { name: 'Interpreter portal' })).toContainText(
    'Dashboard',
  )
  await expectNoAxeViolations(page, 'interpreter dashboard at 1280 px')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.locator('summary', { hasText: 'Portal menu' }).click()
  await expect(
    page.getByRole('navigation', { name: 'Interpreter portal' }).getByRole('link', {
      name: 'Dashboard',
    }),
  ).toBeVisible()
  await expectNoAxeViolations(page, 'interpreter dashboard at 390 px')

  await page.getByRole('link', { name: 'Account and password' }).click()
  await page.getByRole('link', { name: 'Go to your dashboard' }).click()
  await expect(page).toHaveURL(/\/interpreter\/dashboard$/)

  // Staff now see an active account, with nothing left to send.
  await adminPage.reload()
  await expect(account).toContainText('Active: the interpreter has chosen a password')
  await expect(account.getByRole('button')).toHaveCount(0)

  // The admin area sends the interpreter home; signing out ends the session.
  await page.goto('/admin/dashboard')
  await expect(page).toHaveURL(/\/interpreter\/dashboard$/)
  await page.getByRole('button', { name: 'Log out' }).click()
  // The logout has landed before the next visit (a visit at once could cancel its post).
  await expect(page).toHaveURL(/\/interpreter-login$/)
  await page.goto('/interpreter/dashboard')
  await expect(page).toHaveURL(/\/interpreter-login\?redirectTo=/)
  await staff.close()
})

test('an interpreter signing in lands on the portal; a client on the client portal', async ({
  page,
  app,
}) => {
  const interpreter = await createAccount('interpreter', 'Ivo Interpreter')
  await page.goto('/interpreter-login')
  await page.getByLabel('Email').fill(interpreter.email)
  await page.getByLabel('Password', { exact: true }).fill(interpreter.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/interpreter\/dashboard$/)
  // An interpreter account without a profile (made by hand) still has a working dashboard.
  await expect(page.getByRole('heading', { name: 'Welcome, Ivo Interpreter' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Onboarding' })).toContainText('0/6')

  const client = await createAccount('client', 'Cora Client')
  await page.context().clearCookies()
  await signIn(page.context(), app.url, client)
  await page.goto('/interpreter/dashboard')
  await expect(page).toHaveURL(/\/client\/dashboard$/)
})
