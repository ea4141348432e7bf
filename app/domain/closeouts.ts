import { CLOSEOUT_DUE_HOURS, CLOSEOUT_SECOND_REMINDER_HOURS } from './billing'
import { wallClock } from './dispatch'

/**
 * When a closeout is due and which reminder a finished assignment needs
 * (docs/product.md#closeouts-statements-and-invoices). No I/O.
 */

const HOUR_MS = 60 * 60 * 1000

/** The longest actual working time a closeout may report: a typo guard over a 12-hour booking. */
export const MAX_ACTUAL_MINUTES = 16 * 60

/**
 * How far the actual start may lie from the booked start, either way: a day's slip (the
 * evening before, the night after) is still this booking's work; further off, the times
 * belong to other work or hold a typo, and would be billed and paid as this booking.
 */
export const START_WINDOW_HOURS = 24

export function startsNearBooking(actualStart: Date, bookedStart: Date): boolean {
  return Math.abs(actualStart.getTime() - bookedStart.getTime()) <= START_WINDOW_HOURS * HOUR_MS
}

/** Receipts: PDF, JPEG or PNG, found from the content, up to 10 MB each. */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024
export const receiptFileAccept = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png'

/** The interpreter's note to staff: a few sentences, not a report. */
export const MAX_CLOSEOUT_NOTE_LENGTH = 2000
/** Staff's reason for returning a closeout. */
export const MAX_RETURN_REASON_LENGTH = 1000

/**
 * A reminder stays relevant this long after the overdue point: a maintenance loop that was
 * down for longer does not flood staff with alerts about long-past work.
 */
export const REMINDER_LOOKBACK_HOURS = CLOSEOUT_DUE_HOURS + 7 * 24

export type CloseoutReminderKind = 'ended' | 'second' | 'overdue'

export function bookedEndOf(booking: { startsAt: Date; durationMinutes: number }): Date {
  return new Date(booking.startsAt.getTime() + booking.durationMinutes * 60_000)
}

/** The interpreter closes an assignment out within 48 hours of its booked end. */
export function closeoutDueAt(bookedEnd: Date): Date {
  return new Date(bookedEnd.getTime() + CLOSEOUT_DUE_HOURS * HOUR_MS)
}

export function isCloseoutOverdue(bookedEnd: Date, at: Date): boolean {
  return at >= closeoutDueAt(bookedEnd)
}

/**
 * The one reminder an assignment without a closeout needs at `at`: the first at its end,
 * the second 24 hours later, the overdue alert to staff at 48 hours. Only the latest is
 * relevant, so a run that comes late never sends an earlier one after a later point.
 */
export function reminderDue(bookedEnd: Date, at: Date): CloseoutReminderKind | undefined {
  const hoursSinceEnd = (at.getTime() - bookedEnd.getTime()) / HOUR_MS
  if (hoursSinceEnd < 0 || hoursSinceEnd > REMINDER_LOOKBACK_HOURS) return undefined
  if (hoursSinceEnd >= CLOSEOUT_DUE_HOURS) return 'overdue'
  if (hoursSinceEnd >= CLOSEOUT_SECOND_REMINDER_HOURS) return 'second'
  return 'ended'
}

/** A date and a time of day ("2026-05-12", "09:45") of an instant, in a time zone. */
export function wallClockIn(instant: Date, timeZone: string): { date: string; time: string } {
  const { date, minute } = wallClock(instant, timeZone)
  const pad = (value: number) => String(value).padStart(2, '0')
  return { date, time: `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}` }
}
