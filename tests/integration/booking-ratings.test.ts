import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, authTokens, bookingRatings, users } from '../../db/schema'
import { ratingSummary } from '../../app/domain/booking-ratings'
import { bookingRatingSchema } from '../../app/lib/validation/booking-rating'
import type { Actor } from '../../app/models/audit.server'
import {
  lowRatingQueue,
  markRatingReviewed,
  ratingOfBooking,
  ratingsOfInterpreters,
  rateBooking,
} from '../../app/models/booking-ratings.server'
import type { ClientActor } from '../../app/models/bookings.server'
import { clientContextOf } from '../../app/models/organizations.server'
import { setClock } from '../../app/platform/clock.server'
import { createApprovedAssignment, emptyBillingWorld } from '../support/billing-fixtures'
import {
  createBookingRow,
  createDispatchInterpreter,
  type DispatchInterpreter,
} from '../support/booking-fixtures'
import { createOrganizationMember } from '../support/organization-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testDatabaseKinds } from '../support/test-database'
import { startTestRuntime, type TestRuntime } from '../support/test-runtime'

describe.each(testDatabaseKinds())('booking ratings on %s', (kind) => {
  let test: TestRuntime
  let staff: Actor
  let ana: DispatchInterpreter
  let ben: DispatchInterpreter
  let requester: ClientActor
  let colleague: ClientActor
  let manager: ClientActor
  let stranger: ClientActor
  beforeAll(async () => {
    test = await startTestRuntime(kind, { env: { SITE_URL: 'https://lang.example' } })
  })
  afterAll(() => test.stop())
  afterEach(() => setClock())
  beforeEach(async () => {
    setClock(() => new Date('2026-06-01T14:00:00Z'))
    await emptyBillingWorld(test.db, [authTokens, users])
    staff = await createStaffActor()
    ana = await createDispatchInterpreter(test.db, staff, { firstName: 'Ana', lastName: 'Alvarez' })
    ben = await createDispatchInterpreter(test.db, staff, { firstName: 'Ben', lastName: 'Brown' })
    requester = await clientOf('Valley Clinic', 'rita@valley.example', 'requester')
    colleague = await clientOf('Valley Clinic', 'carl@valley.example', 'requester')
    manager = await clientOf('Valley Clinic', 'mia@valley.example', 'manager')
    stranger = await clientOf('Harbor Law', 'hal@harbor.example', 'manager')
  })

  async function clientOf(
    organizationName: string,
    email: string,
    role: 'manager' | 'requester',
  ): Promise<ClientActor> {
    const outcome = await createOrganizationMember(
      { organizationName, name: email.split('@')[0]!, email, role },
      staff,
    )
    if (outcome.state !== 'invited') throw new Error('not invited')
    return {
      actor: { id: outcome.userId, name: email },
      client: (await clientContextOf(outcome.userId))!,
    }
  }

  /** A booking the requester made, worked by `interpreter` and completed by staff's approval of its closeout. */
  async function completedBooking(interpreter = ana, day = '2026-05-12') {
    const line = await createApprovedAssignment(test.db, staff, {
      organizationId: requester.client.organizationId,
      requestedById: requester.actor.id,
      interpreterProfileId: interpreter.profileId,
      localDate: day,
    })
    return line.bookingId!
  }

  it('rates a booking once its closeout is approved (Completed), not before', async () => {
    const confirmed = await createBookingRow(test.db, {
      organizationId: requester.client.organizationId,
      requestedById: requester.actor.id,
      localDate: '2026-05-20',
      status: 'confirmed',
      interpreterId: ana.profileId,
    })
    expect(await rateBooking(confirmed, { stars: 5 }, requester)).toBe('not-completed')
    const cancelled = await createBookingRow(test.db, {
      organizationId: requester.client.organizationId,
      requestedById: requester.actor.id,
      localDate: '2026-05-21',
      status: 'cancelled',
    })
    expect(await rateBooking(cancelled, { stars: 5 }, requester)).toBe('not-completed')
    expect(await test.db.select().from(bookingRatings)).toEqual([])

    const completed = await completedBooking()
    expect(await rateBooking(completed, { stars: 4, comment: 'On time, clear.' }, requester)).toBe(
      'rated',
    )
    expect(await ratingOfBooking(completed)).toMatchObject({
      stars: 4,
      comment: 'On time, clear.',
      ratedByName: 'rita',
    })
    const [rating] = await test.db.select().from(bookingRatings)
    expect(rating).toMatchObject({ bookingId: completed, interpreterId: ana.profileId, stars: 4 })
    const [audit] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'booking_rated'), eq(auditLog.entityId, completed)))
    expect(audit).toMatchObject({ actorId: requester.actor.id, after: { stars: 4, comment: true } })
  })

  it('lets only who may see the booking rate it: its requester or a manager of its organization', async () => {
    const booking = await completedBooking()
    // Another organization, and a requester of the same organization who did not book it.
    expect(await rateBooking(booking, { stars: 1 }, stranger)).toBe('missing')
    expect(await rateBooking(booking, { stars: 1 }, colleague)).toBe('missing')
    expect(await rateBooking(booking, { stars: 2 }, manager)).toBe('rated')
    const another = await completedBooking(ana, '2026-05-13')
    expect(await rateBooking(another, { stars: 5 }, requester)).toBe('rated')
  })

  it('keeps one rating per booking: a second one, or two at once, is refused', async () => {
    const booking = await completedBooking()
    const outcomes = await Promise.all([
      rateBooking(booking, { stars: 5 }, requester),
      rateBooking(booking, { stars: 1 }, manager),
    ])
    expect(outcomes.sort()).toEqual(['rated', 'rated-already'])
    expect(await rateBooking(booking, { stars: 3 }, requester)).toBe('rated-already')
    expect(await test.db.select().from(bookingRatings)).toHaveLength(1)
  })

  it("gives each interpreter's average and count in one read, and none for the never rated", async () => {
    const ratings: [DispatchInterpreter, number, string][] = [
      [ana, 5, '2026-05-11'],
      [ana, 4, '2026-05-12'],
      [ana, 4, '2026-05-13'],
      [ben, 2, '2026-05-14'],
    ]
    for (const [interpreter, stars, day] of ratings)
      expect(
        await rateBooking(await completedBooking(interpreter, day), { stars }, requester),
      ).toBe('rated')
    const nobody = await createDispatchInterpreter(test.db, staff, { firstName: 'Cleo' })
    const found = await ratingsOfInterpreters([ana.profileId, ben.profileId, nobody.profileId])
    expect(found.get(ana.profileId)!.count).toBe(3)
    expect(found.get(ana.profileId)!.average).toBeCloseTo(13 / 3)
    expect(found.get(ben.profileId)).toEqual({ average: 2, count: 1 })
    expect(found.has(nobody.profileId)).toBe(false)
    expect(ratingSummary(found.get(ana.profileId))).toEqual({
      text: '★ 4.3 (3 ratings)',
      label: 'Rated 4.3 from 3 ratings',
    })
    expect(ratingSummary(found.get(ben.profileId)).label).toBe('Rated 2.0 from 1 rating')
    expect(ratingSummary(found.get(nobody.profileId)).text).toBe('No ratings yet')
    expect(await ratingsOfInterpreters([])).toEqual(new Map())
  })

  it('lists low ratings in the quality queue, newest first, until staff mark them reviewed', async () => {
    const rate = async (day: string, stars: number, comment?: string) => {
      const booking = await completedBooking(ana, day)
      setClock(() => new Date(`${day}T20:00:00Z`))
      expect(await rateBooking(booking, { stars, comment }, requester)).toBe('rated')
      return booking
    }
    const older = await rate('2026-05-11', 1, 'Arrived an hour late.')
    await rate('2026-05-12', 3)
    const newer = await rate('2026-05-13', 2)
    await rate('2026-05-14', 5)

    const queue = await lowRatingQueue(1)
    expect(queue.total).toBe(2)
    expect(queue.rows.map((row) => row.bookingId)).toEqual([newer, older])
    expect(queue.rows[1]).toMatchObject({
      stars: 1,
      comment: 'Arrived an hour late.',
      organizationName: 'Valley Clinic',
      interpreterFirstName: 'Ana',
      ratedByName: 'rita',
    })

    expect(await markRatingReviewed(older, staff)).toBe(true)
    // Twice, or a rating that was never low, changes nothing.
    expect(await markRatingReviewed(older, staff)).toBe(false)
    const [good] = await test.db
      .select({ bookingId: bookingRatings.bookingId })
      .from(bookingRatings)
      .where(eq(bookingRatings.stars, 5))
    expect(await markRatingReviewed(good!.bookingId, staff)).toBe(false)
    expect((await lowRatingQueue(1)).rows.map((row) => row.bookingId)).toEqual([newer])
    expect(await markRatingReviewed(newer, staff)).toBe(true)
    expect(await lowRatingQueue(1)).toMatchObject({ total: 0, rows: [] })
    const reviews = await test.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'rating_reviewed'))
    expect(reviews.map((entry) => [entry.entityId, entry.actorId])).toEqual(
      expect.arrayContaining([
        [older, staff.id],
        [newer, staff.id],
      ]),
    )
    // A reviewed rating still counts in the interpreter's average.
    expect((await ratingsOfInterpreters([ana.profileId])).get(ana.profileId)!.count).toBe(4)
  })

  it('takes 1 to 5 stars and an optional comment of at most 2,000 characters', () => {
    expect(bookingRatingSchema.safeParse({ stars: '3' }).data).toEqual({ stars: 3 })
    for (const stars of [undefined, '', '0', '6', '2.5', 'five'])
      expect(bookingRatingSchema.safeParse({ stars }).error?.issues[0]?.message).toBe(
        'Please select an option.',
      )
    expect(bookingRatingSchema.safeParse({ stars: '4', comment: 'x'.repeat(2001) }).success).toBe(
      false,
    )
  })
})
