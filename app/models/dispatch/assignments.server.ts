import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import { bookingOffers, bookings, organizations } from '../../../db/schema'
import { now } from '../../platform/clock.server'
import { db } from '../../platform/runtime.server'
import { preparationFile, preparationFilesOf } from '../booking-files.server'
import { findProfileOfUser } from '../interpreter-profiles.server'
import { bookingCalendar } from './offers.server'

/**
 * The interpreter portal's Assignments (docs/product.md#assignments): the interpreter's open
 * offers, upcoming confirmed work and past work. Everything is found through the signed-in
 * account's own profile, so another interpreter's bookings are never reached.
 */

const PAST_LIMIT = 20

const assignmentColumns = {
  bookingId: bookings.id,
  language: bookings.language,
  modality: bookings.modality,
  setting: bookings.setting,
  startsAt: bookings.startsAt,
  durationMinutes: bookings.durationMinutes,
  location: bookings.location,
  contactName: bookings.contactName,
  contactPhone: bookings.contactPhone,
  notes: bookings.notes,
  status: bookings.status,
  organizationName: organizations.name,
}

export async function assignmentsOf(userId: string) {
  const profile = await findProfileOfUser(userId)
  if (!profile) return undefined
  const at = now()
  const endsAt = sql`${bookings.startsAt} + make_interval(mins => ${bookings.durationMinutes})`
  const [offers, upcoming, past] = await Promise.all([
    db()
      .select({
        offerId: bookingOffers.id,
        expiresAt: bookingOffers.expiresAt,
        bookingId: bookings.id,
        language: bookings.language,
        modality: bookings.modality,
        setting: bookings.setting,
        startsAt: bookings.startsAt,
        durationMinutes: bookings.durationMinutes,
        location: bookings.location,
        organizationName: organizations.name,
      })
      .from(bookingOffers)
      .innerJoin(bookings, eq(bookings.id, bookingOffers.bookingId))
      .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
      .where(
        and(
          eq(bookingOffers.interpreterId, profile.id),
          eq(bookingOffers.status, 'offered'),
          gt(bookingOffers.expiresAt, at),
          eq(bookings.status, 'offered'),
          gt(bookings.startsAt, at),
        ),
      )
      .orderBy(asc(bookings.startsAt)),
    db()
      .select({
        ...assignmentColumns,
        // The client moved it and the interpreter is asked to confirm the new time.
        newTimeOfferId: sql<
          string | null
        >`(select ${bookingOffers.id} from ${bookingOffers} where ${bookingOffers.bookingId} = ${bookings.id} and ${bookingOffers.interpreterId} = ${profile.id} and ${bookingOffers.status} = 'reconfirm')`,
      })
      .from(bookings)
      .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
      .where(
        and(
          eq(bookings.interpreterId, profile.id),
          eq(bookings.status, 'confirmed'),
          gt(endsAt, at),
        ),
      )
      .orderBy(asc(bookings.startsAt))
      .then(withPreparationFiles),
    db()
      .select(assignmentColumns)
      .from(bookings)
      .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
      .where(
        and(
          eq(bookings.interpreterId, profile.id),
          inArray(bookings.status, ['confirmed', 'completed']),
          lte(endsAt, at),
        ),
      )
      .orderBy(desc(bookings.startsAt))
      .limit(PAST_LIMIT),
  ])
  return { timeZone: profile.timeZone, offers, upcoming, past }
}

/** Upcoming assignments with their bookings' preparation files. */
async function withPreparationFiles<Row extends { bookingId: string }>(rows: Row[]) {
  const files = await preparationFilesOf(rows.map((row) => row.bookingId))
  return rows.map((row) => ({ ...row, files: files.get(row.bookingId) ?? [] }))
}

/**
 * The booking's confirmed interpreter: theirs while it is confirmed or completed. A move to a
 * time they cannot make releases them (`interpreter_id` cleared,
 * app/models/dispatch/booking-changes.server.ts) and a cancellation ends it, so from then on
 * their assignment's files are closed to them too.
 */
function assignedTo(profileId: string) {
  return and(
    eq(bookings.interpreterId, profileId),
    inArray(bookings.status, ['confirmed', 'completed']),
  )
}

/**
 * A preparation file of one of the interpreter's own assignments; undefined for anyone else
 * (another interpreter, one only offered it, one released from it), as for a missing file.
 */
export async function assignmentFileOf(userId: string, bookingId: string, fileId: string) {
  const profile = await findProfileOfUser(userId)
  if (!profile) return undefined
  return preparationFile(bookingId, fileId, assignedTo(profile.id))
}

/**
 * The calendar file of one of the interpreter's own confirmed (or completed) assignments;
 * `missing` when there is no such booking, `forbidden` when it is not theirs.
 */
export async function assignmentCalendarOf(
  userId: string,
  bookingId: string,
): Promise<{ ics: string } | 'missing' | 'forbidden'> {
  const [profile, [row]] = await Promise.all([
    findProfileOfUser(userId),
    db()
      .select({ booking: bookings, organizationName: organizations.name })
      .from(bookings)
      .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
      .where(eq(bookings.id, bookingId)),
  ])
  if (!row) return 'missing'
  const { booking } = row
  if (
    !profile ||
    booking.interpreterId !== profile.id ||
    !['confirmed', 'completed'].includes(booking.status)
  )
    return 'forbidden'
  const ics = bookingCalendar(
    booking,
    [
      `Client: ${row.organizationName}`,
      `Contact on the day: ${booking.contactName}, ${booking.contactPhone}`,
      booking.notes ? `Notes: ${booking.notes}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  )
  return { ics }
}
