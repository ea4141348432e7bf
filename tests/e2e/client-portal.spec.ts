import type { Page } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { createLead } from '../../app/models/leads/intake.server'
import { clientInvitationLink, createAccount, signIn } from './auth-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'

async function choosePassword(page: Page, link: string) {
  await page.goto(link)
  await page.getByLabel('Password', { exact: true }).fill('our clinic portal password 2026')
  await page.getByLabel('Repeat the password').fill('our clinic portal password 2026')
  await page.getByRole('button', { name: 'Set password and sign in' }).click()
}

test('staff invite a client from a contact request; the manager invites and removes a colleague', async ({
  page,
  browser,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const email = `clara-${tag}@clinic.example`
  const company = `Valley Clinic ${tag}`
  const { id } = await createLead({
    name: 'Clara Client',
    email,
    company,
    phone: undefined,
    message: 'We need Spanish interpreters at our clinic every Monday.',
    type: 'contact',
  })

  const staff = await browser.newContext()
  await signIn(staff, app.url, await createAccount('admin', 'Sol Staff'))
  const adminPage = await staff.newPage()
  await adminPage.goto(`${app.url}/admin/clients/${id}`)
  const portal = adminPage.getByRole('region', { name: 'Client portal' })
  await expect(portal).toContainText('No client portal account yet.')
  await portal.getByLabel(`Role in ${company}`).selectOption('manager')
  await portal.getByRole('button', { name: 'Invite to portal' }).click()
  await expect(
    adminPage.getByRole('status').getByText('Portal invitation sent.').first(),
  ).toBeVisible()
  await expect(portal).toContainText(
    `Invited: the client has not chosen a password yet. Organization: ${company}.`,
  )
  await expectNoAxeViolations(adminPage, 'client request dialog with the portal section')

  await choosePassword(page, await clientInvitationLink(app, email))
  await expect(page).toHaveURL(/\/client\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Welcome, Clara Client' })).toBeVisible()
  await expect(page.getByRole('region', { name: company })).toContainText('You are a manager')
  await expectNoAxeViolations(page, 'client dashboard at 1280 px')

  // The manager invites a requester, then removes them.
  await page
    .getByRole('navigation', { name: 'Client portal' })
    .getByRole('link', { name: 'Users' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
  const colleague = `rex-${tag}@clinic.example`
  await page.getByLabel('Name').fill('Rex Requester')
  await page.getByLabel('Email').fill(colleague)
  await page.getByLabel('Role').selectOption('requester')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${colleague}.`)).toBeVisible()
  await expect(page.getByRole('row', { name: /Rex Requester/ })).toContainText('Invited')
  await expectNoAxeViolations(page, 'client users at 1280 px')
  const requesterLink = await clientInvitationLink(app, colleague)

  // The requester sees no Users screen.
  const requester = await browser.newContext()
  const requesterPage = await requester.newPage()
  await choosePassword(requesterPage, `${app.url}${requesterLink}`)
  await expect(requesterPage).toHaveURL(/\/client\/dashboard$/)
  await expect(requesterPage.getByRole('region', { name: company })).toContainText(
    'You are a requester',
  )
  await expect(
    requesterPage
      .getByRole('navigation', { name: 'Client portal' })
      .getByRole('link', { name: 'Users' }),
  ).toHaveCount(0)
  const forbidden = await requesterPage.goto(`${app.url}/client/users`)
  expect(forbidden?.status()).toBe(404)

  // Accepted, the invitation has become a user of the organization.
  await page.reload()
  await expect(page.getByRole('row', { name: /Rex Requester/ })).toContainText('Active')
  await page.getByRole('button', { name: 'Remove Rex Requester' }).click()
  await expect(page.getByText('The user was removed and signed out.')).toBeVisible()
  await expect(page.getByRole('row', { name: /Rex Requester/ })).toHaveCount(0)
  await requesterPage.goto(`${app.url}/client/dashboard`)
  await expect(requesterPage).toHaveURL(/\/client-login\?redirectTo=%2Fclient%2Fdashboard$/)

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/client/dashboard')
  await page.locator('summary', { hasText: 'Portal menu' }).click()
  await expect(
    page.getByRole('navigation', { name: 'Client portal' }).getByRole('link', { name: 'Users' }),
  ).toBeVisible()
  await expectNoAxeViolations(page, 'client dashboard at 390 px')
  await staff.close()
  await requester.close()
})

test('staff create an organization with its first user from the Clients screen', async ({
  page,
  context,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  await signIn(context, app.url, await createAccount('admin', 'Nell New'))
  await page.goto('/admin/clients')
  await page.getByRole('link', { name: 'New organization' }).click()
  const dialog = page.getByRole('dialog', { name: 'New organization' })
  await dialog.getByLabel('Organization').fill(`County Court ${tag}`)
  await dialog.getByLabel('First user’s name').fill('Jo Judge')
  await dialog.getByLabel('First user’s email').fill('not-an-address')
  await dialog.getByRole('button', { name: 'Create and send invitation' }).click()
  await expect(dialog.getByText(/valid e-?mail/i).first()).toBeVisible()
  await dialog.getByLabel('First user’s email').fill(`jo-${tag}@court.example`)
  await dialog.getByRole('button', { name: 'Create and send invitation' }).click()
  await expect(
    page
      .getByRole('status')
      .getByText(`County Court ${tag}: invitation sent to jo-${tag}@court.example.`)
      .first(),
  ).toBeVisible()
  await clientInvitationLink(app, `jo-${tag}@court.example`)
  await page.goto('/admin/clients/new-organization')
  await expectNoAxeViolations(page, 'new organization dialog')
})
