import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { bookings } from '../../db/schema'
import { weekdayOf } from '../../app/domain/booking-series'
import { addDays, calendarDate } from '../../app/domain/onboarding'
import { htmlErrors, type HtmlDocument } from '../support/html-checker'
import { signIn } from './auth-helpers'
import { clientAccount } from './client-helpers'
import { checkPage, expect, test } from './fixtures'

test('a client books a weekly series, sees where each booking stands in it, and cancels this and the following ones', async ({
  page,
  app,
}) => {
  const { user, client } = await clientAccount(
    `Cedar Schools ${randomUUID().slice(0, 6)}`,
    'manager',
  )
  const seriesOf = () =>
    app.db
      .select()
      .from(bookings)
      .where(eq(bookings.organizationId, client.organizationId))
      .orderBy(asc(bookings.startsAt))
  await signIn(page.context(), app.url, user)
  await page.goto('/client/book')
  const first = addDays(calendarDate(new Date()), 7)
  const repeat = page.getByRole('group', { name: 'Repeat (optional)' })
  await expect(repeat).toBeVisible()
  await page.getByLabel('Language').fill('Spanish')
  await page.getByLabel('How the interpreter works').selectOption('video')
  await page.getByLabel('Setting').selectOption('education')
  await page.getByLabel('Date').fill(first)
  await page.getByLabel('Start time').fill('15:00')
  await page
    .getByLabel('On-site address, video link or call-in number')
    .fill('https://meet.example/iep')
  await page.getByLabel('Contact on the day').fill('Ms Cedar')
  await page.getByLabel('Contact phone').fill('+1 512 555 0100')

  // Days ticked but no length: the server asks for it next to the field, keeping the ticks.
  const otherDay = weekdayOf(addDays(first, 2))
  const dayLabel = otherDay[0]!.toUpperCase() + otherDay.slice(1)
  await repeat.getByRole('checkbox', { name: dayLabel }).check()
  await page.getByRole('button', { name: 'Book the interpreter' }).click()
  const weeks = repeat.getByLabel('For how many weeks')
  await expect(weeks).toHaveAttribute('aria-invalid', 'true')
  await expect(
    repeat.getByText('Please enter 2 to 26 weeks, or leave the repeat empty.'),
  ).toBeVisible()
  await expect(repeat.getByRole('checkbox', { name: dayLabel })).toBeChecked()
  expect(await seriesOf()).toHaveLength(0)
  await checkPage(page, 'client-book-series-error')
  const documents: HtmlDocument[] = [
    { name: '/client/book (series refused)', html: await page.content() },
  ]

  await page.setViewportSize({ width: 1280, height: 900 })
  await weeks.fill('3')
  await page.getByRole('button', { name: 'Book the interpreter' }).click()
  await expect(page.getByText(/^Weekly series received/).first()).toBeVisible()
  const rows = await seriesOf()
  // The first date's weekday and the ticked one, for 3 weeks.
  expect(rows).toHaveLength(6)
  expect(new Set(rows.map((row) => row.seriesId)).size).toBe(1)
  expect(rows.every((row) => row.localTime === '15:00')).toBe(true)

  // The third booking says where it stands; cancelling it offers the series' scopes.
  await page.goto(`/client/bookings/${rows[2]!.id}`)
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('Weekly series, 3 of 6')
  await page.getByRole('link', { name: 'Cancel this booking' }).click()
  const cancel = page.getByRole('region', { name: 'Cancel' })
  await expect(cancel.getByRole('radio', { name: 'This booking only' })).toBeChecked()
  await checkPage(page, 'client-series-cancel')
  documents.push({ name: '/client/bookings/{id}?cancel=1 (series)', html: await page.content() })
  await page.setViewportSize({ width: 1280, height: 900 })
  await cancel.getByRole('radio', { name: 'This and the following ones' }).check()
  await cancel.getByRole('button', { name: 'Confirm cancellation' }).click()
  await expect(page.getByText('4 bookings cancelled.').first()).toBeVisible()
  expect((await seriesOf()).map((row) => row.status)).toEqual([
    'requested',
    'requested',
    'cancelled',
    'cancelled',
    'cancelled',
    'cancelled',
  ])
  expect(await htmlErrors(documents)).toEqual([])
})
