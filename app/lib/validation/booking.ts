import { z } from 'zod'
import { CLOCK_TIME_PATTERN, isKnownTimeZone, weekdayValues } from '../../domain/availability'
import { MAX_SERIES_WEEKS, MIN_SERIES_WEEKS } from '../../domain/booking-series'
import { MAX_TEAM_SIZE, TEAM_SIZE_MESSAGE } from '../../domain/booking-teams'
import {
  bookingSettingValues,
  MAX_DURATION_MINUTES,
  MIN_DURATION_MINUTES,
  zonedTimeToUtc,
} from '../../domain/bookings'
import { modalityValues } from '../../domain/interpreter-profile'
import { isCompanyLanguage } from '../../domain/languages'
import { requiredPhone } from './fields'

export const PAST_START_MESSAGE = 'Please choose a date and time in the future.'
export const DURATION_MESSAGE = `Please enter a duration of ${MIN_DURATION_MINUTES} minutes to 12 hours.`
export const LANGUAGE_MESSAGE = 'Please choose a language from the list.'
export const SERIES_WEEKS_MESSAGE = `Please enter ${MIN_SERIES_WEEKS} to ${MAX_SERIES_WEEKS} weeks, or leave the repeat empty.`
export const SERIES_DAYS_MESSAGE = 'Please tick the days it repeats on.'
export const PREFERRED_INTERPRETER_MESSAGE =
  'Please choose one of the interpreters who have worked for you, or no preference.'
export const ORGANIZATION_MESSAGE = 'Please choose an organization from the list.'
export const UNKNOWN_ORGANIZATION_MESSAGE =
  'This organization no longer exists. Please choose another one.'
export const REQUESTER_MESSAGE = 'Please choose who asked for the booking.'
export const FOREIGN_REQUESTER_MESSAGE =
  "Please choose one of this organization's users: the requester must belong to it."

const text = (message: string, max = 300) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Please use at most ${max} characters.`)

/** When a booking happens: the wall-clock date and time in a named time zone, and how long. */
const whenFields = {
  date: z
    .string({ error: 'Please choose the date.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose the date.'),
  time: z
    .string({ error: 'Please choose the start time.' })
    .regex(new RegExp(`^${CLOCK_TIME_PATTERN}$`), 'Please choose the start time.'),
  timeZone: z
    .string({ error: 'Please choose the time zone.' })
    .refine(isKnownTimeZone, 'Please choose the time zone.'),
  durationMinutes: z.coerce
    .number({ error: DURATION_MESSAGE })
    .int(DURATION_MESSAGE)
    .min(MIN_DURATION_MINUTES, DURATION_MESSAGE)
    .max(MAX_DURATION_MINUTES, DURATION_MESSAGE),
}

/** Where and whom the interpreter meets: the booking's details staff may change later. */
const detailsFields = {
  location: text('Please enter the address, the video link or the call-in number.', 500),
  contactName: text('Please enter who the interpreter meets or calls on the day.', 200),
  contactPhone: requiredPhone,
  notes: z.string().trim().max(2000, 'Please use at most 2000 characters.').optional(),
}

/** A start in the past (at `now`) is refused on the date field. */
function startsInFuture(now: Date) {
  return (value: { date: string; time: string; timeZone: string }, context: z.RefinementCtx) => {
    if (!isKnownTimeZone(value.timeZone)) return
    if (zonedTimeToUtc(value.date, value.time, value.timeZone) <= now)
      context.addIssue({ code: 'custom', path: ['date'], message: PAST_START_MESSAGE })
  }
}

/**
 * "Book an interpreter" (docs/product.md#client-portal). `now` decides what is in the past;
 * the preparation files are checked on the server by content.
 */
export function bookingSchema(now: Date) {
  return z
    .object({
      language: z
        .string({ error: LANGUAGE_MESSAGE })
        .trim()
        .refine(isCompanyLanguage, LANGUAGE_MESSAGE),
      modality: z.enum(modalityValues, { error: 'Please choose how the interpreter works.' }),
      ...whenFields,
      location: detailsFields.location,
      setting: z.enum(bookingSettingValues, { error: 'Please choose the setting.' }),
      contactName: detailsFields.contactName,
      contactPhone: detailsFields.contactPhone,
      notes: detailsFields.notes,
      preferredInterpreterId: z.uuid().optional(),
      requestedGender: z
        .enum(['woman', 'man'], { error: 'Please choose Woman, Man or No preference.' })
        .optional(),
      // Two for a team booking (app/domain/booking-teams.ts); absent: one interpreter.
      interpretersNeeded: z.coerce
        .number({ error: TEAM_SIZE_MESSAGE })
        .int(TEAM_SIZE_MESSAGE)
        .min(1, TEAM_SIZE_MESSAGE)
        .max(MAX_TEAM_SIZE, TEAM_SIZE_MESSAGE)
        .optional(),
      files: z.array(z.instanceof(File)).max(5, 'Please attach at most 5 files.').optional(),
      // A weekly series (app/domain/booking-series.ts): the days it repeats on, for how long.
      repeatDays: z.array(z.enum(weekdayValues)).max(7).optional(),
      repeatWeeks: z.coerce
        .number({ error: SERIES_WEEKS_MESSAGE })
        .int(SERIES_WEEKS_MESSAGE)
        .min(MIN_SERIES_WEEKS, SERIES_WEEKS_MESSAGE)
        .max(MAX_SERIES_WEEKS, SERIES_WEEKS_MESSAGE)
        .optional(),
    })
    .superRefine(startsInFuture(now))
    .superRefine((value, context) => {
      const days = value.repeatDays?.length ?? 0
      if (days > 0 && value.repeatWeeks === undefined)
        context.addIssue({ code: 'custom', path: ['repeatWeeks'], message: SERIES_WEEKS_MESSAGE })
      if (days === 0 && value.repeatWeeks !== undefined)
        context.addIssue({ code: 'custom', path: ['repeatDays'], message: SERIES_DAYS_MESSAGE })
    })
}

/** Which organization staff enter a booking for: the first step of "New booking". */
export const organizationChoiceSchema = z.object({
  organizationId: z.uuid({ error: ORGANIZATION_MESSAGE }),
})

/**
 * Staff's "New booking" (docs/product.md#bookings): the client's booking form, checked by the
 * very same schema, and for whom: the organization and the user of it who asked.
 */
export function enteredBookingSchema(now: Date) {
  return bookingSchema(now).and(
    organizationChoiceSchema.extend({ requesterId: z.uuid({ error: REQUESTER_MESSAGE }) }),
  )
}

export function rescheduleSchema(now: Date) {
  return z
    .object({ intent: z.literal('reschedule'), ...whenFields })
    .superRefine(startsInFuture(now))
}

/** Staff change a booking's place, contact or notes (app/models/dispatch/booking-changes.server.ts). */
export const bookingDetailsSchema = z.object({ intent: z.literal('details'), ...detailsFields })
