import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { organizationInterpreters } from '../../db/schema'
import { htmlErrors } from '../support/html-checker'
import { createBookingRow, createDispatchInterpreter } from '../support/booking-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { clientAccount } from './client-helpers'
import { checkPage, expect, test } from './fixtures'

test('a client manager marks one past interpreter preferred and asks not to be sent another; staff see it in dispatch', async ({
  page,
  browser,
  app,
}) => {
  const { user, client } = await clientAccount(
    `Birch Clinic ${randomUUID().slice(0, 6)}`,
    'manager',
  )
  const staff = await createAccount('admin', 'Priya Preferences')
  const actor = { id: staff.id, name: staff.name }
  // A language of its own, so that the dispatch list holds only these two.
  const language = 'Lao'
  const [pia, quinn] = await Promise.all(
    ['Pia', 'Quinn'].map((firstName) =>
      createDispatchInterpreter(app.db, actor, {
        firstName,
        lastName: 'Prefs',
        languages: [language],
      }),
    ),
  )
  for (const person of [pia!, quinn!])
    await createBookingRow(app.db, {
      organizationId: client.organizationId,
      language,
      localDate: '2026-01-05',
      status: 'completed',
      interpreterId: person.profileId,
    })

  await signIn(page.context(), app.url, user)
  await page.goto('/client/settings')
  const section = page.getByRole('region', { name: 'Interpreters' })
  await expect(section.getByRole('combobox', { name: 'Pia P.' })).toHaveValue('')
  await checkPage(page, 'client-settings-interpreters')
  await section.getByRole('combobox', { name: 'Pia P.' }).selectOption({ label: 'Do not send' })
  await section.getByRole('combobox', { name: 'Quinn P.' }).selectOption({ label: 'Preferred' })
  await section.getByRole('button', { name: 'Save interpreter preferences' }).click()
  await expect(page.getByText('Interpreter preferences saved.')).toBeVisible()
  await expect(section.getByRole('combobox', { name: 'Pia P.' })).toHaveValue('blocked')
  const stored = await app.db
    .select()
    .from(organizationInterpreters)
    .where(eq(organizationInterpreters.organizationId, client.organizationId))
  expect(Object.fromEntries(stored.map((row) => [row.interpreterId, row.preference]))).toEqual({
    [pia!.profileId]: 'blocked',
    [quinn!.profileId]: 'preferred',
  })
  const html = await page.content()

  // A tampered choice (an interpreter who never worked here) is refused, nothing changes.
  const refused = await page.request.post(`${app.url}/client/settings`, {
    headers: { Origin: app.url },
    form: { intent: 'interpreters', interpreterId: randomUUID(), preference: 'blocked' },
  })
  expect(refused.status()).toBe(400)

  // Staff's dispatch list: Quinn leads as preferred, Pia is excluded with the client's word.
  const bookingId = await createBookingRow(app.db, {
    organizationId: client.organizationId,
    language,
    localDate: new Date(Date.now() + 8 * 864e5).toISOString().slice(0, 10),
  })
  const staffContext = await browser.newContext()
  await signIn(staffContext, app.url, staff)
  const staffPage = await staffContext.newPage()
  await staffPage.goto(`${app.url}/admin/bookings/${bookingId}`)
  const eligible = staffPage.getByRole('region', { name: /Eligible interpreters/ })
  await expect(eligible.getByRole('checkbox')).toHaveCount(1)
  await expect(
    eligible.getByRole('checkbox', { name: /Quinn Prefs.*preferred by this client/ }),
  ).toBeVisible()
  await expect(staffPage.getByRole('region', { name: /Not eligible/ })).toContainText(
    'The client asked not to send this interpreter',
  )
  await staffContext.close()
  expect(await htmlErrors([{ name: '/client/settings (interpreters)', html }])).toEqual([])
})
