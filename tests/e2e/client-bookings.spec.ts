import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { bookings, mailOutbox } from '../../db/schema'
import { addDays, calendarDate } from '../../app/domain/onboarding'
import { createBooking } from '../../app/models/bookings.server'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { pdfDocument, windowsExecutable } from '../support/document-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { clientAccount } from './client-helpers'
import type { Page } from '@playwright/test'
import {
  checkPage,
  eventually,
  expect,
  expectNoAxeViolations,
  keepScreenshot,
  test,
} from './fixtures'
import { createBookingRow, createDispatchInterpreter } from '../support/booking-fixtures'

test('a client books a medical on-site interpreter for next week, follows it, moves and cancels it', async ({
  page,
  app,
}) => {
  const organization = `Valley Clinic ${randomUUID().slice(0, 6)}`
  const { user, client } = await clientAccount(organization, 'manager')
  // The run shares one database: count this organization's bookings only.
  const stored = () => app.db.$count(bookings, eq(bookings.organizationId, client.organizationId))
  await signIn(page.context(), app.url, user)
  await page.goto('/client/dashboard')
  await page
    .getByRole('navigation', { name: 'Client portal' })
    .getByRole('link', { name: 'Book an interpreter' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Book an interpreter' })).toBeVisible()
  await expectNoAxeViolations(page, 'book an interpreter at 1280 px')

  const nextWeek = addDays(calendarDate(new Date()), 7)
  await page.getByLabel('Language').fill('Klingon')
  await page.getByLabel('How the interpreter works').selectOption('on_site')
  await page.getByLabel('Setting').selectOption('medical')
  await page.getByLabel('Date').fill(addDays(calendarDate(new Date()), -2))
  await page.getByLabel('Start time').fill('09:00')
  await page.getByLabel('Expected duration (minutes)').fill('800')
  await page
    .getByLabel('On-site address, video link or call-in number')
    .fill('1 Clinic Way, Austin, TX')
  await page.getByLabel('Contact on the day').fill('Nurse Joy')
  await page.getByLabel('Contact phone').fill('+1 512 555 0100')
  await page
    .getByLabel('Preparation files (optional)')
    .setInputFiles({ name: 'agenda.exe', mimeType: 'application/pdf', buffer: windowsExecutable() })
  await page.getByRole('button', { name: 'Book the interpreter' }).click()
  // The server's answers, whatever the browser let through.
  const summary = page.getByRole('group', { name: /Please correct/ })
  await expect(summary).toBeVisible()
  await expect(page.getByText('Please choose a language from the list.')).toBeVisible()
  await expect(page.getByText('Please enter a duration of 15 minutes to 12 hours.')).toBeVisible()
  await expect(page.getByText('Please choose a date and time in the future.')).toBeVisible()
  expect(await stored()).toBe(0)

  await page.getByLabel('Language').fill('Spanish')
  await page.getByLabel('Date').fill(nextWeek)
  await page.getByLabel('Expected duration (minutes)').fill('120')
  await page
    .getByLabel('Preparation files (optional)')
    .setInputFiles({ name: 'agenda.exe', mimeType: 'application/pdf', buffer: windowsExecutable() })
  await page.getByRole('button', { name: 'Book the interpreter' }).click()
  await expect(
    page.getByText('Preparation files must be PDF, DOC or DOCX documents. Nothing was stored.'),
  ).toBeVisible()
  expect(await stored()).toBe(0)
  await page.getByLabel('Preparation files (optional)').setInputFiles({
    name: 'agenda.pdf',
    mimeType: 'application/pdf',
    buffer: pdfDocument('Cardiology agenda'),
  })
  await page.getByRole('button', { name: 'Book the interpreter' }).click()

  await expect(
    page.getByRole('heading', { level: 1, name: 'Spanish interpreter, On-site' }),
  ).toBeVisible()
  await expect(page.getByText('Booking received.').first()).toBeVisible()
  const status = page.getByRole('region', { name: 'Status' })
  await expect(status.getByRole('list', { name: 'Timeline' })).toContainText('Requested')
  await expect(page.getByRole('region', { name: 'Details' })).toContainText(
    /9:00 AM (EST|EDT|CST|CDT)/,
  )
  await expect(page.getByRole('link', { name: 'agenda.pdf' })).toBeVisible()
  await expectNoAxeViolations(page, 'booking at 1280 px')

  // Move it: back to Requested, at the new wall-clock time.
  await page.getByLabel('New start time').fill('13:30')
  await page.getByRole('button', { name: 'Move the booking' }).click()
  await expect(page.getByText('Booking moved.').first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('1:30 PM')

  // Cancel it, a week ahead: nothing billed.
  await page.getByRole('link', { name: 'Cancel this booking' }).click()
  await expect(page.getByText('Nothing is billed for this cancellation.')).toBeVisible()
  await page.getByRole('button', { name: 'Confirm cancellation' }).click()
  await expect(status.getByRole('list', { name: 'Timeline' })).toContainText('Cancelled')
  await page.goto('/client/bookings')
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Spanish, On-site, Medical' }),
  ).toContainText('Cancelled')
  await keepScreenshot(page, 'client-bookings-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoAxeViolations(page, 'bookings at 390 px')
  await keepScreenshot(page, 'client-bookings-390')
  await page.goto('/client/book')
  await expectNoAxeViolations(page, 'book an interpreter at 390 px')
})

test('under 24 hours: accepted as urgent, and the late-cancellation policy is shown before confirming', async ({
  page,
  app,
}) => {
  const { user, client } = await clientAccount(
    `Night Clinic ${randomUUID().slice(0, 6)}`,
    'manager',
  )
  const soon = new Date(Date.now() + 3 * 60 * 60 * 1000)
  const local = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(soon)
  const part = (type: string) => local.find((entry) => entry.type === type)!.value
  const booking = await createBooking(
    {
      language: 'Arabic',
      modality: 'video',
      date: `${part('year')}-${part('month')}-${part('day')}`,
      time: `${part('hour')}:${part('minute')}`,
      timeZone: 'UTC',
      durationMinutes: 60,
      location: 'https://meet.example/room',
      setting: 'legal',
      contactName: 'Clerk',
      contactPhone: '+1 512 555 0111',
      files: [],
    },
    { actor: { id: user.id, name: user.name }, client },
  )
  expect(booking.urgent).toBe(true)
  await signIn(page.context(), app.url, user)
  // The booking's address before it took the glossary's word still leads to it.
  await page.goto(`/client/requests/${booking.id}?from=mail`)
  await expect(page).toHaveURL(`${app.url}/client/bookings/${booking.id}?from=mail`)
  await expect(page.getByText('Urgent: this booking starts in less than 24 hours')).toBeVisible()
  await page.getByRole('link', { name: 'Cancel this booking' }).click()
  await expect(page.getByText('a cancellation now is a late cancellation')).toBeVisible()
  await page.getByRole('button', { name: 'Confirm late cancellation' }).click()
  await expect(page.getByText('Cancelled within 24 hours of the start.')).toBeVisible()
  const [row] = await app.db.select().from(bookings).where(eq(bookings.id, booking.id))
  expect(row).toMatchObject({ status: 'cancelled', lateCancellation: true })
})

test('a requester sees only their own bookings; another organization’s booking and file answer 404', async ({
  page,
  app,
}) => {
  const organization = `Court ${randomUUID().slice(0, 6)}`
  const manager = await clientAccount(organization, 'manager')
  const requester = await clientAccount(organization, 'requester')
  const stranger = await clientAccount(`Other ${randomUUID().slice(0, 6)}`, 'manager')
  const input = {
    language: 'Korean',
    modality: 'phone' as const,
    date: addDays(calendarDate(new Date()), 10),
    time: '10:00',
    timeZone: 'America/New_York',
    durationMinutes: 30,
    location: '+1 512 555 0199',
    setting: 'government' as const,
    contactName: 'Desk',
    contactPhone: '+1 512 555 0198',
  }
  const managers = await createBooking(
    {
      ...input,
      files: [
        {
          bytes: pdfDocument('Secret case file'),
          mediaType: 'application/pdf',
          extension: 'pdf',
          originalName: 'case.pdf',
        },
      ],
    },
    { actor: { id: manager.user.id, name: manager.user.name }, client: manager.client },
  )
  const [file] = await app.db.query.bookingFiles.findMany({
    where: (table, { eq: equals }) => equals(table.bookingId, managers.id),
  })
  for (const who of [requester, stranger]) {
    await page.context().clearCookies()
    await signIn(page.context(), app.url, who.user)
    const detail = await page.request.get(`/client/bookings/${managers.id}`)
    expect(detail.status()).toBe(404)
    expect(await detail.text()).not.toContain('+1 512 555 0199')
    const download = await page.request.get(`/client/bookings/${managers.id}/files/${file!.fileId}`)
    expect(download.status()).toBe(404)
    await page.goto('/client/bookings')
    await expect(page.getByText('No bookings yet')).toBeVisible()
  }
  await page.context().clearCookies()
  await signIn(page.context(), app.url, manager.user)
  const own = await page.request.get(`/client/bookings/${managers.id}/files/${file!.fileId}`)
  expect(own.status()).toBe(200)
  expect((await own.body()).toString('latin1')).toContain('Secret case file')
})

/** Every link, button and filter in the page's main part that is shorter than a fingertip. */
async function smallTargets(page: Page) {
  return page
    .locator('main')
    .locator('a, button, select, input:not([type=hidden])')
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.checkVisibility())
        .filter((element) => element.getBoundingClientRect().height < 44)
        .map((element) => element.outerHTML.slice(0, 120)),
    )
}

test('the bookings list pages, filters and searches, shows the count, and keeps 44 px targets on a phone', async ({
  page,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const manager = await clientAccount(`Harbor Clinic ${tag}`, 'manager')
  const requester = await clientAccount(`Harbor Clinic ${tag}`, 'requester')
  const organizationId = manager.client.organizationId
  const today = calendarDate(new Date())
  // 26 to come and 3 past by the manager, and a confirmed Korean one by the requester, the
  // latest of all: 30, more than a page.
  for (let day = 2; day <= 27; day++)
    await createBookingRow(app.db, {
      organizationId,
      requestedById: manager.user.id,
      localDate: addDays(today, day),
    })
  for (const day of [-3, -2, -1])
    await createBookingRow(app.db, {
      organizationId,
      requestedById: manager.user.id,
      localDate: addDays(today, day),
      language: 'French',
      status: 'completed',
    })
  const korean = await createBookingRow(app.db, {
    organizationId,
    requestedById: requester.user.id,
    localDate: addDays(today, 30),
    language: 'Korean',
    location: `Room ${tag}, County Courthouse`,
    status: 'confirmed',
  })
  await signIn(page.context(), app.url, manager.user)
  await page.goto('/client/bookings')
  const list = page.getByRole('list', { name: 'Bookings' })
  const rows = list.getByRole('heading', { level: 2 })
  const pagination = page.getByRole('navigation', { name: 'Pagination' })
  await expect(page.getByText('30 bookings', { exact: true })).toBeVisible()
  await expect(rows).toHaveCount(25)
  await expect(rows.first()).toHaveText('Korean, On-site, Medical')
  await expect(pagination).toContainText('Showing 1–25 of 30')
  await checkPage(page, 'client-bookings-list')
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await smallTargets(page), 'targets under 44 px at 390 px').toEqual([])

  await page.setViewportSize({ width: 1280, height: 900 })
  await pagination.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/[?&]page=2/)
  await expect(rows).toHaveCount(5)
  await expect(pagination).toContainText('Showing 26–30 of 30')
  // The latest start first: the past ones end the list.
  await expect(rows.last()).toHaveText('French, On-site, Medical')

  // Each filter sends the form as it changes, from the first page.
  await page.getByLabel('Status').selectOption('completed')
  await expect(page).toHaveURL(/status=completed/)
  await expect(page).not.toHaveURL(/page=2/)
  await expect(page.getByText('3 bookings', { exact: true })).toBeVisible()
  await expect(rows).toHaveText(Array(3).fill('French, On-site, Medical'))
  await expect(pagination).toHaveCount(0)

  await page.getByLabel('Status').selectOption('all')
  await page.getByLabel('When').selectOption('upcoming')
  await expect(page).toHaveURL(/when=upcoming/)
  await expect(page.getByText('27 bookings', { exact: true })).toBeVisible()
  // The soonest first when only upcoming ones show.
  await expect(rows.first()).toHaveText('Spanish, On-site, Medical')
  await page.getByLabel('When').selectOption('past')
  await expect(page.getByText('3 bookings', { exact: true })).toBeVisible()
  await page.getByLabel('When').selectOption('all')
  await expect(page.getByText('30 bookings', { exact: true })).toBeVisible()

  // Search: the place, the language, who booked it.
  const search = page.getByLabel('Search by language, place, contact or who booked')
  for (const q of [`room ${tag}`, 'KOREAN', 'Cleo requester']) {
    await search.fill(q)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByText('1 booking', { exact: true })).toBeVisible()
    await expect(rows).toHaveText(['Korean, On-site, Medical'])
  }
  await expect(page).toHaveURL(/q=Cleo\+requester/)
  await rows.first().getByRole('link').click()
  await expect(page).toHaveURL(`${app.url}/client/bookings/${korean}`)

  await page.goto(`/client/bookings?q=${tag}-nothing&status=cancelled`)
  await expect(page.getByText('0 bookings', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'No bookings match' })).toBeVisible()
  await expectNoAxeViolations(page, 'no bookings match at 1280 px')
  await page.getByRole('link', { name: 'Show all bookings' }).click()
  await expect(page.getByText('30 bookings', { exact: true })).toBeVisible()
})

