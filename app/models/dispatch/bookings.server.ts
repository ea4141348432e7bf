import { and, asc, eq, gt, gte, inArray, lt, not, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  bookingOffers,
  bookings,
  interpreterProfiles,
  organizations,
  users,
} from '../../../db/schema'
import {
  UNFILLED_ALERT_HOURS,
  URGENT_UNFILLED_ALERT_HOURS,
  zonedTimeToUtc,
  type BookingStatus,
} from '../../domain/bookings'
import { PAGE_SIZE } from '../../lib/admin/list-filters'
import { now } from '../../platform/clock.server'
import { preparationFile, preparationFilesOf } from '../booking-files.server'
import { seriesPlaceOf, teamOf } from '../bookings.server'
import { countsByStatus } from '../status-counts.server'
import { db } from '../../platform/runtime.server'
import { officeTimeZone } from '../../domain/office'

/** The staff Bookings screen's queries (docs/product.md#bookings). */

export interface BookingFilters {
  status: BookingStatus | 'all'
  /** `YYYY-MM-DD`, both days included, in the office's time zone; '' for none. */
  from: string
  to: string
  page: number
}

const interpreter = alias(interpreterProfiles, 'interpreter')
/** The staff member who entered a booking for the client. */
const enteredBy = alias(users, 'entered_by')

/** The statuses that still need an interpreter. */
export const UNFILLED_STATUSES = ['requested', 'offered', 'unfilled'] as const

function filterConditions(filters: BookingFilters): SQL | undefined {
  const conditions: SQL[] = []
  if (filters.status !== 'all') conditions.push(eq(bookings.status, filters.status))
  if (filters.from)
    conditions.push(gte(bookings.startsAt, zonedTimeToUtc(filters.from, '00:00', officeTimeZone())))
  if (filters.to) {
    const next = new Date(`${filters.to}T00:00:00Z`)
    next.setUTCDate(next.getUTCDate() + 1)
    conditions.push(
      lt(
        bookings.startsAt,
        zonedTimeToUtc(next.toISOString().slice(0, 10), '00:00', officeTimeZone()),
      ),
    )
  }
  return conditions.length > 0 ? and(...conditions) : undefined
}

/** What the staff list and the dispatch board show of a booking, besides its client and interpreter. */
export const bookingListColumns = {
  id: bookings.id,
  language: bookings.language,
  modality: bookings.modality,
  setting: bookings.setting,
  startsAt: bookings.startsAt,
  timeZone: bookings.timeZone,
  durationMinutes: bookings.durationMinutes,
  status: bookings.status,
  urgent: bookings.urgent,
}

/** The staff list's rows matching `where`, soonest first (the start's index gives the order). */
function bookingListRows(where: SQL | undefined) {
  return db()
    .select({
      ...bookingListColumns,
      organizationName: organizations.name,
      interpreterFirstName: interpreter.firstName,
      interpreterLastName: interpreter.lastName,
    })
    .from(bookings)
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .leftJoin(interpreter, eq(interpreter.id, bookings.interpreterId))
    .where(where)
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
}

/**
 * Every booking, a page at a time: first those at risk (still unfilled close to their start,
 * the screen's alert), so staff reach them first, then the others soonest first. The bookings
 * at risk are few (they start within a day), so they are read whole and the page is cut from
 * them and the rest, each read in the order of the start's index; one query sorting every
 * booking by risk would read the whole table on every page.
 */
export async function listBookings(filters: BookingFilters) {
  const where = filterConditions(filters)
  const atRiskNow = unfilledSoonCondition(now())
  const offset = (filters.page - 1) * PAGE_SIZE
  const [atRisk, total] = await Promise.all([
    bookingListRows(and(where, atRiskNow)),
    countBookings(filters, where),
  ])
  const first = atRisk.slice(offset, offset + PAGE_SIZE)
  const rest =
    first.length < PAGE_SIZE
      ? await bookingListRows(and(where, not(atRiskNow)))
          .limit(PAGE_SIZE - first.length)
          .offset(Math.max(0, offset - atRisk.length))
      : []
  return { items: [...first, ...rest], total, pageSize: PAGE_SIZE }
}

