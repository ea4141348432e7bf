import { and, avg, count, desc, eq, inArray, isNull, lte } from 'drizzle-orm'
import {
  bookingRatings,
  bookings,
  interpreterProfiles,
  organizations,
  users,
} from '../../db/schema'
import { LOW_RATING_MAX_STARS } from '../domain/booking-ratings'
import { PAGE_SIZE } from '../lib/admin/list-filters'
import { now } from '../platform/clock.server'
import { db } from '../platform/runtime.server'
import { recordAudit, type Actor } from './audit.server'
import { lockVisibleBooking, type ClientActor } from './bookings.server'

/**
 * Clients' ratings of completed assignments (docs/product.md#client-portal) and staff's
 * quality queue of the low ones (docs/product.md#quality).
 */

export type BookingRating = typeof bookingRatings.$inferSelect

/**
 * 'missing': not a booking this client user may see (404); 'not-completed': the booking is
 * not Completed, so there is no assignment to rate yet (400); 'rated-already': someone of the
 * organization rated it first (409).
 */
export type RatingOutcome = 'rated' | 'missing' | 'not-completed' | 'rated-already'

/**
 * Records the rating of a completed booking, once. Whoever may see the booking may rate it:
 * the requester who made it, or a manager of the organization (the portal's visibility rule,
 * `lockVisibleBooking`): both saw the work done. The primary key makes it once per booking
 * even when two people send at the same moment.
 */
export async function rateBooking(
  bookingId: string,
  input: { stars: number; comment?: string },
  who: ClientActor,
): Promise<RatingOutcome> {
  return db().transaction(async (tx) => {
    const booking = await lockVisibleBooking(tx, bookingId, who)
    if (!booking) return 'missing'
    if (booking.status !== 'completed' || !booking.interpreterId) return 'not-completed'
    const [rating] = await tx
      .insert(bookingRatings)
      .values({
        bookingId,
        interpreterId: booking.interpreterId,
        stars: input.stars,
        comment: input.comment || null,
        ratedById: who.actor.id,
        createdAt: now(),
      })
      .onConflictDoNothing()
      .returning({ bookingId: bookingRatings.bookingId })
    if (!rating) return 'rated-already'
    await recordAudit(
      who.actor,
      {
        action: 'booking_rated',
        entityType: 'booking',
        entityId: bookingId,
        after: { stars: input.stars, comment: Boolean(input.comment) },
      },
      tx,
    )
    return 'rated'
  })
}

/** A booking's rating and who gave it; the caller has checked the booking may be seen. */
export async function ratingOfBooking(bookingId: string) {
  const [row] = await db()
    .select({
      stars: bookingRatings.stars,
      comment: bookingRatings.comment,
      createdAt: bookingRatings.createdAt,
      ratedByName: users.name,
    })
    .from(bookingRatings)
    .leftJoin(users, eq(users.id, bookingRatings.ratedById))
    .where(eq(bookingRatings.bookingId, bookingId))
  return row
}

export interface InterpreterRatings {
  average: number
  count: number
}

/**
 * The average and number of ratings of each of these interpreters, in one grouped query (the
 * eligible list may hold hundreds); interpreters never rated are absent from the map.
 */
export async function ratingsOfInterpreters(
  interpreterIds: string[],
): Promise<Map<string, InterpreterRatings>> {
  if (interpreterIds.length === 0) return new Map()
  const rows = await db()
    .select({
      interpreterId: bookingRatings.interpreterId,
      average: avg(bookingRatings.stars),
      count: count(),
    })
    .from(bookingRatings)
    .where(inArray(bookingRatings.interpreterId, interpreterIds))
    .groupBy(bookingRatings.interpreterId)
  return new Map(
    rows.map((row) => [row.interpreterId, { average: Number(row.average), count: row.count }]),
  )
}

// The queue's rows: low, not yet reviewed. The partial index of db/schema/booking-ratings.ts
// holds exactly these, so the page and its count read only them (a short list by nature:
// staff empty it), not every rating.
const inQueue = and(
  lte(bookingRatings.stars, LOW_RATING_MAX_STARS),
  isNull(bookingRatings.reviewedAt),
)

/** One page of the quality queue, newest first, with what a row shows, and how many in all. */
export async function lowRatingQueue(page: number) {
  const [rows, [counted]] = await Promise.all([
    db()
      .select({
        bookingId: bookingRatings.bookingId,
        stars: bookingRatings.stars,
        comment: bookingRatings.comment,
        createdAt: bookingRatings.createdAt,
        ratedByName: users.name,
        organizationName: organizations.name,
        interpreterFirstName: interpreterProfiles.firstName,
        interpreterLastName: interpreterProfiles.lastName,
        language: bookings.language,
        modality: bookings.modality,
        setting: bookings.setting,
        startsAt: bookings.startsAt,
        timeZone: bookings.timeZone,
      })
      .from(bookingRatings)
      .innerJoin(bookings, eq(bookings.id, bookingRatings.bookingId))
      .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
      .innerJoin(interpreterProfiles, eq(interpreterProfiles.id, bookingRatings.interpreterId))
      .leftJoin(users, eq(users.id, bookingRatings.ratedById))
      .where(inQueue)
      .orderBy(desc(bookingRatings.createdAt), desc(bookingRatings.bookingId))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db().select({ total: count() }).from(bookingRatings).where(inQueue),
  ])
  return { rows, total: counted?.total ?? 0, pageSize: PAGE_SIZE }
}

/**
 * Staff mark a low rating reviewed, which takes it out of the queue; false when it is not in
 * the queue (no such rating, not low, or reviewed already, by someone else at the same time).
 */
export async function markRatingReviewed(bookingId: string, actor: Actor): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [reviewed] = await tx
      .update(bookingRatings)
      .set({ reviewedAt: now(), reviewedById: actor.id })
      .where(and(eq(bookingRatings.bookingId, bookingId), inQueue))
      .returning({ stars: bookingRatings.stars })
    if (!reviewed) return false
    await recordAudit(
      actor,
      {
        action: 'rating_reviewed',
        entityType: 'booking',
        entityId: bookingId,
        after: { stars: reviewed.stars },
      },
      tx,
    )
    return true
  })
}
