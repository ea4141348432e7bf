import { and, asc, eq, gte, inArray, ne, or } from 'drizzle-orm'
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
import { cancellationTerms } from '../billing/contracts.server'
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
  details: {
    previous?: Booking
    late?: boolean
    next?: string
    /** The other bookings the change took with it (its team's seats, its series'). */
    alsoChanged?: Booking[]
  },
): Promise<OutgoingMail[]> {
  const also = alsoChangedLine(change, booking, details.alsoChanged ?? [])
  if (!byStaff(who))
    return change === 'details'
      ? []
      : [staffMail(change, booking, who.client.organizationName, also)]
  const [requester] = booking.requestedById
    ? await tx
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.id, booking.requestedById), eq(users.active, true)))
    : []
  if (!requester) return []
  const { config } = runtime()
  // The client holds an event once a confirmation sent it: update each in their calendar.
  const held = [booking, ...(details.alsoChanged ?? [])].filter(
    (each, index) => (index === 0 ? (details.previous ?? booking) : each).confirmedAt !== null,
  )
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
        next: [details.next, also].filter(Boolean).join(' ') || undefined,
        bookingUrl: `${config.siteUrl}/client/bookings/${booking.id}`,
        company: config.company,
      }),
      attachments: held.map((each, index) =>
        calendarAttachment(each, requester.email, method, held.length > 1 ? index + 1 : undefined),
      ),
    },
  ]
}

/**
 * What else a change took with it, in a sentence for the e-mails: "With it, the other seat
 * of its team was cancelled." Undefined when nothing else changed.
 */
function alsoChangedLine(
  change: 'cancelled' | 'rescheduled' | 'details',
  booking: Booking,
  others: Booking[],
): string | undefined {
  if (others.length === 0) return undefined
  const verb = { cancelled: 'cancelled', rescheduled: 'moved', details: 'changed' }[change]
  const teamOnly = others.every((other) => other.teamId !== null && other.teamId === booking.teamId)
  if (teamOnly) return `With it, the other seat of its team was ${verb} too.`
  const count = others.length
  return `With it, ${count} other ${count === 1 ? 'booking' : 'bookings'} of its series ${count === 1 ? 'was' : 'were'} ${verb} too.`
}

export async function interpreterToTell(tx: Database, interpreterId: string) {
  const [interpreter] = await interpretersToTell(tx, [interpreterId])
  return interpreter
}

type Interpreter = NonNullable<Awaited<ReturnType<typeof interpreterToTell>>>

/** The booking's event for an attendee's calendar: moved (REQUEST) or taken out (CANCEL). */
function calendarAttachment(
  booking: Booking,
  attendee: string,
  method: 'REQUEST' | 'CANCEL',
  /** Which of several events in one e-mail, for its file name. */
  number?: number,
): MailAttachment {
  const { config } = runtime()
  return {
    filename: number === undefined ? 'booking.ics' : `booking-${number}.ics`,
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
export function releasedMail(
  booking: Booking,
  interpreter: Interpreter,
  change: 'cancelled' | 'rescheduled' | 'released',
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
 * Cancels a booking that is still open, with the other seats of its team, and with `scope`
 * the series' other open bookings (each as if cancelled on its own). Inside the cancellation
 * window (24 hours, or the organization's contract's) it is a late cancellation (the policy the page showed applies and is recorded) when
 * the client asked for it: staff who cancel say whether the client asked (`clientAsked`); a
 * cancellation of the company's own making bills nothing. Open offers are withdrawn; a
 * confirmed interpreter gets a calendar cancellation; staff (or the client, when staff
 * cancel) get one e-mail for the whole cancellation. Undefined when the booking is not the
 * client's to see (or, for staff, does not exist).
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
    const others = (await relatedBookingsToLock(tx, booking, scope)).filter(
      (other) => other.id !== booking.id && isOpenFor(who, other.status),
    )
    const cancelled: Booking[] = []
    let late = false
    for (const each of [booking, ...others]) {
      const done = await cancelLocked(tx, each, who, clientAsked)
      late ||= done.late
      cancelled.push(done.cancelled)
    }
    await enqueueMail(
      tx,
      await changeNotice(tx, who, 'cancelled', cancelled[0]!, {
        previous: booking,
        late,
        alsoChanged: cancelled.slice(1),
      }),
    )
    return { late, count: cancelled.length }
  })
}

