import { and, asc, eq, gte, inArray, ne } from 'drizzle-orm'
import {
  isLateCancellation,
  isUrgent,
  OFFER_LINK_HOURS,
  zonedTimeToUtc,
} from '../../domain/bookings'
import { formatInZone } from '../../domain/format'
import {
  assignmentChangedMail,
  assignmentDetailsChangedMail,
  assignmentNewTimeMail,
  bookingChangedByStaffMail,
} from '../../emails/dispatch.server'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { bookingOffers, bookings, users, type MailAttachment } from '../../../db/schema'
import { enqueueMail, type OutgoingMail } from '../../platform/mail/outbox.server'
import { db, runtime } from '../../platform/runtime.server'
import { hashToken, randomToken } from '../../platform/tokens.server'
import { recordAudit, type Actor } from '../audit.server'
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
import { bookingCalendar, bookingSummary, interpretersToTell, lockedBooking } from './offers.server'

/**
 * A cancellation or new time, by the client or by staff, and what it means for the interpreter
 * (docs/product.md#bookings): every change raises the booking's calendar sequence, so the
 * file the interpreter gets (a cancellation, or the event at its new time) replaces the one
 * their calendar holds. Every time in the interpreter's e-mails is in their own time zone,
 * as in the offer they accepted.
 */

/**
 * Who changes a booking: one of the client's users (their organization's bookings, while
 * Requested, Offered or Confirmed), or staff (any booking, Unfilled ones too: a booking
 * whose start passed unfilled can be moved to a later time).
 */
export type BookingChanger = ClientActor | { staff: Actor }

const STAFF_OPEN_STATUSES = [...CLIENT_OPEN_STATUSES, 'unfilled']

const byStaff = (who: BookingChanger): who is { staff: Actor } => 'staff' in who

function isOpenFor(who: BookingChanger, status: string) {
  const open: readonly string[] = byStaff(who) ? STAFF_OPEN_STATUSES : CLIENT_OPEN_STATUSES
  return open.includes(status)
}

function lockBookingFor(tx: Database, id: string, who: BookingChanger) {
  return byStaff(who) ? lockedBooking(id, tx) : lockVisibleBooking(tx, id, who)
}

/**
 * Who is told of the change besides the interpreter: staff when the client made it, the
 * client who made the booking (while their account is active) when staff did.
 */
async function changeNotice(
  tx: Database,
  who: BookingChanger,
  change: 'cancelled' | 'rescheduled' | 'details',
  booking: Booking,
  details: { previous?: Booking; late?: boolean; next?: string },
): Promise<OutgoingMail[]> {
  if (!byStaff(who))
    return change === 'details' ? [] : [staffMail(change, booking, who.client.organizationName)]
  const [requester] = booking.requestedById
    ? await tx
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.id, booking.requestedById), eq(users.active, true)))
    : []
  if (!requester) return []
  const { config } = runtime()
  // The client holds the event once a confirmation sent it: update it in their calendar.
  const held = (details.previous ?? booking).confirmedAt !== null
  const method = change === 'cancelled' ? 'CANCEL' : 'REQUEST'
  return [
    {
      template: `booking-${change}-by-staff`,
      to: requester.email,
      replyTo: config.mailReplyTo,
      reference: `booking:${booking.id}`,
      ...bookingChangedByStaffMail({
        clientName: requester.name,
        change,
        summary: bookingSummary(booking, booking.timeZone),
        previousWhen: details.previous
          ? formatInZone(details.previous.startsAt, booking.timeZone)
          : undefined,
        late: details.late,
        next: details.next,
        bookingUrl: `${config.siteUrl}/client/bookings/${booking.id}`,
        company: config.company,
      }),
      attachments: held ? [calendarAttachment(booking, requester.email, method)] : [],
    },
  ]
}

async function interpreterToTell(tx: Database, interpreterId: string) {
  const [interpreter] = await interpretersToTell(tx, [interpreterId])
  return interpreter
}

