import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { callRatings, calls, interpreterProfiles, organizations, users } from '../../../db/schema'
import { LOW_RATING_MAX_STARS } from '../../domain/booking-ratings'
import type { CallRater } from '../../domain/calls'
import { PAGE_SIZE } from '../../lib/admin/list-filters'
import { now } from '../../platform/clock.server'
import { db } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'

/**
 * Ratings of ended calls (docs/product.md#call-ratings): the client's of the interpreter, the
 * interpreter's of the call's technical quality with an incident flag, and staff's review of
 * the low ones and the incidents.
 */

export type CallRating = typeof callRatings.$inferSelect

export interface NewCallRating {
  stars: number
  comment: string | null
  incident?: boolean
}

/**
 * Saves a party's rating of a call that connected and ended: 'rated', or 'rated-already' (one
 * each per call, whatever the race), or 'not-ended'.
 */
export async function rateCall(
  callId: string,
  rater: CallRater,
  rating: NewCallRating,
  ratedById: string,
): Promise<'rated' | 'rated-already' | 'not-ended'> {
  const [call] = await db()
    .select({ status: calls.status, connectedAt: calls.connectedAt })
    .from(calls)
    .where(eq(calls.id, callId))
  if (!call || call.status !== 'ended' || !call.connectedAt) return 'not-ended'
  const [saved] = await db()
    .insert(callRatings)
    .values({
      callId,
      rater,
      stars: rating.stars,
      comment: rating.comment,
      incident: rater === 'interpreter' && (rating.incident ?? false),
      ratedById,
      createdAt: now(),
    })
    .onConflictDoNothing()
    .returning({ callId: callRatings.callId })
  return saved ? 'rated' : 'rated-already'
}

/** A call's two ratings, as far as given. */
export async function ratingsOfCall(callId: string) {
  const rows = await db().select().from(callRatings).where(eq(callRatings.callId, callId))
  return {
    client: rows.find((row) => row.rater === 'client') ?? null,
    interpreter: rows.find((row) => row.rater === 'interpreter') ?? null,
  }
}

/** In staff's queue: an incident, or a client's low rating, not reviewed yet. */
const inQueue = and(
  isNull(callRatings.reviewedAt),
  or(
    eq(callRatings.incident, true),
    and(eq(callRatings.rater, 'client'), sql`${callRatings.stars} <= ${LOW_RATING_MAX_STARS}`),
  ),
)

const raters = alias(users, 'raters')

/** One page of the calls in the quality queue, newest first, and how many in all. */
export async function callQualityQueue(page: number) {
  const [rows, [counted]] = await Promise.all([
    db()
      .select({
        callId: callRatings.callId,
        rater: callRatings.rater,
        stars: callRatings.stars,
        comment: callRatings.comment,
        incident: callRatings.incident,
        createdAt: callRatings.createdAt,
        ratedByName: raters.name,
        organizationName: organizations.name,
        interpreterFirstName: interpreterProfiles.firstName,
        interpreterLastName: interpreterProfiles.lastName,
        language: calls.language,
        media: calls.media,
        startedAt: calls.startedAt,
        billableSeconds: calls.billableSeconds,
      })
      .from(callRatings)
      .innerJoin(calls, eq(calls.id, callRatings.callId))
      .innerJoin(organizations, eq(organizations.id, calls.organizationId))
      .leftJoin(interpreterProfiles, eq(interpreterProfiles.id, calls.interpreterId))
      .leftJoin(raters, eq(raters.id, callRatings.ratedById))
      .where(inQueue)
      .orderBy(desc(callRatings.createdAt), desc(callRatings.callId))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db().select({ total: count() }).from(callRatings).where(inQueue),
  ])
  return { rows, total: counted?.total ?? 0, pageSize: PAGE_SIZE }
}

/**
 * Staff mark a call's low rating or incident reviewed; false when it is not in the queue (no
 * such rating, or reviewed already, by someone else at the same time).
 */
export async function markCallRatingReviewed(
  callId: string,
  rater: CallRater,
  actor: Actor,
): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [reviewed] = await tx
      .update(callRatings)
      .set({ reviewedAt: now(), reviewedById: actor.id })
      .where(and(eq(callRatings.callId, callId), eq(callRatings.rater, rater), inQueue))
      .returning({ stars: callRatings.stars, incident: callRatings.incident })
    if (!reviewed) return false
    await recordAudit(
      actor,
      {
        action: 'call_rating_reviewed',
        entityType: 'call',
        entityId: callId,
        after: { rater, stars: reviewed.stars, incident: reviewed.incident },
      },
      tx,
    )
    return true
  })
}
