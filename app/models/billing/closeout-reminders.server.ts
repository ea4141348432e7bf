import { and, eq, gte, isNull, lte } from 'drizzle-orm'
import {
  bookings,
  closeoutReminders,
  closeouts,
  interpreterProfiles,
  organizations,
  users,
} from '../../../db/schema'
import { formatInZone } from '../../domain/format'
import {
  bookedEndOf,
  closeoutDueAt,
  REMINDER_LOOKBACK_HOURS,
  reminderDue,
  type CloseoutReminderKind,
} from '../../domain/closeouts'
import { closeoutOverdueMail, closeoutReminderMail } from '../../emails/closeouts.server'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { enqueueMail, type OutgoingMail } from '../../platform/mail/outbox.server'
import { runtime } from '../../platform/runtime.server'
import { bookingSummary } from '../dispatch/offers.server'
import { bookedEndSql, closableCondition } from './closeouts.server'

/**
 * Closeout reminders (docs/product.md#closeouts-statements-and-invoices): to the interpreter
 * at the assignment's end and 24 hours later, to staff at 48 hours, while no closeout has
 * come. Run by the maintenance loop on every instance: each reminder's row in
 * `closeout_reminders` is inserted in the same transaction as its e-mail, and only the
 * instance whose insert wins sends it. Returns how many e-mails were queued.
 */
export async function runCloseoutReminders(database: Database): Promise<number> {
  const at = now()
  const lookback = new Date(at.getTime() - REMINDER_LOOKBACK_HOURS * 60 * 60 * 1000)
  const unreported = await database
    .select({ booking: bookings })
    .from(bookings)
    .leftJoin(closeouts, eq(closeouts.bookingId, bookings.id))
    .where(
      and(
        closableCondition(at),
        isNull(closeouts.bookingId),
        lte(bookedEndSql, at),
        gte(bookedEndSql, lookback),
      ),
    )
  let sent = 0
  for (const { booking } of unreported) {
    const kind = reminderDue(bookedEndOf(booking), at)
    if (!kind) continue
    const queued = await database.transaction(async (tx) => {
      // A closeout sent since the list was read needs no reminder.
      const [closeout] = await tx
        .select({ bookingId: closeouts.bookingId })
        .from(closeouts)
        .where(eq(closeouts.bookingId, booking.id))
      if (closeout) return false
      const [noted] = await tx
        .insert(closeoutReminders)
        .values({ bookingId: booking.id, kind, sentAt: at })
        .onConflictDoNothing()
        .returning({ bookingId: closeoutReminders.bookingId })
      if (!noted) return false
      const mail = await reminderMail(tx, booking, kind)
      if (mail) await enqueueMail(tx, [mail])
      return mail !== undefined
    })
    if (queued) sent += 1
  }
  return sent
}

async function reminderMail(
  tx: Database,
  booking: typeof bookings.$inferSelect,
  kind: CloseoutReminderKind,
): Promise<OutgoingMail | undefined> {
  const [row] = await tx
    .select({
      interpreter: interpreterProfiles,
      email: users.email,
      organizationName: organizations.name,
    })
    .from(interpreterProfiles)
    .innerJoin(users, eq(users.id, interpreterProfiles.userId))
    .innerJoin(organizations, eq(organizations.id, booking.organizationId))
    .where(eq(interpreterProfiles.id, booking.interpreterId!))
  if (!row) return undefined
  const { config } = runtime()
  const reference = `closeout:${booking.id}`
  if (kind === 'overdue') {
    return {
      template: 'closeout-overdue',
      to: config.staffNotifyEmail,
      reference,
      ...closeoutOverdueMail({
        summary: bookingSummary(booking, booking.timeZone),
        interpreterName: `${row.interpreter.firstName} ${row.interpreter.lastName}`,
        organizationName: row.organizationName,
        closeoutsUrl: `${config.siteUrl}/admin/closeouts`,
        company: config.company,
      }),
    }
  }
  const timeZone = row.interpreter.timeZone
  return {
    template: kind === 'ended' ? 'closeout-reminder' : 'closeout-second-reminder',
    to: row.email,
    replyTo: config.mailReplyTo,
    reference,
    ...closeoutReminderMail({
      firstName: row.interpreter.firstName,
      summary: bookingSummary(booking, timeZone),
      dueBy: formatInZone(closeoutDueAt(bookedEndOf(booking)), timeZone),
      closeoutUrl: `${config.siteUrl}/interpreter/assignments/${booking.id}/closeout`,
      second: kind === 'second',
      company: config.company,
    }),
  }
}
