import { todayIn } from '../../app/domain/availability'
import { addDays, onboardingStepKeys } from '../../app/domain/onboarding'
import { sendOffers } from '../../app/models/dispatch/offers.server'
import { recordStep } from '../../app/models/onboarding/steps.server'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import {
  createBookingRow,
  createDispatchInterpreter,
  createOrganization,
} from '../support/booking-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { expect, expectNoAxeViolations, keepScreenshot, test } from './fixtures'

test('an onboarded interpreter’s dashboard opens on the offer to answer and the next assignment; Accept works in place', async ({
  page,
  context,
  app,
}) => {
  // A language of this test only, so that no other test's booking is offered to them.
  const language = 'Tigrinya'
  const staff = await createAccount('admin', 'Dora Dispatch')
  const actor = { id: staff.id, name: staff.name }
  const organizationId = await createOrganization(app.db, 'Harbor Clinic')
  const interpreter = await createDispatchInterpreter(app.db, actor, {
    firstName: 'Tesfay',
    lastName: 'Tekle',
    languages: [language],
  })
  // Onboarded: every step done (waived here; the onboarding tests go through each one).
  for (const step of onboardingStepKeys)
    await recordStep(
      interpreter.applicationId,
      step,
      { outcome: 'waived', note: 'Done before.' },
      actor,
    )
  const inDays = (days: number) => addDays(todayIn('America/New_York', new Date()), days)
  await createBookingRow(app.db, {
    organizationId,
    language,
    modality: 'video',
    setting: 'medical',
    localDate: inDays(2),
    localTime: '09:00',
    status: 'confirmed',
    interpreterId: interpreter.profileId,
    location: 'https://meet.example/harbor-intake',
  })
  const offeredId = await createBookingRow(app.db, {
    organizationId,
    language,
    modality: 'on_site',
    setting: 'medical',
    localDate: inDays(5),
    localTime: '14:00',
    location: '12 Harbor Road, Boston, MA',
  })
  expect(
    (await sendOffers(offeredId, { interpreterIds: [interpreter.profileId] }, actor)).outcome,
  ).toBe('sent')
  await signIn(context, app.url, toPublicUser((await findUserByEmail(interpreter.email))!))

  await page.goto('/interpreter/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Tesfay' })).toBeVisible()
  // The work comes first (offers, assignments, closeouts due); onboarding, complete, follows.
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents()
  expect(headings.slice(0, 2)).toEqual(['Offers waiting for your answer', 'Upcoming assignments'])
  expect(headings.indexOf('Onboarding')).toBeGreaterThan(headings.indexOf('Closeouts due'))
  const offers = page.getByRole('region', { name: 'Offers waiting for your answer' })
  await expect(offers).toContainText(`${language}, On-site, Medical`)
  await expect(offers).toContainText('12 Harbor Road, Boston, MA')
  const upcoming = page.getByRole('region', { name: 'Upcoming assignments' })
  await expect(upcoming).toContainText(`${language}, Video remote, Medical`)
  await expect(upcoming).toContainText('https://meet.example/harbor-intake')
  await expect(upcoming).toContainText('9:00 AM')
  await expectNoAxeViolations(page, 'interpreter dashboard with an offer at 1280 px')
  await keepScreenshot(page, 'interpreter-dashboard-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoAxeViolations(page, 'interpreter dashboard with an offer at 390 px')
  await keepScreenshot(page, 'interpreter-dashboard-390')
  // On a phone the header shows the logo, home; the menu closes with Escape, focus back on it.
  await expect(page.getByRole('banner').getByRole('link', { name: /: home$/ })).toBeVisible()
  const menuButton = page.locator('summary', { hasText: 'Portal menu' })
  const menu = page.getByRole('navigation', { name: 'Interpreter portal' })
  await menuButton.click()
  await expect(menu.getByRole('link', { name: 'Assignments' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu.getByRole('link', { name: 'Assignments' })).toBeHidden()
  await expect(menuButton).toBeFocused()
  // A link followed closes it too.
  await menuButton.click()
  await menu.getByRole('link', { name: 'Assignments' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Assignments' })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeHidden()
  await page.goBack()

  await offers.getByRole('button', { name: new RegExp(`^Accept ${language}, On-site`) }).click()
  const answer = page.getByText(
    'You accepted the assignment: it is confirmed and listed under Upcoming.',
  )
  await expect(answer).toBeVisible()
  await expect(answer).toBeFocused()
  await expect(offers).toContainText('No offers wait for your answer.')
  await expect(upcoming).toContainText(`${language}, On-site, Medical`)
  await expect(page).toHaveURL(/\/interpreter\/dashboard$/)
})