/**
 * Without a date range the total comes from the counts per status the triggers keep
 * (app/models/status-counts.server.ts); a date range is counted in the table.
 */
async function countBookings(filters: BookingFilters, where: SQL | undefined) {
  if (!filters.from && !filters.to) {
    const byStatus = await countsByStatus('bookings')
    if (filters.status !== 'all') return byStatus.get(filters.status) ?? 0
    return [...byStatus.values()].reduce((sum, count) => sum + count, 0)
  }
  const [row] = await db()
    .select({ total: sql<number>`count(*)::int` })
    .from(bookings)
    .where(where)
  return Number(row?.total ?? 0)
}

/**
 * One booking with its organization, requester, who entered it (staff, for the client),
 * interpreter, offers and preparation files; undefined when missing.
 */
export async function bookingForStaff(bookingId: string) {
  const [row] = await db()
    .select({
      booking: bookings,
      organizationName: organizations.name,
      requesterName: users.name,
      requesterEmail: users.email,
      enteredByName: enteredBy.name,
      interpreterFirstName: interpreter.firstName,
      interpreterLastName: interpreter.lastName,
    })
    .from(bookings)
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .leftJoin(users, eq(users.id, bookings.requestedById))
    .leftJoin(enteredBy, eq(enteredBy.id, bookings.enteredById))
    .leftJoin(interpreter, eq(interpreter.id, bookings.interpreterId))
    .where(eq(bookings.id, bookingId))
  if (!row) return undefined
  const offers = await db()
    .select({
      id: bookingOffers.id,
      interpreterId: bookingOffers.interpreterId,
      status: bookingOffers.status,
      offeredAt: bookingOffers.offeredAt,
      respondedAt: bookingOffers.respondedAt,
      expiresAt: bookingOffers.expiresAt,
      assignedDirectly: bookingOffers.assignedDirectly,
      overrideReason: bookingOffers.overrideReason,
      firstName: interpreterProfiles.firstName,
      lastName: interpreterProfiles.lastName,
    })
    .from(bookingOffers)
    .innerJoin(interpreterProfiles, eq(interpreterProfiles.id, bookingOffers.interpreterId))
    .where(eq(bookingOffers.bookingId, bookingId))
    .orderBy(asc(bookingOffers.offeredAt), asc(interpreterProfiles.lastName))
  const files = (await preparationFilesOf([bookingId])).get(bookingId) ?? []
  const [series, team] = await Promise.all([seriesPlaceOf(row.booking), teamOf(row.booking)])
  return { ...row, offers, files, series, team }
}

/** A preparation file of a booking, for staff: any booking's, through that booking only. */
export function staffBookingFile(bookingId: string, fileId: string) {
  return preparationFile(bookingId, fileId)
}

/**
 * The condition of a booking that needs staff's attention now: no interpreter yet, and its
 * start within 24 hours (2 hours for an urgent booking), not yet past.
 */
export function unfilledSoonCondition(at: Date): SQL {
  const hours = (count: number) => new Date(at.getTime() + count * 60 * 60 * 1000)
  return and(
    inArray(bookings.status, [...UNFILLED_STATUSES]),
    gt(bookings.startsAt, at),
    or(
      and(eq(bookings.urgent, false), lt(bookings.startsAt, hours(UNFILLED_ALERT_HOURS))),
      and(eq(bookings.urgent, true), lt(bookings.startsAt, hours(URGENT_UNFILLED_ALERT_HOURS))),
    ),
  )!
}

/** The bookings still unfilled close to their start, soonest first (the screen's alert). */
export async function unfilledSoon() {
  return bookingListRows(unfilledSoonCondition(now())).limit(50)
}
