import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bookingOffers, bookings, interpreterTimeOff, mailOutbox, users } from '../../db/schema'
import { setClock } from '../../app/platform/clock.server'
import type { Actor } from '../../app/models/audit.server'
import { createUser } from '../../app/models/users.server'
import { dispatchListFor } from '../../app/models/dispatch/eligibility.server'
import {
  acceptOfferAsInterpreter,
  acceptOfferByToken,
  declineOffer,
  offerByToken,
  sendOffers,
} from '../../app/models/dispatch/offers.server'
import {
  assignmentCalendarOf,
  assignmentFileOf,
  assignmentsOf,
} from '../../app/models/dispatch/assignments.server'
import {
  bookingForStaff,
  listBookings,
  staffBookingFile,
} from '../../app/models/dispatch/bookings.server'
import { runtime } from '../../app/platform/runtime.server'
import { closeUnfilledBookings, runUnfilledAlerts } from '../../app/models/dispatch/unfilled.server'
import { clientBooking, type ClientActor } from '../../app/models/bookings.server'
import { cancelBooking, rescheduleBooking } from '../../app/models/dispatch/booking-changes.server'
import {
  attachPreparationFile,
  createBookingRow,
  createDispatchInterpreter,
  createOrganization,
  type DispatchInterpreter,
  emptyDispatchWorld,
} from '../support/booking-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

