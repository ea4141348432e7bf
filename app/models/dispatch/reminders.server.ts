import { and, eq, gt, isNotNull, lte, notExists, sql } from 'drizzle-orm'
import { bookingReminders, bookings, organizations, users } from '../../../db/schema'
import {
  dueReminderWindow,
  reminderHours,
  type ReminderWindow,
} from '../../domain/booking-reminders'
import { assignmentReminderMail, bookingReminderMail } from '../../emails/dispatch.server'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { enqueueMail, type OutgoingMail } from '../../platform/mail/outbox.server'
import { runtime } from '../../platform/runtime.server'
import type { Booking } from '../bookings.server'
import { bookingCalendar, bookingSummary, interpretersToTell } from './offers.server'

/**
 * Reminders before a confirmed booking (docs/product.md#booking-reminders): the interpreter,
 * always, and the client who booked, as their organization's settings say, 24 hours and 2
 * hours before the start; only the nearest window is due (app/domain/booking-reminders.ts).
 * Run by the maintenance loop on every instance: each reminder's row in `booking_reminders`
 * is inserted in the same transaction as its e-mails, and only the instance whose insert wins
 * sends them. The row is keyed by the start and the interpreter, so a booking moved to a new
 * time (or given to another interpreter) is reminded again; a cancelled one is no longer
 * confirmed. Returns how many reminders were sent.
 */
export async function runBookingReminders(database: Database): Promise<number> {
  const at = now()
  const hoursFromNow = (hours: number) =>
    sql`${new Date(at.getTime() + hours * 60 * 60 * 1000).toISOString()}::timestamptz`
  const dueWindow = sql`case when ${bookings.startsAt} <= ${hoursFromNow(reminderHours['2h'])} then '2h' else '24h' end`
  const due = await database
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        isNotNull(bookings.interpreterId),
        gt(bookings.startsAt, at),
        lte(bookings.startsAt, hoursFromNow(reminderHours['24h'])),
        notExists(
          database
            .select({ one: sql`1` })
            .from(bookingReminders)
            .where(
              and(
                eq(bookingReminders.bookingId, bookings.id),
                sql`${bookingReminders.reminder} = ${dueWindow}`,
                eq(bookingReminders.startsAt, bookings.startsAt),
                eq(bookingReminders.interpreterId, bookings.interpreterId),
              ),
            ),
        ),
      ),
    )
  let sent = 0
  for (const { id } of due) {
    const reminded = await database.transaction(async (tx) => {
      // Read again under a share lock: a cancellation or a new time committed since the list
      // was read is seen here, and one that comes after waits for this transaction.
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('share')
      if (booking?.status !== 'confirmed' || !booking.interpreterId) return false
      const window = dueReminderWindow(booking.startsAt, at)
      if (!window) return false
      const [claimed] = await tx
        .insert(bookingReminders)
        .values({
          bookingId: booking.id,
          reminder: window,
          startsAt: booking.startsAt,
          interpreterId: booking.interpreterId,
          sentAt: at,
        })
        .onConflictDoNothing()
        .returning({ bookingId: bookingReminders.bookingId })
      if (!claimed) return false
      await enqueueMail(tx, await reminderMails(tx, booking, booking.interpreterId, window))
      return true
    })
    if (reminded) sent += 1
  }
  return sent
}

/** The interpreter's reminder, in their time zone, and the booker's, in the booking's. */
async function reminderMails(
  tx: Database,
  booking: Booking,
  interpreterId: string,
  window: ReminderWindow,
): Promise<OutgoingMail[]> {
  const { config } = runtime()
  const [interpreter] = await interpretersToTell(tx, [interpreterId])
  if (!interpreter) return []
  const contact = `${booking.contactName}, ${booking.contactPhone}`
  const mails: OutgoingMail[] = [
    {
      template: `assignment-reminder-${window}`,
      to: interpreter.email,
      replyTo: config.mailReplyTo,
      reference: `booking:${booking.id}`,
      ...assignmentReminderMail({
        firstName: interpreter.firstName,
        summary: bookingSummary(booking, interpreter.timeZone),
        contact,
        assignmentsUrl: `${config.siteUrl}/interpreter/assignments`,
        company: config.company,
      }),
      // The same event (its UID and sequence) as the files before it: it replaces, never adds.
      attachments: [
        {
          filename: 'booking.ics',
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: bookingCalendar(booking, `Contact on the day: ${contact}`),
        },
      ],
    },
  ]
  // A transactional notice about their own booking: no unsubscribe applies. Nobody is told
  // when the account that booked is gone or deactivated, or the organization turned it off.
  const [requester] = booking.requestedById
    ? await tx
        .select({
          name: users.name,
          email: users.email,
          remind24h: organizations.requesterReminder24h,
          remind2h: organizations.requesterReminder2h,
        })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, booking.organizationId))
        .where(and(eq(users.id, booking.requestedById), eq(users.active, true)))
    : []
  const wanted = window === '24h' ? requester?.remind24h : requester?.remind2h
  if (requester && wanted)
    mails.push({
      template: `booking-reminder-${window}`,
      to: requester.email,
      replyTo: config.mailReplyTo,
      reference: `booking:${booking.id}`,
      ...bookingReminderMail({
        clientName: requester.name,
        interpreterFirstName: interpreter.firstName,
        summary: bookingSummary(booking, booking.timeZone),
        bookingUrl: `${config.siteUrl}/client/bookings/${booking.id}`,
        company: config.company,
      }),
    })
  return mails
}