type Interpreter = NonNullable<Awaited<ReturnType<typeof interpreterToTell>>>

/** The booking's event for an attendee's calendar: moved (REQUEST) or taken out (CANCEL). */
function calendarAttachment(
  booking: Booking,
  attendee: string,
  method: 'REQUEST' | 'CANCEL',
): MailAttachment {
  const { config } = runtime()
  return {
    filename: 'booking.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: bookingCalendar(
      booking,
      `Contact on the day: ${booking.contactName}, ${booking.contactPhone}`,
      { method, organizer: config.mailReplyTo, attendee },
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
  by: 'client' | 'staff',
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
      by,
    }),
    attachments: [calendarAttachment(booking, interpreter.email, 'CANCEL')],
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

/** Which bookings of a weekly series a cancellation takes: this one, this and the later ones, or all. */
export type SeriesScope = 'one' | 'following' | 'all'

/**
 * Cancels a booking that is still open, and with `scope` the series' other open bookings
 * (each as if cancelled on its own). Inside 24 hours of the start it is a late cancellation
 * (the policy the page showed applies and is recorded) when the client asked for it: staff
 * who cancel say whether the client asked (`clientAsked`); a cancellation of the company's
 * own making bills nothing. Open offers are withdrawn; a confirmed interpreter gets a
 * calendar cancellation. Undefined when the booking is not the client's to see (or, for
 * staff, does not exist).
 */
export async function cancelBooking(
  id: string,
  who: BookingChanger,
  options: { clientAsked?: boolean; scope?: SeriesScope } = {},
): Promise<{ late: boolean; count: number } | undefined> {
  const { clientAsked = true, scope = 'one' } = options
  return db().transaction(async (tx) => {
    const booking = await lockBookingFor(tx, id, who)
    if (!booking) return undefined
    if (!isOpenFor(who, booking.status))
      throw new BookingRuleError('This booking can no longer be cancelled.')
    const others =
      scope === 'one' || !booking.seriesId
        ? []
        : (await seriesBookingsToLock(tx, booking, scope)).filter(
            (other) => other.id !== booking.id && isOpenFor(who, other.status),
          )
    let late = false
    for (const each of [booking, ...others]) {
      const lateOne = await cancelLocked(tx, each, who, clientAsked)
      late ||= lateOne
    }
    return { late, count: 1 + others.length }
  })
}

/** The series' bookings a scope reaches, locked in start order (as every change locks them). */
async function seriesBookingsToLock(tx: Database, booking: Booking, scope: SeriesScope) {
  return tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.seriesId, booking.seriesId!),
        eq(bookings.organizationId, booking.organizationId),
        scope === 'following' ? gte(bookings.startsAt, booking.startsAt) : undefined,
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .for('update')
}

