/**
 * Reminders before a confirmed booking (docs/product.md#booking-reminders): the interpreter
 * and the client who booked are e-mailed 24 hours and 2 hours before the start. Only the
 * nearest window the start falls in is due: a booking confirmed, moved or reached late
 * (1 hour before its start, say) gets the 2-hour reminder, never a stale 24-hour one.
 */
export const reminderWindows = ['24h', '2h'] as const
export type ReminderWindow = (typeof reminderWindows)[number]

export const reminderHours: Record<ReminderWindow, number> = { '24h': 24, '2h': 2 }

const HOUR_MS = 60 * 60 * 1000

/** The window whose reminder is due for a start at `startsAt`, seen at `at`; none once started or before 24 hours. */
export function dueReminderWindow(startsAt: Date, at: Date): ReminderWindow | undefined {
  const left = startsAt.getTime() - at.getTime()
  if (left <= 0) return undefined
  if (left <= reminderHours['2h'] * HOUR_MS) return '2h'
  if (left <= reminderHours['24h'] * HOUR_MS) return '24h'
  return undefined
}
