import { and, eq, inArray, ne } from 'drizzle-orm'
import {
  isLateCancellation,
  isUrgent,
  OFFER_LINK_HOURS,
  zonedTimeToUtc,
} from '../../domain/bookings'
import { formatInZone } from '../../domain/format'
import { assignmentChangedMail, assignmentNewTimeMail } from '../../emails/dispatch.server'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { bookingOffers, bookings, type MailAttachment } from '../../../db/schema'
import { enqueueMail, type OutgoingMail } from '../../platform/mail/outbox.server'
import { db, runtime } from '../../platform/runtime.server'
import { hashToken, randomToken } from '../../platform/tokens.server'
import { recordAudit } from '../audit.server'
import {
  BookingRuleError,
  CLIENT_OPEN_STATUSES,
  lockVisibleBooking,
  staffMail,
  type Booking,
  type BookingWhen,
  type ClientActor,
} from '../bookings.server'
import { dispatchListFor } from './eligibility.server'
import { bookingCalendar, bookingSummary, interpretersToTell } from './offers.server'

/**
 * The client's cancellation or new time, and what it means for the interpreter
 * (docs/product.md#bookings): every change raises the booking's calendar sequence, so the
 * file the interpreter gets (a cancellation, or the event at its new time) replaces the one
 * their calendar holds. Every time in the interpreter's e-mails is in their own time zone,
 * as in the offer they accepted.
 */

const isClientOpen = (status: string) =>
  (CLIENT_OPEN_STATUSES as readonly string[]).includes(status)

async function interpreterToTell(tx: Database, interpreterId: string) {
  const [interpreter] = await interpretersToTell(tx, [interpreterId])
  return interpreter
}

type Interpreter = NonNullable<Awaited<ReturnType<typeof interpreterToTell>>>

/** The booking's event for the interpreter's calendar: moved (REQUEST) or taken out (CANCEL). */
function calendarAttachment(
  booking: Booking,
  interpreter: Interpreter,
  method: 'REQUEST' | 'CANCEL',
): MailAttachment {
  const { config } = runtime()
  return {
    filename: 'booking.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: bookingCalendar(
      booking,
      `Contact on the day: ${booking.contactName}, ${booking.contactPhone}`,
      { method, organizer: config.mailReplyTo, attendee: interpreter.email },
    ),
  }
}

/**
 * The confirmed interpreter no longer has the assignment: `booking` is the time they had,
 * with the raised sequence, so the cancellation removes that event.
 */
function releasedMail(
  booking: Booking,
  interpreter: Interpreter,
  change: 'cancelled' | 'rescheduled',
): OutgoingMail {
  const { config } = runtime()
  return {
    template: `assignment-${change}`,
    to: interpreter.email,
    replyTo: config.mailReplyTo,
    reference: `booking:${booking.id}`,
    ...assignmentChangedMail({
      firstName: interpreter.firstName,
      change,
      summary: bookingSummary(booking, interpreter.timeZone),
      company: config.company,
    }),
    attachments: [calendarAttachment(booking, interpreter, 'CANCEL')],
  }
}

/**
 * Offers no longer meant: every offer of the booking but the `kept` interpreter's. Answered
 * ones too when the time moved, since they answered for the old time.
 */
async function withdrawOffers(tx: Database, bookingId: string, kept?: string) {
  await tx
    .update(bookingOffers)
    .set({ status: 'withdrawn', respondedAt: now() })
    .where(
      and(
        eq(bookingOffers.bookingId, bookingId),
        ne(bookingOffers.status, 'withdrawn'),
        kept ? ne(bookingOffers.interpreterId, kept) : undefined,
      ),
    )
}

/**
 * The client cancels a booking that is still open. Inside 24 hours of the start it is a late
 * cancellation (the policy the page showed applies and is recorded). Open offers are
 * withdrawn; the confirmed interpreter gets a calendar cancellation. Undefined when the
 * booking is not the client's to see.
 */
export async function cancelBooking(
  id: string,
  who: ClientActor,
): Promise<{ late: boolean } | undefined> {
  return db().transaction(async (tx) => {
    const booking = await lockVisibleBooking(tx, id, who)
    if (!booking) return undefined
    if (!isClientOpen(booking.status))
      throw new BookingRuleError('This booking can no longer be cancelled.')
    const late = isLateCancellation(booking.startsAt, now())
    const [cancelled] = await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledAt: now(),
        lateCancellation: late,
        calendarSequence: booking.calendarSequence + 1,
        updatedAt: now(),
      })
      .where(eq(bookings.id, id))
      .returning()
    await tx
      .update(bookingOffers)
      .set({ status: 'withdrawn', respondedAt: now() })
      .where(
        and(
          eq(bookingOffers.bookingId, id),
          inArray(bookingOffers.status, ['offered', 'reconfirm']),
        ),
      )
    const interpreter =
      booking.interpreterId && (await interpreterToTell(tx, booking.interpreterId))
    const mails = [staffMail('cancelled', cancelled!, who.client.organizationName)]
    if (interpreter) mails.push(releasedMail(cancelled!, interpreter, 'cancelled'))
    await enqueueMail(tx, mails)
    await recordAudit(
      who.actor,
      { action: 'cancel', entityType: 'booking', entityId: id, after: { late } },
      tx,
    )
    return { late }
  })
}

