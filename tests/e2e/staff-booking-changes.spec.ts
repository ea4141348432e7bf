import { and, eq } from 'drizzle-orm'
import { bookings, mailOutbox } from '../../db/schema'
import { todayIn } from '../../app/domain/availability'
import { addDays } from '../../app/domain/onboarding'
import { createUser } from '../../app/models/users.server'
import { htmlErrors, type HtmlDocument } from '../support/html-checker'
import {
  createBookingRow,
  createDispatchInterpreter,
  createOrganization,
} from '../support/booking-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { checkPage, expect, test } from './fixtures'

test('staff move a confirmed booking and cancel a late one, seeing the consequence first; interpreter and client are told', async ({
  page,
  app,
}) => {
  const staff = await createAccount('admin', 'Stella Scheduler')
  const organizationId = await createOrganization(app.db, 'Maple Grove Clinic')
  const client = await createUser({
    email: `mina-${Date.now()}@maplegrove.example`,
    name: 'Mina Maple',
    role: 'client',
    password: 'a long client password',
  })
  const ivo = await createDispatchInterpreter(
    app.db,
    { id: staff.id, name: staff.name },
    { firstName: 'Ivo', lastName: 'Ivanov', languages: ['Bulgarian'] },
  )
  const confirmed = { organizationId, requestedById: client.id, language: 'Bulgarian' }
  const nextWeek = addDays(todayIn('America/New_York', new Date()), 7)
  const toMove = await createBookingRow(app.db, {
    ...confirmed,
    modality: 'video',
    location: 'https://meet.example/maple',
    localDate: nextWeek,
    localTime: '10:00',
    status: 'confirmed',
    interpreterId: ivo.profileId,
  })
  // Five hours from now: inside the 24 hours of the late-cancellation policy.
  const soon = new Date(Date.now() + 5 * 60 * 60 * 1000).toISOString()
  const toCancel = await createBookingRow(app.db, {
    ...confirmed,
    modality: 'phone',
    location: '+1 555 0100',
    timeZone: 'UTC',
    localDate: soon.slice(0, 10),
    localTime: soon.slice(11, 16),
    status: 'confirmed',
    interpreterId: ivo.profileId,
  })
  const documents: HtmlDocument[] = []
  await signIn(page.context(), app.url, staff)

  // A new time in the past is refused next to the fields; what was typed stays.
  await page.goto(`/admin/bookings/${toMove}`)
  const reschedule = page.getByRole('region', { name: 'Reschedule' })
  await expect(reschedule.locator('form')).toHaveAttribute('novalidate', '')
  await reschedule.getByLabel('New date').fill('2020-01-06')
  await reschedule.getByRole('button', { name: 'Move the booking' }).click()
  await expect(reschedule.getByLabel('New date')).toHaveAttribute('aria-invalid', 'true')
  await expect(reschedule.getByLabel('New date')).toHaveValue('2020-01-06')
  await checkPage(page, 'admin-booking-reschedule-error')
  documents.push({ name: '/admin/bookings/{id} (reschedule refused)', html: await page.content() })

  await reschedule.getByLabel('New date').fill(nextWeek)
  await reschedule.getByLabel('New start time').fill('15:00')
  await reschedule.getByRole('button', { name: 'Move the booking' }).click()
  await expect(
    page.getByText(
      'Booking moved. The interpreter can make the new time and has been asked to confirm it.',
    ),
  ).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  expect((await app.db.select().from(bookings).where(eq(bookings.id, toMove)))[0]).toMatchObject({
    status: 'confirmed',
    localTime: '15:00',
    interpreterId: ivo.profileId,
  })
  const mailOf = async (template: string, to: string) =>
    app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, template), eq(mailOutbox.toAddress, to)))
  expect(await mailOf('assignment-new-time', ivo.email)).toHaveLength(1)
  expect(await mailOf('booking-rescheduled-by-staff', client.email)).toHaveLength(1)

  // The details: an empty contact is refused next to its field; a new link is saved and sent.
  const change = page.getByRole('region', { name: 'Change the details' })
  await change.getByLabel('Video link').fill('https://meet.example/maple-2')
  await change.getByLabel('Contact on the day').fill('')
  await change.evaluate((element) => element.querySelector('form')!.setAttribute('novalidate', ''))
  await change.getByRole('button', { name: 'Save the details' }).click()
  await expect(change.getByLabel('Contact on the day')).toHaveAttribute('aria-invalid', 'true')
  await expect(change.getByLabel('Video link')).toHaveValue('https://meet.example/maple-2')
  await change.getByLabel('Contact on the day').fill('Dr Maple')
  await change.getByRole('button', { name: 'Save the details' }).click()
  await expect(
    page.getByText(
      'Details saved. The interpreter and the client who booked are e-mailed the change.',
    ),
  ).toBeVisible()
  expect(await mailOf('assignment-details-changed', ivo.email)).toHaveLength(1)
  expect(await mailOf('booking-details-by-staff', client.email)).toHaveLength(1)

  // The late cancellation: the policy shows before anything is done.
  await page.goto(`/admin/bookings/${toCancel}`)
  const cancel = page.getByRole('region', { name: 'Cancel' })
  await cancel.getByRole('link', { name: 'Cancel this booking' }).click()
  await expect(cancel.getByText(/a cancellation now is a late cancellation/)).toBeVisible()
  await expect(cancel.getByRole('radio', { name: 'The client' })).toBeChecked()
  await checkPage(page, 'admin-booking-cancel-confirm')
  documents.push({ name: '/admin/bookings/{id}?cancel=1', html: await page.content() })
  await cancel.getByRole('radio', { name: 'Our company: nothing is billed' }).check()
  await cancel.getByRole('button', { name: 'Confirm late cancellation' }).click()
  await expect(page.getByText('Booking cancelled. Nothing is billed for it.')).toBeVisible()
  await expect(page.getByText('Status: Cancelled')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Cancel' })).toHaveCount(0)
  expect((await app.db.select().from(bookings).where(eq(bookings.id, toCancel)))[0]).toMatchObject({
    status: 'cancelled',
    lateCancellation: false,
  })
  expect(await mailOf('assignment-cancelled', ivo.email)).toHaveLength(1)
  expect(await mailOf('booking-cancelled-by-staff', client.email)).toHaveLength(1)
  expect(await htmlErrors(documents)).toEqual([])
})
