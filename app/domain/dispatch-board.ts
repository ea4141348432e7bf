// The dispatch board: the staff Bookings screen's day and week views (docs/product.md#bookings).
// Days and hours are the office's (app/domain/office.ts): a booking belongs to the office day
// and hour its start falls in, whatever its own time zone.
import {
  UNFILLED_ALERT_HOURS,
  URGENT_UNFILLED_ALERT_HOURS,
  zonedTimeToUtc,
  type BookingStatus,
} from './bookings'
import { dateTimeFormat } from './format'
import { officeTimeZone } from './office'
import { addDays, type IsoDate } from './onboarding'

export const boardViews = ['day', 'week'] as const
export type BoardView = (typeof boardViews)[number]

/** The statuses of a booking still without an interpreter. */
export const statusesWithoutInterpreter: readonly BookingStatus[] = [
  'requested',
  'offered',
  'unfilled',
]

export function withoutInterpreter(status: BookingStatus): boolean {
  return statusesWithoutInterpreter.includes(status)
}

/**
 * Still without an interpreter and starting within 24 hours (urgent: 2 hours), not yet
 * started: the same rule as `unfilledSoonCondition` in app/models/dispatch/bookings.server.ts,
 * for rows already read.
 */
export function isAtRisk(
  booking: { status: BookingStatus; startsAt: Date; urgent: boolean },
  at: Date,
): boolean {
  if (!withoutInterpreter(booking.status)) return false
  const ahead = booking.startsAt.getTime() - at.getTime()
  const hours = booking.urgent ? URGENT_UNFILLED_ALERT_HOURS : UNFILLED_ALERT_HOURS
  return ahead > 0 && ahead < hours * 60 * 60 * 1000
}

/** The office's calendar date and hour (0–23) of an instant. */
export function officeDayAndHour(instant: Date): { date: IsoDate; hour: number } {
  const parts = dateTimeFormat('en-CA', {
    timeZone: officeTimeZone(),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '00'
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    hour: Number(part('hour')),
  }
}

/** The Monday of a date's week (weeks run Monday to Sunday). */
export function weekStart(date: IsoDate): IsoDate {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
  return addDays(date, -((weekday + 6) % 7))
}

export interface BoardPeriod {
  view: BoardView
  /** The first day shown and the day after the last, office dates. */
  firstDay: IsoDate
  endDay: IsoDate
  /** The same as instants: bookings starting at or after `from` and before `until`. */
  from: Date
  until: Date
  /** The date the previous and next links carry. */
  previous: IsoDate
  next: IsoDate
}

/** The day, or the Monday-to-Sunday week, holding `date`, in the office's time zone. */
export function boardPeriod(view: BoardView, date: IsoDate): BoardPeriod {
  const length = view === 'day' ? 1 : 7
  const firstDay = view === 'day' ? date : weekStart(date)
  const endDay = addDays(firstDay, length)
  const zone = officeTimeZone()
  return {
    view,
    firstDay,
    endDay,
    from: zonedTimeToUtc(firstDay, '00:00', zone),
    until: zonedTimeToUtc(endDay, '00:00', zone),
    previous: addDays(firstDay, -length),
    next: endDay,
  }
}

/** Every day of a period, in order. */
export function periodDays(period: BoardPeriod): IsoDate[] {
  const days: IsoDate[] = []
  for (let day = period.firstDay; day < period.endDay; day = addDays(day, 1)) days.push(day)
  return days
}

export interface BoardBooking {
  id: string
  status: BookingStatus
  startsAt: Date
  urgent: boolean
}

/**
 * Where a booking stands in its hour: at risk first, then the others still without an
 * interpreter, then the filled ones, the cancelled last.
 */
export function boardRank(booking: BoardBooking, at: Date): number {
  if (isAtRisk(booking, at)) return 0
  if (withoutInterpreter(booking.status)) return 1
  if (booking.status === 'cancelled') return 3
  return 2
}

const QUARTER_HOUR_MS = 15 * 60 * 1000

export interface BoardHour<T> {
  hour: number
  /** The hour's bookings (on other pages too). */
  count: number
  bookings: (T & { atRisk: boolean })[]
}

export interface BoardDay<T> {
  date: IsoDate
  count: number
  hours: BoardHour<T>[]
}

/**
 * The bookings grouped by office day, then by the hour they start in, each hour's bookings at
 * risk first (then by `boardRank`, then by start). Every day of the period is there, empty or
 * not; only hours with bookings are.
 */
export function groupBoard<T extends BoardBooking>(
  period: BoardPeriod,
  rows: T[],
  at: Date,
): BoardDay<T>[] {
  const days = new Map<IsoDate, Map<number, (T & { atRisk: boolean })[]>>(
    periodDays(period).map((day) => [day, new Map()]),
  )
  // Bookings start on quarter hours mostly, and every zone's offset is a whole number of
  // quarter hours: one zone conversion per quarter hour instead of one per booking.
  const quarters = new Map<number, { date: IsoDate; hour: number }>()
  for (const row of rows) {
    const quarter = Math.floor(row.startsAt.getTime() / QUARTER_HOUR_MS)
    let place = quarters.get(quarter)
    if (!place) {
      place = officeDayAndHour(new Date(quarter * QUARTER_HOUR_MS))
      quarters.set(quarter, place)
    }
    const { date, hour } = place
    const hours = days.get(date)
    if (!hours) continue
    const list = hours.get(hour) ?? []
    list.push({ ...row, atRisk: isAtRisk(row, at) })
    hours.set(hour, list)
  }
  return [...days].map(([date, hours]) => {
    const sorted = [...hours]
      .sort(([a], [b]) => a - b)
      .map(([hour, bookings]) => ({
        hour,
        count: bookings.length,
        bookings: bookings.sort(
          (a, b) =>
            boardRank(a, at) - boardRank(b, at) ||
            a.startsAt.getTime() - b.startsAt.getTime() ||
            a.id.localeCompare(b.id),
        ),
      }))
    return {
      date,
      count: sorted.reduce((sum, hour) => sum + hour.bookings.length, 0),
      hours: sorted,
    }
  })
}

/**
 * A page of the board: a busy week holds well over a thousand bookings, more than a page
 * should draw (docs/benchmarks.md), so the board shows them 200 at a time in its order.
 */
export const BOARD_PAGE_SIZE = 200

/**
 * The days and hours of one page: the bookings from `(page - 1) * size` on, in the board's
 * order. Every day stays, with its whole count; only the hours with bookings on the page do,
 * each with its whole count too.
 */
export function pageOfBoard<T>(days: BoardDay<T>[], page: number, size = BOARD_PAGE_SIZE) {
  const first = (page - 1) * size
  const end = first + size
  let index = 0
  const kept: BoardDay<T>[] = []
  for (const day of days) {
    const hours: BoardHour<T>[] = []
    for (const hour of day.hours) {
      const from = Math.max(first - index, 0)
      const to = Math.min(end - index, hour.bookings.length)
      if (from < to) hours.push({ ...hour, bookings: hour.bookings.slice(from, to) })
      index += hour.bookings.length
    }
    kept.push({ ...day, hours })
  }
  return kept
}

/** `9 AM`, `12 PM`: an hour of the office's day, as its group's heading. */
export function hourLabel(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM'
  return `${hour % 12 === 0 ? 12 : hour % 12} ${suffix}`
}
