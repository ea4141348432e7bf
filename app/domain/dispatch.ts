import type { AvailabilityRange, DateRange, Weekday } from './availability'
import {
  ON_SITE_TRAVEL_MINUTES,
  settingLabel,
  specializationForSetting,
  type BookingSetting,
} from './bookings'
import {
  modalityLabel,
  type InterpreterGender,
  type Modality,
  type RequestedGender,
} from './interpreter-profile'
import { ONBOARDING_STEP_COUNT } from './statistics'
import { dateTimeFormat, formatCount } from './format'
import { formatTravelTime, haversineMiles, travelMinutes, type LatLon } from './travel'
import type { InterpreterPreference } from './organizations'

/**
 * Who may be offered a booking and in what order (docs/product.md#bookings): the rules
 * without I/O, so the staff screen, the bench and the tests judge interpreters the same way.
 */

export interface DispatchBooking {
  language: string
  modality: Modality
  /** The interpreter's gender the client asked for; null or absent: no preference. */
  requestedGender?: RequestedGender | null
  setting: BookingSetting
  startsAt: Date
  durationMinutes: number
  /** The booking's own calendar date (`YYYY-MM-DD`, in its time zone). */
  localDate: string
  /** Where on-site work is: its address's ZIP code centroid; null when unknown or remote. */
  site: LatLon | null
}

/** An interpreter's confirmed work, as the overlap rule needs it. */
export interface ConfirmedAssignment {
  startsAt: Date
  durationMinutes: number
  modality: Modality
}

/** An interpreter of the booking's language as the rules weigh them, eligible or not. */
export interface InterpreterForDispatch {
  id: string
  firstName: string
  lastName: string
  timeZone: string
  languages: readonly string[]
  modalities: readonly string[]
  specializations: readonly string[]
  onboardingProgress: number
  /** Expiry dates of accepted medical_training documents (null: no expiry date). */
  medicalCredentialExpiries: readonly (string | null)[]
  availability: readonly AvailabilityRange[]
  timeOff: readonly DateRange[]
  confirmed: readonly ConfirmedAssignment[]
  /** Completed bookings for the booking's organization. */
  completedWithOrganization: number
  /** Confirmed and completed minutes in the booking's half-month. */
  minutesThisHalfMonth: number
  /** Their profile's ZIP code centroid; null when unknown. */
  home: LatLon | null
  /** How far they travel for on-site work; null: not stated, no limit. */
  travelRadiusMiles: number | null
  /** The client asked for this interpreter on the booking. */
  preferredByClient?: boolean
  /** As stated on their profile; null when not stated. */
  gender?: InterpreterGender | null
  /** The organization's standing preference for this interpreter, if any. */
  organizationPreference?: InterpreterPreference | null
  /** They have (or had) another booking of the same weekly series. */
  servesSeries?: boolean
  /** They hold, or are offered, another seat of the booking's team (app/domain/booking-teams.ts). */
  onTeam?: boolean
}

/**
 * The trip to a booking: none for remote work, unknown when either ZIP code is missing or
 * outside the data, else the distance in whole miles and the estimated minutes.
 */
export type Travel =
  { kind: 'remote' } | { kind: 'unknown' } | { kind: 'known'; miles: number; minutes: number }

export function travelTo(booking: DispatchBooking, interpreter: InterpreterForDispatch): Travel {
  if (booking.modality !== 'on_site') return { kind: 'remote' }
  if (!booking.site || !interpreter.home) return { kind: 'unknown' }
  const miles = haversineMiles(interpreter.home, booking.site)
  // Whole miles, as the radius is: the rule compares what staff read.
  return { kind: 'known', miles: Math.round(miles), minutes: travelMinutes(miles) }
}

/**
 * What the eligible list says of the trip: "12 mi, about 25 min travel", "distance unknown";
 * null for remote work.
 */
export function travelLabel(travel: Travel, travelRadiusMiles: number | null): string | null {
  switch (travel.kind) {
    case 'remote':
      return null
    case 'unknown':
      return 'distance unknown'
    case 'known': {
      const trip = `${formatCount(travel.miles, 'mi', 'mi')}, about ${formatTravelTime(travel.minutes)} travel`
      return travelRadiusMiles === null ? `${trip}, no travel radius set` : trip
    }
  }
}

export const exclusionReasons = {
  language: 'Language not approved',
  modality: 'Does not work this way',
  specialization: 'No specialization for this setting',
  onboarding: 'Onboarding not complete',
  medical: 'No current HIPAA/medical credential',
  timeOff: 'Time off that day',
  availability: 'Not available then',
  overlap: 'Another assignment at that time',
  blocked: 'The client asked not to send this interpreter',
  gender: 'Not the gender the client asked for',
  team: 'Already on the other seat of this team',
} as const
export type TravelReason = `Outside travel radius (${string}, radius ${string})`
export type ExclusionReason =
  (typeof exclusionReasons)[keyof typeof exclusionReasons] | TravelReason

