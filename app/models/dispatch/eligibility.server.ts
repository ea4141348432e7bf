import { and, eq, gte, inArray, isNotNull, lt, lte, ne, sql, type SQLWrapper } from 'drizzle-orm'
import {
  bookingOffers,
  bookings,
  interpreterApplications,
  interpreterAvailability,
  interpreterDocuments,
  interpreterProfiles,
  interpreterTimeOff,
  organizationInterpreters,
} from '../../../db/schema'
import { weekdayValues, type Weekday } from '../../domain/availability'
import {
  dispatchList,
  halfMonthOf,
  type DispatchBooking,
  type InterpreterForDispatch,
  type DispatchList,
} from '../../domain/dispatch'
import { addDays } from '../../domain/onboarding'
import { zipCodeIn, type LatLon } from '../../domain/travel'
import { zipCentroids, type ZipCentroids } from '../../lib/geo/zip-centroids.server'
import type { Database } from '../../platform/db.server'
import { db } from '../../platform/runtime.server'
import type { Booking } from '../bookings.server'

const DAY_MS = 24 * 60 * 60 * 1000

/** The weekday of a calendar date and the days either side of it. */
function nearbyWeekdays(date: string): Weekday[] {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay()
  // getUTCDay counts from Sunday; weekdayValues from Monday.
  const index = (day + 6) % 7
  return [-1, 0, 1].map((offset) => weekdayValues[(index + offset + 7) % 7]!)
}

/** The centroid of the ZIP code in an address or ZIP code field; null when none is known. */
function centroidOf(text: string | null, centroids: ZipCentroids): LatLon | null {
  const zip = zipCodeIn(text)
  return zip === null ? null : (centroids.get(zip) ?? null)
}

export function dispatchBookingOf(booking: Booking, centroids: ZipCentroids): DispatchBooking {
  return {
    language: booking.language,
    modality: booking.modality,
    requestedGender: booking.requestedGender,
    setting: booking.setting,
    startsAt: booking.startsAt,
    durationMinutes: booking.durationMinutes,
    localDate: booking.localDate,
    // The booking form asks for the full address of on-site work, ZIP code included.
    site: booking.modality === 'on_site' ? centroidOf(booking.location, centroids) : null,
  }
}

/**
 * The interpreters of the booking's language, each with what the rules of
 * app/domain/dispatch.ts need, read in a handful of set-based queries (no query per
 * interpreter): the list must stay fast with thousands of interpreters (docs/benchmarks.md).
 * Interpreters without the language are not listed at all, even as excluded: staff would
 * never offer them the booking.
 */
