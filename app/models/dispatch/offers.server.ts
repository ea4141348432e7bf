import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import { bookingOffers, bookings, interpreterProfiles, users } from '../../../db/schema'
import { OFFER_LINK_HOURS, ON_SITE_TRAVEL_MINUTES } from '../../domain/bookings'
import { formatInZone } from '../../domain/format'
import { bookingTitle } from '../../domain/dispatch'
import { calendarFile, type CalendarMessage } from '../../domain/ics'
import {
  bookingConfirmedMail,
  offerFilledMail,
  offerMail,
  type BookingSummary,
} from '../../emails/dispatch.server'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { enqueueMail, type OutgoingMail } from '../../platform/mail/outbox.server'
import { db, runtime } from '../../platform/runtime.server'
import { hashToken, randomToken } from '../../platform/tokens.server'
import { recordAudit, type Actor } from '../audit.server'
import { findProfileOfUser } from '../interpreter-profiles.server'
import type { Booking } from '../bookings.server'
import { dispatchListFor } from './eligibility.server'

/**
 * Offers of a booking to interpreters and their answers (docs/product.md#bookings). Every
 * change locks the booking's row first, so that two acceptances at once are taken one after
 * the other: the first confirms the booking, the second finds it confirmed.
 */

/** Bookings staff may still offer: not yet confirmed, cancelled or over. */
const OPEN_STATUSES = ['requested', 'offered', 'unfilled'] as const

export function bookingSummary(booking: Booking, timeZone: string): BookingSummary {
  return {
    what: bookingTitle(booking),
    when: formatInZone(booking.startsAt, timeZone),
    durationMinutes: booking.durationMinutes,
    location: booking.location,
  }
}

/**
 * The booking's calendar event; the description says what the reader needs on the day. One
 * UID per booking, and the booking's `calendar_sequence`, so a later file (a new time, a
 * cancellation) replaces the event a calendar holds (app/domain/ics.ts).
 */
export function bookingCalendar(
  booking: Booking,
  description: string,
  message?: CalendarMessage,
): string {
  const { config } = runtime()
  return calendarFile(
    {
      uid: `booking-${booking.id}@${new URL(config.siteUrl).hostname}`,
      sequence: booking.calendarSequence,
      startsAt: booking.startsAt,
      durationMinutes: booking.durationMinutes,
      summary: `Interpreting: ${bookingTitle(booking)}`,
      location: booking.location,
      description,
      stamp: now(),
    },
    message,
  )
}

export async function lockedBooking(bookingId: string, tx: Database) {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update')
  return booking
}

export type SendOffersOutcome =
  | { outcome: 'sent'; count: number }
  | { outcome: 'missing' }
  | { outcome: 'closed' }
  | { outcome: 'not-eligible' }
  | { outcome: 'nobody' }
  /** Staff assigned an interpreter by name, who has not answered yet. */
  | { outcome: 'held' }

/**
 * Offers the booking to the chosen interpreters, or to every eligible one: each chosen
 * interpreter must be eligible now (the list is worked out again in the transaction) and is
 * offered once; the booking becomes `offered`; each gets an e-mail with their own link.
 */
export async function sendOffers(
  bookingId: string,
  choice: { all: true } | { interpreterIds: string[] },
  actor: Actor,
): Promise<SendOffersOutcome> {
  return db().transaction(async (tx) => {
    const booking = await lockedBooking(bookingId, tx)
    if (!booking) return { outcome: 'missing' }
    if (!(OPEN_STATUSES as readonly string[]).includes(booking.status)) return { outcome: 'closed' }
    if (await directAssignmentPending(booking.id, tx)) return { outcome: 'held' }
    const { eligible } = await dispatchListFor(booking, tx)
    const eligibleIds = new Set(eligible.map((interpreter) => interpreter.id))
    let chosen: string[]
    if ('all' in choice) chosen = [...eligibleIds]
    else {
      chosen = [...new Set(choice.interpreterIds)]
      if (chosen.some((id) => !eligibleIds.has(id))) return { outcome: 'not-eligible' }
    }
    // Offers withdrawn when the client moved the booking were for the old time: those
    // interpreters may be offered the new one (their row is reused, one per interpreter).
    const offeredAlready = new Set(
      (
        await tx
          .select({ interpreterId: bookingOffers.interpreterId })
          .from(bookingOffers)
          .where(
            and(eq(bookingOffers.bookingId, booking.id), ne(bookingOffers.status, 'withdrawn')),
          )
      ).map((row) => row.interpreterId),
    )
    chosen = chosen.filter((id) => !offeredAlready.has(id))
    if (chosen.length === 0) return { outcome: 'nobody' }
    const recipients = await offerBooking(tx, booking, chosen, actor)
    await recordAudit(
      actor,
      {
        action: 'booking_offered',
        entityType: 'booking',
        entityId: booking.id,
        before: { status: booking.status },
        after: { status: 'offered', interpreterIds: recipients },
      },
      tx,
    )
    return { outcome: 'sent', count: recipients.length }
  })
}

