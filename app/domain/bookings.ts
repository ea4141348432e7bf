import { TZDate } from '@date-fns/tz'
import type { Modality } from './interpreter-profile'
import { formatCents } from './money'

/**
 * Bookings: a client's request for an interpreter at a time (docs/product.md#client-portal).
 * Times are stored as the wall-clock date and time in the booking's time zone, with the UTC
 * instant computed from them, so that a booking across a daylight-saving change keeps its
 * wall-clock start.
 */
export const bookingSettings = [
  { value: 'medical', label: 'Medical' },
  { value: 'legal', label: 'Legal' },
  { value: 'education', label: 'Education' },
  { value: 'government', label: 'Government' },
  { value: 'business', label: 'Business' },
  { value: 'other', label: 'Other' },
] as const
export type BookingSetting = (typeof bookingSettings)[number]['value']
export const bookingSettingValues = bookingSettings.map((entry) => entry.value) as [
  BookingSetting,
  ...BookingSetting[],
]

export function settingLabel(value: string): string {
  return bookingSettings.find((entry) => entry.value === value)?.label ?? value
}

/** The interpreter specialization a setting needs; other settings need none. */
export const specializationForSetting: Partial<Record<BookingSetting, string>> = {
  medical: 'medical',
  legal: 'legal',
  business: 'business',
}

export const bookingStatuses = [
  'requested',
  'offered',
  'confirmed',
  'completed',
  'cancelled',
  'unfilled',
] as const
export type BookingStatus = (typeof bookingStatuses)[number]

export const bookingStatusLabels: Record<BookingStatus, string> = {
  requested: 'Requested',
  offered: 'Offered',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  unfilled: 'Unfilled',
}

/** The client's Bookings filter by time: still to start, or started already. */
export const bookingPeriods = ['upcoming', 'past'] as const
export type BookingPeriod = (typeof bookingPeriods)[number]
export const bookingPeriodLabels: Record<BookingPeriod, string> = {
  upcoming: 'Upcoming',
  past: 'Past',
}

/**
 * `reconfirm`: the confirmed interpreter's offer after the client moved the booking to a time
 * they can still make; the booking stays theirs and its link asks them to confirm the new
 * time (docs/product.md#bookings).
 */
export const offerStatuses = [
  'offered',
  'accepted',
  'declined',
  'filled',
  'withdrawn',
  'reconfirm',
] as const
export type OfferStatus = (typeof offerStatuses)[number]

/** A booking that starts sooner than this is urgent (accepted, and said so). */
export const URGENT_WITHIN_HOURS = 24
/** Inside this many hours of the start a cancellation is late (the policy applies). */
export const LATE_CANCELLATION_HOURS = 24
/** Staff are told about a booking still unfilled this long before it starts (urgent: 2 h). */
export const UNFILLED_ALERT_HOURS = 24
export const URGENT_UNFILLED_ALERT_HOURS = 2
export const MAX_DURATION_MINUTES = 12 * 60
export const MIN_DURATION_MINUTES = 15
/** On-site work: the travel time kept free before and after another assignment. */
export const ON_SITE_TRAVEL_MINUTES = 60
/** An offer e-mail's link works this long. */
export const OFFER_LINK_HOURS = 72

/** What the location field holds for each modality. */
export const locationLabel: Record<Modality, string> = {
  phone: 'Call-in number',
  video: 'Video link',
  on_site: 'On-site address',
}

/**
 * What the cancel form says inside the cancellation window: the organization's contract sets
 * the window and may set a fee (docs/product.md#contracts-and-pay); without one, 24 hours and
 * the minimum.
 */
export function lateCancellationPolicy(terms: {
  windowHours: number
  feeCents: number | null
}): string {
  const billed =
    terms.feeCents === null
      ? 'billed at the minimum for its modality'
      : `billed a fee of ${formatCents(terms.feeCents)}`
  return `This booking starts within ${terms.windowHours} hours: a cancellation now is a late cancellation, ${billed}.`
}

/**
 * The UTC instant of a wall-clock date and time in a time zone. A time that a daylight-saving
 * change skips (02:30 on the March change in New York) moves forward by the gap; a time it
 * repeats is the first of the two. `24:00` is the next day's midnight.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  return new Date(new TZDate(year, month - 1, day, hour, minute, timeZone).getTime())
}

export function isUrgent(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() < URGENT_WITHIN_HOURS * 60 * 60 * 1000
}

export function isLateCancellation(
  startsAt: Date,
  now: Date,
  windowHours: number = LATE_CANCELLATION_HOURS,
): boolean {
  return startsAt.getTime() - now.getTime() < windowHours * 60 * 60 * 1000
}

/** What the interpreter reads after saying they cannot make a booking's new time. */
export const NEW_TIME_DECLINED_MESSAGE =
  'Thank you for telling us. The assignment is no longer yours, and our team will find another interpreter for the new time.'
