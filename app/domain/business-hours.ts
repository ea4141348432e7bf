import { zonedTimeToUtc } from './bookings'
import { addDays, calendarDate, type IsoDate } from './onboarding'

/**
 * Business hours: the weekdays and the wall-clock window when staff answer leads, in the
 * office's time zone, without the holidays. The first-response clock counts only this time
 * (docs/decisions/045-lead-response-clock.md).
 */
export interface BusinessHours {
  /** Days of the week, 0 = Sunday … 6 = Saturday. */
  days: ReadonlySet<number>
  /** `HH:MM`, wall clock. */
  opens: string
  /** `HH:MM`, wall clock, after `opens` (`24:00` for midnight). */
  closes: string
  timeZone: string
  holidays: ReadonlySet<IsoDate>
}

const dayNames = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const

function dayIndex(name: string): number {
  const index = dayNames.indexOf(name.trim().toLowerCase().slice(0, 3) as (typeof dayNames)[number])
  if (index < 0 || name.trim().length < 3) throw new Error(`"${name}" is not a day of the week`)
  return index
}

const timePattern = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return hours * 60 + minutes
}

/**
 * Reads "Mon-Fri 08:00-20:00" (also "Mon,Wed,Fri 09:00-17:00" or "Sat-Sun …"); throws an
 * Error saying what is wrong.
 */
export function parseBusinessHours(
  text: string,
  timeZone: string,
  holidays: readonly IsoDate[] = [],
): BusinessHours {
  const match = /^\s*(\S+)\s+(\d{2}:\d{2})\s*-\s*(\d{2}:\d{2})\s*$/.exec(text)
  if (!match) throw new Error('must look like "Mon-Fri 08:00-20:00"')
  const [, dayText, opens, closes] = match as unknown as [string, string, string, string]
  const days = new Set<number>()
  for (const part of dayText.split(',')) {
    const [first, last] = part.split('-')
    if (!first) throw new Error('must name the days, e.g. "Mon-Fri"')
    const start = dayIndex(first)
    const end = last === undefined ? start : dayIndex(last)
    for (let day = start; ; day = (day + 1) % 7) {
      days.add(day)
      if (day === end) break
    }
  }
  if (!timePattern.test(opens) || !timePattern.test(closes))
    throw new Error('times must be HH:MM between 00:00 and 24:00')
  if (minutesOf(closes) <= minutesOf(opens)) throw new Error('must close after it opens')
  return { days, opens, closes, timeZone, holidays: new Set(holidays) }
}

function weekday(date: IsoDate): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay()
}

/** The day's business window as UTC instants, or undefined on a closed day or a holiday. */
function windowOn(date: IsoDate, hours: BusinessHours): [number, number] | undefined {
  if (!hours.days.has(weekday(date)) || hours.holidays.has(date)) return undefined
  return [
    zonedTimeToUtc(date, hours.opens, hours.timeZone).getTime(),
    zonedTimeToUtc(date, hours.closes, hours.timeZone).getTime(),
  ]
}

/** A search for the next open window gives up after this many days (a schedule of holidays only). */
const MAX_DAYS = 3660

/** Business milliseconds between two instants (0 when `to` is not after `from`). */
export function businessMsBetween(from: Date, to: Date, hours: BusinessHours): number {
  const start = from.getTime()
  const end = to.getTime()
  if (end <= start) return 0
  let total = 0
  const lastDate = calendarDate(to, hours.timeZone)
  for (
    let date = calendarDate(from, hours.timeZone), days = 0;
    date <= lastDate && days <= MAX_DAYS;
    date = addDays(date, 1), days++
  ) {
    const window = windowOn(date, hours)
    if (!window) continue
    const overlap = Math.min(end, window[1]) - Math.max(start, window[0])
    if (overlap > 0) total += overlap
  }
  return total
}

/** The instant at which `ms` business milliseconds have passed since `from`. */
export function addBusinessMs(from: Date, ms: number, hours: BusinessHours): Date {
  const start = from.getTime()
  let remaining = ms
  for (
    let date = calendarDate(from, hours.timeZone), days = 0;
    days <= MAX_DAYS;
    date = addDays(date, 1), days++
  ) {
    const window = windowOn(date, hours)
    if (!window) continue
    const opens = Math.max(start, window[0])
    const length = window[1] - opens
    if (length <= 0) continue
    if (remaining <= length) return new Date(opens + remaining)
    remaining -= length
  }
  throw new Error('The business hours have no open time in the next ten years.')
}

/** "45m", "1h 5m", "26h 0m": a business duration for people. */
export function formatBusinessDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000)
  if (minutes < 60) return `${minutes}m`
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`
}