/**
 * The confirmed interpreter keeps the moved booking and is asked to confirm the new time:
 * their offer row takes a new single-use link (status `reconfirm`), accepted as any offer
 * is (app/models/dispatch/offers.server.ts), and the e-mail carries the moved event.
 */
async function askToConfirmNewTime(
  tx: Database,
  previous: Booking,
  moved: Booking,
  interpreter: Interpreter,
): Promise<OutgoingMail> {
  const { config } = runtime()
  const token = randomToken()
  const at = now()
  const expiresAt = new Date(
    Math.min(at.getTime() + OFFER_LINK_HOURS * 60 * 60 * 1000, moved.startsAt.getTime()),
  )
  const reconfirm = {
    status: 'reconfirm' as const,
    tokenHash: hashToken(token),
    expiresAt,
    offeredAt: at,
    respondedAt: null,
  }
  // A booking confirmed without an offer (staff's own rows) gets one here.
  const [offer] = await tx
    .insert(bookingOffers)
    .values({ bookingId: moved.id, interpreterId: interpreter.id, ...reconfirm })
    .onConflictDoUpdate({
      target: [bookingOffers.bookingId, bookingOffers.interpreterId],
      set: reconfirm,
    })
    .returning({ id: bookingOffers.id })
  return {
    template: 'assignment-new-time',
    to: interpreter.email,
    replyTo: config.mailReplyTo,
    reference: `booking_offer:${offer!.id}`,
    ...assignmentNewTimeMail({
      firstName: interpreter.firstName,
      summary: bookingSummary(moved, interpreter.timeZone),
      previousWhen: formatInZone(previous.startsAt, interpreter.timeZone),
      confirmUrl: `${config.siteUrl}/offers/accept?token=${encodeURIComponent(token)}`,
      assignmentsUrl: `${config.siteUrl}/interpreter/assignments`,
      validUntil: formatInZone(expiresAt, interpreter.timeZone),
      company: config.company,
    }),
    attachments: [calendarAttachment(moved, interpreter, 'REQUEST')],
  }
}

/**
 * The client moves a booking to another time. A confirmed interpreter whom the dispatch rules
 * still allow at the new time (app/domain/dispatch.ts: credentials, availability, time off,
 * other assignments) keeps it and is asked to confirm the new time; otherwise they are
 * released with a calendar cancellation and the booking goes back to "Requested" for staff
 * to dispatch again. Every other offer is withdrawn: it was for the old time.
 */
export async function rescheduleBooking(
  id: string,
  when: BookingWhen,
  who: ClientActor,
): Promise<Booking | undefined> {
  return db().transaction(async (tx) => {
    const booking = await lockVisibleBooking(tx, id, who)
    if (!booking) return undefined
    if (!isClientOpen(booking.status))
      throw new BookingRuleError('This booking can no longer be rescheduled.')
    const startsAt = zonedTimeToUtc(when.date, when.time, when.timeZone)
    const newTime = {
      localDate: when.date,
      localTime: when.time,
      timeZone: when.timeZone,
      durationMinutes: when.durationMinutes,
      startsAt,
      urgent: isUrgent(startsAt, now()),
      calendarSequence: booking.calendarSequence + 1,
    }
    const confirmedId = booking.status === 'confirmed' ? booking.interpreterId : null
    const keeps =
      confirmedId !== null &&
      (await dispatchListFor({ ...booking, ...newTime }, tx)).eligible.some(
        (interpreter) => interpreter.id === confirmedId,
      )
    await withdrawOffers(tx, id, keeps ? confirmedId : undefined)
    const [moved] = await tx
      .update(bookings)
      .set({
        ...newTime,
        status: keeps ? 'confirmed' : 'requested',
        interpreterId: keeps ? confirmedId : null,
        confirmedAt: null,
        unfilledAlertAt: null,
        updatedAt: now(),
      })
      .where(eq(bookings.id, id))
      .returning()
    const mails = [staffMail('rescheduled', moved!, who.client.organizationName)]
    const interpreter = confirmedId && (await interpreterToTell(tx, confirmedId))
    if (interpreter)
      mails.push(
        keeps
          ? await askToConfirmNewTime(tx, booking, moved!, interpreter)
          : releasedMail(
              { ...booking, calendarSequence: newTime.calendarSequence },
              interpreter,
              'rescheduled',
            ),
      )
    await enqueueMail(tx, mails)
    await recordAudit(
      who.actor,
      {
        action: 'reschedule',
        entityType: 'booking',
        entityId: id,
        before: { startsAt: booking.startsAt, interpreterId: booking.interpreterId },
        after: { startsAt, interpreterId: moved!.interpreterId },
      },
      tx,
    )
    return moved
  })
}
