import { z } from 'zod'
import { CLOCK_TIME_PATTERN } from '../../domain/availability'
import {
  closeoutOutcomeValues,
  MAX_EXPENSE_CENTS,
  MAX_EXPENSES,
  MAX_MILEAGE_TENTHS,
  MAX_TRAVEL_MINUTES,
  type CloseoutOutcome,
} from '../../domain/billing'
import { zonedTimeToUtc } from '../../domain/bookings'
import {
  MAX_ACTUAL_MINUTES,
  MAX_CLOSEOUT_NOTE_LENGTH,
  MAX_RETURN_REASON_LENGTH,
  START_WINDOW_HOURS,
  startsNearBooking,
} from '../../domain/closeouts'
import { parseDecimal, parsePriceToCents } from '../../domain/money'
import { amountField } from './amount'

export const OUTCOME_MESSAGE = 'Please choose the outcome.'
export const LATE_CANCELLED_OUTCOME_MESSAGE =
  'The client cancelled this booking late: its outcome is Late cancellation.'
export const END_AFTER_START_MESSAGE = 'The end must be after the start.'
export const FUTURE_TIME_MESSAGE = 'The times cannot be in the future.'
export const START_WINDOW_MESSAGE = `Please check the start: it must be within ${START_WINDOW_HOURS} hours of the booked start.`
export const TOO_LONG_MESSAGE = `Please check the times: at most ${MAX_ACTUAL_MINUTES / 60} hours of work.`
export const MILEAGE_MESSAGE = `Please enter the miles with at most one decimal, up to ${MAX_MILEAGE_TENTHS / 10}.`
export const ON_SITE_ONLY_MESSAGE = 'Mileage and expenses are paid for on-site assignments only.'
export const TRAVEL_MINUTES_MESSAGE = `Please enter the travel time in whole minutes, up to ${MAX_TRAVEL_MINUTES}.`
export const TRAVEL_ON_SITE_ONLY_MESSAGE = 'Travel time is paid for on-site assignments only.'
export const EXPENSE_DESCRIPTION_MESSAGE = 'Please say what the expense was.'
export const EXPENSE_AMOUNT_MESSAGE = `Please enter the amount in dollars and cents, up to $${MAX_EXPENSE_CENTS / 100}.`
export const RECEIPT_MESSAGE = 'Please add the receipt: a PDF, JPEG or PNG file.'
export const WRONG_RECEIPT_MESSAGE = 'The receipt must be a PDF, JPEG or PNG file.'
export const RECEIPT_TOO_LARGE_MESSAGE =
  'A receipt is larger than 10 MB, the limit for each file. Nothing was stored.'
export const TOO_MANY_EXPENSES_MESSAGE = `Please list at most ${MAX_EXPENSES} expenses.`
export const RETURN_REASON_MESSAGE = 'Please say what the interpreter should correct.'

const date = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), message)
const time = (message: string) =>
  z.string({ error: message }).regex(new RegExp(`^${CLOCK_TIME_PATTERN}$`), message)

const expenseRow = z.object({
  description: z.string().trim().max(200, 'Please use at most 200 characters.').optional(),
  amount: amountField({
    decimals: 2,
    min: 1,
    max: MAX_EXPENSE_CENTS,
    message: EXPENSE_AMOUNT_MESSAGE,
  }).optional(),
  receipt: z.instanceof(File).optional(),
  /** An expense of the closeout as last sent, whose receipt is kept unless a new one comes. */
  keptExpenseId: z.uuid().optional(),
})
type ExpenseRow = z.infer<typeof expenseRow>

const isBlankRow = (row: ExpenseRow | undefined) =>
  !row || (!row.description && !row.amount && !row.receipt && !row.keptExpenseId)

export interface CloseoutFormContext {
  now: Date
  /** The booking's time zone: the times are typed as its wall clock. */
  timeZone: string
  /** The booked start, which the actual start must lie near. */
  bookedStart: Date
  onSite: boolean
  /** The client cancelled late: no times to report, and the only outcome is late cancellation. */
  lateCancelled: boolean
}

/**
 * The interpreter's closeout (docs/product.md#closeouts-statements-and-invoices): actual
 * times typed in the booking's zone, the outcome, mileage, travel time and expenses (on-site
 * only), a
 * note. Each receipt's type and size are checked on the server from its content.
 */
