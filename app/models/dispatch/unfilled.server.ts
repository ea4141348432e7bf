import { and, eq, inArray, isNull, lt } from 'drizzle-orm'
import { bookingOffers, bookings, organizations } from '../../../db/schema'
import { bookingUnfilledMail } from '../../emails/dispatch.server'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { runtime } from '../../platform/runtime.server'
import { UNFILLED_STATUSES, unfilledSoonCondition } from './bookings.server'
import { bookingSummary } from './offers.server'

/**
 * Tells staff, once, about each booking still without an interpreter 24 hours before its
 * start (2 hours for an urgent one). Run by the maintenance loop on every instance: the
 * conditional update of `unfilled_alert_at` and the e-mail share one transaction, so only
 * the instance whose update wins sends it.
 */
export async function runUnfilledAlerts(database: Database): Promise<number> {
  const at = now()
  const due = await database
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(unfilledSoonCondition(at), isNull(bookings.unfilledAlertAt)))
  let sent = 0
  for (const { id } of due) {
    const alerted = await database.transaction(async (tx) => {
      const [booking] = await tx
        .update(bookings)
        .set({ unfilledAlertAt: at })
        .where(
          and(
            eq(bookings.id, id),
            isNull(bookings.unfilledAlertAt),
            inArray(bookings.status, [...UNFILLED_STATUSES]),
          ),
        )
        .returning()
      if (!booking) return false
      const [organization] = await tx
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, booking.organizationId))
      const { config } = runtime()
      const mail = bookingUnfilledMail({
        summary: bookingSummary(booking, booking.timeZone),
        organizationName: organization?.name ?? 'a client',
        bookingUrl: `${config.siteUrl}/admin/bookings/${booking.id}`,
        company: config.company,
      })
      await enqueueMail(tx, [
        {
          template: 'booking-unfilled',
          to: config.staffNotifyEmail,
          reference: `booking:${booking.id}`,
          ...mail,
        },
      ])
      return true
    })
    if (alerted) sent += 1
  }
  return sent
}

/**
 * A booking whose start has passed without an interpreter is Unfilled: the client's timeline
 * ends there and its open offers are withdrawn. Safe on several instances (a conditional
 * update). Returns how many bookings it closed.
 */
export async function closeUnfilledBookings(database: Database): Promise<number> {
  const at = now()
  return database.transaction(async (tx) => {
    const closed = await tx
      .update(bookings)
      .set({ status: 'unfilled', updatedAt: at })
      .where(and(inArray(bookings.status, ['requested', 'offered']), lt(bookings.startsAt, at)))
      .returning({ id: bookings.id })
    if (closed.length > 0)
      await tx
        .update(bookingOffers)
        .set({ status: 'withdrawn', respondedAt: at })
        .where(
          and(
            inArray(
              bookingOffers.bookingId,
              closed.map((row) => row.id),
            ),
            eq(bookingOffers.status, 'offered'),
          ),
        )
    return closed.length
  })
}