test('the bookings filters are a GET form that works without JavaScript', async ({
  browser,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const manager = await clientAccount(`Plain Clinic ${tag}`, 'manager')
  const today = calendarDate(new Date())
  for (const [day, language, status] of [
    [-2, 'French', 'completed'],
    [-1, 'French', 'cancelled'],
    [3, 'French', 'requested'],
    [4, 'Spanish', 'requested'],
  ] as const)
    await createBookingRow(app.db, {
      organizationId: manager.client.organizationId,
      requestedById: manager.user.id,
      localDate: addDays(today, day),
      language,
      status,
    })
  const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false })
  await signIn(context, app.url, manager.user)
  const page = await context.newPage()
  await page.goto('/client/bookings')
  await expect(page.getByText('4 bookings', { exact: true })).toBeVisible()
  await page.getByLabel('Search by language, place, contact or who booked').fill('french')
  await page.getByLabel('When').selectOption('past')
  await page.getByLabel('Status').selectOption('completed')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/client\/bookings\?q=french&when=past&status=completed$/)
  await expect(page.getByText('1 booking', { exact: true })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Bookings' }).getByRole('heading')).toHaveText([
    'French, On-site, Medical',
  ])
  await context.close()
})

test('a booking’s timeline marks the current step with words and a frame, not only weight', async ({
  page,
  app,
}) => {
  const { user, client } = await clientAccount(`Step Clinic ${randomUUID().slice(0, 6)}`, 'manager')
  const booking = await createBookingRow(app.db, {
    organizationId: client.organizationId,
    requestedById: user.id,
    localDate: addDays(calendarDate(new Date()), 5),
    status: 'confirmed',
  })
  await signIn(page.context(), app.url, user)
  await page.goto(`/client/bookings/${booking}`)
  const timeline = page
    .getByRole('region', { name: 'Status' })
    .getByRole('list', { name: 'Timeline' })
  const current = timeline.locator('[aria-current="step"]')
  await expect(current).toHaveCount(1)
  await expect(current).toContainText('Confirmed')
  await expect(current.getByText('Current', { exact: true })).toBeVisible()
  await expect(timeline.getByText('Current', { exact: true })).toHaveCount(1)
  // The step's frame sets it apart; every step's words have the same weight.
  const look = (step: string) =>
    timeline
      .getByRole('listitem')
      .filter({ hasText: step })
      .locator(':scope > span:last-child')
      .evaluate((element) => {
        const style = getComputedStyle(element)
        return { border: style.borderTopWidth, weight: style.fontWeight }
      })
  const [requested, confirmed, completed] = await Promise.all(
    ['Requested', 'Confirmed', 'Completed'].map(look),
  )
  expect(confirmed!.border).toBe('2px')
  expect([requested!.border, completed!.border]).toEqual(['0px', '0px'])
  expect(new Set([requested!.weight, confirmed!.weight, completed!.weight]).size).toBe(1)
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Completed' })).toContainText(
    '(not yet)',
  )
  await checkPage(page, 'client-booking-timeline')
})

