import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm'
import { bookings, closeouts, interpreterProfiles, organizations, users } from '../../../db/schema'
import { CLOSEOUT_DUE_HOURS, minutesBetween, type CloseoutOutcome } from '../../domain/billing'
import { bookedEndOf, closeoutDueAt } from '../../domain/closeouts'
import { now } from '../../platform/clock.server'
import { db } from '../../platform/runtime.server'
import { bookedEndSql, closableCondition, closeoutExpensesOf } from './closeouts.server'
import { priceAssignment } from './assignment-pricing.server'

/**
 * Staff's Closeouts screen (docs/product.md#closeouts-statements-and-invoices): what waits
 * for a decision, what is overdue, what went back to the interpreter; and one closeout with
 * the amounts its approval will post.
 */

/**
 * Each group is a working queue, not an archive: its first this many rows (deciding one
 * brings up the next) and how many the group holds in all.
 */
export const CLOSEOUT_GROUP_LIMIT = 25
const GROUP_LIMIT = CLOSEOUT_GROUP_LIMIT
/** The group's size, beside each of its first rows (the window runs before the limit). */
const groupTotal = sql<number>`count(*) over ()`.mapWith(Number)

const rowColumns = {
  bookingId: bookings.id,
  language: bookings.language,
  modality: bookings.modality,
  setting: bookings.setting,
  startsAt: bookings.startsAt,
  durationMinutes: bookings.durationMinutes,
  timeZone: bookings.timeZone,
  organizationName: organizations.name,
  interpreterFirstName: interpreterProfiles.firstName,
  interpreterLastName: interpreterProfiles.lastName,
}

function withDue<Row extends { startsAt: Date; durationMinutes: number }>(row: Row) {
  return { ...row, dueAt: closeoutDueAt(bookedEndOf(row)) }
}

export async function staffCloseoutGroups() {
  const at = now()
  const overdueEnd = new Date(at.getTime() - CLOSEOUT_DUE_HOURS * 60 * 60 * 1000)
  const [waiting, overdue, returned] = await Promise.all([
    db()
      .select({ ...rowColumns, submittedAt: closeouts.submittedAt, total: groupTotal })
      .from(closeouts)
      .innerJoin(bookings, eq(bookings.id, closeouts.bookingId))
      .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
      .innerJoin(interpreterProfiles, eq(interpreterProfiles.id, closeouts.interpreterId))
      .where(eq(closeouts.status, 'submitted'))
      .orderBy(asc(closeouts.submittedAt))
      .limit(GROUP_LIMIT),
    db()
      .select({ ...rowColumns, total: groupTotal })
      .from(bookings)
      .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
      .innerJoin(interpreterProfiles, eq(interpreterProfiles.id, bookings.interpreterId))
      .leftJoin(closeouts, eq(closeouts.bookingId, bookings.id))
      .where(
        and(
          closableCondition(overdueEnd),
          isNull(closeouts.bookingId),
          lte(bookedEndSql, overdueEnd),
        ),
      )
      .orderBy(asc(bookings.startsAt))
      .limit(GROUP_LIMIT),
    db()
      .select({
        ...rowColumns,
        returnReason: closeouts.returnReason,
        reviewedAt: closeouts.reviewedAt,
        total: groupTotal,
      })
      .from(closeouts)
      .innerJoin(bookings, eq(bookings.id, closeouts.bookingId))
      .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
      .innerJoin(interpreterProfiles, eq(interpreterProfiles.id, closeouts.interpreterId))
      .where(eq(closeouts.status, 'returned'))
      .orderBy(desc(closeouts.reviewedAt))
      .limit(GROUP_LIMIT),
  ])
  const group = <Row extends { startsAt: Date; durationMinutes: number; total: number }>(
    rows: Row[],
  ) => ({ rows: rows.map(withDue), total: rows[0]?.total ?? 0 })
  return { waiting: group(waiting), overdue: group(overdue), returned: group(returned) }
}

/** One closeout for staff, with the amounts approving it will post (at the rate in force). */
export async function staffCloseout(bookingId: string) {
  const [row] = await db()
    .select({
      booking: bookings,
      closeout: closeouts,
      organizationName: organizations.name,
      interpreterFirstName: interpreterProfiles.firstName,
      interpreterLastName: interpreterProfiles.lastName,
      reviewerName: users.name,
    })
    .from(closeouts)
    .innerJoin(bookings, eq(bookings.id, closeouts.bookingId))
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .innerJoin(interpreterProfiles, eq(interpreterProfiles.id, closeouts.interpreterId))
    .leftJoin(users, eq(users.id, closeouts.reviewedById))
    .where(eq(closeouts.bookingId, bookingId))
  if (!row) return undefined
  const expenses = await closeoutExpensesOf(bookingId)
  const price = await priceAssignment(db(), {
    booking: row.booking,
    interpreterId: row.closeout.interpreterId,
    outcome: row.closeout.outcome as CloseoutOutcome,
    actualMinutes: minutesBetween(row.closeout.actualStart, row.closeout.actualEnd),
    mileageTenths: row.closeout.mileageTenths,
    travelMinutes: row.closeout.travelMinutes,
    expenseCents: expenses.map((expense) => expense.amountCents),
  })
  return { ...row, expenses, price }
}