export async function interpretersForDispatch(
  booking: Booking,
  centroids: ZipCentroids,
  tx?: Database,
): Promise<InterpreterForDispatch[]> {
  const database = db(tx)
  // Approved languages are stored as the language list spells them, as bookings are.
  const speaksLanguage = sql`${interpreterProfiles.languages} @> array[${booking.language}]::text[]`
  // The other queries name these interpreters by this subquery, not by hundreds of ids.
  const ofLanguage = database
    .select({ id: interpreterProfiles.id })
    .from(interpreterProfiles)
    .where(speaksLanguage)
  const applicationsOfLanguage = database
    .select({ id: interpreterProfiles.applicationId })
    .from(interpreterProfiles)
    .where(speaksLanguage)
  const profiles = await database
    .select({
      id: interpreterProfiles.id,
      applicationId: interpreterProfiles.applicationId,
      firstName: interpreterProfiles.firstName,
      lastName: interpreterProfiles.lastName,
      timeZone: interpreterProfiles.timeZone,
      languages: interpreterProfiles.languages,
      modalities: interpreterProfiles.modalities,
      specializations: interpreterProfiles.specializations,
      zipCode: interpreterProfiles.zipCode,
      travelRadiusMiles: interpreterProfiles.travelRadiusMiles,
      gender: interpreterProfiles.gender,
      onboardingProgress: sql<number>`coalesce(${interpreterApplications.onboardingProgress}, 0)`,
    })
    .from(interpreterProfiles)
    .leftJoin(
      interpreterApplications,
      eq(interpreterApplications.id, interpreterProfiles.applicationId),
    )
    .where(speaksLanguage)
  if (profiles.length === 0) return []
  // Wide enough for any interpreter's zone and the longest booking with travel either side.
  const windowStart = new Date(booking.startsAt.getTime() - DAY_MS)
  const windowEnd = new Date(booking.startsAt.getTime() + DAY_MS)
  const halfMonth = halfMonthOf(booking.startsAt)
  // In a transaction the queries share one connection, so they go one after the other.
  const all = tx ? sequentially : <T extends readonly unknown[]>(work: T) => Promise.all(work)
  const [
    availability,
    timeOff,
    credentials,
    confirmed,
    completed,
    minutes,
    series,
    preferences,
    team,
  ] = await all([
    database
      .select({
        profileId: interpreterAvailability.profileId,
        day: interpreterAvailability.day,
        startsAt: interpreterAvailability.startsAt,
        endsAt: interpreterAvailability.endsAt,
      })
      .from(interpreterAvailability)
      .where(
        and(
          inArray(interpreterAvailability.profileId, ofLanguage),
          // In any interpreter's zone the booking falls on its own weekday or a neighbour.
          inArray(interpreterAvailability.day, nearbyWeekdays(booking.localDate)),
        ),
      ),
    database
      .select({
        profileId: interpreterTimeOff.profileId,
        startsOn: interpreterTimeOff.startsOn,
        endsOn: interpreterTimeOff.endsOn,
      })
      .from(interpreterTimeOff)
      .where(
        and(
          inArray(interpreterTimeOff.profileId, ofLanguage),
          lte(interpreterTimeOff.startsOn, addDays(booking.localDate, 2)),
          gte(interpreterTimeOff.endsOn, addDays(booking.localDate, -2)),
        ),
      ),
    acceptedMedicalCredentials(database, applicationsOfLanguage),
    database
      .select({
        interpreterId: bookings.interpreterId,
        startsAt: bookings.startsAt,
        durationMinutes: bookings.durationMinutes,
        modality: bookings.modality,
      })
      .from(bookings)
      .where(
        and(
          inArray(bookings.interpreterId, ofLanguage),
          eq(bookings.status, 'confirmed'),
          gte(bookings.startsAt, windowStart),
          lte(bookings.startsAt, windowEnd),
          ne(bookings.id, booking.id),
        ),
      ),
    database
      .select({ interpreterId: bookings.interpreterId, count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(
        and(
          inArray(bookings.interpreterId, ofLanguage),
          eq(bookings.organizationId, booking.organizationId),
          eq(bookings.status, 'completed'),
        ),
      )
      .groupBy(bookings.interpreterId),
    database
      .select({
        interpreterId: bookings.interpreterId,
        minutes: sql<number>`sum(${bookings.durationMinutes})::int`,
      })
      .from(bookings)
      .where(
        and(
          inArray(bookings.interpreterId, ofLanguage),
          inArray(bookings.status, ['confirmed', 'completed']),
          gte(bookings.startsAt, halfMonth.start),
          lt(bookings.startsAt, halfMonth.end),
        ),
      )
      .groupBy(bookings.interpreterId),
    // The interpreters of the series' other bookings (none for a booking on its own).
    database
      .selectDistinct({ interpreterId: bookings.interpreterId })
      .from(bookings)
      .where(
        and(
          eq(bookings.seriesId, booking.seriesId ?? sql`null`),
          inArray(bookings.status, ['confirmed', 'completed']),
          ne(bookings.id, booking.id),
        ),
      ),
    // The organization's preferred and blocked interpreters: a handful at most.
    database
      .select({
        interpreterId: organizationInterpreters.interpreterId,
        preference: organizationInterpreters.preference,
      })
      .from(organizationInterpreters)
      .where(eq(organizationInterpreters.organizationId, booking.organizationId)),
    teamInterpreters(database, booking),
  ])
  const grouped = <Row, Key>(rows: Row[], key: (row: Row) => Key) => {
    const map = new Map<Key, Row[]>()
    for (const row of rows) {
      const group = map.get(key(row))
      if (group) group.push(row)
      else map.set(key(row), [row])
    }
    return map
  }
  const availabilityBy = grouped(availability, (row) => row.profileId)
  const timeOffBy = grouped(timeOff, (row) => row.profileId)
  const credentialsBy = grouped(credentials, (row) => row.applicationId)
  const confirmedBy = grouped(confirmed, (row) => row.interpreterId)
  const completedBy = new Map(completed.map((row) => [row.interpreterId, Number(row.count)]))
  const minutesBy = new Map(minutes.map((row) => [row.interpreterId, Number(row.minutes)]))
  const seriesInterpreters = new Set(series.map((row) => row.interpreterId))
  const preferenceOf = new Map(preferences.map((row) => [row.interpreterId, row.preference]))
  const onTeam = new Set(team.map((row) => row.interpreterId))
  return profiles.map((profile) => ({
    id: profile.id,
    firstName: profile.firstName,
    lastName: profile.lastName,
    timeZone: profile.timeZone,
    languages: profile.languages,
    modalities: profile.modalities,
    specializations: profile.specializations,
    onboardingProgress: Number(profile.onboardingProgress),
    medicalCredentialExpiries: profile.applicationId
      ? (credentialsBy.get(profile.applicationId) ?? []).map((row) => row.expiresOn)
      : [],
    availability: (availabilityBy.get(profile.id) ?? []).map((row) => ({
      day: row.day,
      start: row.startsAt.slice(0, 5),
      end: row.endsAt.slice(0, 5),
    })),
    timeOff: (timeOffBy.get(profile.id) ?? []).map((row) => ({
      startsOn: row.startsOn,
      endsOn: row.endsOn,
    })),
    confirmed: (confirmedBy.get(profile.id) ?? []).map((row) => ({
      startsAt: row.startsAt,
      durationMinutes: row.durationMinutes,
      modality: row.modality,
    })),
    completedWithOrganization: completedBy.get(profile.id) ?? 0,
    minutesThisHalfMonth: minutesBy.get(profile.id) ?? 0,
    home: centroidOf(profile.zipCode, centroids),
    travelRadiusMiles: profile.travelRadiusMiles,
    preferredByClient: booking.preferredInterpreterId === profile.id,
    gender: profile.gender,
    servesSeries: seriesInterpreters.has(profile.id),
    organizationPreference: preferenceOf.get(profile.id) ?? null,
    onTeam: onTeam.has(profile.id),
  }))
}

/**
 * Who holds or is being asked to take the other seats of the booking's team (none for a
 * booking of one interpreter): the interpreter of each seat still open, and those with a
 * live offer of one.
 */
function teamInterpreters(database: Database, booking: Booking) {
  const otherSeats = and(
    eq(bookings.teamId, booking.teamId ?? sql`null`),
    ne(bookings.id, booking.id),
    ne(bookings.status, 'cancelled'),
  )
  return database
    .select({ interpreterId: sql<string>`${bookings.interpreterId}` })
    .from(bookings)
    .where(and(otherSeats, isNotNull(bookings.interpreterId)))
    .union(
      database
        .select({ interpreterId: bookingOffers.interpreterId })
        .from(bookingOffers)
        .innerJoin(bookings, eq(bookings.id, bookingOffers.bookingId))
        .where(and(otherSeats, inArray(bookingOffers.status, ['offered', 'reconfirm']))),
    )
}

/** The accepted medical credentials (their expiry dates) of the applications given. */
export function acceptedMedicalCredentials(
  database: Database,
  applicationIds: readonly string[] | SQLWrapper,
) {
  return database
    .select({
      applicationId: interpreterDocuments.applicationId,
      expiresOn: interpreterDocuments.expiresOn,
    })
    .from(interpreterDocuments)
    .where(
      and(
        inArray(interpreterDocuments.applicationId, applicationIds),
        eq(interpreterDocuments.step, 'medical_training'),
        eq(interpreterDocuments.status, 'accepted'),
      ),
    )
}

/** Awaits the queries one by one: Drizzle's builders run only when awaited, so they run in turn. */
async function sequentially<T extends readonly unknown[]>(
  work: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results: unknown[] = []
  for (const query of work) results.push(await query)
  return results as { -readonly [K in keyof T]: Awaited<T[K]> }
}

/** The booking's eligible interpreters, ranked, and the excluded ones with their reasons. */
export async function dispatchListFor(
  booking: Booking,
  tx?: Database,
): Promise<DispatchList<InterpreterForDispatch>> {
  const centroids = await zipCentroids()
  return dispatchList(
    dispatchBookingOf(booking, centroids),
    await interpretersForDispatch(booking, centroids, tx),
  )
}