export function closeoutSchema(context: CloseoutFormContext) {
  const timeFields = context.lateCancelled
    ? {
        startDate: z.string().optional(),
        startTime: z.string().optional(),
        endDate: z.string().optional(),
        endTime: z.string().optional(),
      }
    : {
        startDate: date('Please choose the date you started.'),
        startTime: time('Please enter the time you started.'),
        endDate: date('Please choose the date you finished.'),
        endTime: time('Please enter the time you finished.'),
      }
  return z
    .object({
      outcome: z.enum(closeoutOutcomeValues, { error: OUTCOME_MESSAGE }),
      ...timeFields,
      mileage: amountField({
        decimals: 1,
        max: MAX_MILEAGE_TENTHS,
        message: MILEAGE_MESSAGE,
      }).optional(),
      travelMinutes: z.coerce
        .number({ error: TRAVEL_MINUTES_MESSAGE })
        .int(TRAVEL_MINUTES_MESSAGE)
        .min(0, TRAVEL_MINUTES_MESSAGE)
        .max(MAX_TRAVEL_MINUTES, TRAVEL_MINUTES_MESSAGE)
        .optional(),
      expenses: z
        .array(expenseRow.optional())
        .max(MAX_EXPENSES * 2)
        .optional(),
      note: z
        .string()
        .trim()
        .max(MAX_CLOSEOUT_NOTE_LENGTH, `Please use at most ${MAX_CLOSEOUT_NOTE_LENGTH} characters.`)
        .optional(),
    })
    .superRefine((value, issues) => {
      const issue = (path: (string | number)[], message: string) =>
        issues.addIssue({ code: 'custom', path, message })
      if (context.lateCancelled && value.outcome !== 'late_cancellation')
        issue(['outcome'], LATE_CANCELLED_OUTCOME_MESSAGE)
      if (!context.lateCancelled) {
        const times = actualTimes(value as TypedTimes, context.timeZone)
        if (times) {
          const minutes = (times.end.getTime() - times.start.getTime()) / 60_000
          if (!startsNearBooking(times.start, context.bookedStart))
            issue(['startDate'], START_WINDOW_MESSAGE)
          if (times.end > context.now || times.start > context.now)
            issue(['endTime'], FUTURE_TIME_MESSAGE)
          else if (minutes <= 0) issue(['endTime'], END_AFTER_START_MESSAGE)
          else if (minutes > MAX_ACTUAL_MINUTES) issue(['endTime'], TOO_LONG_MESSAGE)
        }
      }
      if (value.mileage && !context.onSite) issue(['mileage'], ON_SITE_ONLY_MESSAGE)
      if (value.travelMinutes && !context.onSite)
        issue(['travelMinutes'], TRAVEL_ON_SITE_ONLY_MESSAGE)
      const rows = value.expenses ?? []
      const filled = rows.filter((row) => !isBlankRow(row))
      if (filled.length > 0 && !context.onSite) issue(['expenses'], ON_SITE_ONLY_MESSAGE)
      if (filled.length > MAX_EXPENSES) issue(['expenses'], TOO_MANY_EXPENSES_MESSAGE)
      rows.forEach((row, index) => {
        if (!row || isBlankRow(row)) return
        if (!row.description) issue(['expenses', index, 'description'], EXPENSE_DESCRIPTION_MESSAGE)
        // A typed amount was checked on its field; here only a missing one is refused.
        if (!row.amount) issue(['expenses', index, 'amount'], EXPENSE_AMOUNT_MESSAGE)
        if (!row.receipt && !row.keptExpenseId)
          issue(['expenses', index, 'receipt'], RECEIPT_MESSAGE)
      })
    })
}

export type CloseoutFormValues = z.infer<ReturnType<typeof closeoutSchema>>

interface TypedTimes {
  startDate?: string
  startTime?: string
  endDate?: string
  endTime?: string
}

function actualTimes(value: TypedTimes, timeZone: string): { start: Date; end: Date } | undefined {
  const { startDate, startTime, endDate, endTime } = value
  if (!startDate || !startTime || !endDate || !endTime) return undefined
  return {
    start: zonedTimeToUtc(startDate, startTime, timeZone),
    end: zonedTimeToUtc(endDate, endTime, timeZone),
  }
}

export interface CloseoutExpenseInput {
  description: string
  amountCents: number
  receipt?: File
  keptExpenseId?: string
}

/** What a valid form means: the instants, tenths of a mile, cents; blank expense rows dropped. */
export function closeoutValues(
  value: CloseoutFormValues,
  context: CloseoutFormContext,
  bookedTimes: { start: Date; end: Date },
) {
  const times = context.lateCancelled
    ? bookedTimes
    : actualTimes(value as TypedTimes, context.timeZone)!
  return {
    outcome: value.outcome as CloseoutOutcome,
    actualStart: times.start,
    actualEnd: times.end,
    mileageTenths: value.mileage ? parseDecimal(value.mileage, 1)! : 0,
    travelMinutes: value.travelMinutes ?? 0,
    note: value.note || null,
    expenses: (value.expenses ?? [])
      .filter((row): row is ExpenseRow => !isBlankRow(row))
      .map((row): CloseoutExpenseInput => ({
        description: row.description!,
        amountCents: parsePriceToCents(row.amount!)!,
        receipt: row.receipt,
        keptExpenseId: row.keptExpenseId,
      })),
  }
}

/**
 * Staff's approval: the version of the closeout their page showed, so that the approval is
 * refused when the closeout was sent again since.
 */
export const approveCloseoutSchema = z.object({
  intent: z.literal('approve'),
  version: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
})

/** Staff's return of a closeout: the reason is required. */
export const returnCloseoutSchema = z.object({
  intent: z.literal('return'),
  reason: z
    .string({ error: RETURN_REASON_MESSAGE })
    .trim()
    .min(1, RETURN_REASON_MESSAGE)
    .max(MAX_RETURN_REASON_LENGTH, `Please use at most ${MAX_RETURN_REASON_LENGTH} characters.`),
})
