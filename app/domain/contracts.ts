import {
  billableMinutes,
  mileageAmountCents,
  minutesAmountCents,
  sumCents,
  type CloseoutOutcome,
  type Rates,
} from './billing'
import { isRareLanguage } from './rare-languages'
import { divideRoundingHalfUp } from './money'
import type { IsoDate } from './onboarding'

/**
 * Client contracts and interpreter pay (docs/product.md#contracts-and-pay): what one
 * organization is charged for a modality, and what one interpreter is paid, in place of the
 * default rates. No I/O; every amount is integer cents, every line rounded once, half up.
 */

/** Billable time is rounded up to one of these; 1 is exact, since times are kept to the minute. */
export const billingIncrements = [1, 5, 15, 30] as const
export type BillingIncrement = (typeof billingIncrements)[number]
export const billingIncrementLabels: Record<BillingIncrement, string> = {
  1: 'Exact (to the minute)',
  5: '5 minutes',
  15: '15 minutes',
  30: '30 minutes',
}

/** Premiums are whole percents of a line's amount; a typo guard of 200%. */
export const MAX_PREMIUM_PERCENT = 200
/** A booking made less than this many hours before its start is a rush booking. */
export const RUSH_WITHIN_HOURS = 24
/** A typo guard on the cancellation window: two weeks. */
export const MAX_CANCELLATION_WINDOW_HOURS = 336
/** After-hours work starts before this hour or at or after the next, local time. */
export const WORKDAY_STARTS_HOUR = 8
export const WORKDAY_ENDS_HOUR = 18

/** One organization's terms for one modality, as in force from a time. */
export interface ContractTerms {
  clientRateUnits: number
  minimumMinutes: number
  incrementMinutes: BillingIncrement
  rareLanguagePremiumPercent: number
  rushPremiumPercent: number
  afterHoursPremiumPercent: number
  /** A client's cancellation inside this many hours of the start is late. */
  cancellationWindowHours: number
  /** What a late cancellation costs; null bills the minimum minutes instead. */
  lateCancellationFeeCents: number | null
  mileageCentsPerMile: number
  /** The interpreter's travel time, per minute (rate units), rounded up to the increment. */
  travelRateUnits: number
}

/** The terms of an organization without a contract: the default rates, nothing added. */
export function defaultTerms(rates: Rates, cancellationWindowHours: number): ContractTerms {
  return {
    clientRateUnits: rates.clientRateUnits,
    minimumMinutes: rates.minimumMinutes,
    incrementMinutes: 1,
    rareLanguagePremiumPercent: 0,
    rushPremiumPercent: 0,
    afterHoursPremiumPercent: 0,
    cancellationWindowHours,
    lateCancellationFeeCents: null,
    mileageCentsPerMile: rates.mileageCentsPerMile,
    travelRateUnits: rates.travelClientRateUnits,
  }
}

export const premiumKinds = ['rare_language', 'rush', 'after_hours'] as const
export type PremiumKind = (typeof premiumKinds)[number]

/** Which premium conditions a piece of work meets. */
export type WorkConditions = Record<PremiumKind, boolean>

const weekdayFormats = new Map<string, Intl.DateTimeFormat>()

/** The weekday (0 = Sunday), hour and calendar date of an instant on a time zone's clock. */
function wallClock(at: Date, timeZone: string): { weekday: number; hour: number; date: IsoDate } {
  let format = weekdayFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    weekdayFormats.set(timeZone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]))
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!)
  return {
    weekday,
    hour: Number(parts.hour),
    date: `${parts.year}-${parts.month}-${parts.day}`,
  }
}

/**
 * The premium conditions of a booking: a rare language; a rush (booked less than 24 hours
 * before its start); after hours (starting before 08:00 or from 18:00 on the booking's clock,
 * on a Saturday or Sunday, or on one of the office's holidays).
 */
export function workConditions(work: {
  language: string
  bookedAt: Date
  startsAt: Date
  timeZone: string
  holidays: ReadonlySet<IsoDate>
}): WorkConditions {
  const { weekday, hour, date } = wallClock(work.startsAt, work.timeZone)
  return {
    rare_language: isRareLanguage(work.language),
    rush: work.startsAt.getTime() - work.bookedAt.getTime() < RUSH_WITHIN_HOURS * 3_600_000,
    after_hours:
      weekday === 0 ||
      weekday === 6 ||
      work.holidays.has(date) ||
      hour < WORKDAY_STARTS_HOUR ||
      hour >= WORKDAY_ENDS_HOUR,
  }
}

/** Whole minutes rounded up to the increment: 61 minutes in 15-minute increments is 75. */
export function roundUpToIncrement(minutes: number, increment: BillingIncrement): number {
  return Math.ceil(minutes / increment) * increment
}

/**
 * The client's billable minutes: completed, the minutes worked rounded up to the increment,
 * at least the minimum; a client no-show, the booked minutes likewise; a late cancellation,
 * the minimum.
 */
export function clientBillableMinutes(input: {
  outcome: CloseoutOutcome
  actualMinutes: number
  bookedMinutes: number
  terms: Pick<ContractTerms, 'minimumMinutes' | 'incrementMinutes'>
}): number {
  const { terms } = input
  return billableMinutes({
    outcome: input.outcome,
    actualMinutes: roundUpToIncrement(input.actualMinutes, terms.incrementMinutes),
    bookedMinutes: roundUpToIncrement(input.bookedMinutes, terms.incrementMinutes),
    minimumMinutes: terms.minimumMinutes,
  })
}

export interface Premium {
  kind: PremiumKind
  percent: number
  cents: number
}

const premiumNames: Record<PremiumKind, string> = {
  rare_language: 'Rare-language premium',
  rush: 'Rush premium (booked under 24 hours ahead)',
  after_hours: 'After-hours premium (evening, weekend or holiday)',
}