/** "Outside travel radius (1,694 mi, radius 50 mi)" */
export function outsideRadiusReason(miles: number, radiusMiles: number): TravelReason {
  return `Outside travel radius (${formatCount(miles, 'mi', 'mi')}, radius ${formatCount(radiusMiles, 'mi', 'mi')})`
}

const MINUTE = 60 * 1000

// The list judges hundreds of interpreters in a handful of zones: one formatter per zone.
function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    weekday: 'long',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
}

export interface WallClock {
  readonly day: Weekday
  /** `YYYY-MM-DD` */
  readonly date: string
  readonly minute: number
}

// The dispatch list asks the same few instants of every interpreter, in a handful of zones:
// formatting costs microseconds each time, a lookup almost nothing. Bounded, as the instants
// differ from one booking to the next.
const wallClocks = new Map<string, WallClock>()
const WALL_CLOCKS_KEPT = 1000

/** The wall-clock day, date and minute of the day of an instant in a time zone. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const key = `${instant.getTime()} ${timeZone}`
  const known = wallClocks.get(key)
  if (known) return known
  const parts = wallClockFormatter(timeZone).formatToParts(instant)
  const value = (type: string) => parts.find((part) => part.type === type)?.value ?? ''
  const clock: WallClock = Object.freeze({
    day: value('weekday').toLowerCase() as Weekday,
    date: `${value('year')}-${value('month')}-${value('day')}`,
    minute: Number(value('hour')) * 60 + Number(value('minute')),
  })
  if (wallClocks.size >= WALL_CLOCKS_KEPT) wallClocks.clear()
  wallClocks.set(key, clock)
  return clock
}

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return hours * 60 + minutes
}

/**
 * The booking lies inside one weekly range, in the interpreter's own time zone. A booking
 * that runs past midnight there needs a range on each day, which a weekly range cannot say,
 * so it counts as not available.
 */
function coveredByAvailability(
  booking: DispatchBooking,
  interpreter: InterpreterForDispatch,
): boolean {
  const start = wallClock(booking.startsAt, interpreter.timeZone)
  const end = wallClock(
    new Date(booking.startsAt.getTime() + booking.durationMinutes * MINUTE),
    interpreter.timeZone,
  )
  const endMinute = end.date === start.date ? end.minute : end.minute === 0 ? 24 * 60 : -1
  if (endMinute < 0) return false
  return interpreter.availability.some(
    (range) =>
      range.day === start.day &&
      minutesOf(range.start) <= start.minute &&
      endMinute <= minutesOf(range.end),
  )
}

function onTimeOff(booking: DispatchBooking, interpreter: InterpreterForDispatch): boolean {
  const start = wallClock(booking.startsAt, interpreter.timeZone).date
  const end = wallClock(
    new Date(booking.startsAt.getTime() + booking.durationMinutes * MINUTE - 1),
    interpreter.timeZone,
  ).date
  return interpreter.timeOff.some((period) => period.startsOn <= end && start <= period.endsOn)
}

/**
 * Two pieces of work clash when their times overlap; when either is on-site, the travel
 * time before and after it is kept free as well.
 */
export function assignmentsClash(a: ConfirmedAssignment, b: ConfirmedAssignment): boolean {
  const travel = a.modality === 'on_site' || b.modality === 'on_site' ? ON_SITE_TRAVEL_MINUTES : 0
  const aStart = a.startsAt.getTime() - travel * MINUTE
  const aEnd = a.startsAt.getTime() + (a.durationMinutes + travel) * MINUTE
  const bStart = b.startsAt.getTime()
  const bEnd = bStart + b.durationMinutes * MINUTE
  return aStart < bEnd && bStart < aEnd
}

/** Whether the interpreter's languages hold `language` (any case, any spacing around it). */
export function speaksLanguage(languages: readonly string[], language: string): boolean {
  const wanted = language.trim().toLowerCase()
  return languages.some((entry) => entry.trim().toLowerCase() === wanted)
}

/** The specialization the setting needs, and onboarding complete: booked work and calls alike. */
export function readinessReasons(
  setting: BookingSetting,
  interpreter: { specializations: readonly string[]; onboardingProgress: number },
): ExclusionReason[] {
  const reasons: ExclusionReason[] = []
  const specialization = specializationForSetting[setting]
  if (specialization && !interpreter.specializations.includes(specialization))
    reasons.push(exclusionReasons.specialization)
  if (interpreter.onboardingProgress < ONBOARDING_STEP_COUNT)
    reasons.push(exclusionReasons.onboarding)
  return reasons
}

