import { and, eq, inArray, isNull, lt } from 'drizzle-orm'
import { bookingOffers, bookings, organizations, users } from '../../../db/schema'
import { bookingNotYetFilledMail, bookingUnfilledMail } from '../../emails/dispatch.server'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { enqueueMail, type OutgoingMail } from '../../platform/mail/outbox.server'
import { runtime } from '../../platform/runtime.server'
import { UNFILLED_STATUSES, unfilledSoonCondition } from './bookings.server'
import { bookingSummary } from './offers.server'

/**
 * Tells staff, once, about each booking still without an interpreter 24 hours before its
 * start (2 hours for an urgent one), and the client who made it that it is not yet filled and
 * what happens next. Run by the maintenance loop on every instance: the conditional update of
 * `unfilled_alert_at` and both e-mails share one transaction, so only the instance whose
 * update wins sends them.
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
      const summary = bookingSummary(booking, booking.timeZone)
      const mails: OutgoingMail[] = [
        {
          template: 'booking-unfilled',
          to: config.staffNotifyEmail,
          reference: `booking:${booking.id}`,
          ...bookingUnfilledMail({
            summary,
            organizationName: organization?.name ?? 'a client',
            bookingUrl: `${config.siteUrl}/admin/bookings/${booking.id}`,
            company: config.company,
          }),
        },
      ]
      // A transactional notice about their own booking: no unsubscribe applies. Nobody is
      // told when the account that booked is gone or deactivated.
      const [requester] = booking.requestedById
        ? await tx
            .select({ name: users.name, email: users.email })
            .from(users)
            .where(and(eq(users.id, booking.requestedById), eq(users.active, true)))
        : []
      if (requester)
        mails.push({
          template: 'booking-unfilled-client',
          to: requester.email,
          replyTo: config.mailReplyTo,
          reference: `booking:${booking.id}`,
          ...bookingNotYetFilledMail({
            clientName: requester.name,
            summary,
            bookingUrl: `${config.siteUrl}/client/bookings/${booking.id}`,
            company: config.company,
          }),
        })
      await enqueueMail(tx, mails)
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