/**
 * The bookings a change of `booking` takes with it, locked in start order (as every change
 * locks them): the other seats of its team, and with `scope` its series' (whose occurrences
 * bring their teams' seats, since those share the series).
 */
async function relatedBookingsToLock(tx: Database, booking: Booking, scope: SeriesScope) {
  const inSeries =
    scope !== 'one' && booking.seriesId
      ? and(
          eq(bookings.seriesId, booking.seriesId),
          scope === 'following' ? gte(bookings.startsAt, booking.startsAt) : undefined,
        )
      : undefined
  const inTeam = booking.teamId ? eq(bookings.teamId, booking.teamId) : undefined
  if (!inSeries && !inTeam) return []
  return tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.organizationId, booking.organizationId), or(inSeries, inTeam)))
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .for('update')
}

/** Cancels one locked, open booking, telling its confirmed interpreter. */
async function cancelLocked(
  tx: Database,
  booking: Booking,
  who: BookingChanger,
  clientAsked: boolean,
): Promise<{ cancelled: Booking; late: boolean }> {
  const late =
    clientAsked &&
    isLateCancellation(booking.startsAt, now(), (await cancellationTerms(tx, booking)).windowHours)
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
  if (interpreter)
    await enqueueMail(tx, [
      releasedMail(cancelled!, interpreter, 'cancelled', byStaff(who) ? 'staff' : 'client'),
    ])
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
  return { cancelled: cancelled!, late }
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
 * The client (or staff) moves a booking, with the other seats of its team, to another time.
 * A confirmed interpreter whom the dispatch rules still allow at the new time
 * (app/domain/dispatch.ts: credentials, availability, time off, other assignments) keeps
 * their seat and is asked to confirm the new time; otherwise they are released with a
 * calendar cancellation and the seat goes back to "Requested" for staff to dispatch again.
 * Every other offer is withdrawn: it was for the old time. The booking as moved is returned.
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
    const seats = (await relatedBookingsToLock(tx, booking, 'one')).filter(
      (other) => other.id !== booking.id && isOpenFor(who, other.status),
    )
    const moves: SeatMove[] = []
    for (const each of [booking, ...seats]) moves.push(await moveLocked(tx, each, when, who))
    const kept = moves.filter((move) => move.kept).length
    const toFind = moves.length - kept
    const next =
      toFind === 0
        ? kept === 1
          ? 'Your interpreter can make the new time and has been asked to confirm it.'
          : 'Your interpreters can make the new time and have been asked to confirm it.'
        : toFind === 1
          ? 'We are finding an interpreter for the new time.'
          : 'We are finding interpreters for the new time.'
    const moved = moves.map((move) => move.moved)
    await enqueueMail(
      tx,
      await changeNotice(tx, who, 'rescheduled', moved[0]!, {
        previous: booking,
        next,
        alsoChanged: moved.slice(1),
      }),
    )
    return moved[0]
  })
}

/**
 * Whether the confirmed interpreter may keep a booking at its new time: no rule excludes them
 * there that did not already at the old time. For an eligible interpreter that is every rule;
 * one staff assigned over a rule (docs/product.md#bookings) keeps the override, and loses the
 * booking only to what the new time changes (availability, time off, another assignment).
 */
async function stillAllowed(tx: Database, before: Booking, after: Booking, interpreterId: string) {
  const reasonsOf = async (booking: Booking) => {
    const list = await dispatchListFor(booking, tx)
    if (list.eligible.some((interpreter) => interpreter.id === interpreterId)) return []
    return list.excluded.find((entry) => entry.interpreter.id === interpreterId)?.reasons
  }
  const atNewTime = await reasonsOf(after)
  if (atNewTime === undefined) return false
  if (atNewTime.length === 0) return true
  const atOldTime = new Set(await reasonsOf(before))
  return atNewTime.every((reason) => atOldTime.has(reason))
}

/** One seat moved: the booking at its new time, and whether its interpreter kept it. */
interface SeatMove {
  moved: Booking
  kept: boolean
}

