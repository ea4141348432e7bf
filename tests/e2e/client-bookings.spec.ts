import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { bookings } from '../../db/schema'
import { addDays, calendarDate } from '../../app/domain/onboarding'
import { createBooking } from '../../app/models/bookings.server'
import { clientContextOf } from '../../app/models/organizations.server'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { pdfDocument, windowsExecutable } from '../support/document-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { expect, expectNoAxeViolations, keepScreenshot, test, type TestApp } from './fixtures'
import { createOrganizationMember } from '../support/organization-fixtures'

async function clientAccount(
  app: TestApp,
  organizationName: string,
  role: 'manager' | 'requester',
) {
  const staff = await createAccount('admin', 'Booking Staff')
  const email = `${role}-${randomUUID().slice(0, 6)}@clinic.example`
  const outcome = await createOrganizationMember(
    { organizationName, name: `Cleo ${role}`, email, role },
    { id: staff.id, name: staff.name },
  )
  if (outcome.state !== 'invited') throw new Error('not invited')
  const user = toPublicUser((await findUserByEmail(email))!)
  return { user, client: (await clientContextOf(user.id))! }
}

test('a client books a medical on-site interpreter for next week, follows it, moves and cancels it', async ({
  page,
  app,
}) => {
  const organization = `Valley Clinic ${randomUUID().slice(0, 6)}`
  const { user, client } = await clientAccount(app, organization, 'manager')
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
    app,
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
  const manager = await clientAccount(app, organization, 'manager')
  const requester = await clientAccount(app, organization, 'requester')
  const stranger = await clientAccount(app, `Other ${randomUUID().slice(0, 6)}`, 'manager')
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