/** Every rule the interpreter fails for the booking, in the order staff read them; [] = eligible. */
export function reasonsNotEligible(
  booking: DispatchBooking,
  interpreter: InterpreterForDispatch,
  travel: Travel = travelTo(booking, interpreter),
): ExclusionReason[] {
  const reasons: ExclusionReason[] = []
  if (interpreter.organizationPreference === 'blocked') reasons.push(exclusionReasons.blocked)
  // One person cannot fill two seats of a team: the team needs two interpreters.
  if (interpreter.onTeam) reasons.push(exclusionReasons.team)
  if (!speaksLanguage(interpreter.languages, booking.language))
    reasons.push(exclusionReasons.language)
  if (!interpreter.modalities.includes(booking.modality)) reasons.push(exclusionReasons.modality)
  // Only an interpreter who states the gender asked for meets the request.
  if (booking.requestedGender && interpreter.gender !== booking.requestedGender)
    reasons.push(exclusionReasons.gender)
  // An unknown distance excludes nobody: staff see "distance unknown" and judge.
  if (
    travel.kind === 'known' &&
    interpreter.travelRadiusMiles !== null &&
    travel.miles > interpreter.travelRadiusMiles
  )
    reasons.push(outsideRadiusReason(travel.miles, interpreter.travelRadiusMiles))
  reasons.push(...readinessReasons(booking.setting, interpreter))
  if (
    booking.setting === 'medical' &&
    !interpreter.medicalCredentialExpiries.some(
      (expiresOn) => expiresOn === null || expiresOn >= booking.localDate,
    )
  )
    reasons.push(exclusionReasons.medical)
  if (onTimeOff(booking, interpreter)) reasons.push(exclusionReasons.timeOff)
  else if (!coveredByAvailability(booking, interpreter)) reasons.push(exclusionReasons.availability)
  if (interpreter.confirmed.some((assignment) => assignmentsClash(booking, assignment)))
    reasons.push(exclusionReasons.overlap)
  return reasons
}

/** The half-month an instant falls in (1st–15th, 16th–end), in UTC: [start, end). */
export function halfMonthOf(instant: Date): { start: Date; end: Date } {
  const year = instant.getUTCFullYear()
  const month = instant.getUTCMonth()
  return instant.getUTCDate() <= 15
    ? { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month, 16)) }
    : { start: new Date(Date.UTC(year, month, 16)), end: new Date(Date.UTC(year, month + 1, 1)) }
}

export interface DispatchList<Interpreter extends InterpreterForDispatch> {
  eligible: (Interpreter & { travel: Travel })[]
  excluded: { interpreter: Interpreter; reasons: ExclusionReason[] }[]
}

/**
 * Splits the interpreters into eligible and excluded (with every reason). Eligible ones are
 * ranked: the interpreter the client asked for first, then the organization's preferred
 * interpreters, then the series' interpreter (so a
 * weekly series keeps one face), then past completed work with this organization (more
 * first), then the fewest hours this half-month, then by name so that the order is stable.
 */
export function dispatchList<Interpreter extends InterpreterForDispatch>(
  booking: DispatchBooking,
  interpreters: readonly Interpreter[],
): DispatchList<Interpreter> {
  const eligible: DispatchList<Interpreter>['eligible'] = []
  const excluded: DispatchList<Interpreter>['excluded'] = []
  for (const interpreter of interpreters) {
    const travel = travelTo(booking, interpreter)
    const reasons = reasonsNotEligible(booking, interpreter, travel)
    if (reasons.length === 0) eligible.push({ ...interpreter, travel })
    else excluded.push({ interpreter, reasons })
  }
  const byName = (a: Interpreter, b: Interpreter) =>
    a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName)
  eligible.sort(
    (a, b) =>
      Number(b.preferredByClient ?? false) - Number(a.preferredByClient ?? false) ||
      Number(b.organizationPreference === 'preferred') -
        Number(a.organizationPreference === 'preferred') ||
      Number(b.servesSeries ?? false) - Number(a.servesSeries ?? false) ||
      Number(b.completedWithOrganization > 0) - Number(a.completedWithOrganization > 0) ||
      b.completedWithOrganization - a.completedWithOrganization ||
      a.minutesThisHalfMonth - b.minutesThisHalfMonth ||
      byName(a, b),
  )
  excluded.sort((a, b) => byName(a.interpreter, b.interpreter))
  return { eligible, excluded }
}

/** What a booking is, in a few words: "Spanish, On-site, Medical". */
export function bookingTitle(booking: {
  language: string
  modality: string
  setting: string
}): string {
  return `${booking.language}, ${modalityLabel(booking.modality)}, ${settingLabel(booking.setting)}`
}

/** Why an eligible interpreter leads the list, as staff read it before the figures; '' if not. */
export function rankingNote(interpreter: InterpreterForDispatch): string {
  if (interpreter.preferredByClient) return 'asked for by the client · '
  if (interpreter.organizationPreference === 'preferred') return 'preferred by this client · '
  if (interpreter.servesSeries) return 'interprets this series · '
  return ''
}
