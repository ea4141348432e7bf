import { and, eq } from 'drizzle-orm'
import { bookingOffers, bookings, organizations, users } from '../../../db/schema'
import { newTimeDeclinedMail } from '../../emails/dispatch.server'
import { now } from '../../platform/clock.server'
import { enqueueMail, type OutgoingMail } from '../../platform/mail/outbox.server'
import { db, runtime } from '../../platform/runtime.server'
import { hashToken } from '../../platform/tokens.server'
import { recordAudit } from '../audit.server'
import { staffMail } from '../bookings.server'
import { findProfileOfUser } from '../interpreter-profiles.server'
import { interpreterToTell, releasedMail } from './booking-changes.server'
import { bookingSummary, lockedBooking } from './offers.server'

/**
 * The confirmed interpreter of a moved booking says they cannot make its new time
 * (docs/product.md#bookings): the booking is released from them and goes back to Requested
 * for staff to dispatch again. They get a calendar cancellation, staff are e-mailed, and the
 * client who made the booking is told a new interpreter is being found.
 */

export type DeclineNewTimeOutcome = 'declined' | 'closed'

async function declineNewTime(
  find: { tokenHash: string } | { offerId: string; interpreterId: string },
): Promise<DeclineNewTimeOutcome | undefined> {
  const where =
    'tokenHash' in find
      ? eq(bookingOffers.tokenHash, find.tokenHash)
      : and(eq(bookingOffers.id, find.offerId), eq(bookingOffers.interpreterId, find.interpreterId))
  return db().transaction(async (tx) => {
    const [found] = await tx
      .select({ bookingId: bookingOffers.bookingId })
      .from(bookingOffers)
      .where(where)
    if (!found) return undefined
    // The booking is locked first, as every change locks it, then the offer re-read.
    const booking = (await lockedBooking(found.bookingId, tx))!
    const [offer] = await tx.select().from(bookingOffers).where(where)
    const at = now()
    if (
      !offer ||
      offer.status !== 'reconfirm' ||
      offer.expiresAt <= at ||
      booking.status !== 'confirmed' ||
      booking.interpreterId !== offer.interpreterId ||
      booking.startsAt <= at
    )
      return 'closed'
    await tx
      .update(bookingOffers)
      .set({ status: 'declined', respondedAt: at })
      .where(eq(bookingOffers.id, offer.id))
    const [released] = await tx
      .update(bookings)
      .set({
        status: 'requested',
        interpreterId: null,
        confirmedAt: null,
        calendarSequence: booking.calendarSequence + 1,
        unfilledAlertAt: null,
        updatedAt: at,
      })
      .where(eq(bookings.id, booking.id))
      .returning()
    const interpreter = (await interpreterToTell(tx, offer.interpreterId))!
    const [organization] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, booking.organizationId))
    const mails: OutgoingMail[] = [
      releasedMail(released!, interpreter, 'released', 'client'),
      staffMail('released', released!, organization!.name),
    ]
    const [client] = booking.requestedById
      ? await tx
          .select({ name: users.name, email: users.email })
          .from(users)
          .where(and(eq(users.id, booking.requestedById), eq(users.active, true)))
      : []
    if (client) {
      const { config } = runtime()
      mails.push({
        template: 'booking-new-time-declined',
        to: client.email,
        replyTo: config.mailReplyTo,
        reference: `booking:${booking.id}`,
        ...newTimeDeclinedMail({
          clientName: client.name,
          interpreterFirstName: interpreter.firstName,
          summary: bookingSummary(released!, released!.timeZone),
          bookingUrl: `${config.siteUrl}/client/bookings/${booking.id}`,
          company: config.company,
        }),
      })
    }
    await enqueueMail(tx, mails)
    await recordAudit(
      { id: interpreter.userId, name: `${interpreter.firstName} ${interpreter.lastName}` },
      {
        action: 'decline_new_time',
        entityType: 'booking',
        entityId: booking.id,
        before: { status: booking.status, interpreterId: booking.interpreterId },
        after: { status: 'requested', interpreterId: null },
      },
      tx,
    )
    return 'declined'
  })
}

/** Declines the new time through the e-mail's link; undefined when no offer has this token. */
export function declineNewTimeByToken(token: string) {
  return declineNewTime({ tokenHash: hashToken(token) })
}

/** Declines the new time from the portal; undefined when the offer is not this interpreter's. */
export async function declineNewTimeAsInterpreter(userId: string, offerId: string) {
  const profile = await findProfileOfUser(userId)
  if (!profile) return undefined
  return declineNewTime({ offerId, interpreterId: profile.id })
}