/** What an e-mail to interpreters needs: first name, time zone and address. */
export function interpretersToTell(tx: Database, interpreterIds: string[]) {
  return tx
    .select({
      id: interpreterProfiles.id,
      userId: interpreterProfiles.userId,
      firstName: interpreterProfiles.firstName,
      lastName: interpreterProfiles.lastName,
      timeZone: interpreterProfiles.timeZone,
      email: users.email,
    })
    .from(interpreterProfiles)
    .innerJoin(users, eq(users.id, interpreterProfiles.userId))
    .where(inArray(interpreterProfiles.id, interpreterIds))
}

/**
 * Writes an offer for each interpreter (a withdrawn offer's row is reused: one per
 * interpreter and booking), queues each their e-mail with their own single-use link, and
 * marks the booking `offered`. Runs in the caller's transaction, with the booking locked.
 * Returns the ids of the interpreters offered.
 */
export async function offerBooking(
  tx: Database,
  booking: Booking,
  interpreterIds: string[],
  actor: Actor,
  direct?: { overrideReason?: string },
): Promise<string[]> {
  const recipients = await interpretersToTell(tx, interpreterIds)
  const offeredAt = now()
  const expiresAt = new Date(offeredAt.getTime() + OFFER_LINK_HOURS * 60 * 60 * 1000)
  const { config } = runtime()
  const mails: OutgoingMail[] = []
  for (const recipient of recipients) {
    const token = randomToken()
    const fresh = {
      status: 'offered' as const,
      tokenHash: hashToken(token),
      expiresAt,
      offeredById: actor.id,
      offeredAt,
      respondedAt: null,
      assignedDirectly: direct !== undefined,
      overrideReason: direct?.overrideReason ?? null,
    }
    const [offer] = await tx
      .insert(bookingOffers)
      .values({ bookingId: booking.id, interpreterId: recipient.id, ...fresh })
      .onConflictDoUpdate({
        target: [bookingOffers.bookingId, bookingOffers.interpreterId],
        set: fresh,
      })
      .returning({ id: bookingOffers.id })
    const mail = offerMail({
      firstName: recipient.firstName,
      summary: bookingSummary(booking, recipient.timeZone),
      acceptUrl: `${config.siteUrl}/offers/accept?token=${encodeURIComponent(token)}`,
      assignmentsUrl: `${config.siteUrl}/interpreter/assignments`,
      validUntil: formatInZone(expiresAt, recipient.timeZone),
      company: config.company,
      assigned: direct !== undefined,
    })
    mails.push({
      template: 'booking-offer',
      to: recipient.email,
      replyTo: config.mailReplyTo,
      reference: `booking_offer:${offer!.id}`,
      ...mail,
    })
  }
  await enqueueMail(tx, mails)
  await tx
    .update(bookings)
    .set({ status: 'offered', updatedAt: offeredAt })
    .where(eq(bookings.id, booking.id))
  return recipients.map((recipient) => recipient.id)
}

/**
 * The interpreter a booking is held for: an open offer staff made by name, still within its
 * link's life. While one stands, the booking is offered to nobody else.
 */
export async function directAssignmentPending(
  bookingId: string,
  tx?: Database,
): Promise<{ interpreterId: string } | undefined> {
  const [held] = await db(tx)
    .select({ interpreterId: bookingOffers.interpreterId })
    .from(bookingOffers)
    .where(
      and(
        eq(bookingOffers.bookingId, bookingId),
        eq(bookingOffers.assignedDirectly, true),
        eq(bookingOffers.status, 'offered'),
        gt(bookingOffers.expiresAt, now()),
      ),
    )
  return held
}

/** Why an offer cannot be answered, or `open`. */
export type OfferState = 'open' | 'used' | 'expired' | 'cancelled' | 'filled' | 'closed'

