// The dispatch board: the staff Bookings screen's day and week views (docs/product.md#bookings).
// Days and hours are the office's (app/domain/office.ts): a booking belongs to the office day
// and hour its start falls in, whatever its own time zone.
import { bookingStatuses, zonedTimeToUtc, type BookingStatus } from './bookings'
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

/**
 * A page of the board: a busy week holds well over a thousand bookings, more than a page
 * should draw (docs/benchmarks.md), so the board shows them 200 at a time in its order.
 */
export const BOARD_PAGE_SIZE = 200

/** Whether a booking's language is the one the filter names: whatever its case. */
export function languageMatches(language: string, filter: string): boolean {
  return language.toLowerCase() === filter.toLowerCase()
}

/**
 * How many bookings of one status and language start in one office hour, and how many of
 * them are at risk.
 */
export interface BoardTally {
  status: BookingStatus
  language: string
  date: IsoDate
  hour: number
  bookings: number
  atRisk: number
}

/**
 * The board's counts from its tallies (every booking matching the filters but the status
 * and the language; `language` is that filter, '' for none): the count per status, their
 * sum, and of the bookings listed (those of the chosen status, or all) how many there are,
 * how many without an interpreter and how many at risk, and how many start in each office
 * hour of each day.
 */
export function boardCounts(
  tallies: readonly BoardTally[],
  { status, language }: { status: BookingStatus | 'all'; language: string },
) {
  const counts = Object.fromEntries(bookingStatuses.map((each) => [each, 0])) as Record<
    BookingStatus,
    number
  >
  const hours = new Map<IsoDate, Map<number, number>>()
  let total = 0
  let atRisk = 0
  let unassigned = 0
  for (const tally of tallies) {
    if (language && !languageMatches(tally.language, language)) continue
    counts[tally.status] += tally.bookings
    if (status !== 'all' && tally.status !== status) continue
    total += tally.bookings
    atRisk += tally.atRisk
    if (withoutInterpreter(tally.status)) unassigned += tally.bookings
    const day = hours.get(tally.date) ?? new Map<number, number>()
    day.set(tally.hour, (day.get(tally.hour) ?? 0) + tally.bookings)
    hours.set(tally.date, day)
  }
  const matchingTotal = Object.values(counts).reduce((sum, count) => sum + count, 0)
  return { counts, matchingTotal, total, atRisk, withoutInterpreter: unassigned, hours }
}

export interface BoardHour<T> {
  hour: number
  /** The hour's bookings (on other pages too). */
  count: number
  bookings: T[]
}

export interface BoardDay<T> {
  date: IsoDate
  /** The day's bookings (on other pages too). */
  count: number
  hours: BoardHour<T>[]
}

/**
 * The days and hours of one page: every day of the period with its whole count, and the
 * hours of the page's bookings, each with its whole count too (`hours`, from
 * `boardCounts`). The page's bookings come in the board's order (by office day and hour,
 * those at risk first in each hour: docs/product.md#bookings), each with the office day and
 * hour its start falls in, which the days keep out of the bookings.
 */
export function boardDays<T>(
  period: BoardPeriod,
  hours: ReadonlyMap<IsoDate, ReadonlyMap<number, number>>,
  page: readonly (T & { officeDate: IsoDate; officeHour: number })[],
): BoardDay<T>[] {
  const days = new Map<IsoDate, BoardDay<T>>(
    periodDays(period).map((date) => {
      const counts = [...(hours.get(date)?.values() ?? [])]
      return [date, { date, count: counts.reduce((sum, count) => sum + count, 0), hours: [] }]
    }),
  )
  for (const { officeDate, officeHour, ...booking } of page) {
    const day = days.get(officeDate)
    if (!day) continue
    let hour = day.hours.at(-1)
    if (hour?.hour !== officeHour) {
      hour = { hour: officeHour, count: hours.get(officeDate)?.get(officeHour) ?? 0, bookings: [] }
      day.hours.push(hour)
    }
    hour.bookings.push(booking as T)
  }
  return [...days.values()]
}

/** `9 AM`, `12 PM`: an hour of the office's day, as its group's heading. */
export function hourLabel(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM'
  return `${hour % 12 === 0 ? 12 : hour % 12} ${suffix}`
}
