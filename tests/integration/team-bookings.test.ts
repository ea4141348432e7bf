import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { authTokens, bookingOffers, bookings, mailOutbox, users } from '../../db/schema'
import {
  clientBooking,
  createBooking,
  type ClientActor,
  type NewBooking,
} from '../../app/models/bookings.server'
import {
  cancelBooking,
  changeBookingDetails,
  rescheduleBooking,
} from '../../app/models/dispatch/booking-changes.server'
import { dispatchListFor } from '../../app/models/dispatch/eligibility.server'
import { acceptOfferByToken, sendOffers } from '../../app/models/dispatch/offers.server'
import { setClock } from '../../app/platform/clock.server'
import type { Actor } from '../../app/models/audit.server'
import { createStaffActor } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'
import { createClientManager } from '../support/organization-fixtures'
import {
  createDispatchInterpreter,
  emptyDispatchWorld,
  type DispatchInterpreter,
} from '../support/booking-fixtures'

// Team bookings: two interpreters, one seat each (docs/product.md#bookings).
describe.each(testDatabaseKinds())('team bookings on %s', (kind) => {
  const test = testRuntimeFor(kind, {
    env: { SITE_URL: 'https://lang.example', STAFF_NOTIFY_EMAIL: 'dispatch@lang.example' },
  })
  let staff: Actor
  let client: ClientActor
  afterEach(() => setClock())
  beforeEach(async () => {
    // Monday 4 May 2026, 11:00 in New York.
    setClock(() => new Date('2026-05-04T15:00:00Z'))
    await emptyDispatchWorld(test.db, [authTokens, users])
    staff = await createStaffActor()
    client = await createClientManager(
      { organizationName: 'Harbor Court', name: 'Hana', email: 'hana@harbor.example' },
      staff,
    )
  })

  /** A four-hour hearing on Tuesday 12 May 2026 at 09:00 in New York, for two interpreters. */
  const hearing = (overrides: Partial<NewBooking> = {}): NewBooking => ({
    language: 'Spanish',
    modality: 'video',
    date: '2026-05-12',
    time: '09:00',
    timeZone: 'America/New_York',
    durationMinutes: 240,
    location: 'https://meet.example/hearing',
    setting: 'legal',
    contactName: 'Clerk Hill',
    contactPhone: '+1 617 555 0100',
    files: [],
    interpretersNeeded: 2,
    ...overrides,
  })

  const seatsOf = (teamId: string) =>
    test.db.select().from(bookings).where(eq(bookings.teamId, teamId)).orderBy(bookings.id)
  const mailsTo = (template: string, address: string) =>
    test.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, template), eq(mailOutbox.toAddress, address)))

  async function accept(bookingId: string, interpreter: DispatchInterpreter) {
    const [offer] = await test.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.template, 'booking-offer'), eq(mailOutbox.toAddress, interpreter.email)),
      )
      .orderBy(mailOutbox.createdAt)
    const tokens = [...(offer?.text ?? '').matchAll(/offers\/accept\?token=([A-Za-z0-9_-]+)/g)]
    return acceptOfferByToken(tokens[0]![1]!).then((outcome) => ({ outcome, bookingId }))
  }

  /** A legal interpreter working video (the fixture's interpreters work on site, medical). */
  const legalInterpreter = (firstName: string) =>
    createDispatchInterpreter(test.db, staff, {
      firstName,
      modalities: ['video'],
      specializations: ['legal'],
    })

  it('makes one seat per interpreter, on each date of a series, counted once per occurrence', async () => {
    const single = await createBooking(hearing(), client)
    const seats = await seatsOf(single.teamId!)
    expect(seats).toHaveLength(2)
    expect(new Set(seats.map((seat) => seat.startsAt.toISOString()))).toEqual(
      new Set(['2026-05-12T13:00:00.000Z']),
    )
    expect(seats.every((seat) => seat.seriesId === null && seat.status === 'requested')).toBe(true)
    const seen = await clientBooking(seats[1]!.id, client)
    expect(seen?.team).toMatchObject({
      position: 2,
      filled: false,
      label: '0 of 2 interpreters confirmed',
    })

    const weekly = await createBooking(
      hearing({ repeatDays: ['thursday'], repeatWeeks: 3 }),
      client,
    )
    const series = await test.db
      .select()
      .from(bookings)
      .where(eq(bookings.seriesId, weekly.seriesId!))
    // Tuesdays and Thursdays for three weeks: six occurrences, two seats each.
    expect(series).toHaveLength(12)
    expect(new Set(series.map((row) => row.teamId)).size).toBe(6)
    const last = series.reduce((a, b) => (a.startsAt > b.startsAt ? a : b))
    expect((await clientBooking(last.id, client))?.series).toEqual({ position: 6, count: 6 })

    const one = await createBooking(hearing({ interpretersNeeded: undefined }), client)
    expect(one.teamId).toBeNull()
    expect((await clientBooking(one.id, client))?.team).toBeUndefined()
  })

  it('never offers one interpreter both seats, and is filled when both have accepted', async () => {
    const ana = await legalInterpreter('Ana')
    const ben = await legalInterpreter('Ben')
    const first = await createBooking(hearing(), client)
    const [seatA, seatB] = await seatsOf(first.teamId!)
    expect(await sendOffers(seatA!.id, { interpreterIds: [ana.profileId] }, staff)).toMatchObject({
      outcome: 'sent',
    })
    // Ana holds an offer of seat A: seat B lists her as excluded, with the reason.
    const listB = await dispatchListFor(seatB!)
    expect(listB.eligible.map((entry) => entry.firstName)).toEqual(['Ben'])
    expect(listB.excluded).toEqual([
      expect.objectContaining({ reasons: ['Already on the other seat of this team'] }),
    ])
    expect(await sendOffers(seatB!.id, { all: true }, staff)).toMatchObject({ outcome: 'sent' })
    expect(
      await test.db.select().from(bookingOffers).where(eq(bookingOffers.bookingId, seatB!.id)),
    ).toEqual([expect.objectContaining({ interpreterId: ben.profileId })])

    expect((await accept(seatA!.id, ana)).outcome).toMatchObject({ outcome: 'accepted' })
    expect((await clientBooking(seatA!.id, client))?.team).toMatchObject({
      filled: false,
      label: '1 of 2 interpreters confirmed',
    })
    expect((await accept(seatB!.id, ben)).outcome).toMatchObject({ outcome: 'accepted' })
    const team = (await clientBooking(seatB!.id, client))?.team
    expect(team).toMatchObject({ filled: true, label: '2 of 2 interpreters confirmed' })
    expect(team?.seats.map((seat) => seat.interpreterFirstName)).toEqual(['Ana', 'Ben'])
  })

  it('moves, changes and cancels the seats together, with one notice for the whole team', async () => {
    const ana = await legalInterpreter('Ana')
    const ben = await legalInterpreter('Ben')
    const first = await createBooking(hearing(), client)
    const [seatA, seatB] = await seatsOf(first.teamId!)
    await sendOffers(seatA!.id, { interpreterIds: [ana.profileId] }, staff)
    await sendOffers(seatB!.id, { interpreterIds: [ben.profileId] }, staff)
    await accept(seatA!.id, ana)
    await accept(seatB!.id, ben)

    // The client moves seat B: both seats move, both interpreters are asked to confirm.
    await rescheduleBooking(
      seatB!.id,
      { date: '2026-05-12', time: '13:00', timeZone: 'America/New_York', durationMinutes: 240 },
      client,
    )
    const moved = await seatsOf(first.teamId!)
    expect(moved.map((seat) => [seat.localTime, seat.status])).toEqual([
      ['13:00', 'confirmed'],
      ['13:00', 'confirmed'],
    ])
    expect(await mailsTo('assignment-new-time', ana.email)).toHaveLength(1)
    expect(await mailsTo('assignment-new-time', ben.email)).toHaveLength(1)
    const [rescheduled, ...more] = await mailsTo('booking-rescheduled', 'dispatch@lang.example')
    expect(more).toEqual([])
    expect(rescheduled!.text).toContain('With it, the other seat of its team was moved too.')

    // Staff change the place of seat A: both seats, both interpreters, one e-mail to the client.
    const details = {
      location: 'https://meet.example/hearing-2',
      contactName: 'Clerk Hill',
      contactPhone: '+1 617 555 0100',
    }
    expect(await changeBookingDetails(seatA!.id, details, staff)).toBe('changed')
    expect((await seatsOf(first.teamId!)).map((seat) => seat.location)).toEqual([
      details.location,
      details.location,
    ])
    expect(await mailsTo('assignment-details-changed', ben.email)).toHaveLength(1)
    expect(await mailsTo('booking-details-by-staff', 'hana@harbor.example')).toHaveLength(1)

    // The client cancels seat A: both seats, each interpreter told, staff told once.
    expect(await cancelBooking(seatA!.id, client)).toEqual({ late: false, count: 2 })
    expect((await seatsOf(first.teamId!)).map((seat) => seat.status)).toEqual([
      'cancelled',
      'cancelled',
    ])
    expect(await mailsTo('assignment-cancelled', ana.email)).toHaveLength(1)
    expect(await mailsTo('assignment-cancelled', ben.email)).toHaveLength(1)
    const cancelled = await mailsTo('booking-cancelled', 'dispatch@lang.example')
    expect(cancelled).toHaveLength(1)
    expect(cancelled[0]!.text).toContain('With it, the other seat of its team was cancelled too.')
  })

  it('a series cancelled by staff e-mails the client once, with a calendar cancellation for each booking they held', async () => {
    const ana = await legalInterpreter('Ana')
    const first = await createBooking(
      hearing({ interpretersNeeded: undefined, repeatDays: ['thursday'], repeatWeeks: 2 }),
      client,
    )
    await sendOffers(first.id, { interpreterIds: [ana.profileId] }, staff)
    await accept(first.id, ana)
    expect(await cancelBooking(first.id, { staff }, { scope: 'all', clientAsked: false })).toEqual({
      late: false,
      count: 4,
    })
    const [toClient, ...more] = await mailsTo('booking-cancelled-by-staff', 'hana@harbor.example')
    expect(more).toEqual([])
    expect(toClient!.text).toContain('With it, 3 other bookings of its series were cancelled too.')
    // Only the first booking was confirmed, so only it is in the client's calendar.
    expect(toClient!.attachments).toHaveLength(1)
    expect(toClient!.attachments![0]!.content).toContain('METHOD:CANCEL')
  })
})