function offerState(
  offer: typeof bookingOffers.$inferSelect,
  booking: Booking,
  at: Date,
): OfferState {
  if (booking.status === 'cancelled') return 'cancelled'
  // A new time to confirm: open while the booking is still theirs and still to come.
  if (offer.status === 'reconfirm') {
    if (offer.expiresAt <= at) return 'expired'
    if (
      booking.status !== 'confirmed' ||
      booking.interpreterId !== offer.interpreterId ||
      booking.startsAt <= at
    )
      return 'closed'
    return 'open'
  }
  if (offer.status === 'filled' || (booking.status === 'confirmed' && offer.status === 'offered'))
    return 'filled'
  // Withdrawn: the client moved or cancelled it, or staff assigned someone by name.
  if (offer.status === 'withdrawn') return 'closed'
  if (offer.status !== 'offered') return 'used'
  if (offer.expiresAt <= at) return 'expired'
  if (booking.status !== 'offered' || booking.startsAt <= at) return 'closed'
  return 'open'
}

/** What the accept link's page shows: the offer's state and, while open, the booking. */
export async function offerByToken(token: string) {
  const [row] = await db()
    .select({ offer: bookingOffers, booking: bookings, timeZone: interpreterProfiles.timeZone })
    .from(bookingOffers)
    .innerJoin(bookings, eq(bookings.id, bookingOffers.bookingId))
    .innerJoin(interpreterProfiles, eq(interpreterProfiles.id, bookingOffers.interpreterId))
    .where(eq(bookingOffers.tokenHash, hashToken(token)))
  if (!row) return undefined
  const state = offerState(row.offer, row.booking, now())
  return {
    state,
    /** The client moved the booking and the interpreter is asked to confirm the new time. */
    newTime: row.offer.status === 'reconfirm',
    summary: state === 'open' ? bookingSummary(row.booking, row.timeZone) : undefined,
  }
}

export type AcceptOutcome =
  | { outcome: 'accepted'; bookingId: string }
  | { outcome: Exclude<OfferState, 'open'> }
  /** The interpreter has another confirmed assignment at that time (travel included). */
  | { outcome: 'conflict' }

/**
 * The first acceptance confirms the booking; the other open offers become `filled` and
 * those interpreters are told; the client who asked is told who is coming, with the
 * calendar file. The confirmed interpreter's `reconfirm` offer (a new time) is accepted the
 * same way: the booking, still theirs, is confirmed again and the client told. The booking row is locked before anything is read, so concurrent
 * acceptances queue there and only one finds the booking still `offered`.
 */
