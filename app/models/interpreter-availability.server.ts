import { and, asc, eq, gte, lte } from 'drizzle-orm'
import { interpreterAvailability, interpreterProfiles, interpreterTimeOff } from '../../db/schema'
import {
  sortRanges,
  todayIn,
  type AvailabilityRange,
  type DateRange,
  type TimeOff,
} from '../domain/availability'
import type { Database } from '../platform/db.server'
import { now } from '../platform/clock.server'
import { db } from '../platform/runtime.server'

/**
 * An interpreter's weekly availability and time off (docs/product.md#profile). Every change
 * is made by the interpreter themself, found by their account, so another's records are
 * never reached.
 */

/** The profile of the account, locked for the rest of the transaction. */
async function lockedProfile(userId: string, tx: Database) {
  const [profile] = await tx
    .select({ id: interpreterProfiles.id, timeZone: interpreterProfiles.timeZone })
    .from(interpreterProfiles)
    .where(eq(interpreterProfiles.userId, userId))
    .for('update')
  return profile
}

export async function availabilityOf(profileId: string): Promise<AvailabilityRange[]> {
  const rows = await db()
    .select()
    .from(interpreterAvailability)
    .where(eq(interpreterAvailability.profileId, profileId))
  return sortRanges(
    rows.map((row) => ({
      day: row.day,
      // The database answers 08:00:00; the form and the page use 08:00.
      start: row.startsAt.slice(0, 5),
      end: row.endsAt.slice(0, 5),
    })),
  )
}

/** Replaces the week. False when the account has no profile. */
export async function saveAvailability(
  userId: string,
  ranges: readonly AvailabilityRange[],
): Promise<boolean> {
  return db().transaction(async (tx) => {
    const profile = await lockedProfile(userId, tx)
    if (!profile) return false
    await tx
      .delete(interpreterAvailability)
      .where(eq(interpreterAvailability.profileId, profile.id))
    if (ranges.length > 0)
      await tx.insert(interpreterAvailability).values(
        ranges.map((range) => ({
          profileId: profile.id,
          day: range.day,
          startsAt: range.start,
          endsAt: range.end,
        })),
      )
    await tx
      .update(interpreterProfiles)
      .set({ updatedAt: now() })
      .where(eq(interpreterProfiles.id, profile.id))
    return true
  })
}

export async function timeOffOf(profileId: string): Promise<TimeOff[]> {
  return db()
    .select({
      id: interpreterTimeOff.id,
      startsOn: interpreterTimeOff.startsOn,
      endsOn: interpreterTimeOff.endsOn,
    })
    .from(interpreterTimeOff)
    .where(eq(interpreterTimeOff.profileId, profileId))
    .orderBy(asc(interpreterTimeOff.startsOn))
}

export type AddTimeOffOutcome =
  | { outcome: 'added'; id: string }
  | { outcome: 'no-profile' }
  | { outcome: 'past' }
  | { outcome: 'overlaps'; existing: DateRange }

/**
 * Adds a period away. It may not end before today (in the interpreter's time zone) nor
 * share a day with another period: the profile row is locked, so two adds at once cannot
 * both pass the check.
 */
export async function addTimeOff(userId: string, range: DateRange): Promise<AddTimeOffOutcome> {
  return db().transaction(async (tx) => {
    const profile = await lockedProfile(userId, tx)
    if (!profile) return { outcome: 'no-profile' }
    if (range.endsOn < todayIn(profile.timeZone, now())) return { outcome: 'past' }
    const [existing] = await tx
      .select({ startsOn: interpreterTimeOff.startsOn, endsOn: interpreterTimeOff.endsOn })
      .from(interpreterTimeOff)
      .where(
        and(
          eq(interpreterTimeOff.profileId, profile.id),
          lte(interpreterTimeOff.startsOn, range.endsOn),
          gte(interpreterTimeOff.endsOn, range.startsOn),
        ),
      )
      .orderBy(asc(interpreterTimeOff.startsOn))
      .limit(1)
    if (existing) return { outcome: 'overlaps', existing }
    const [added] = await tx
      .insert(interpreterTimeOff)
      .values({ profileId: profile.id, startsOn: range.startsOn, endsOn: range.endsOn })
      .returning({ id: interpreterTimeOff.id })
    return { outcome: 'added', id: added!.id }
  })
}

/** Removes one of the interpreter's own periods; false when it is not theirs (or gone). */
export async function removeTimeOff(userId: string, timeOffId: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    const profile = await lockedProfile(userId, tx)
    if (!profile) return false
    const removed = await tx
      .delete(interpreterTimeOff)
      .where(
        and(eq(interpreterTimeOff.id, timeOffId), eq(interpreterTimeOff.profileId, profile.id)),
      )
      .returning({ id: interpreterTimeOff.id })
    return removed.length > 0
  })
}
