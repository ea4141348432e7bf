import { z } from 'zod'

export const EXPORT_FROM_MESSAGE = 'Please choose the first day, as YYYY-MM-DD.'
export const EXPORT_TO_MESSAGE = 'Please choose the last day, as YYYY-MM-DD.'
export const EXPORT_ORDER_MESSAGE = 'The last day must not be before the first day.'
/** One export covers at most a few years: a typo guard, not a business rule. */
export const EXPORT_MAX_DAYS = 3 * 366
export const EXPORT_RANGE_MESSAGE = `Please choose at most ${EXPORT_MAX_DAYS} days.`

/** A real calendar date: `2026-02-30` is refused, not rolled over. */
const calendarDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => {
      const parsed = new Date(`${value}T00:00:00Z`)
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value
    }, message)

const days = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000

/** The accounting export's date range (docs/product.md#accounting-export), both days included. */
export const accountingExportSchema = z
  .object({ from: calendarDate(EXPORT_FROM_MESSAGE), to: calendarDate(EXPORT_TO_MESSAGE) })
  .superRefine((value, context) => {
    const span = days(value.from, value.to)
    if (span < 0) context.addIssue({ code: 'custom', path: ['to'], message: EXPORT_ORDER_MESSAGE })
    else if (span >= EXPORT_MAX_DAYS)
      context.addIssue({ code: 'custom', path: ['to'], message: EXPORT_RANGE_MESSAGE })
  })
