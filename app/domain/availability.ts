import { dateTimeFormat } from './format'
/**
 * When an interpreter works (docs/product.md#profile): weekly ranges in their own time zone
 * and time off as whole days. Rules only; the model stores them.
 */

export const weekdays = [
  { value: 'monday', label: 'Monday' },
  { value: 'tuesday', label: 'Tuesday' },
  { value: 'wednesday', label: 'Wednesday' },
  { value: 'thursday', label: 'Thursday' },
  { value: 'friday', label: 'Friday' },
  { value: 'saturday', label: 'Saturday' },
  { value: 'sunday', label: 'Sunday' },
] as const

export type Weekday = (typeof weekdays)[number]['value']

export const weekdayValues = weekdays.map((day) => day.value) as [Weekday, ...Weekday[]]

export function weekdayLabel(day: string): string {
  return weekdays.find((entry) => entry.value === day)?.label ?? day
}

/** A weekly range, `HH:MM` wall-clock times in the interpreter's time zone. */
export interface AvailabilityRange {
  day: Weekday
  start: string
  end: string
}

/** Ranges a week may hold: more than anyone needs, few enough to keep the form short. */
export const MAX_AVAILABILITY_RANGES = 21

/** `HH:MM` on a 24-hour clock (what `<input type="time">` sends). */
export const CLOCK_TIME_PATTERN = '([01][0-9]|2[0-3]):[0-5][0-9]'

/**
 * The index of each range that overlaps an earlier range of the same day (touching ends,
 * 08:00–12:00 and 12:00–17:00, do not overlap).
 */
export function overlappingRanges(ranges: readonly AvailabilityRange[]): number[] {
  const overlapping: number[] = []
  ranges.forEach((range, index) => {
    const clash = ranges
      .slice(0, index)
      .some(
        (other) => other.day === range.day && other.start < range.end && range.start < other.end,
      )
    if (clash) overlapping.push(index)
  })
  return overlapping
}

/** Monday first, then by start time: how the profile shows the week. */
export function sortRanges<Range extends AvailabilityRange>(ranges: readonly Range[]): Range[] {
  const order = (day: string) => weekdayValues.indexOf(day as Weekday)
  return [...ranges].sort((a, b) => order(a.day) - order(b.day) || a.start.localeCompare(b.start))
}

/** A period away, `YYYY-MM-DD` dates, both days included. */
export interface DateRange {
  startsOn: string
  endsOn: string
}

/** A stored period of time off. */
export interface TimeOff extends DateRange {
  id: string
}

/** True when two periods share at least one day. */
export function datesOverlap(a: DateRange, b: DateRange): boolean {
  return a.startsOn <= b.endsOn && b.startsOn <= a.endsOn
}

/** Today's date (`YYYY-MM-DD`) in a time zone. */
export function todayIn(timeZone: string, at: Date): string {
  return dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at)
}

/** Every IANA time zone this runtime knows, plus UTC. */
export function knownTimeZones(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')]
}

/**
 * An IANA zone name the runtime knows, canonical (`Asia/Kolkata`) or a link to one
 * (`Asia/Calcutta`); offsets and abbreviations (`+05:30`, `EST`) are not zones of a place.
 */
export function isKnownTimeZone(zone: string): boolean {
  if (zone === 'UTC') return true
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(zone)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/**
 * A zone with its name, as the profile shows it: `America/New_York (Eastern Time)`. The
 * generic name does not change with daylight saving time.
 */
export function timeZoneWithName(zone: string, at: Date = new Date(0)): string {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value
    return name && name !== zone ? `${zone} (${name})` : zone
  } catch {
    return zone
  }
}

// Every zone with its name, worked out once: the list does not change while the server runs.
let timeZoneList: { value: string; label: string }[] | undefined

/** The time zones a form offers, each with its name; `current` stays choosable. */
export function timeZoneOptions(current: string) {
  timeZoneList ??= knownTimeZones().map((zone) => ({ value: zone, label: timeZoneWithName(zone) }))
  // A zone stored under an older name (Asia/Calcutta) stays choosable.
  return timeZoneList.some((option) => option.value === current)
    ? timeZoneList
    : [{ value: current, label: timeZoneWithName(current) }, ...timeZoneList]
}
