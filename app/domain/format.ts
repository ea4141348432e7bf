// Every formatter of the product: dates and times (in the office's zone or a named one), text
// cut to a length, people's names. The same on the server and in the browser, so that
// hydration matches (app/domain/office.ts).
import { officeTimeZone } from './office'

/**
 * Shared formatters. Making an `Intl.DateTimeFormat` costs far more than using one (tens of
 * microseconds against one or two), and a list formats hundreds of dates in a handful of time
 * zones: each locale and set of options gets one formatter, kept for the process's life.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`
  let format = dateTimeFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    dateTimeFormats.set(key, format)
  }
  return format
}

const dateOptions = { month: '2-digit', day: '2-digit', year: 'numeric' } as const
const dateTimeOptions = {
  ...dateOptions,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
} as const

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value)
}

/** `11/22/2026` (in `es-US`: `22/11/2026`) */
export function formatDate(value: Date | string | number, locale = 'en-US'): string {
  return dateTimeFormat(locale, { ...dateOptions, timeZone: officeTimeZone() }).format(
    toDate(value),
  )
}

/**
 * A calendar date (`2026-11-22`, a deadline or an expiry date) as `11/22/2026`. Not through
 * `formatDate`: read as an instant it is UTC midnight, the evening before in New York.
 */
export function formatCalendarDate(value: string): string {
  const [year, month, day] = value.split('-')
  return `${month}/${day}/${year}`
}

/** `Monday, Nov 30, 2026`: a calendar date (`2026-11-30`) with its weekday. */
export function formatCalendarDay(value: string): string {
  return dateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${value}T12:00:00Z`))
}

/** `9:05 AM`: an instant's time of day in the office's zone. */
export function formatOfficeTime(value: Date | string | number): string {
  return dateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: officeTimeZone(),
  }).format(toDate(value))
}

/** `11/22/2026, 9:05 AM EST` */
export function formatDateTime(value: Date | string | number): string {
  return dateTimeFormat('en-US', { ...dateTimeOptions, timeZone: officeTimeZone() }).format(
    toDate(value),
  )
}

/** The first `length` characters of a text, with an ellipsis when cut. */
export function truncate(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).trimEnd()}…`
}

const countFormat = new Intl.NumberFormat('en-US')

/** How many of a thing, with the number grouped: "1 booking", "1,204 bookings". */
export function formatCount(count: number, one: string, many: string): string {
  return `${countFormat.format(count)} ${count === 1 ? one : many}`
}

/** `Ana Applicant`: an applicant's first and last name. */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`
}

/** An instant shown in a time zone, with the zone named ("Mon, Dec 7, 2026, 9:00 AM EST"). */
export function formatInZone(instant: Date | string, timeZone: string): string {
  return dateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(instant))
}

/** "1 interpreter", "2 interpreters": a count with its word, for words that take an s. */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`
}