async function acceptOffer(
  find: { tokenHash: string } | { offerId: string; interpreterId: string },
): Promise<AcceptOutcome | undefined> {
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
    const booking = (await lockedBooking(found.bookingId, tx))!
    const [offer] = await tx.select().from(bookingOffers).where(where)
    if (!offer) return undefined
    const at = now()
    const state = offerState(offer, booking, at)
    if (state !== 'open') return { outcome: state }
    // The interpreter's own row is locked too, so that two of their acceptances for
    // overlapping bookings queue here and the second sees the first.
    await tx
      .select({ id: interpreterProfiles.id })
      .from(interpreterProfiles)
      .where(eq(interpreterProfiles.id, offer.interpreterId))
      .for('update')
    if (await hasOverlappingAssignment(tx, offer.interpreterId, booking))
      return { outcome: 'conflict' as const }
    await tx
      .update(bookings)
      .set({
        status: 'confirmed',
        interpreterId: offer.interpreterId,
        confirmedAt: at,
        updatedAt: at,
      })
      .where(eq(bookings.id, booking.id))
    await tx
      .update(bookingOffers)
      .set({ status: 'accepted', respondedAt: at })
      .where(eq(bookingOffers.id, offer.id))
    const filled = await tx
      .update(bookingOffers)
      .set({ status: 'filled', respondedAt: at })
      .where(and(eq(bookingOffers.bookingId, booking.id), eq(bookingOffers.status, 'offered')))
      .returning({ id: bookingOffers.id, interpreterId: bookingOffers.interpreterId })
    const { config } = runtime()
    const people = await tx
      .select({
        id: interpreterProfiles.id,
        userId: interpreterProfiles.userId,
        firstName: interpreterProfiles.firstName,
        lastName: interpreterProfiles.lastName,
        timeZone: interpreterProfiles.timeZone,
        email: users.email,
      })
      .from(interpreterProfiles)
      .innerJoin(users, eq(users.id, interpreterProfiles.userId))
      .where(
        inArray(interpreterProfiles.id, [
          offer.interpreterId,
          ...filled.map((row) => row.interpreterId),
        ]),
      )
    const interpreter = people.find((person) => person.id === offer.interpreterId)!
    const mails: OutgoingMail[] = filled.flatMap((row) => {
      const person = people.find((entry) => entry.id === row.interpreterId)
      if (!person) return []
      const mail = offerFilledMail({
        firstName: person.firstName,
        summary: bookingSummary(booking, person.timeZone),
        company: config.company,
      })
      return [
        {
          template: 'booking-offer-filled',
          to: person.email,
          replyTo: config.mailReplyTo,
          reference: `booking_offer:${row.id}`,
          ...mail,
        },
      ]
    })
    const [client] = booking.requestedById
      ? await tx
          .select({ name: users.name, email: users.email })
          .from(users)
          .where(eq(users.id, booking.requestedById))
      : []
    if (client) {
      const mail = bookingConfirmedMail({
        clientName: client.name,
        interpreterFirstName: interpreter.firstName,
        summary: bookingSummary(booking, booking.timeZone),
        company: config.company,
      })
      mails.push({
        template: 'booking-confirmed',
        to: client.email,
        replyTo: config.mailReplyTo,
        reference: `booking:${booking.id}`,
        ...mail,
        attachments: [
          {
            filename: 'booking.ics',
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: bookingCalendar(
              booking,
              `Your interpreter: ${interpreter.firstName}. ${config.company.name}, ${config.company.phone}.`,
            ),
          },
        ],
      })
    }
    await enqueueMail(tx, mails)
    await recordAudit(
      { id: interpreter.userId, name: `${interpreter.firstName} ${interpreter.lastName}` },
      {
        action: 'booking_confirmed',
        entityType: 'booking',
        entityId: booking.id,
        before: { status: booking.status },
        after: { status: 'confirmed', interpreterId: offer.interpreterId },
      },
      tx,
    )
    return { outcome: 'accepted', bookingId: booking.id }
  })
}

/**
 * Whether the interpreter has another confirmed assignment that overlaps the booking, with
 * the on-site travel time before and after when either of the two is on-site.
 */
async function hasOverlappingAssignment(tx: Database, interpreterId: string, booking: Booking) {
  const travel = ON_SITE_TRAVEL_MINUTES
  const start = booking.startsAt.toISOString()
  const onSite = booking.modality === 'on_site'
  const pad = sql`case when ${onSite} or ${bookings.modality} = 'on_site' then ${travel} else 0 end`
  const [clash] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.interpreterId, interpreterId),
        eq(bookings.status, 'confirmed'),
        sql`${bookings.id} <> ${booking.id}`,
        sql`${bookings.startsAt} < ${start}::timestamptz + make_interval(mins => ${booking.durationMinutes} + ${pad})`,
        sql`${bookings.startsAt} + make_interval(mins => ${bookings.durationMinutes} + ${pad}) > ${start}::timestamptz`,
      ),
    )
    .limit(1)
  return clash !== undefined
}

/** Accepts through the e-mail's link; undefined when no offer has this token. */
export function acceptOfferByToken(token: string) {
  return acceptOffer({ tokenHash: hashToken(token) })
}

/** Accepts from the portal; undefined when the offer is not this interpreter's. */
export async function acceptOfferAsInterpreter(userId: string, offerId: string) {
  const profile = await findProfileOfUser(userId)
  if (!profile) return undefined
  return acceptOffer({ offerId, interpreterId: profile.id })
}

/** Declines one of the interpreter's open offers (no reason asked); false when not theirs or not open. */
export async function declineOffer(userId: string, offerId: string): Promise<boolean> {
  const profile = await findProfileOfUser(userId)
  if (!profile) return false
  const declined = await db()
    .update(bookingOffers)
    .set({ status: 'declined', respondedAt: now() })
    .where(
      and(
        eq(bookingOffers.id, offerId),
        eq(bookingOffers.interpreterId, profile.id),
        eq(bookingOffers.status, 'offered'),
      ),
    )
    .returning({ id: bookingOffers.id })
  return declined.length > 0
}