test('moving a confirmed booking to a time the interpreter can make keeps them: they confirm the new time in their portal', async ({
  page,
  browser,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const { user, client } = await clientAccount(`Moving Clinic ${tag}`, 'manager')
  const staff = await createAccount('admin', 'Moving Staff')
  const ines = await createDispatchInterpreter(
    app.db,
    { id: staff.id, name: staff.name },
    { firstName: 'Ines', lastName: `Keeper${tag}` },
  )
  const booking = await createBookingRow(app.db, {
    organizationId: client.organizationId,
    requestedById: user.id,
    localDate: addDays(calendarDate(new Date()), 5),
    localTime: '10:00',
    status: 'confirmed',
    interpreterId: ines.profileId,
  })
  await signIn(page.context(), app.url, user)
  await page.goto(`/client/bookings/${booking}`)
  await page.getByLabel('New start time').fill('16:00')
  await page.getByRole('button', { name: 'Move the booking' }).click()
  await expect(
    page
      .getByText('Your interpreter can make the new time and has been asked to confirm it.')
      .first(),
  ).toBeVisible()
  const timeline = page
    .getByRole('region', { name: 'Status' })
    .getByRole('list', { name: 'Timeline' })
  await expect(timeline.locator('[aria-current="step"]')).toContainText('New time sent to Ines')
  await expect(timeline).not.toContainText('Offered to')
  await expectNoAxeViolations(page, 'booking moved, new time to confirm')

  // Ines is e-mailed the new time with the moved calendar event (her own address only).
  const mail = await eventually(async () => {
    const [found] = await app.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.template, 'assignment-new-time'), eq(mailOutbox.toAddress, ines.email)),
      )
    expect(found).toBeDefined()
    return found!
  })
  expect(mail.text).toContain('4:00 PM')
  expect(mail.attachments?.[0]?.content).toContain('METHOD:REQUEST')
  expect(mail.attachments?.[0]?.content).toContain('SEQUENCE:1')

  // She confirms it under Assignments; the client then sees her confirmed.
  const portal = await browser.newContext()
  await signIn(portal, app.url, toPublicUser((await findUserByEmail(ines.email))!))
  const portalPage = await portal.newPage()
  await portalPage.goto(`${app.url}/interpreter/assignments`)
  await expect(portalPage.getByText('This assignment moved to a new time')).toBeVisible()
  await expectNoAxeViolations(portalPage, 'assignments with a new time to confirm')
  await portalPage.getByRole('button', { name: /^Confirm the new time/ }).click()
  await expect(portalPage.getByText('You accepted the assignment')).toBeVisible()
  await expect(portalPage.getByRole('button', { name: /^Confirm the new time/ })).toHaveCount(0)
  await portal.close()
  await page.reload()
  await expect(timeline.locator('[aria-current="step"]')).toContainText('Confirmed: Ines')
})