/** "Rush premium (booked under 24 hours ahead), 25%": how an invoice names a premium. */
export function premiumLabel(premium: Pick<Premium, 'kind' | 'percent'>): string {
  return `${premiumNames[premium.kind]}, ${premium.percent}%`
}

function premiumPercent(terms: ContractTerms, kind: PremiumKind): number {
  switch (kind) {
    case 'rare_language':
      return terms.rareLanguagePremiumPercent
    case 'rush':
      return terms.rushPremiumPercent
    case 'after_hours':
      return terms.afterHoursPremiumPercent
  }
}

/** What the client is charged for one closed-out assignment under their terms. */
export interface ClientCharge {
  /** Null for a flat late-cancellation fee, which bills no minutes. */
  minutes: number | null
  rateUnits: number | null
  amountCents: number
  premiums: Premium[]
  premiumCents: number
  mileageCents: number
  expensesCents: number
  /** The travel time billed, rounded up to the increment, and its amount. */
  travelMinutes: number
  travelTimeCents: number
  totalCents: number
}

/**
 * The client's charge: the billable minutes at the contract's rate, each premium whose
 * condition holds as its own percentage of that amount (each rounded once), and the travel:
 * mileage at the contract's rate, travel time at its rate (rounded up to the increment, no
 * minimum, no premium) and expenses at cost, when the interpreter travelled. A late
 * cancellation under a contract with a fee bills the fee alone.
 */
export function clientCharge(input: {
  outcome: CloseoutOutcome
  actualMinutes: number
  bookedMinutes: number
  mileageTenths: number
  travelMinutes: number
  expenseCents: readonly number[]
  terms: ContractTerms
  conditions: WorkConditions
}): ClientCharge {
  const { terms, conditions, outcome } = input
  if (outcome === 'late_cancellation' && terms.lateCancellationFeeCents !== null) {
    const fee = terms.lateCancellationFeeCents
    return {
      minutes: null,
      rateUnits: null,
      amountCents: fee,
      premiums: [],
      premiumCents: 0,
      mileageCents: 0,
      expensesCents: 0,
      travelMinutes: 0,
      travelTimeCents: 0,
      totalCents: fee,
    }
  }
  const minutes = clientBillableMinutes({ ...input, terms })
  const amountCents = minutesAmountCents(minutes, terms.clientRateUnits)
  const premiums = premiumKinds
    .filter((kind) => conditions[kind] && premiumPercent(terms, kind) > 0)
    .map((kind) => {
      const percent = premiumPercent(terms, kind)
      return { kind, percent, cents: divideRoundingHalfUp(amountCents * percent, 100) }
    })
  const premiumCents = sumCents(premiums.map((premium) => premium.cents))
  // Travel is billed only when the interpreter travelled: not for a late cancellation.
  const travelled = outcome !== 'late_cancellation'
  const mileageCents = travelled
    ? mileageAmountCents(input.mileageTenths, terms.mileageCentsPerMile)
    : 0
  const expensesCents = travelled ? sumCents(input.expenseCents) : 0
  const travelMinutes = travelled
    ? roundUpToIncrement(input.travelMinutes, terms.incrementMinutes)
    : 0
  const travelTimeCents = minutesAmountCents(travelMinutes, terms.travelRateUnits)
  return {
    minutes,
    rateUnits: terms.clientRateUnits,
    amountCents,
    premiums,
    premiumCents,
    mileageCents,
    expensesCents,
    travelMinutes,
    travelTimeCents,
    totalCents: amountCents + premiumCents + mileageCents + expensesCents + travelTimeCents,
  }
}

/** Where an interpreter's pay rate came from, most specific first. */
export const payRateSources = [
  'interpreter_language',
  'interpreter',
  'language',
  'default',
] as const
export type PayRateSource = (typeof payRateSources)[number]

/** A pay override in force: for one interpreter, one language, or one interpreter in one language. */
export interface PayOverride {
  interpreterId: string | null
  language: string | null
  rateUnits: number
}

function sourceOf(override: PayOverride): PayRateSource {
  if (override.interpreterId && override.language) return 'interpreter_language'
  return override.interpreterId ? 'interpreter' : 'language'
}

/**
 * The pay rate for one interpreter's work in one language: the most specific override that
 * matches (the interpreter in that language, the interpreter, the language), else the
 * modality's default.
 */
export function choosePayRate(
  defaultRateUnits: number,
  overrides: readonly PayOverride[],
  work: { interpreterId: string; language: string },
): { rateUnits: number; source: PayRateSource } {
  const matching = overrides.filter(
    (override) =>
      (override.interpreterId !== null || override.language !== null) &&
      (override.interpreterId === null || override.interpreterId === work.interpreterId) &&
      (override.language === null || override.language === work.language),
  )
  for (const source of payRateSources) {
    const override = matching.find((candidate) => sourceOf(candidate) === source)
    if (override) return { rateUnits: override.rateUnits, source }
  }
  return { rateUnits: defaultRateUnits, source: 'default' }
}

/** "Default rate", "Rate for Somali", "Interpreter's own rate", "… for Somali". */
export function payRateSourceLabel(source: PayRateSource, language: string): string {
  switch (source) {
    case 'interpreter_language':
      return `Interpreter's own rate for ${language}`
    case 'interpreter':
      return "Interpreter's own rate"
    case 'language':
      return `Rate for ${language}`
    case 'default':
      return 'Default rate'
  }
}

/** The same, where the line names its language already: on a pay statement. */
export const payRateSourceShort: Record<PayRateSource, string> = {
  interpreter_language: 'Personal rate for the language',
  interpreter: 'Personal rate',
  language: 'Rate for the language',
  default: 'Default rate',
}
