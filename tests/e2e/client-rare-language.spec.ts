import { randomUUID } from 'node:crypto'
import { addDays, calendarDate } from '../../app/domain/onboarding'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { createOrganizationMember } from '../support/organization-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'

const tigrinyaNotice =
  "Tigrinya is a rare language: we usually need 3 days' notice to find an interpreter. You can still book sooner, and we will tell you as soon as one confirms."

test('a rare language shows its usual notice period while booking and on the booking', async ({
  page,
  app,
}) => {
  const staff = await createAccount('admin', 'Rare Staff')
  const email = `rare-${randomUUID().slice(0, 6)}@clinic.example`
  await createOrganizationMember(
    {
      organizationName: `Rare Clinic ${randomUUID().slice(0, 6)}`,
      name: 'Ria Requester',
      email,
      role: 'requester',
    },
    { id: staff.id, name: staff.name },
  )
  await signIn(page.context(), app.url, toPublicUser((await findUserByEmail(email))!))
  await page.goto('/client/book')
  await expect(
    page.getByText("Rare languages (such as Karen, Tigrinya, Hmong) usually need 3 days' notice."),
  ).toBeVisible()

  // The note follows the language as it is chosen, and goes away for a common one.
  const language = page.getByLabel('Language')
  await language.fill('Tigrinya')
  await expect(page.getByText(tigrinyaNotice)).toBeVisible()
  await language.fill('Spanish')
  await expect(page.getByText(/is a rare language/)).toHaveCount(0)
  await language.fill('Tigrinya')
  await expectNoAxeViolations(page, 'booking form with the rare-language note')

  // Booked for tomorrow: accepted, and the booking keeps the notice until someone confirms.
  await page.getByLabel('How the interpreter works').selectOption('video')
  await page.getByLabel('Setting').selectOption('legal')
  await page.getByLabel('Date').fill(addDays(calendarDate(new Date()), 2))
  await page.getByLabel('Start time').fill('10:00')
  await page
    .getByLabel('On-site address, video link or call-in number')
    .fill('https://meet.example/rare')
  await page.getByLabel('Contact on the day').fill('Ria Requester')
  await page.getByLabel('Contact phone').fill('+1 512 555 0111')
  await page.getByRole('button', { name: 'Book the interpreter' }).click()
  // Focus is on the booking just made, which the confirmation describes.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Tigrinya interpreter, Video remote' }),
  ).toBeFocused()
  await expect(page.getByRole('status').filter({ hasText: 'Booking received.' })).toBeVisible()
  await expect(page.getByText(tigrinyaNotice)).toBeVisible()
  await expectNoAxeViolations(page, 'rare-language booking')
})