/** Moves one locked, open booking to the new time, and tells its confirmed interpreter. */
async function moveLocked(
  tx: Database,
  booking: Booking,
  when: BookingWhen,
  who: BookingChanger,
): Promise<SeatMove> {
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
    (await stillAllowed(tx, booking, { ...booking, ...newTime }, confirmedId))
  await withdrawOffers(tx, booking.id, keeps ? confirmedId : undefined)
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
    .where(eq(bookings.id, booking.id))
    .returning()
  const by = byStaff(who) ? 'staff' : 'client'
  const interpreter = confirmedId && (await interpreterToTell(tx, confirmedId))
  if (interpreter)
    await enqueueMail(tx, [
      keeps
        ? await askToConfirmNewTime(tx, booking, moved!, interpreter, by)
        : releasedMail(
            { ...booking, calendarSequence: newTime.calendarSequence },
            interpreter,
            'rescheduled',
            by,
          ),
    ])
  await recordAudit(
    byStaff(who) ? who.staff : who.actor,
    {
      action: 'reschedule',
      entityType: 'booking',
      entityId: booking.id,
      before: { startsAt: booking.startsAt, interpreterId: booking.interpreterId },
      after: { startsAt, interpreterId: moved!.interpreterId },
    },
    tx,
  )
  return { moved: moved!, kept: keeps }
}

/** What staff may change of a booking besides its time: where, whom to meet, the notes. */
export interface BookingDetails {
  location: string
  contactName: string
  contactPhone: string
  notes?: string
}

/**
 * Staff change a booking's place, contact or notes, with its team's other seats. A confirmed
 * interpreter is e-mailed the new details with the updated calendar event (same UID, higher
 * SEQUENCE, METHOD:REQUEST), and the client who booked is told once. 'unchanged' when
 * nothing differs; undefined when there is no such booking.
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
    if (JSON.stringify(detailsOf(booking)) === JSON.stringify(next)) return 'unchanged'
    const seats = (await relatedBookingsToLock(tx, booking, 'one')).filter(
      (other) => other.id !== booking.id && isOpenFor(who, other.status),
    )
    const changed: Booking[] = []
    for (const each of [booking, ...seats])
      changed.push(await changeDetailsLocked(tx, each, next, staff))
    await enqueueMail(
      tx,
      await changeNotice(tx, who, 'details', changed[0]!, { alsoChanged: changed.slice(1) }),
    )
    return 'changed'
  })
}

function detailsOf(booking: Booking) {
  return {
    location: booking.location,
    contactName: booking.contactName,
    contactPhone: booking.contactPhone,
    notes: booking.notes,
  }
}

/** Gives one locked booking the new details and sends its confirmed interpreter the update. */
async function changeDetailsLocked(
  tx: Database,
  booking: Booking,
  next: ReturnType<typeof detailsOf>,
  staff: Actor,
): Promise<Booking> {
  const [changed] = await tx
    .update(bookings)
    .set({ ...next, calendarSequence: booking.calendarSequence + 1, updatedAt: now() })
    .where(eq(bookings.id, booking.id))
    .returning()
  const interpreter =
    booking.status === 'confirmed' &&
    booking.interpreterId &&
    (await interpreterToTell(tx, booking.interpreterId))
  if (interpreter) {
    const { config } = runtime()
    await enqueueMail(tx, [
      {
        template: 'assignment-details-changed',
        to: interpreter.email,
        replyTo: config.mailReplyTo,
        reference: `booking:${booking.id}`,
        ...assignmentDetailsChangedMail({
          firstName: interpreter.firstName,
          summary: bookingSummary(changed!, interpreter.timeZone),
          contact: `${changed!.contactName}, ${changed!.contactPhone}`,
          notes: changed!.notes,
          company: config.company,
        }),
        attachments: [calendarAttachment(changed!, interpreter.email, 'REQUEST')],
      },
    ])
  }
  await recordAudit(
    staff,
    {
      action: 'change_details',
      entityType: 'booking',
      entityId: booking.id,
      before: detailsOf(booking),
      after: next,
    },
    tx,
  )
  return changed!
}
