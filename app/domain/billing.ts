import type { IsoDate } from './onboarding'
import type { Modality } from './interpreter-profile'
import { divideRoundingHalfUp } from './money'
import { dateTimeFormat } from './format'

/**
 * Closeouts, pay statements and invoices: the rules that turn finished work into money
 * (docs/product.md#closeouts-statements-and-invoices). No I/O; every amount is integer cents.
 */

export const closeoutOutcomes = [
  { value: 'completed', label: 'Completed' },
  { value: 'client_no_show', label: 'Client no-show' },
  { value: 'late_cancellation', label: 'Late cancellation' },
] as const
export type CloseoutOutcome = (typeof closeoutOutcomes)[number]['value']
export const closeoutOutcomeValues = closeoutOutcomes.map((entry) => entry.value) as [
  CloseoutOutcome,
  ...CloseoutOutcome[],
]
export function outcomeLabel(value: string): string {
  return closeoutOutcomes.find((entry) => entry.value === value)?.label ?? value
}

export const closeoutStatuses = ['submitted', 'returned', 'approved'] as const
export type CloseoutStatus = (typeof closeoutStatuses)[number]
export const closeoutStatusLabels: Record<CloseoutStatus, string> = {
  submitted: 'Waiting for approval',
  returned: 'Returned',
  approved: 'Approved',
}

export const statementStatuses = ['open', 'approved', 'paid'] as const
export type StatementStatus = (typeof statementStatuses)[number]
export const statementStatusLabels: Record<StatementStatus, string> = {
  open: 'Open',
  approved: 'Approved',
  paid: 'Paid',
}

export const invoiceStatuses = ['open', 'sent', 'paid'] as const
export type InvoiceStatus = (typeof invoiceStatuses)[number]
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  open: 'Open',
  sent: 'Sent',
  paid: 'Paid',
}

/** The interpreter closes an assignment out within this many hours of its end. */
export const CLOSEOUT_DUE_HOURS = 48
/** The reminders: at the end, and this many hours after it. */
export const CLOSEOUT_SECOND_REMINDER_HOURS = 24
/** Receipts and expenses: a typo guard per expense, not a business rule. */
export const MAX_EXPENSE_CENTS = 100_000
export const MAX_EXPENSES = 10
/** Mileage is kept in tenths of a mile; a typo guard of 1,000 miles. */
export const MAX_MILEAGE_TENTHS = 10_000
/** Travel time to and from an on-site assignment, in whole minutes; a typo guard of 12 hours. */
export const MAX_TRAVEL_MINUTES = 720

/**
 * A rate per minute is kept in hundredths of a cent ("rate units"), so that $55 an hour
 * ($0.9167 a minute) is exact enough: 9167 units.
 */
export const RATE_UNITS_PER_CENT = 100
export const RATE_DECIMALS = 4
/** A typo guard: $100 a minute. */
export const MAX_RATE_UNITS = 100 * 100 * RATE_UNITS_PER_CENT

/** The rates for one modality, as in force at one time. */
export interface Rates {
  clientRateUnits: number
  interpreterRateUnits: number
  minimumMinutes: number
  mileageCentsPerMile: number
  /** Travel time per minute, billed to the client and paid to the interpreter (rate units). */
  travelClientRateUnits: number
  travelInterpreterRateUnits: number
}

/** The rates a new installation starts with; staff change them on the Rates screen. */
export const defaultRates: Record<Modality, Rates> = {
  on_site: {
    clientRateUnits: 11_667,
    interpreterRateUnits: 7_500,
    minimumMinutes: 120,
    mileageCentsPerMile: 70,
    travelClientRateUnits: 0,
    travelInterpreterRateUnits: 0,
  },
  video: {
    clientRateUnits: 3_500,
    interpreterRateUnits: 2_000,
    minimumMinutes: 30,
    mileageCentsPerMile: 0,
    travelClientRateUnits: 0,
    travelInterpreterRateUnits: 0,
  },
  phone: {
    clientRateUnits: 2_500,
    interpreterRateUnits: 1_500,
    minimumMinutes: 1,
    mileageCentsPerMile: 0,
    travelClientRateUnits: 0,
    travelInterpreterRateUnits: 0,
  },
}