/** Cancels one locked, open booking; true when it is a late cancellation. */
async function cancelLocked(
  tx: Database,
  booking: Booking,
  who: BookingChanger,
  clientAsked: boolean,
): Promise<boolean> {
  const late = clientAsked && isLateCancellation(booking.startsAt, now())
  const [cancelled] = await tx
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelledAt: now(),
      lateCancellation: late,
      calendarSequence: booking.calendarSequence + 1,
      updatedAt: now(),
    })
    .where(eq(bookings.id, booking.id))
    .returning()
  await tx
    .update(bookingOffers)
    .set({ status: 'withdrawn', respondedAt: now() })
    .where(
      and(
        eq(bookingOffers.bookingId, booking.id),
        inArray(bookingOffers.status, ['offered', 'reconfirm']),
      ),
    )
  const interpreter = booking.interpreterId && (await interpreterToTell(tx, booking.interpreterId))
  const by = byStaff(who) ? 'staff' : 'client'
  const mails = await changeNotice(tx, who, 'cancelled', cancelled!, { previous: booking, late })
  if (interpreter) mails.push(releasedMail(cancelled!, interpreter, 'cancelled', by))
  await enqueueMail(tx, mails)
  await recordAudit(
    byStaff(who) ? who.staff : who.actor,
    {
      action: 'cancel',
      entityType: 'booking',
      entityId: booking.id,
      before: { status: booking.status },
      after: byStaff(who) ? { late, clientAsked } : { late },
    },
    tx,
  )
  return late
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
  by: 'client' | 'staff',
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
      by,
    }),
    attachments: [calendarAttachment(moved, interpreter.email, 'REQUEST')],
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
  who: BookingChanger,
): Promise<Booking | undefined> {
  return db().transaction(async (tx) => {
    const booking = await lockBookingFor(tx, id, who)
    if (!booking) return undefined
    if (!isOpenFor(who, booking.status))
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
    const by = byStaff(who) ? 'staff' : 'client'
    const mails = await changeNotice(tx, who, 'rescheduled', moved!, {
      previous: booking,
      next: keeps
        ? 'Your interpreter can make the new time and has been asked to confirm it.'
        : 'We are finding an interpreter for the new time.',
    })
    const interpreter = confirmedId && (await interpreterToTell(tx, confirmedId))
    if (interpreter)
      mails.push(
        keeps
          ? await askToConfirmNewTime(tx, booking, moved!, interpreter, by)
          : releasedMail(
              { ...booking, calendarSequence: newTime.calendarSequence },
              interpreter,
              'rescheduled',
              by,
            ),
      )
    await enqueueMail(tx, mails)
    await recordAudit(
      byStaff(who) ? who.staff : who.actor,
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

/** What staff may change of a booking besides its time: where, whom to meet, the notes. */
export interface BookingDetails {
  location: string
  contactName: string
  contactPhone: string
  notes?: string
}

/**
 * Staff change a booking's place, contact or notes. A confirmed interpreter is e-mailed the
 * new details with the updated calendar event (same UID, higher SEQUENCE, METHOD:REQUEST),
 * and the client who booked is told. 'unchanged' when nothing differs; undefined when
 * there is no such booking.
 */
export async function changeBookingDetails(
  id: string,
  details: BookingDetails,
  staff: Actor,
): Promise<'changed' | 'unchanged' | undefined> {
  return db().transaction(async (tx) => {
    const who = { staff }
    const booking = await lockBookingFor(tx, id, who)
    if (!booking) return undefined
    if (!isOpenFor(who, booking.status))
      throw new BookingRuleError('This booking can no longer be changed.')
    const next = {
      location: details.location,
      contactName: details.contactName,
      contactPhone: details.contactPhone,
      notes: details.notes || null,
    }
    const before = {
      location: booking.location,
      contactName: booking.contactName,
      contactPhone: booking.contactPhone,
      notes: booking.notes,
    }
    if (JSON.stringify(before) === JSON.stringify(next)) return 'unchanged'
    const [changed] = await tx
      .update(bookings)
      .set({ ...next, calendarSequence: booking.calendarSequence + 1, updatedAt: now() })
      .where(eq(bookings.id, id))
      .returning()
    const mails = await changeNotice(tx, who, 'details', changed!, {})
    const interpreter =
      booking.status === 'confirmed' &&
      booking.interpreterId &&
      (await interpreterToTell(tx, booking.interpreterId))
    if (interpreter) {
      const { config } = runtime()
      mails.push({
        template: 'assignment-details-changed',
        to: interpreter.email,
        replyTo: config.mailReplyTo,
        reference: `booking:${id}`,
        ...assignmentDetailsChangedMail({
          firstName: interpreter.firstName,
          summary: bookingSummary(changed!, interpreter.timeZone),
          contact: `${changed!.contactName}, ${changed!.contactPhone}`,
          notes: changed!.notes,
          company: config.company,
        }),
        attachments: [calendarAttachment(changed!, interpreter.email, 'REQUEST')],
      })
    }
    await enqueueMail(tx, mails)
    await recordAudit(
      staff,
      { action: 'change_details', entityType: 'booking', entityId: id, before, after: next },
      tx,
    )
    return 'changed'
  })
}
