import { formatCents } from './money'
import type { IsoDate } from './onboarding'

/**
 * Accounts receivable: due dates, payments, balances and ageing of client invoices
 * (docs/product.md#accounts-receivable). No I/O; every amount is integer cents and every
 * date a calendar day of the office.
 */

export const paymentMethods = [
  { value: 'check', label: 'Check' },
  { value: 'ach', label: 'ACH transfer' },
  { value: 'card', label: 'Card' },
  { value: 'other', label: 'Other' },
  { value: 'credit_note', label: 'Credit note' },
] as const
export type PaymentMethod = (typeof paymentMethods)[number]['value']
export const paymentMethodValues = paymentMethods.map((entry) => entry.value) as [
  PaymentMethod,
  ...PaymentMethod[],
]
export function paymentMethodLabel(value: string): string {
  return paymentMethods.find((entry) => entry.value === value)?.label ?? value
}

/** Net 30 unless staff set the organization's terms otherwise. */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30
/** Terms from due on receipt (0) to a year. */
export const MAX_PAYMENT_TERMS_DAYS = 365
/** The overdue reminder goes out this many days after the due date, once. */
export const OVERDUE_REMINDER_DAYS = 7

const DAY_MS = 86_400_000

function dayNumber(date: IsoDate): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS
}

/** The calendar day `days` after `date`: across months, years and leap days. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10)
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from)
}

/** An invoice issued on `issuedOn` on net `termsDays` is due that many days later. */
export function dueDate(issuedOn: IsoDate, termsDays: number): IsoDate {
  return addDays(issuedOn, termsDays)
}

/** "Net 30", or "Due on receipt" for 0. */
export function paymentTermsLabel(termsDays: number): string {
  return termsDays === 0 ? 'Due on receipt' : `Net ${termsDays}`
}

/**
 * What is still owed: the total less what was paid and credited. Never negative, as payments
 * are refused past the balance (`paymentRefusal`).
 */
export function balanceCents(totalCents: number, paidCents: number): number {
  return totalCents - paidCents
}

/**
 * Why a payment of `amountCents` cannot be recorded against an invoice with this balance, or
 * undefined when it can: a payment is more than nothing and at most the balance.
 */
export function paymentRefusal(amountCents: number, balance: number): string | undefined {
  if (balance <= 0) return 'This invoice has nothing left to pay.'
  if (amountCents <= 0) return 'Please enter an amount of at least $0.01.'
  if (amountCents > balance)
    return `The amount is more than the balance of ${formatCents(balance)}: please enter at most the balance.`
  return undefined
}

export const ageingBuckets = [
  { key: 'current', label: 'Current' },
  { key: 'days1to30', label: '1-30 days' },
  { key: 'days31to60', label: '31-60 days' },
  { key: 'days61to90', label: '61-90 days' },
  { key: 'days90plus', label: 'Over 90 days' },
] as const
export type AgeingBucket = (typeof ageingBuckets)[number]['key']

/** The ageing bucket of an open balance due on `dueOn`, seen on `today`: by days past due. */
export function ageingBucket(dueOn: IsoDate, today: IsoDate): AgeingBucket {
  const late = daysBetween(dueOn, today)
  if (late <= 0) return 'current'
  if (late <= 30) return 'days1to30'
  if (late <= 60) return 'days31to60'
  if (late <= 90) return 'days61to90'
  return 'days90plus'
}

export type Ageing = Record<AgeingBucket, number> & { totalCents: number }

/** Open balances added up per bucket; a settled invoice (balance 0) adds nothing. */
export function ageBalances(
  invoices: readonly { dueOn: IsoDate; balanceCents: number }[],
  today: IsoDate,
): Ageing {
  const ageing: Ageing = {
    current: 0,
    days1to30: 0,
    days31to60: 0,
    days61to90: 0,
    days90plus: 0,
    totalCents: 0,
  }
  for (const invoice of invoices) {
    if (invoice.balanceCents <= 0) continue
    ageing[ageingBucket(invoice.dueOn, today)] += invoice.balanceCents
    ageing.totalCents += invoice.balanceCents
  }
  return ageing
}

/** The overdue reminder is due from this day on, while a balance is left. */
export function overdueReminderDay(dueOn: IsoDate): IsoDate {
  return addDays(dueOn, OVERDUE_REMINDER_DAYS)
}