describe.each(testDatabaseKinds())('dispatch on %s', (kind) => {
  let staff: Actor
  let organizationId: string
  let clientId: string
  const test = testRuntimeFor(kind, {
    env: { SITE_URL: 'https://lang.example', STAFF_NOTIFY_EMAIL: 'dispatch@lang.example' },
  })
  afterEach(() => setClock())
  beforeEach(async () => {
    await emptyDispatchWorld(test.db, [users])
    staff = await createStaffActor()
    // Monday 4 May 2026, 11:00 in New York.
    setClock(() => new Date('2026-05-04T15:00:00Z'))
    organizationId = await createOrganization(test.db, 'Riverside Clinic')
    clientId = (
      await createUser({
        email: 'carla@riverside.example',
        name: 'Carla Client',
        role: 'client',
        password: 'a long client password',
      })
    ).id
  })

  /** A medical on-site Spanish booking next Tuesday at 10:00 in New York. */
  const nextWeek = (extra: Partial<Parameters<typeof createBookingRow>[1]> = {}) =>
    createBookingRow(test.db, {
      organizationId,
      requestedById: clientId,
      localDate: '2026-05-12',
      localTime: '10:00',
      ...extra,
    })

  const bookingRow = async (id: string) =>
    (await test.db.select().from(bookings).where(eq(bookings.id, id)))[0]!

  const tokenFor = async (interpreter: DispatchInterpreter) => {
    const [mail] = await test.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.template, 'booking-offer'), eq(mailOutbox.toAddress, interpreter.email)),
      )
    return /offers\/accept\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!
  }

  const client = (): ClientActor => ({
    actor: { id: clientId, name: 'Carla Client' },
    client: { organizationId, organizationName: 'Riverside Clinic', role: 'manager' },
  })

  /** The mails of one template to one address, oldest first. */
  const mailsTo = async (template: string, address: string) =>
    test.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, template), eq(mailOutbox.toAddress, address)))
      .orderBy(mailOutbox.createdAt)

  const calendarOf = (mail: { attachments: { content: string }[] | null }) =>
    mail.attachments?.[0]?.content ?? ''
  const uidOf = (ics: string) => /UID:(\S+)/.exec(ics)?.[1]

  /** Offers next week's booking to Ana and Ben and lets Ana accept it. */
  async function confirmedWithAna(ana: DispatchInterpreter) {
    const id = await nextWeek()
    await sendOffers(id, { all: true }, staff)
    expect(await acceptOfferByToken(await tokenFor(ana))).toMatchObject({ outcome: 'accepted' })
    return id
  }

  const toFourPm = {
    date: '2026-05-12',
    time: '16:00',
    timeZone: 'America/New_York',
    durationMinutes: 60,
  }

  it('keeps the confirmed interpreter on a reschedule they can make: they confirm the new time by the link', async () => {
    const ana = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Ana',
      timeZone: 'America/Chicago',
    })
    const ben = await createDispatchInterpreter(test.db, staff, { firstName: 'Ben' })
    const id = await confirmedWithAna(ana)
    const [confirmation] = await mailsTo('booking-confirmed', 'carla@riverside.example')
    const uid = uidOf(calendarOf(confirmation!))

    const moved = await rescheduleBooking(id, toFourPm, client())
    expect(moved).toMatchObject({
      status: 'confirmed',
      interpreterId: ana.profileId,
      calendarSequence: 1,
      confirmedAt: null,
    })
    const offers = await test.db.select().from(bookingOffers).where(eq(bookingOffers.bookingId, id))
    const statusOf = (who: DispatchInterpreter) =>
      offers.find((offer) => offer.interpreterId === who.profileId)?.status
    expect(statusOf(ana)).toBe('reconfirm')
    expect(statusOf(ben)).toBe('withdrawn')

    // The client's timeline: the new time is with Ana, no stale count of Ben's offer.
    const seen = await clientBooking(id, client())
    expect(seen).toMatchObject({ offers: 1, awaitingNewTime: true, interpreterFirstName: 'Ana' })

    // Ana is e-mailed the new time in her own zone, with an updated calendar event.
    const [newTime] = await mailsTo('assignment-new-time', ana.email)
    expect(newTime!.text).toContain('Tue, May 12, 2026, 3:00 PM CDT')
    const ics = calendarOf(newTime!)
    expect(uidOf(ics)).toBe(uid)
    expect(ics).toContain('METHOD:REQUEST')
    expect(ics).toContain('SEQUENCE:1')
    expect(ics).toContain('DTSTART:20260512T200000Z')
    expect(newTime!.attachments?.[0]?.contentType).toContain('method=REQUEST')
    expect(await mailsTo('assignment-rescheduled', ana.email)).toEqual([])
    // Ben's old link is closed; Ana's new one confirms the new time.
    expect(await acceptOfferByToken(await tokenFor(ben))).toMatchObject({ outcome: 'closed' })
    const token = /offers\/accept\?token=([A-Za-z0-9_-]+)/.exec(newTime!.text)![1]!
    expect(await offerByToken(token)).toMatchObject({ state: 'open', newTime: true })
    expect((await assignmentsOf(ana.userId))?.upcoming).toMatchObject([
      { bookingId: id, newTimeOfferId: expect.any(String) },
    ])
    expect(await acceptOfferByToken(token)).toEqual({ outcome: 'accepted', bookingId: id })
    expect(await bookingRow(id)).toMatchObject({
      status: 'confirmed',
      interpreterId: ana.profileId,
      confirmedAt: new Date('2026-05-04T15:00:00Z'),
    })
    expect(await clientBooking(id, client())).toMatchObject({ offers: 1, awaitingNewTime: false })
    const confirmations = await mailsTo('booking-confirmed', 'carla@riverside.example')
    expect(confirmations).toHaveLength(2)
    expect(calendarOf(confirmations[1]!)).toContain('SEQUENCE:1')
    expect(await acceptOfferByToken(token)).toEqual({ outcome: 'used' })
  })

  it('releases the confirmed interpreter who cannot make the new time, with a calendar cancellation, and dispatches again', async () => {
    const ana = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Ana',
      availability: { start: '07:00', end: '12:00' },
    })
    const ben = await createDispatchInterpreter(test.db, staff, { firstName: 'Ben' })
    const id = await confirmedWithAna(ana)
    const [confirmation] = await mailsTo('booking-confirmed', 'carla@riverside.example')

    const moved = await rescheduleBooking(id, toFourPm, client())
    expect(moved).toMatchObject({
      status: 'requested',
      interpreterId: null,
      calendarSequence: 1,
    })
    const statuses = await test.db
      .select({ status: bookingOffers.status })
      .from(bookingOffers)
      .where(eq(bookingOffers.bookingId, id))
    expect(statuses.map((offer) => offer.status)).toEqual(['withdrawn', 'withdrawn'])
    // The timeline shows where it stands: requested again, no "Offered to 2".
    expect(await clientBooking(id, client())).toMatchObject({ offers: 0, awaitingNewTime: false })

    const [released] = await mailsTo('assignment-rescheduled', ana.email)
    const ics = calendarOf(released!)
    expect(uidOf(ics)).toBe(uidOf(calendarOf(confirmation!)))
    expect(ics).toContain('METHOD:CANCEL')
    expect(ics).toContain('SEQUENCE:1')
    expect(released!.attachments?.[0]?.contentType).toContain('method=CANCEL')
    expect(await mailsTo('assignment-new-time', ana.email)).toEqual([])
    expect((await assignmentsOf(ana.userId))?.upcoming).toEqual([])

    // Staff can offer it again, to Ben who was offered it before the move.
    expect(await sendOffers(id, { all: true }, staff)).toEqual({ outcome: 'sent', count: 1 })
    expect(await mailsTo('booking-offer', ben.email)).toHaveLength(2)
    expect(await clientBooking(id, client())).toMatchObject({ offers: 1 })
  })

  it('sends the confirmed interpreter a calendar cancellation when the client cancels, times in the zone of the offer', async () => {
    const ana = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Ana',
      timeZone: 'America/Los_Angeles',
    })
    const id = await confirmedWithAna(ana)
    const [offer] = await mailsTo('booking-offer', ana.email)
    const [confirmation] = await mailsTo('booking-confirmed', 'carla@riverside.example')

    expect(await cancelBooking(id, client())).toEqual({ late: false, count: 1 })
    expect((await bookingRow(id)).calendarSequence).toBe(1)
    const [cancelled] = await mailsTo('assignment-cancelled', ana.email)
    const when = (text: string) => /When: (.+)/.exec(text)?.[1]
    expect(when(offer!.text)).toBe('Tue, May 12, 2026, 7:00 AM PDT (60 minutes)')
    expect(when(cancelled!.text)).toBe(when(offer!.text))
    const ics = calendarOf(cancelled!)
    expect(uidOf(ics)).toBe(uidOf(calendarOf(confirmation!)))
    expect(ics).toContain('METHOD:CANCEL')
    expect(ics).toContain('STATUS:CANCELLED')
    expect(ics).toContain('SEQUENCE:1')
  })

  it('lists eligible interpreters ranked, and the others with every reason', async () => {
    const ana = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Ana',
      lastName: 'Alvarez',
    })
    const ben = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Ben',
      lastName: 'Brown',
    })
    await createDispatchInterpreter(test.db, staff, {
      firstName: 'Cleo',
      lastName: 'Cruz',
      medicalCredential: 'none',
    })
    await createDispatchInterpreter(test.db, staff, {
      firstName: 'Dan',
      lastName: 'Diaz',
      medicalCredential: { expiresOn: '2026-05-11' },
      onboardingProgress: 5,
      modalities: ['phone'],
    })
    const eve = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Eve',
      lastName: 'Evans',
    })
    await test.db
      .insert(interpreterTimeOff)
      .values({ profileId: eve.profileId, startsOn: '2026-05-12', endsOn: '2026-05-13' })
    // Working in Los Angeles from 08:00: 10:00 in New York is 07:00 there.
    await createDispatchInterpreter(test.db, staff, {
      firstName: 'Finn',
      lastName: 'Ford',
      timeZone: 'America/Los_Angeles',
      availability: { start: '08:00', end: '17:00' },
    })
    // Another on-site assignment ending 30 minutes before: inside the hour of travel.
    const gus = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Gus',
      lastName: 'Gray',
    })
    await nextWeek({ localTime: '08:30', status: 'confirmed', interpreterId: gus.profileId })
    // Speaks no Spanish: not listed at all.
    await createDispatchInterpreter(test.db, staff, { firstName: 'Hal', languages: ['French'] })
    // Ben worked for this client before, so he comes first although he has more hours.
    await nextWeek({ localDate: '2026-04-20', status: 'completed', interpreterId: ben.profileId })
    await nextWeek({
      localDate: '2026-05-11',
      localTime: '14:00',
      status: 'confirmed',
      interpreterId: ben.profileId,
    })

    const id = await nextWeek()
    const list = await dispatchListFor(await bookingRow(id))
    expect(list.eligible.map((interpreter) => interpreter.firstName)).toEqual(['Ben', 'Ana'])
    expect(
      Object.fromEntries(
        list.excluded.map((entry) => [entry.interpreter.firstName, entry.reasons]),
      ),
    ).toEqual({
      Cleo: ['No current HIPAA/medical credential'],
      Dan: [
        'Does not work this way',
        'Onboarding not complete',
        'No current HIPAA/medical credential',
      ],
      Eve: ['Time off that day'],
      Finn: ['Not available then'],
      Gus: ['Another assignment at that time'],
    })
    expect(ana.profileId).toBeTruthy()
  })

  it('offers to chosen interpreters; the first acceptance confirms and the others are filled', async () => {
    const ana = await createDispatchInterpreter(test.db, staff, { firstName: 'Ana' })
    const ben = await createDispatchInterpreter(test.db, staff, { firstName: 'Ben' })
    const cleo = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Cleo',
      medicalCredential: 'none',
    })
    const id = await nextWeek()
    expect(
      await sendOffers(id, { interpreterIds: [ana.profileId, cleo.profileId] }, staff),
    ).toEqual({
      outcome: 'not-eligible',
    })
    expect(await sendOffers(id, { all: true }, staff)).toEqual({ outcome: 'sent', count: 2 })
    expect((await bookingRow(id)).status).toBe('offered')
    expect(await sendOffers(id, { all: true }, staff)).toEqual({ outcome: 'nobody' })
    const offers = await test.db.select().from(bookingOffers).where(eq(bookingOffers.bookingId, id))
    // Only the hash is kept.
    const anaToken = await tokenFor(ana)
    expect(offers.map((offer) => offer.tokenHash)).not.toContain(anaToken)
    expect((await offerByToken(anaToken))?.state).toBe('open')

    expect(await acceptOfferByToken(anaToken)).toEqual({ outcome: 'accepted', bookingId: id })
    const confirmed = await bookingRow(id)
    expect(confirmed).toMatchObject({ status: 'confirmed', interpreterId: ana.profileId })
    expect(confirmed.confirmedAt).toEqual(new Date('2026-05-04T15:00:00Z'))
    // The link works once; Ben's now says filled.
    expect(await acceptOfferByToken(anaToken)).toEqual({ outcome: 'used' })
    expect(await acceptOfferByToken(await tokenFor(ben))).toEqual({ outcome: 'filled' })
    expect(await acceptOfferByToken('not-a-token-at-all-000000')).toBeUndefined()

    const mails = await test.db.select().from(mailOutbox)
    const filled = mails.filter((mail) => mail.template === 'booking-offer-filled')
    expect(filled.map((mail) => mail.toAddress)).toEqual([ben.email])
    const [toClient] = mails.filter((mail) => mail.template === 'booking-confirmed')
    expect(toClient).toMatchObject({ toAddress: 'carla@riverside.example' })
    expect(toClient!.text).toContain('Ana will be your interpreter')
    expect(toClient!.attachments?.[0]).toMatchObject({ filename: 'booking.ics' })
    expect(toClient!.attachments![0]!.content).toContain('DTSTART:20260512T140000Z')

    // The interpreter's Assignments and calendar file; another interpreter gets neither.
    const anaView = await assignmentsOf(ana.userId)
    expect(anaView?.upcoming.map((row) => row.bookingId)).toEqual([id])
    const calendar = await assignmentCalendarOf(ana.userId, id)
    expect(calendar).toMatchObject({ ics: expect.stringContaining('BEGIN:VEVENT') })
    expect(await assignmentCalendarOf(ben.userId, id)).toBe('forbidden')
    expect(await assignmentCalendarOf(ben.userId, '00000000-0000-4000-8000-000000000000')).toBe(
      'missing',
    )
    expect((await assignmentsOf(ben.userId))?.offers).toEqual([])
  })

  it('refuses expired links and links to cancelled bookings, changing nothing', async () => {
    const ana = await createDispatchInterpreter(test.db, staff, { firstName: 'Ana' })
    const ben = await createDispatchInterpreter(test.db, staff, { firstName: 'Ben' })
    const id = await nextWeek()
    await sendOffers(id, { all: true }, staff)
    setClock(() => new Date('2026-05-07T15:00:01Z'))
    expect(await acceptOfferByToken(await tokenFor(ana))).toEqual({ outcome: 'expired' })
    setClock(() => new Date('2026-05-05T15:00:00Z'))
    await test.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, id))
    expect((await offerByToken(await tokenFor(ben)))?.state).toBe('cancelled')
    expect(await acceptOfferByToken(await tokenFor(ben))).toEqual({ outcome: 'cancelled' })
    const row = await bookingRow(id)
    expect(row).toMatchObject({ status: 'cancelled', interpreterId: null })
    const statuses = await test.db.select({ status: bookingOffers.status }).from(bookingOffers)
    expect(statuses.map((offer) => offer.status)).toEqual(['offered', 'offered'])
  })

  it('lets an interpreter decline or accept only their own offers in the portal', async () => {
    const ana = await createDispatchInterpreter(test.db, staff, { firstName: 'Ana' })
    const ben = await createDispatchInterpreter(test.db, staff, { firstName: 'Ben' })
    const id = await nextWeek()
    await sendOffers(id, { all: true }, staff)
    const anaOffer = (await assignmentsOf(ana.userId))!.offers[0]!
    expect(await declineOffer(ben.userId, anaOffer.offerId)).toBe(false)
    expect(await acceptOfferAsInterpreter(ben.userId, anaOffer.offerId)).toBeUndefined()
    expect(await declineOffer(ana.userId, anaOffer.offerId)).toBe(true)
    expect(await declineOffer(ana.userId, anaOffer.offerId)).toBe(false)
    const benOffer = (await assignmentsOf(ben.userId))!.offers[0]!
    expect(await acceptOfferAsInterpreter(ben.userId, benOffer.offerId)).toMatchObject({
      outcome: 'accepted',
    })
    expect((await bookingRow(id)).interpreterId).toBe(ben.profileId)
  })

  it('refuses an acceptance that overlaps the interpreter’s confirmed assignment, travel time included, even at the same moment', async () => {
    const ana = await createDispatchInterpreter(test.db, staff, { firstName: 'Ana' })
    // 10:00-11:00 on-site, then 11:30 on-site the same day: inside the hour of travel.
    const first = await nextWeek()
    const second = await nextWeek({ localTime: '11:30' })
    await sendOffers(first, { all: true }, staff)
    await sendOffers(second, { all: true }, staff)
    const offers = (await assignmentsOf(ana.userId))!.offers
    expect(offers).toHaveLength(2)
    const results = await Promise.all(
      offers.map((offer) => acceptOfferAsInterpreter(ana.userId, offer.offerId)),
    )
    expect(results.map((result) => result?.outcome).sort()).toEqual(['accepted', 'conflict'])
    const confirmed = [await bookingRow(first), await bookingRow(second)].filter(
      (row) => row.status === 'confirmed',
    )
    expect(confirmed).toHaveLength(1)
    // 14:00 leaves more than the hour of travel after either of them: accepted.
    const later = await nextWeek({ localTime: '14:00' })
    await sendOffers(later, { all: true }, staff)
    const laterOffer = (await assignmentsOf(ana.userId))!.offers.find(
      (offer) => offer.bookingId === later,
    )!
    expect(await acceptOfferAsInterpreter(ana.userId, laterOffer.offerId)).toMatchObject({
      outcome: 'accepted',
    })
  })

  it('confirms exactly one of two acceptances made at the same moment', async () => {
    const interpreters = await Promise.all(
      ['Ana', 'Ben', 'Cleo', 'Dora'].map((firstName) =>
        createDispatchInterpreter(test.db, staff, { firstName }),
      ),
    )
    for (let round = 0; round < 3; round++) {
      const id = await nextWeek({ localTime: `${10 + round * 2}:00` })
      await sendOffers(id, { all: true }, staff)
      const [rows] = [
        await test.db
          .select({ id: bookingOffers.id, interpreterId: bookingOffers.interpreterId })
          .from(bookingOffers)
          .where(eq(bookingOffers.bookingId, id)),
      ]
      const tokens = await Promise.all(
        interpreters.map(async (interpreter) => {
          const mails = await test.db
            .select()
            .from(mailOutbox)
            .where(
              and(
                eq(mailOutbox.template, 'booking-offer'),
                eq(mailOutbox.toAddress, interpreter.email),
              ),
            )
          const offer = rows.find((row) => row.interpreterId === interpreter.profileId)!
          const mail = mails.find((entry) => entry.reference === `booking_offer:${offer.id}`)!
          return /offers\/accept\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!
        }),
      )
      const results = await Promise.all(tokens.map((token) => acceptOfferByToken(token)))
      const outcomes = results.map((result) => result?.outcome)
      expect(outcomes.filter((outcome) => outcome === 'accepted')).toHaveLength(1)
      expect(outcomes.filter((outcome) => outcome === 'filled')).toHaveLength(3)
      const winner = interpreters[outcomes.indexOf('accepted')]!
      expect(await bookingRow(id)).toMatchObject({
        status: 'confirmed',
        interpreterId: winner.profileId,
      })
      const offerStatuses = await test.db
        .select({ status: bookingOffers.status })
        .from(bookingOffers)
        .where(eq(bookingOffers.bookingId, id))
      expect(offerStatuses.map((offer) => offer.status).sort()).toEqual([
        'accepted',
        'filled',
        'filled',
        'filled',
      ])
      const confirmations = await test.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.template, 'booking-confirmed'),
            eq(mailOutbox.reference, `booking:${id}`),
          ),
        )
      expect(confirmations).toHaveLength(1)
    }
  })

  it('alerts staff once about a booking unfilled 24 hours before (urgent: 2 hours)', async () => {
    const tomorrow = await nextWeek({ localDate: '2026-05-05', localTime: '10:00' })
    const later = await nextWeek({ localDate: '2026-05-06', localTime: '10:00' })
    const urgentSoon = await nextWeek({ localDate: '2026-05-04', localTime: '12:30', urgent: true })
    const urgentLater = await nextWeek({
      localDate: '2026-05-04',
      localTime: '16:00',
      urgent: true,
    })
    await nextWeek({ localDate: '2026-05-05', localTime: '09:00', status: 'cancelled' })
    const counts = await Promise.all([runUnfilledAlerts(test.db), runUnfilledAlerts(test.db)])
    expect(counts[0] + counts[1]).toBe(2)
    expect(await runUnfilledAlerts(test.db)).toBe(0)
    const alerts = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'booking-unfilled'))
    expect(alerts.map((mail) => mail.reference).sort()).toEqual(
      [`booking:${tomorrow}`, `booking:${urgentSoon}`].sort(),
    )
    expect(alerts.every((mail) => mail.toAddress === 'dispatch@lang.example')).toBe(true)
    expect((await bookingRow(tomorrow)).unfilledAlertAt).not.toBeNull()
    expect((await bookingRow(later)).unfilledAlertAt).toBeNull()
    expect((await bookingRow(urgentLater)).unfilledAlertAt).toBeNull()
  })

  it('tells the client who booked, once, that the booking is still unfilled and what happens next', async () => {
    const tomorrow = await nextWeek({ localDate: '2026-05-05', localTime: '10:00' })
    const urgentSoon = await nextWeek({ localDate: '2026-05-04', localTime: '12:30', urgent: true })
    // Nobody to tell: booked by an account since removed, or by a deactivated one.
    await nextWeek({ localDate: '2026-05-05', localTime: '09:00', requestedById: null })
    const gone = await createUser({
      email: 'gone@riverside.example',
      name: 'Gone Client',
      role: 'client',
      password: 'a long client password',
    })
    await test.db.update(users).set({ active: false }).where(eq(users.id, gone.id))
    await nextWeek({ localDate: '2026-05-05', localTime: '09:30', requestedById: gone.id })
    // Not due yet.
    await nextWeek({ localDate: '2026-05-06', localTime: '10:00' })

    // Two instances at once, then a later run: each booking's client hears once.
    const counts = await Promise.all([runUnfilledAlerts(test.db), runUnfilledAlerts(test.db)])
    expect(counts[0] + counts[1]).toBe(4)
    expect(await runUnfilledAlerts(test.db)).toBe(0)
    const told = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'booking-unfilled-client'))
    expect(told.map((mail) => mail.reference).sort()).toEqual(
      [`booking:${tomorrow}`, `booking:${urgentSoon}`].sort(),
    )
    const mail = told.find((entry) => entry.reference === `booking:${tomorrow}`)!
    expect(mail.toAddress).toBe('carla@riverside.example')
    expect(mail.subject).toBe(
      'Not yet filled: Spanish, On-site, Medical, Tue, May 5, 2026, 10:00 AM EDT',
    )
    const { phone } = runtime().config.company
    expect(mail.text).toContain('Hello Carla Client')
    expect(mail.text).toContain('We keep trying')
    expect(mail.text).toContain('as soon as an interpreter confirms')
    expect(mail.text).toContain(`call us at ${phone}`)
    expect(mail.text).toContain(`https://lang.example/client/bookings/${tomorrow}`)
  })

  it('lists the bookings at risk (unfilled, starting soon) first on the staff board, then soonest first', async () => {
    const confirmedSoon = await nextWeek({
      localDate: '2026-05-04',
      localTime: '13:00',
      status: 'confirmed',
    })
    const later = await nextWeek({ localDate: '2026-05-06', localTime: '10:00' })
    const atRisk = await nextWeek({ localDate: '2026-05-05', localTime: '10:00' })
    const urgentAtRisk = await nextWeek({
      localDate: '2026-05-04',
      localTime: '12:30',
      urgent: true,
    })
    const { items } = await listBookings({ status: 'all', from: '', to: '', page: 1 })
    expect(items.map((row) => row.id)).toEqual([urgentAtRisk, atRisk, confirmedSoon, later])
    // Filters apply to both parts.
    const requested = await listBookings({ status: 'requested', from: '', to: '', page: 1 })
    expect(requested.items.map((row) => row.id)).toEqual([urgentAtRisk, atRisk, later])

    // Across pages (25 a page): the two at risk, then the rest in order, none twice.
    const rest = [confirmedSoon, later]
    for (let day = 7; day < 30; day += 1)
      rest.push(await nextWeek({ localDate: `2026-05-${String(day).padStart(2, '0')}` }))
    const pages = await Promise.all(
      [1, 2].map((page) => listBookings({ status: 'all', from: '', to: '', page })),
    )
    expect(pages.flatMap((page) => page.items.map((row) => row.id))).toEqual([
      urgentAtRisk,
      atRisk,
      ...rest,
    ])
    expect(pages.map((page) => page.items.length)).toEqual([25, 2])
    expect(pages[0]!.total).toBe(27)
  })

  it('shows and serves a booking’s preparation files to staff and its confirmed interpreter only', async () => {
    // Ana works mornings only, so a move to the afternoon releases her; Ben works all day.
    const ana = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Ana',
      availability: { start: '07:00', end: '12:00' },
    })
    const ben = await createDispatchInterpreter(test.db, staff, { firstName: 'Ben' })
    const id = await nextWeek()
    const fileId = await attachPreparationFile(id, 'glossary.pdf')
    const otherBooking = await nextWeek({ localDate: '2026-05-13' })
    const otherFileId = await attachPreparationFile(otherBooking, 'other.pdf')

    expect((await bookingForStaff(id))!.files).toEqual([
      { id: fileId, name: 'glossary.pdf', byteSize: expect.any(Number) },
    ])
    expect(await staffBookingFile(id, fileId)).toMatchObject({ originalName: 'glossary.pdf' })
    // A file is reached only through its own booking.
    expect(await staffBookingFile(id, otherFileId)).toBeUndefined()

    // Offered, not yet accepted: nobody's assignment yet.
    await sendOffers(id, { all: true }, staff)
    expect((await assignmentsOf(ana.userId))!.offers).toHaveLength(1)
    expect(await assignmentFileOf(ana.userId, id, fileId)).toBeUndefined()
    expect(await acceptOfferByToken(await tokenFor(ana))).toMatchObject({ outcome: 'accepted' })

    const upcoming = (await assignmentsOf(ana.userId))!.upcoming
    expect(upcoming.map((row) => row.files)).toEqual([
      [{ id: fileId, name: 'glossary.pdf', byteSize: expect.any(Number) }],
    ])
    expect(await assignmentFileOf(ana.userId, id, fileId)).toMatchObject({
      originalName: 'glossary.pdf',
    })
    expect(await assignmentFileOf(ana.userId, id, otherFileId)).toBeUndefined()
    // Another interpreter, one whose offer was filled, and a staff account get nothing.
    expect(await assignmentFileOf(ben.userId, id, fileId)).toBeUndefined()
    expect(await assignmentFileOf(staff.id, id, fileId)).toBeUndefined()

    // Moved to a time she cannot make: released, and the file is no longer hers.
    await rescheduleBooking(id, toFourPm, client())
    expect(await assignmentFileOf(ana.userId, id, fileId)).toBeUndefined()
    // Ben takes it; cancelled, it is nobody's, though staff still have the file.
    await sendOffers(id, { all: true }, staff)
    const newOffer = (await mailsTo('booking-offer', ben.email)).at(-1)!
    const token = /offers\/accept\?token=([A-Za-z0-9_-]+)/.exec(newOffer.text)![1]!
    expect(await acceptOfferByToken(token)).toMatchObject({ outcome: 'accepted' })
    expect(await assignmentFileOf(ben.userId, id, fileId)).toBeDefined()
    await cancelBooking(id, client())
    expect(await assignmentFileOf(ben.userId, id, fileId)).toBeUndefined()
    expect(await staffBookingFile(id, fileId)).toMatchObject({ originalName: 'glossary.pdf' })
  })

  it('closes a booking whose start passed without an interpreter as Unfilled, withdrawing its offers', async () => {
    await createDispatchInterpreter(test.db, staff, { firstName: 'Ana' })
    const open = await nextWeek()
    await sendOffers(open, { all: true }, staff)
    const confirmed = await nextWeek({ localTime: '15:00', status: 'confirmed' })
    expect(await closeUnfilledBookings(test.db)).toBe(0)
    // The Tuesday after, both starts have passed.
    setClock(() => new Date('2026-05-13T15:00:00Z'))
    const runs = await Promise.all([closeUnfilledBookings(test.db), closeUnfilledBookings(test.db)])
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1)
    expect((await bookingRow(open)).status).toBe('unfilled')
    expect((await bookingRow(confirmed)).status).toBe('confirmed')
    const offers = await test.db
      .select()
      .from(bookingOffers)
      .where(eq(bookingOffers.bookingId, open))
    expect(offers.map((offer) => offer.status)).toEqual(['withdrawn'])
  })
})