/**
 * The minutes billed and paid for one assignment:
 * - completed: the actual minutes, at least the modality's minimum;
 * - client no-show: the booked minutes, at least the minimum (the interpreter kept the time);
 * - late cancellation: the minimum.
 */
export function billableMinutes(input: {
  outcome: CloseoutOutcome
  actualMinutes: number
  bookedMinutes: number
  minimumMinutes: number
}): number {
  const { outcome, actualMinutes, bookedMinutes, minimumMinutes } = input
  switch (outcome) {
    case 'completed':
      return Math.max(actualMinutes, minimumMinutes)
    case 'client_no_show':
      return Math.max(bookedMinutes, minimumMinutes)
    case 'late_cancellation':
      return minimumMinutes
  }
}

/** Minutes × a rate per minute, rounded half up to the cent once per line. */
export function minutesAmountCents(minutes: number, rateUnits: number): number {
  return divideRoundingHalfUp(minutes * rateUnits, RATE_UNITS_PER_CENT)
}

/** Tenths of a mile × cents per mile, rounded half up to the cent once per line. */
export function mileageAmountCents(mileageTenths: number, centsPerMile: number): number {
  return divideRoundingHalfUp(mileageTenths * centsPerMile, 10)
}

/** What one closed-out assignment comes to, for the interpreter and for the client. */
export interface AssignmentAmounts {
  minutes: number
  interpreterRateUnits: number
  clientRateUnits: number
  /** The interpreter's pay for the minutes. */
  payCents: number
  /** The client's charge for the minutes. */
  chargeCents: number
  mileageCents: number
  expensesCents: number
  /** The travel time at each side's travel-time rate. */
  travelPayCents: number
  travelChargeCents: number
  /** Pay + mileage + expenses + travel time: the statement line's total. */
  payTotalCents: number
  /** Charge + mileage + expenses + travel time: the invoice line's total. */
  chargeTotalCents: number
}

export function assignmentAmounts(input: {
  outcome: CloseoutOutcome
  actualMinutes: number
  bookedMinutes: number
  mileageTenths: number
  travelMinutes: number
  expenseCents: readonly number[]
  rates: Rates
}): AssignmentAmounts {
  const { rates } = input
  const minutes = billableMinutes({ ...input, minimumMinutes: rates.minimumMinutes })
  const payCents = minutesAmountCents(minutes, rates.interpreterRateUnits)
  const chargeCents = minutesAmountCents(minutes, rates.clientRateUnits)
  // Travel is paid only when the interpreter travelled: not for a late cancellation.
  const travelled = input.outcome !== 'late_cancellation'
  const mileageCents = travelled
    ? mileageAmountCents(input.mileageTenths, rates.mileageCentsPerMile)
    : 0
  const expensesCents = travelled ? sumCents(input.expenseCents) : 0
  const travelMinutes = travelled ? input.travelMinutes : 0
  const travelPayCents = minutesAmountCents(travelMinutes, rates.travelInterpreterRateUnits)
  const travelChargeCents = minutesAmountCents(travelMinutes, rates.travelClientRateUnits)
  return {
    minutes,
    interpreterRateUnits: rates.interpreterRateUnits,
    clientRateUnits: rates.clientRateUnits,
    payCents,
    chargeCents,
    mileageCents,
    expensesCents,
    travelPayCents,
    travelChargeCents,
    payTotalCents: payCents + mileageCents + expensesCents + travelPayCents,
    chargeTotalCents: chargeCents + mileageCents + expensesCents + travelChargeCents,
  }
}

export function sumCents(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + amount, 0)
}

/** Whole minutes between two instants, never negative. */
export function minutesBetween(start: Date, end: Date): number {
  return Math.max(0, Math.round((end.getTime() - start.getTime()) / 60_000))
}

/** A billing period: first and last calendar day, inclusive. */
export interface Period {
  start: IsoDate
  end: IsoDate
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function isoDate(year: number, month: number, day: number): IsoDate {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

function splitDate(date: IsoDate): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number)
  return [year!, month!, day!]
}

