import type { Page } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { authTokens } from '../../db/schema'
import { createLead } from '../../app/models/leads/intake.server'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { hashToken } from '../../app/platform/tokens.server'
import { createOrganizationMember } from '../support/organization-fixtures'
import { clientInvitationLink, createAccount, signIn } from './auth-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'

const PASSWORD = 'a long client portal password'

/** An organization and its manager, who has accepted and chosen `PASSWORD`. */
async function organizationWithManager(name: string, managerName: string) {
  const staff = await createAccount('admin', 'Ida Inviter')
  const email = `${managerName.split(' ')[0]!.toLowerCase()}-${randomUUID().slice(0, 6)}@org.example`
  const outcome = await createOrganizationMember(
    { organizationName: name, name: managerName, email, role: 'manager' },
    { id: staff.id, name: staff.name },
    PASSWORD,
  )
  if (outcome.state !== 'invited') throw new Error('the manager was not invited')
  return toPublicUser((await findUserByEmail(email))!)
}

async function invite(page: Page, name: string, email: string) {
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Role').selectOption('requester')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible()
}

test('a manager withdraws an invitation on the Users screen; withdrawn, expired and used links say why they no longer work', async ({
  page,
  context,
  browser,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const manager = await organizationWithManager(`Harbour Clinic ${tag}`, 'Mara Manager')
  await signIn(context, app.url, manager)
  await page.goto('/client/users')

  const wes = `wes-${tag}@harbour.example`
  await invite(page, 'Wes Withdrawn', wes)
  const row = page.getByRole('row', { name: /Wes Withdrawn/ })
  await expect(row).toContainText('Invited, until')
  await expectNoAxeViolations(page, 'client users with a pending invitation')
  const withdrawnLink = await clientInvitationLink(app, wes)
  await row.getByRole('button', { name: 'Withdraw the invitation to Wes Withdrawn' }).click()
  await expect(
    page.getByText('The invitation was withdrawn: its link no longer works.'),
  ).toBeVisible()
  await expect(page.getByRole('row', { name: /Wes Withdrawn/ })).toHaveCount(0)

  const invitee = await browser.newContext()
  const inviteePage = await invitee.newPage()
  const withdrawn = await inviteePage.goto(`${app.url}${withdrawnLink}`)
  expect(withdrawn?.status()).toBe(410)
  await expect(
    inviteePage.getByText(
      'This invitation was withdrawn. If you still need an account, ask whoever invited you.',
    ),
  ).toBeVisible()
  await expect(inviteePage.getByLabel('Password', { exact: true })).toHaveCount(0)
  await expectNoAxeViolations(inviteePage, 'a withdrawn invitation')

  // An invitation past its 48 hours.
  const eve = `eve-${tag}@harbour.example`
  await invite(page, 'Eve Expired', eve)
  const expiredLink = await clientInvitationLink(app, eve)
  const token = new URL(expiredLink, app.url).searchParams.get('token')!
  await app.db
    .update(authTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(authTokens.tokenHash, hashToken(token)))
  const expired = await inviteePage.goto(`${app.url}${expiredLink}`)
  expect(expired?.status()).toBe(410)
  await expect(
    inviteePage.getByText('This invitation has expired or was already used.'),
  ).toBeVisible()
  await page.reload()
  await expect(page.getByRole('row', { name: /Eve Expired/ })).toHaveCount(0)

  // An invitation already accepted.
  const uma = `uma-${tag}@harbour.example`
  await invite(page, 'Uma Used', uma)
  const usedLink = await clientInvitationLink(app, uma)
  await inviteePage.goto(`${app.url}${usedLink}`)
  await expect(inviteePage.getByText('You are invited to join Harbour Clinic')).toBeVisible()
  // The page says whose invitation it is: never "Staff invitation" for a client.
  await expect(inviteePage.getByText('Client portal invitation')).toBeVisible()
  await expect(inviteePage.getByText('Staff invitation')).toHaveCount(0)
  await inviteePage.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await inviteePage.getByLabel('Repeat the password').fill(PASSWORD)
  await inviteePage.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(inviteePage).toHaveURL(/\/client\/dashboard$/)
  const used = await inviteePage.goto(`${app.url}${usedLink}`)
  expect(used?.status()).toBe(410)
  await expect(
    inviteePage.getByText('This invitation has expired or was already used.'),
  ).toBeVisible()
  await invitee.close()
})

test('an existing client accepts a second organization’s invitation by signing in, and moves there', async ({
  page,
  context,
  browser,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const first = `Alder Court ${tag}`
  const second = `Birch School ${tag}`
  const al = await organizationWithManager(first, 'Al Alder')
  const bea = await organizationWithManager(second, 'Bea Birch')

  // Bea gets the same answer as for anyone, and Al is not in Birch School before accepting.
  await signIn(context, app.url, bea)
  await page.goto('/client/users')
  await invite(page, 'Al Alder', al.email)
  await expect(page.getByRole('row', { name: /Al Alder/ })).toContainText('Invited, until')

  const alContext = await browser.newContext()
  const alPage = await alContext.newPage()
  await alPage.goto(`${app.url}${await clientInvitationLink(app, al.email)}`)
  await expect(
    alPage.getByText(`You already have an account for ${al.email}: sign in to accept.`),
  ).toBeVisible()
  await expect(
    alPage.getByText(`Accepting moves your account from ${first} to ${second}`),
  ).toBeVisible()
  await expectNoAxeViolations(alPage, 'accepting an invitation with an existing account')
  await alPage.getByLabel('Password', { exact: true }).fill('not the password at all')
  await alPage.getByRole('button', { name: 'Sign in and accept' }).click()
  await expect(alPage.getByText('Invalid username or password.')).toBeVisible()
  await alPage.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await alPage.getByRole('button', { name: 'Sign in and accept' }).click()
  await expect(alPage).toHaveURL(/\/client\/dashboard$/)
  await expect(alPage.getByRole('region', { name: second })).toContainText('You are a requester')

  await page.reload()
  await expect(page.getByRole('row', { name: /Al Alder/ })).toContainText('Active')
  await alContext.close()
})

test('staff withdraw an invitation from the client request’s dialog', async ({
  page,
  context,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const email = `sid-${tag}@cedar.example`
  const company = `Cedar Hospital ${tag}`
  const { id } = await createLead({
    name: 'Sid Sender',
    email,
    company,
    phone: undefined,
    message: 'We need an ASL interpreter for a board meeting.',
    type: 'demo',
  })
  await signIn(context, app.url, await createAccount('admin', 'Wyn Withdrawer'))
  await page.goto(`/admin/clients/${id}`)
  const portal = page.getByRole('region', { name: 'Client portal' })
  await portal.getByRole('button', { name: 'Invite to portal' }).click()
  await expect(portal).toContainText(`Invitation to ${company}, valid until`)
  const link = await clientInvitationLink(app, email)
  await portal.getByRole('button', { name: `Withdraw the invitation to ${company}` }).click()
  await expect(
    page.getByRole('status').getByText('Invitation withdrawn: its link no longer works.').first(),
  ).toBeVisible()
  await expect(portal).toContainText('No client portal account yet.')
  const answer = await page.goto(link)
  expect(answer?.status()).toBe(410)
  await expect(page.getByText('This invitation was withdrawn.')).toBeVisible()
})
