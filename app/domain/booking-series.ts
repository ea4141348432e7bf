import { weekdayValues, type Weekday } from './availability'
import { addDays } from './onboarding'

/**
 * A weekly series of bookings (docs/product.md#bookings): the first booking's date, then
 * every ticked weekday after it for a number of weeks, each occurrence at the same
 * wall-clock time in the same time zone. Rules only; the model stores one booking per date.
 */

export const MIN_SERIES_WEEKS = 2
export const MAX_SERIES_WEEKS = 26

/** The weekday of a calendar date (`YYYY-MM-DD`). */
export function weekdayOf(date: string): Weekday {
  // getUTCDay counts from Sunday; weekdayValues from Monday.
  return weekdayValues[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7]!
}

/**
 * The dates of a series: `first`, then each date of the ticked weekdays within `weeks` weeks
 * of it (the first date's own weekday repeats whether ticked or not), in order.
 */
export function weeklySeriesDates(
  first: string,
  repeatDays: readonly Weekday[],
  weeks: number,
): string[] {
  const days = new Set<Weekday>([weekdayOf(first), ...repeatDays])
  const dates: string[] = []
  for (let offset = 0; offset < weeks * 7; offset += 1) {
    const date = addDays(first, offset)
    if (days.has(weekdayOf(date))) dates.push(date)
  }
  return dates
}

/** "Weekly series, 3 of 16": where one booking stands in its series. */
export function seriesPosition(position: number, count: number): string {
  return `Weekly series, ${position} of ${count}`
}
