import { and, eq, like } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bookingReminders, mailOutbox, organizations, users } from '../../db/schema'
import { setClock } from '../../app/platform/clock.server'
import type { Actor } from '../../app/models/audit.server'
import type { ClientActor } from '../../app/models/bookings.server'
import { createUser } from '../../app/models/users.server'
import { cancelBooking, rescheduleBooking } from '../../app/models/dispatch/booking-changes.server'
import { acceptOfferByToken, sendOffers } from '../../app/models/dispatch/offers.server'
import { runBookingReminders } from '../../app/models/dispatch/reminders.server'
import {
  organizationSettings,
  saveOrganizationSettings,
} from '../../app/models/organization-settings.server'
import {
  createBookingRow,
  createDispatchInterpreter,
  createOrganization,
  type DispatchInterpreter,
  emptyDispatchWorld,
} from '../support/booking-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

describe.each(testDatabaseKinds())('booking reminders on %s', (kind) => {
  let staff: Actor
  let organizationId: string
  let clientId: string
  let ana: DispatchInterpreter
  const test = testRuntimeFor(kind, { env: { SITE_URL: 'https://lang.example' } })
  const at = (instant: string) => setClock(() => new Date(instant))
  afterEach(() => setClock())
  beforeEach(async () => {
    await emptyDispatchWorld(test.db, [users])
    staff = await createStaffActor()
    // Monday 4 May 2026, 11:00 in New York: 23 hours before tomorrow's 10:00.
    at('2026-05-04T15:00:00Z')
    organizationId = await createOrganization(test.db, 'Riverside Clinic')
    clientId = (
      await createUser({
        email: 'carla@riverside.example',
        name: 'Carla Client',
        role: 'client',
        password: 'a long client password',
      })
    ).id
    ana = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Ana',
      timeZone: 'America/Chicago',
    })
  })

  const client = (): ClientActor => ({
    actor: { id: clientId, name: 'Carla Client' },
    client: { organizationId, organizationName: 'Riverside Clinic', role: 'manager' },
  })

  /** Ana's confirmed booking for Carla, Tuesday 5 May at 10:00 in New York unless told. */
  const confirmedTomorrow = (extra: Partial<Parameters<typeof createBookingRow>[1]> = {}) =>
    createBookingRow(test.db, {
      organizationId,
      requestedById: clientId,
      localDate: '2026-05-05',
      localTime: '10:00',
      status: 'confirmed',
      interpreterId: ana.profileId,
      ...extra,
    })

  /** The reminder e-mails queued so far, as "template to address" lines, oldest first. */
  const reminders = async (bookingId?: string) =>
    (
      await test.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            like(mailOutbox.template, '%-reminder-%'),
            bookingId ? eq(mailOutbox.reference, `booking:${bookingId}`) : undefined,
          ),
        )
        .orderBy(mailOutbox.createdAt, mailOutbox.template)
    ).map((mail) => ({ ...mail, line: `${mail.template} to ${mail.toAddress}` }))

  it('reminds the interpreter and the client who booked once 24 hours before, then once 2 hours before', async () => {
    const id = await confirmedTomorrow()
    // Not yet due: Wednesday's booking, 47 hours away.
    await confirmedTomorrow({ localDate: '2026-05-06' })

    expect(await runBookingReminders(test.db)).toBe(1)
    expect(await runBookingReminders(test.db)).toBe(0)
    const first = await reminders(id)
    expect(first.map((mail) => mail.line)).toEqual([
      `assignment-reminder-24h to ${ana.email}`,
      'booking-reminder-24h to carla@riverside.example',
    ])
    // Ana reads the time in her own zone, with whom to ask for and the calendar event.
    const [forAna, forCarla] = first
    expect(forAna!.subject).toBe(
      'Reminder: Spanish, On-site, Medical, Tue, May 5, 2026, 9:00 AM CDT',
    )
    expect(forAna!.text).toContain('Hello Ana')
    expect(forAna!.text).toContain('Contact on the day: Nora Nurse, +1 512 555 0199')
    expect(forAna!.text).toContain('https://lang.example/interpreter/assignments')
    const ics = forAna!.attachments?.[0]?.content ?? ''
    expect(ics).toContain('DTSTART:20260505T140000Z')
    expect(ics).toContain(`UID:booking-${id}@lang.example`)
    // Carla reads it in the booking's zone, with who is coming and a way to change it.
    expect(forCarla!.subject).toBe('Reminder: Ana will interpret, Tue, May 5, 2026, 10:00 AM EDT')
    expect(forCarla!.text).toContain('Hello Carla Client')
    expect(forCarla!.text).toContain(`https://lang.example/client/bookings/${id}`)

    // 1 hour 30 minutes before: the 2-hour reminder, once.
    at('2026-05-05T12:30:00Z')
    expect(await runBookingReminders(test.db)).toBe(1)
    expect(await runBookingReminders(test.db)).toBe(0)
    expect((await reminders(id)).map((mail) => mail.line).slice(2)).toEqual([
      `assignment-reminder-2h to ${ana.email}`,
      'booking-reminder-2h to carla@riverside.example',
    ])
    // Started: nothing more for it.
    at('2026-05-05T14:00:01Z')
    await runBookingReminders(test.db)
    expect(await reminders(id)).toHaveLength(4)
  })

  it('sends each reminder once when two instances run the task at the same moment', async () => {
    const ids = await Promise.all([
      confirmedTomorrow(),
      confirmedTomorrow({ localTime: '09:00' }),
      // 1 hour away: its 2-hour reminder.
      confirmedTomorrow({ localDate: '2026-05-04', localTime: '12:00' }),
    ])
    const counts = await Promise.all([runBookingReminders(test.db), runBookingReminders(test.db)])
    expect(counts[0] + counts[1]).toBe(3)
    const mails = await reminders()
    expect(mails).toHaveLength(6)
    for (const id of ids) expect(await reminders(id)).toHaveLength(2)
    expect(await test.db.select().from(bookingReminders)).toHaveLength(3)
  })

  it('reminds a booking again for its new time when the client moves it', async () => {
    const id = await createBookingRow(test.db, {
      organizationId,
      requestedById: clientId,
      localDate: '2026-05-05',
      localTime: '10:00',
    })
    await sendOffers(id, { interpreterIds: [ana.profileId] }, staff)
    const [offer] = await test.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'booking-offer'), eq(mailOutbox.toAddress, ana.email)))
    const token = /offers\/accept\?token=([A-Za-z0-9_-]+)/.exec(offer!.text)![1]!
    expect(await acceptOfferByToken(token)).toMatchObject({ outcome: 'accepted' })
    expect(await runBookingReminders(test.db)).toBe(1)

    // Moved to 10:30 the same day; Ana can make it and keeps it: reminded for 10:30.
    const moved = await rescheduleBooking(
      id,
      { date: '2026-05-05', time: '10:30', timeZone: 'America/New_York', durationMinutes: 60 },
      client(),
    )
    expect(moved).toMatchObject({ status: 'confirmed', interpreterId: ana.profileId })
    expect(await runBookingReminders(test.db)).toBe(1)
    const mails = await reminders(id)
    expect(mails.map((mail) => mail.line)).toEqual([
      `assignment-reminder-24h to ${ana.email}`,
      'booking-reminder-24h to carla@riverside.example',
      `assignment-reminder-24h to ${ana.email}`,
      'booking-reminder-24h to carla@riverside.example',
    ])
    expect(mails[2]!.subject).toContain('9:30 AM CDT')
    expect(mails[2]!.attachments?.[0]?.content).toContain('SEQUENCE:1')
    expect(await runBookingReminders(test.db)).toBe(0)
  })

  it('reminds nobody of a cancelled booking, even after its 24-hour reminder', async () => {
    const cancelledEarly = await confirmedTomorrow()
    const cancelledLater = await confirmedTomorrow({ localTime: '11:00' })
    await cancelBooking(cancelledEarly, client())
    expect(await runBookingReminders(test.db)).toBe(1)
    expect(await reminders(cancelledEarly)).toEqual([])
    expect(await reminders(cancelledLater)).toHaveLength(2)

    await cancelBooking(cancelledLater, client())
    at('2026-05-05T14:00:00Z')
    expect(await runBookingReminders(test.db)).toBe(0)
    expect(await reminders(cancelledLater)).toHaveLength(2)
  })

  it('sends a booking confirmed 1 hour before its start the 2-hour reminder only, not a stale 24-hour one', async () => {
    // Confirmed at 13:00 UTC for 14:00 UTC (10:00 in New York).
    at('2026-05-05T13:00:00Z')
    const id = await confirmedTomorrow()
    expect(await runBookingReminders(test.db)).toBe(1)
    expect(await runBookingReminders(test.db)).toBe(0)
    expect((await reminders(id)).map((mail) => mail.line)).toEqual([
      `assignment-reminder-2h to ${ana.email}`,
      'booking-reminder-2h to carla@riverside.example',
    ])
    expect((await test.db.select().from(bookingReminders)).map((row) => row.reminder)).toEqual([
      '2h',
    ])
  })

  it('follows the organization’s settings for the client who booked; the interpreter always hears', async () => {
    expect(await organizationSettings(organizationId)).toEqual({
      requesterReminder24h: true,
      requesterReminder2h: true,
    })
    const carla = { id: clientId, name: 'Carla Client' }
    expect(
      await saveOrganizationSettings(
        organizationId,
        { requesterReminder24h: false, requesterReminder2h: true },
        carla,
      ),
    ).toBe(true)
    const other = await createOrganization(test.db, 'Hillside School')
    await saveOrganizationSettings(
      other,
      { requesterReminder24h: true, requesterReminder2h: false },
      carla,
    )
    const riverside = await confirmedTomorrow()
    const hillside = await confirmedTomorrow({ organizationId: other, localTime: '11:00' })

    expect(await runBookingReminders(test.db)).toBe(2)
    expect((await reminders(riverside)).map((mail) => mail.line)).toEqual([
      `assignment-reminder-24h to ${ana.email}`,
    ])
    expect((await reminders(hillside)).map((mail) => mail.line)).toEqual([
      `assignment-reminder-24h to ${ana.email}`,
      'booking-reminder-24h to carla@riverside.example',
    ])

    at('2026-05-05T13:30:00Z')
    expect(await runBookingReminders(test.db)).toBe(2)
    expect((await reminders(riverside)).map((mail) => mail.line).slice(1)).toEqual([
      `assignment-reminder-2h to ${ana.email}`,
      'booking-reminder-2h to carla@riverside.example',
    ])
    expect((await reminders(hillside)).map((mail) => mail.line).slice(2)).toEqual([
      `assignment-reminder-2h to ${ana.email}`,
    ])
    const [row] = await test.db
      .select({ remind24h: organizations.requesterReminder24h })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
    expect(row).toEqual({ remind24h: false })
  })
})
