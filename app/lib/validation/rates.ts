import { z } from 'zod'
import { MAX_RATE_UNITS, RATE_DECIMALS } from '../../domain/billing'
import { MAX_DURATION_MINUTES, zonedTimeToUtc } from '../../domain/bookings'
import { wallClock } from '../../domain/dispatch'
import { modalityValues } from '../../domain/interpreter-profile'
import { parseDecimal } from '../../domain/money'
import { amountField } from './amount'
import { officeTimeZone } from '../../domain/office'

// Staff type rates and times in the office's zone (docs/product.md#constants).

/** A typo guard for the mileage rate: $10 a mile. */
export const MAX_MILEAGE_CENTS_PER_MILE = 1_000

export const RATE_MESSAGE = 'Please enter dollars per minute with up to 4 decimals, such as 0.9167.'
export const MILEAGE_MESSAGE = 'Please enter dollars per mile with up to 2 decimals, such as 0.70.'
export const MINIMUM_MESSAGE = `Please enter whole minutes from 1 to ${MAX_DURATION_MINUTES}.`
export const IN_FORCE_MESSAGE = 'Please choose a date and time.'
export const IN_FORCE_PAST_MESSAGE =
  'Please choose a time from now on: work already done keeps the rates it was done at.'

/** `2026-11-24T09:30`, the value of a `datetime-local` control. */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/

/** The instant a `datetime-local` value names in the office's zone. */
export function officeDateTimeToUtc(value: string): Date | undefined {
  const match = LOCAL_DATE_TIME.exec(value)
  if (!match) return undefined
  // A real day and time: February 30th or 24:00 is refused, not rolled over.
  const day = new Date(`${match[1]}T${match[2]}:00Z`)
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 16) !== value) return undefined
  const instant = zonedTimeToUtc(match[1]!, match[2]!, officeTimeZone())
  return Number.isNaN(instant.getTime()) ? undefined : instant
}

/** The `datetime-local` value of an instant in the office's zone, to the minute. */
export function officeDateTime(instant: Date): string {
  const { date, minute } = wallClock(instant, officeTimeZone())
  const twoDigits = (value: number) => String(value).padStart(2, '0')
  return `${date}T${twoDigits(Math.floor(minute / 60))}:${twoDigits(minute % 60)}`
}

/**
 * How far before now a typed "in force from" still means "now": the form opens with the
 * current minute, and staff may take a while to fill it in. Such a time is saved as the
 * moment of saving, so a rate row never starts in the past.
 */
export const IN_FORCE_GRACE_MS = 15 * 60_000

/** The earliest "in force from" accepted at `now`. */
export function earliestInForce(now: Date): Date {
  return new Date(Math.floor((now.getTime() - IN_FORCE_GRACE_MS) / 60_000) * 60_000)
}

/**
 * New rates for one modality (docs/product.md#rates). Money is typed as dollars and kept as
 * integers: rates per minute in rate units (4 decimals), mileage in cents per mile. "In force
 * from" may not lie in the past (see {@link IN_FORCE_GRACE_MS}), so that a change never reprices work already done.
 */
export function ratesSchema(now: Date) {
  return z.object({
    modality: z.enum(modalityValues, { error: 'Please choose the modality.' }),
    clientRate: rateField(),
    interpreterRate: rateField(),
    minimumMinutes: minimumMinutesField(),
    mileageRate: mileageRateField(),
    travelClientRate: travelRateField(),
    travelInterpreterRate: travelRateField(),
    effectiveFrom: inForceField(now),
  })
}

/** "In force from": a date and time in the office's zone, not in the past. */
export function inForceField(now: Date) {
  return z
    .string({ error: IN_FORCE_MESSAGE })
    .regex(LOCAL_DATE_TIME, { error: IN_FORCE_MESSAGE, abort: true })
    .refine((value) => officeDateTimeToUtc(value) !== undefined, {
      error: IN_FORCE_MESSAGE,
      abort: true,
    })
    .refine(
      (value) => (officeDateTimeToUtc(value)?.getTime() ?? 0) >= earliestInForce(now).getTime(),
      IN_FORCE_PAST_MESSAGE,
    )
}

/** A per-minute rate typed in dollars with up to 4 decimals. */
export const rateField = () =>
  amountField({ decimals: RATE_DECIMALS, max: MAX_RATE_UNITS, message: RATE_MESSAGE })

/** A travel-time rate per minute; empty is none (travel time not billed or not paid). */
export const travelRateField = () => rateField().optional()

/** A typed travel-time rate in rate units: empty is 0. */
export function travelRateUnits(value: string | undefined): number {
  return value === undefined ? 0 : parseDecimal(value, RATE_DECIMALS)!
}

/** Minimum billable minutes, 1 to the longest booking. */
export const minimumMinutesField = () =>
  z.coerce
    .number({ error: MINIMUM_MESSAGE })
    .int(MINIMUM_MESSAGE)
    .min(1, MINIMUM_MESSAGE)
    .max(MAX_DURATION_MINUTES, MINIMUM_MESSAGE)

/** A mileage rate typed in dollars per mile. */
export const mileageRateField = () =>
  amountField({ decimals: 2, max: MAX_MILEAGE_CENTS_PER_MILE, message: MILEAGE_MESSAGE })

export type RatesValues = z.infer<ReturnType<typeof ratesSchema>>

/** The schema's values as the integers the rates table keeps. */
export function ratesFromValues(values: RatesValues) {
  return {
    modality: values.modality,
    clientRateUnits: parseDecimal(values.clientRate, RATE_DECIMALS)!,
    interpreterRateUnits: parseDecimal(values.interpreterRate, RATE_DECIMALS)!,
    minimumMinutes: values.minimumMinutes,
    mileageCentsPerMile: parseDecimal(values.mileageRate, 2)!,
    travelClientRateUnits: travelRateUnits(values.travelClientRate),
    travelInterpreterRateUnits: travelRateUnits(values.travelInterpreterRate),
    effectiveFrom: officeDateTimeToUtc(values.effectiveFrom)!,
  }
}
