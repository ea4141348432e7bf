import { setClock } from '../../app/platform/clock.server'
import {
  createBookingRow,
  createDispatchInterpreter,
  createOrganization,
} from '../support/booking-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { htmlErrors, type HtmlDocument } from '../support/html-checker'
import { checkPage, expect, test } from './fixtures'

test.afterEach(() => setClock())

test('staff follow today’s bookings by hour, filter them, move to the next day and the week, from the keyboard', async ({
  page,
  app,
}) => {
  // The people first, at the real time: an application dated 2027 would stay "new" in every
  // other test's notification bell, which counts what arrived since an account was made.
  const staff = await createAccount('admin', 'Bo Board')
  const organizationId = await createOrganization(app.db, 'Harbor Board Clinic')
  const interpreter = await createDispatchInterpreter(
    app.db,
    { id: staff.id, name: staff.name },
    { firstName: 'Iris', lastName: 'Ivers', languages: ['Dzongkha'] },
  )
  // Wednesday 10 March 2027, 10:00 in New York: a day no other test books.
  setClock(() => new Date('2027-03-10T15:00:00Z'))
  const book = (booking: Omit<Parameters<typeof createBookingRow>[1], 'organizationId'>) =>
    createBookingRow(app.db, { organizationId, language: 'Dzongkha', ...booking })
  await book({ localDate: '2027-03-10', localTime: '09:00', status: 'completed' })
  await book({
    localDate: '2027-03-10',
    localTime: '11:00',
    status: 'confirmed',
    interpreterId: interpreter.profileId,
  })
  // Without an interpreter less than a day before they start: at risk, first in their hour.
  await book({ localDate: '2027-03-10', localTime: '11:45' })
  await book({ localDate: '2027-03-10', localTime: '14:00', modality: 'video', setting: 'legal' })
  await book({
    localDate: '2027-03-11',
    localTime: '11:00',
    modality: 'video',
    setting: 'legal',
    status: 'offered',
  })
  await signIn(page.context(), app.url, staff)

  // The dashboard gives today's dispatch and the way to the day's board.
  await page.goto('/admin/dashboard')
  const today = page.getByRole('region', { name: 'Today’s dispatch' })
  await expect(today.getByRole('definition')).toHaveText(['2', '2', '0', '1'])
  await today.getByRole('link', { name: 'Open today’s bookings board' }).click()
  await expect(page).toHaveURL(/\/admin\/bookings\?view=day&date=2027-03-10$/)
  await expect(
    page.getByRole('heading', { level: 2, name: 'Wednesday, Mar 10, 2027 (today)' }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Day', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )

  // By hour, the booking at risk first in its hour and said so in words.
  const hours = page.getByRole('region', { name: /^(9 AM|11 AM|2 PM) / })
  await expect(hours).toHaveCount(3)
  const eleven = page.getByRole('region', { name: '11 AM (2 bookings)' })
  await expect(eleven.getByRole('listitem').first()).toContainText('At risk')
  await expect(eleven.getByRole('listitem').first()).toContainText('No interpreter yet')
  await expect(eleven.getByRole('listitem').nth(1)).toContainText('Iris Ivers')
  const counts = page.getByRole('region', { name: 'Bookings by status' })
  await expect(counts.getByRole('link', { name: 'All 4' })).toHaveAttribute('aria-current', 'true')
  await expect(counts.getByRole('link', { name: 'Requested 2' })).toBeVisible()
  await expect(
    page.getByText('4 bookings listed, 2 without an interpreter, 2 at risk.'),
  ).toBeVisible()
  await checkPage(page, 'admin-bookings-day')
  const documents: HtmlDocument[] = [{ name: '/admin/bookings (day)', html: await page.content() }]

  // Filters: one organization's video bookings.
  const filters = page.getByRole('search', { name: 'Filter the board' })
  await filters.getByLabel('Organization').selectOption({ label: 'Harbor Board Clinic' })
  await filters.getByLabel('Modality').selectOption('video')
  await filters.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(/modality=video/)
  await expect(
    page.getByText('1 booking listed, 1 without an interpreter, 1 at risk.'),
  ).toBeVisible()
  await expect(counts.getByRole('link', { name: 'All 1' })).toBeVisible()
  await expect(
    page.getByRole('link', { name: /^Open the booking Dzongkha, Video remote, Legal/ }),
  ).toHaveCount(1)

  // From the keyboard: Previous, Today, Next, and Enter on Next keeps the filters.
  await page.getByRole('link', { name: /^Previous day/ }).focus()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Today', exact: true })).toBeFocused()
  await page.keyboard.press('Tab')
  const next = page.getByRole('link', { name: 'Next day: Thursday, Mar 11, 2027' })
  await expect(next).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/date=2027-03-11.*modality=video.*organization=/)
  await expect(
    page.getByRole('heading', { level: 2, name: 'Thursday, Mar 11, 2027' }),
  ).toBeVisible()
  await expect(page.getByRole('region', { name: '11 AM (1 booking)' })).toContainText('Offered')
  await expect(filters.getByLabel('Modality')).toHaveValue('video')
  await expect(filters.getByLabel('Day')).toHaveValue('2027-03-11')

  // The week, Monday to Sunday, by day then hour, the filters kept.
  await page.getByRole('link', { name: 'Week', exact: true }).click()
  await expect(
    page.getByRole('heading', { level: 2, name: 'Week of Monday, Mar 8, 2027' }),
  ).toBeVisible()
  await expect(
    page.getByRole('region', { name: /^Wednesday, Mar 10, 2027 \(today\)/ }),
  ).toContainText('2 PM')
  await expect(page.getByRole('region', { name: /^Thursday, Mar 11, 2027/ })).toContainText('11 AM')
  await counts.getByRole('link', { name: 'Offered 1' }).click()
  await expect(filters.getByLabel('Status')).toHaveValue('offered')
  await expect(page.getByText('1 booking listed, 1 without an interpreter.')).toBeVisible()
  await expect(page.getByRole('region', { name: /^Wednesday/ })).toHaveCount(0)
  await checkPage(page, 'admin-bookings-week')
  documents.push({ name: '/admin/bookings (week)', html: await page.content() })

  // Every booking, as before.
  await page.getByRole('link', { name: 'All bookings' }).click()
  await expect(page.getByRole('table', { name: 'Bookings' })).toBeVisible()
  await page.goto('/admin/dashboard')
  documents.push({ name: '/admin/dashboard', html: await page.content() })
  expect(await htmlErrors(documents)).toEqual([])
})
