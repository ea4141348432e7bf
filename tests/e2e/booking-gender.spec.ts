import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { bookings } from '../../db/schema'
import { addDays, calendarDate } from '../../app/domain/onboarding'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { createDispatchInterpreter } from '../support/booking-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { clientAccount } from './client-helpers'
import { expect, expectNoAxeViolations, test } from './fixtures'

test('a client asks for a woman interpreter; only an interpreter who states it on her profile is eligible', async ({
  page,
  browser,
  app,
}) => {
  const { user, client } = await clientAccount(
    `Rowan Clinic ${randomUUID().slice(0, 6)}`,
    'manager',
  )
  const staff = await createAccount('admin', 'Gwen Gender')
  const actor = { id: staff.id, name: staff.name }
  // A language of its own, so that the dispatch list holds only these two.
  const language = 'Hmong'
  const [wren, yael] = await Promise.all(
    ['Wren', 'Yael'].map((firstName) =>
      createDispatchInterpreter(app.db, actor, {
        firstName,
        lastName: 'Gee',
        languages: [language],
      }),
    ),
  )

  // Wren states her gender on her profile.
  const interpreterContext = await browser.newContext()
  await signIn(interpreterContext, app.url, toPublicUser((await findUserByEmail(wren!.email))!))
  const profile = await interpreterContext.newPage()
  await profile.goto(`${app.url}/interpreter/profile`)
  // The fixture works on site without a radius, which the form asks for.
  await profile.getByLabel('Travel radius (miles)').fill('30')
  await profile.getByLabel('Gender (optional)').selectOption({ label: 'Woman' })
  await profile.getByRole('button', { name: 'Save how you work' }).click()
  await expect(profile.getByText('How you work is saved.')).toBeVisible()
  await expect(profile.getByLabel('Gender (optional)')).toHaveValue('woman')
  await expectNoAxeViolations(profile, 'profile with gender')
  await interpreterContext.close()

  // The client books, asking for a woman interpreter.
  await signIn(page.context(), app.url, user)
  await page.goto('/client/book')
  await page.getByLabel('Language').fill(language)
  await page.getByLabel('How the interpreter works').selectOption('phone')
  await page.getByLabel('Setting').selectOption('other')
  await page.getByLabel('Date').fill(addDays(calendarDate(new Date()), 9))
  await page.getByLabel('Start time').fill('11:00')
  await page.getByLabel('On-site address, video link or call-in number').fill('+1 555 0199')
  await page.getByLabel('Contact on the day').fill('Rosa Rowan')
  await page.getByLabel('Contact phone').fill('+1 512 555 0100')
  await page.getByLabel('Interpreter’s gender (optional)').selectOption({ label: 'Woman' })
  await page.getByRole('button', { name: 'Book the interpreter' }).click()
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('Interpreter’s gender')
  const [row] = await app.db
    .select()
    .from(bookings)
    .where(eq(bookings.organizationId, client.organizationId))
  expect(row).toMatchObject({ requestedGender: 'woman' })

  // Staff: Wren is eligible; Yael, who states none, is not, with the reason.
  const staffContext = await browser.newContext()
  await signIn(staffContext, app.url, staff)
  const staffPage = await staffContext.newPage()
  await staffPage.goto(`${app.url}/admin/bookings/${row!.id}`)
  const eligible = staffPage.getByRole('region', { name: /Eligible interpreters/ })
  await expect(eligible.getByRole('checkbox')).toHaveCount(1)
  await expect(eligible.getByRole('checkbox', { name: /Wren Gee/ })).toBeVisible()
  const excluded = staffPage.getByRole('region', { name: /Not eligible/ })
  await expect(excluded.getByRole('listitem').filter({ hasText: 'Yael Gee' })).toContainText(
    'Not the gender the client asked for',
  )
  expect(yael).toBeDefined()
  await staffContext.close()
})