/** Interpreter statements are twice a month: the 1st to the 15th, the 16th to the end. */
export function statementPeriodOf(date: IsoDate): Period {
  const [year, month, day] = splitDate(date)
  return day <= 15
    ? { start: isoDate(year, month, 1), end: isoDate(year, month, 15) }
    : { start: isoDate(year, month, 16), end: isoDate(year, month, lastDayOfMonth(year, month)) }
}

export function nextStatementPeriod(period: Period): Period {
  const [year, month, day] = splitDate(period.start)
  if (day === 1) return statementPeriodOf(isoDate(year, month, 16))
  return month === 12
    ? statementPeriodOf(isoDate(year + 1, 1, 1))
    : statementPeriodOf(isoDate(year, month + 1, 1))
}

/** Client invoices are monthly. */
export function invoicePeriodOf(date: IsoDate): Period {
  const [year, month] = splitDate(date)
  return { start: isoDate(year, month, 1), end: isoDate(year, month, lastDayOfMonth(year, month)) }
}

export function nextInvoicePeriod(period: Period): Period {
  const [year, month] = splitDate(period.start)
  return month === 12
    ? invoicePeriodOf(isoDate(year + 1, 1, 1))
    : invoicePeriodOf(isoDate(year, month + 1, 1))
}

/** "March 1-15, 2026", "March 2026". */
export function periodLabel(period: Period): string {
  const [year, month, startDay] = splitDate(period.start)
  const [, , endDay] = splitDate(period.end)
  const monthName = dateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  )
  const wholeMonth = startDay === 1 && endDay === lastDayOfMonth(year, month)
  return wholeMonth ? `${monthName} ${year}` : `${monthName} ${startDay}-${endDay}, ${year}`
}

/** 9167 rate units → "$0.9167". */
export function formatRateUnits(units: number): string {
  const dollars = Math.floor(units / 10_000)
  return `$${dollars}.${String(units % 10_000).padStart(4, '0')}`
}

/** 9167 rate units → "0.9167": a rate as a form's field holds it. */
export function rateInput(units: number): string {
  return formatRateUnits(units).slice(1)
}

/** A travel-time rate as its form field holds it: empty for none. */
export function travelRateInput(units: number): string {
  return units === 0 ? '' : rateInput(units)
}

/** What a line says of its travel time: "45 min travel time", or nothing without any. */
export function travelTimeNote(minutes: number): string {
  return minutes > 0 ? `${minutes} min travel time` : ''
}

/** 124 tenths → "12.4". */
export function formatMileage(tenths: number): string {
  return `${Math.floor(tenths / 10)}.${tenths % 10}`
}

/** An invoice number people can quote, from the invoices' sequence: 42 → "INV-000042". */
export function invoiceNumber(sequence: number): string {
  return `INV-${String(sequence).padStart(6, '0')}`
}

/**
 * The billing rule behind an invoice line's minutes, said on the invoice so an
 * accounts-payable clerk can check the line: a late cancellation and a short assignment are
 * billed at the modality's minimum, a no-show at the booked time. None for a line billed at
 * the minutes worked, or for a translation job (no closeout).
 */
export function invoiceLineRule(line: {
  outcome: CloseoutOutcome | null
  actualMinutes: number | null
  minutes: number | null
  /** The contract's billing increment, when the line was charged under one. */
  incrementMinutes?: number | null
}): string | undefined {
  switch (line.outcome) {
    case 'late_cancellation':
      return line.minutes === null
        ? 'Late cancellation: the contract’s fee'
        : 'Late cancellation: billed at the minimum'
    case 'client_no_show':
      return 'Client no-show: billed at the booked time'
    case 'completed': {
      const { minutes, actualMinutes, incrementMinutes } = line
      if (minutes === null || actualMinutes === null || minutes <= actualMinutes) return undefined
      // Rounded up to the contract's increment, unless the minimum lifted it further.
      const increment = incrementMinutes ?? 1
      return increment > 1 && Math.ceil(actualMinutes / increment) * increment === minutes
        ? `Rounded up to ${increment}-minute steps (${actualMinutes} minutes worked)`
        : `Minimum applied (${actualMinutes} minutes worked)`
    }
    default:
      return undefined
  }
}
