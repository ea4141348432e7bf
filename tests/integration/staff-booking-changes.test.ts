import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, bookingOffers, bookings, mailOutbox, users } from '../../db/schema'
import { setClock } from '../../app/platform/clock.server'
import type { Actor } from '../../app/models/audit.server'
import { createUser } from '../../app/models/users.server'
import { BookingRuleError, type ClientActor } from '../../app/models/bookings.server'
import {
  cancelBooking,
  changeBookingDetails,
  rescheduleBooking,
} from '../../app/models/dispatch/booking-changes.server'
import {
  declineNewTimeAsInterpreter,
  declineNewTimeByToken,
} from '../../app/models/dispatch/new-time.server'
import { acceptOfferByToken, sendOffers } from '../../app/models/dispatch/offers.server'
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

// Staff cancel and move bookings, telling the interpreter and the client who booked
// (docs/product.md#bookings).
describe.each(testDatabaseKinds())('staff booking changes on %s', (kind) => {
  let staff: Actor
  let organizationId: string
  let clientId: string
  const clientEmail = 'olga@oakwood.example'
  const test = testRuntimeFor(kind, {
    env: { SITE_URL: 'https://lang.example', STAFF_NOTIFY_EMAIL: 'dispatch@lang.example' },
  })
  afterEach(() => setClock())
  beforeEach(async () => {
    await emptyDispatchWorld(test.db, [users])
    staff = await createStaffActor()
    // Monday 4 May 2026, 11:00 in New York.
    setClock(() => new Date('2026-05-04T15:00:00Z'))
    organizationId = await createOrganization(test.db, 'Oakwood Clinic')
    clientId = (
      await createUser({
        email: clientEmail,
        name: 'Olga Oakwood',
        role: 'client',
        password: 'a long client password',
      })
    ).id
  })

  const mailsTo = (template: string, address: string) =>
    test.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, template), eq(mailOutbox.toAddress, address)))
  const bookingRow = async (id: string) =>
    (await test.db.select().from(bookings).where(eq(bookings.id, id)))[0]!

  /** A booking on the given day at 10:00 in New York, confirmed with the interpreter. */
  async function confirmedWith(interpreter: DispatchInterpreter, localDate = '2026-05-12') {
    const id = await createBookingRow(test.db, {
      organizationId,
      requestedById: clientId,
      localDate,
      localTime: '10:00',
    })
    await sendOffers(id, { interpreterIds: [interpreter.profileId] }, staff)
    const [offer] = await mailsTo('booking-offer', interpreter.email)
    const token = /offers\/accept\?token=([A-Za-z0-9_-]+)/.exec(offer!.text)![1]!
    expect(await acceptOfferByToken(token)).toMatchObject({ outcome: 'accepted' })
    return id
  }

  it('a move by staff keeps an interpreter who can make it and tells both sides, with calendar updates; no notice to staff', async () => {
    const ana = await createDispatchInterpreter(test.db, staff, { firstName: 'Ana' })
    const id = await confirmedWith(ana)
    const moved = await rescheduleBooking(
      id,
      { date: '2026-05-12', time: '16:00', timeZone: 'America/New_York', durationMinutes: 60 },
      { staff },
    )
    expect(moved).toMatchObject({ status: 'confirmed', interpreterId: ana.profileId })

    const [newTime] = await mailsTo('assignment-new-time', ana.email)
    expect(newTime!.text).toContain('Our dispatch team moved this assignment from')
    const [toClient] = await mailsTo('booking-rescheduled-by-staff', clientEmail)
    expect(toClient!.subject).toMatch(/^Booking moved: /)
    expect(toClient!.text).toContain('from Tue, May 12, 2026, 10:00 AM EDT to this time')
    expect(toClient!.text).toContain('has been asked to confirm it')
    const ics = toClient!.attachments?.[0]?.content ?? ''
    expect(ics).toContain('METHOD:REQUEST')
    expect(ics).toContain('SEQUENCE:1')
    expect(ics).toContain(`ATTENDEE;RSVP=TRUE:mailto:${clientEmail}`)
    expect(await mailsTo('booking-rescheduled', 'dispatch@lang.example')).toEqual([])
    const [audit] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reschedule'), eq(auditLog.entityId, id)))
    expect(audit).toMatchObject({ actorId: staff.id })
  })

  it('a change of place reaches the confirmed interpreter with the updated event, and the client; the same details change nothing', async () => {
    const ana = await createDispatchInterpreter(test.db, staff, { firstName: 'Ana' })
    const id = await confirmedWith(ana)
    const booking = await bookingRow(id)
    const details = {
      location: '9 Harbor Road, Boston, MA 02110',
      contactName: 'Dr Vega',
      contactPhone: '+1 617 555 0101',
      notes: 'Second floor',
    }
    expect(await changeBookingDetails(id, details, staff)).toBe('changed')
    expect(await bookingRow(id)).toMatchObject({
      ...details,
      status: 'confirmed',
      interpreterId: ana.profileId,
      calendarSequence: booking.calendarSequence + 1,
    })
    const [toAna] = await mailsTo('assignment-details-changed', ana.email)
    expect(toAna!.text).toContain('Where: 9 Harbor Road, Boston, MA 02110')
    expect(toAna!.text).toContain('Contact on the day: Dr Vega, +1 617 555 0101')
    const ics = toAna!.attachments?.[0]?.content ?? ''
    expect(ics).toContain('METHOD:REQUEST')
    expect(ics).toContain(`SEQUENCE:${booking.calendarSequence + 1}`)
    expect(ics).toContain('LOCATION:9 Harbor Road\\, Boston\\, MA 02110')
    const [toClient] = await mailsTo('booking-details-by-staff', clientEmail)
    expect(toClient!.subject).toMatch(/^Booking details changed: /)

    expect(await changeBookingDetails(id, details, staff)).toBe('unchanged')
    expect(await mailsTo('assignment-details-changed', ana.email)).toHaveLength(1)
    expect(
      await changeBookingDetails('00000000-0000-4000-8000-000000000000', details, staff),
    ).toBeUndefined()
  })

  it('a late cancellation is billed only when the client asked for it', async () => {
    const ana = await createDispatchInterpreter(test.db, staff, { firstName: 'Ana' })
    // Tomorrow, Tuesday 5 May at 10:00: within 24 hours.
    const asked = await confirmedWith(ana, '2026-05-05')
    expect(await cancelBooking(asked, { staff }, { clientAsked: true })).toEqual({
      late: true,
      count: 1,
    })
    expect(await bookingRow(asked)).toMatchObject({ status: 'cancelled', lateCancellation: true })

    const ben = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Ben',
      availability: { start: '07:00', end: '20:00' },
    })
    const ours = await confirmedWith(ben, '2026-05-05')
    expect(await cancelBooking(ours, { staff }, { clientAsked: false })).toEqual({
      late: false,
      count: 1,
    })
    expect(await bookingRow(ours)).toMatchObject({ status: 'cancelled', lateCancellation: false })

    const [released] = await mailsTo('assignment-cancelled', ben.email)
    expect(released!.text).toContain('Our dispatch team cancelled this assignment')
    expect(released!.attachments?.[0]?.content).toContain('METHOD:CANCEL')
    const toClient = await mailsTo('booking-cancelled-by-staff', clientEmail)
    expect(
      toClient.map((mail) => mail.text.includes('the late-cancellation policy applies')),
    ).toEqual(expect.arrayContaining([true, false]))
    expect(toClient.every((mail) => mail.attachments?.[0]?.content.includes('METHOD:CANCEL'))).toBe(
      true,
    )
    const [audit] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cancel'), eq(auditLog.entityId, ours)))
    expect(audit).toMatchObject({ actorId: staff.id, after: { late: false, clientAsked: false } })
  })

  it('staff move an Unfilled booking to a later time, back to Requested; the client cannot', async () => {
    const id = await createBookingRow(test.db, {
      organizationId,
      requestedById: clientId,
      localDate: '2026-05-12',
      localTime: '10:00',
    })
    await test.db.update(bookings).set({ status: 'unfilled' }).where(eq(bookings.id, id))
    const later = {
      date: '2026-05-19',
      time: '10:00',
      timeZone: 'America/New_York',
      durationMinutes: 90,
    }
    const client: ClientActor = {
      actor: { id: clientId, name: 'Olga Oakwood' },
      client: { organizationId, organizationName: 'Oakwood Clinic', role: 'manager' },
    }
    await expect(rescheduleBooking(id, later, client)).rejects.toBeInstanceOf(BookingRuleError)
    expect(await rescheduleBooking(id, later, { staff })).toMatchObject({
      status: 'requested',
      localDate: '2026-05-19',
      durationMinutes: 90,
    })
    // Never confirmed: the client's mail carries no calendar file.
    const [toClient] = await mailsTo('booking-rescheduled-by-staff', clientEmail)
    expect(toClient!.attachments ?? []).toEqual([])
    expect(toClient!.text).toContain('We are finding an interpreter for the new time.')
  })

  it('refuses to change a cancelled booking, and answers undefined for one that does not exist', async () => {
    const id = await createBookingRow(test.db, { organizationId, localDate: '2026-05-12' })
    await cancelBooking(id, { staff }, { clientAsked: false })
    await expect(cancelBooking(id, { staff }, { clientAsked: true })).rejects.toThrow(
      'This booking can no longer be cancelled.',
    )
    expect(
      await cancelBooking('00000000-0000-4000-8000-000000000000', { staff }, { clientAsked: true }),
    ).toBeUndefined()
  })

  it('an interpreter who cannot make the new time declines it: the booking is released and everyone told', async () => {
    const ana = await createDispatchInterpreter(test.db, staff, { firstName: 'Ana' })
    const ben = await createDispatchInterpreter(test.db, staff, { firstName: 'Ben' })
    const id = await confirmedWith(ana)
    await rescheduleBooking(
      id,
      { date: '2026-05-12', time: '16:00', timeZone: 'America/New_York', durationMinutes: 60 },
      { staff },
    )
    const [reconfirm] = await test.db
      .select()
      .from(bookingOffers)
      .where(and(eq(bookingOffers.bookingId, id), eq(bookingOffers.status, 'reconfirm')))
    // Only the interpreter asked may answer: another's answer is not found.
    expect(await declineNewTimeAsInterpreter(ben.userId, reconfirm!.id)).toBeUndefined()
    expect(await declineNewTimeAsInterpreter(ana.userId, reconfirm!.id)).toBe('declined')
    expect(await bookingRow(id)).toMatchObject({
      status: 'requested',
      interpreterId: null,
      confirmedAt: null,
      calendarSequence: 2,
    })
    const [released] = await mailsTo('assignment-released', ana.email)
    expect(released!.subject).toMatch(/^Assignment released: /)
    expect(released!.attachments?.[0]?.content).toContain('METHOD:CANCEL')
    expect(released!.attachments?.[0]?.content).toContain('SEQUENCE:2')
    const [toStaff] = await mailsTo('booking-released', 'dispatch@lang.example')
    expect(toStaff!.subject).toBe('Interpreter cannot make the new time: Oakwood Clinic')
    const [toClient] = await mailsTo('booking-new-time-declined', clientEmail)
    expect(toClient!.text).toContain('Ana cannot make the new time of your booking')
    expect(
      (
        await test.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'decline_new_time'), eq(auditLog.entityId, id)))
      ).map((entry) => entry.actorId),
    ).toEqual([ana.userId])
    // Answered once: the link and the portal say it is closed, and nothing changes.
    expect(await declineNewTimeAsInterpreter(ana.userId, reconfirm!.id)).toBe('closed')
    expect(await bookingRow(id)).toMatchObject({ status: 'requested', calendarSequence: 2 })
  })

  it('a new time can be declined by its link until the link expires', async () => {
    const ana = await createDispatchInterpreter(test.db, staff, { firstName: 'Ana' })
    const id = await confirmedWith(ana)
    await rescheduleBooking(
      id,
      { date: '2026-05-12', time: '16:00', timeZone: 'America/New_York', durationMinutes: 60 },
      { staff },
    )
    const [mail] = await mailsTo('assignment-new-time', ana.email)
    const token = /offers\/accept\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!
    expect(await declineNewTimeByToken('x'.repeat(43))).toBeUndefined()
    // 72 hours later the link has expired: the booking stays Ana's, for staff to settle.
    setClock(() => new Date('2026-05-07T16:00:00Z'))
    expect(await declineNewTimeByToken(token)).toBe('closed')
    expect(await bookingRow(id)).toMatchObject({
      status: 'confirmed',
      interpreterId: ana.profileId,
    })
    setClock(() => new Date('2026-05-04T16:00:00Z'))
    expect(await declineNewTimeByToken(token)).toBe('declined')
    expect(await bookingRow(id)).toMatchObject({ status: 'requested', interpreterId: null })
  })

  it('an interpreter assigned over a rule keeps a moved booking unless the new time adds a rule against them', async () => {
    // Medical only, so a business booking excludes her: staff assigned her over that rule.
    const marta = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Marta',
      modalities: ['video'],
      specializations: ['medical'],
    })
    const id = await createBookingRow(test.db, {
      organizationId,
      requestedById: clientId,
      modality: 'video',
      setting: 'business',
      localDate: '2026-05-12',
      status: 'confirmed',
      interpreterId: marta.profileId,
    })
    const at = (time: string) => ({
      date: '2026-05-12',
      time,
      timeZone: 'America/New_York',
      durationMinutes: 60,
    })
    expect(await rescheduleBooking(id, at('15:00'), { staff })).toMatchObject({
      status: 'confirmed',
      interpreterId: marta.profileId,
    })
    // 21:00 is outside her hours (07:00 to 20:00): a new rule, so she is released.
    expect(await rescheduleBooking(id, at('21:00'), { staff })).toMatchObject({
      status: 'requested',
      interpreterId: null,
    })
  })
})
