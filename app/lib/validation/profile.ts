import { z } from 'zod'
import { specializationChoices, valuesOf } from '../../content/application-options'
import {
  CLOCK_TIME_PATTERN,
  isKnownTimeZone,
  MAX_AVAILABILITY_RANGES,
  overlappingRanges,
  weekdayLabel,
  weekdayValues,
} from '../../domain/availability'
import {
  interpreterGenderValues,
  MAX_TRAVEL_RADIUS_MILES,
  modalityValues,
} from '../../domain/interpreter-profile'
import { MAX_PROFILE_LANGUAGES, proficiencyValues } from '../../domain/languages'
import { optionalText, requiredPhone } from './fields'

/**
 * The forms of the interpreter's profile (docs/product.md#profile), one schema each, used for
 * the browser's constraints and the server's parse. Rules that need the stored profile
 * (overlapping time off, a language already approved) are added by the model.
 */

export const TIME_ZONE_MESSAGE = 'Please choose a time zone from the list.'

export const contactDetailsSchema = z.object({
  phone: requiredPhone,
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  zipCode: optionalText(20),
  timeZone: z
    .string({ error: TIME_ZONE_MESSAGE })
    .max(100, TIME_ZONE_MESSAGE)
    .refine(isKnownTimeZone, TIME_ZONE_MESSAGE),
})
export type ContactDetailsInput = z.infer<typeof contactDetailsSchema>

export const TRAVEL_RADIUS_MESSAGE = `Please enter a whole number of miles from 0 to ${MAX_TRAVEL_RADIUS_MILES}.`

export const workPreferencesSchema = z
  .object({
    modalities: z.array(z.enum(modalityValues)).optional(),
    travelRadiusMiles: z
      .number({ error: TRAVEL_RADIUS_MESSAGE })
      .int(TRAVEL_RADIUS_MESSAGE)
      .min(0, TRAVEL_RADIUS_MESSAGE)
      .max(MAX_TRAVEL_RADIUS_MILES, TRAVEL_RADIUS_MESSAGE)
      .optional(),
    gender: z
      .enum(interpreterGenderValues, { error: 'Please choose one of the options.' })
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.modalities?.includes('on_site') && value.travelRadiusMiles === undefined)
      context.addIssue({
        code: 'custom',
        path: ['travelRadiusMiles'],
        message: 'Please enter how far you travel for on-site work.',
      })
  })
export type WorkPreferencesInput = z.infer<typeof workPreferencesSchema>

export const UNKNOWN_LANGUAGE_MESSAGE = 'Please choose a language from the list.'

const chosenLanguage = z.string({ error: 'Please choose a language.' }).max(100)

/** A profile's list of languages: at least one, at most the limit. */
const languageRows = <Row extends z.ZodRawShape>(row: Row) =>
  z
    .array(z.object({ language: chosenLanguage, ...row }), {
      error: 'Please add at least one language.',
    })
    .min(1, 'Please add at least one language.')
    .max(MAX_PROFILE_LANGUAGES, `Please list at most ${MAX_PROFILE_LANGUAGES} languages.`)

/** Each row's language is one of `allowed` and listed once; the error lands on the row. */
function checkLanguages(
  languages: readonly { language: string }[],
  allowed: readonly string[],
  context: z.RefinementCtx,
) {
  const seen = new Set<string>()
  languages.forEach((entry, index) => {
    const path = ['languages', index, 'language']
    if (!allowed.includes(entry.language))
      context.addIssue({ code: 'custom', path, message: UNKNOWN_LANGUAGE_MESSAGE })
    else if (seen.has(entry.language))
      context.addIssue({ code: 'custom', path, message: 'This language is listed twice.' })
    seen.add(entry.language)
  })
}

/**
 * Languages and specializations, sent to staff for approval. `allowed` is the company's list
 * plus what the profile already has (an approved language stays choosable).
 */
export function profileChangeSchema(allowed: readonly string[]) {
  return z
    .object({
      languages: languageRows({
        proficiency: z.enum(proficiencyValues, { error: 'Please choose a proficiency.' }),
      }),
      specializations: z.array(z.enum(valuesOf(specializationChoices))).optional(),
    })
    .superRefine((value, context) => checkLanguages(value.languages, allowed, context))
}
export type ProfileChangeInput = z.infer<ReturnType<typeof profileChangeSchema>>

/**
 * Staff set an interpreter's language pairs (each language paired with English) on the
 * Interpreter manager: the languages only; `allowed` as for the interpreter's own request.
 */
export function languagePairsSchema(allowed: readonly string[]) {
  return z
    .object({ languages: languageRows({}) })
    .superRefine((value, context) => checkLanguages(value.languages, allowed, context))
}
export type LanguagePairsInput = z.infer<ReturnType<typeof languagePairsSchema>>

const clockTime = (missing: string) =>
  z
    .string({ error: missing })
    .regex(new RegExp(`^${CLOCK_TIME_PATTERN}$`), 'Please enter a time such as 08:00.')

export const availabilitySchema = z
  .object({
    ranges: z
      .array(
        z.object({
          day: z.enum(weekdayValues, { error: 'Please choose a day.' }),
          start: clockTime('Please enter the start time.'),
          end: clockTime('Please enter the end time.'),
        }),
      )
      .max(MAX_AVAILABILITY_RANGES, `Please use at most ${MAX_AVAILABILITY_RANGES} ranges.`)
      .optional(),
  })
  .superRefine((value, context) => {
    const ranges = value.ranges ?? []
    ranges.forEach((range, index) => {
      if (range.end <= range.start)
        context.addIssue({
          code: 'custom',
          path: ['ranges', index, 'end'],
          message: 'The end must be after the start.',
        })
    })
    for (const index of overlappingRanges(ranges))
      context.addIssue({
        code: 'custom',
        path: ['ranges', index, 'start'],
        message: `This overlaps another range on ${weekdayLabel(ranges[index]!.day)}.`,
      })
  })
export type AvailabilityInput = z.infer<typeof availabilitySchema>

const isoDate = (missing: string) =>
  z
    .string({ error: missing })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a date.')
    // 2026-02-31 parses (as March 3), so the date must read the same after the round trip.
    .refine((value) => {
      const parsed = new Date(`${value}T00:00:00Z`)
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value)
    }, 'Please enter a date.')

export const timeOffSchema = z
  .object({
    startsOn: isoDate('Please enter the first day.'),
    endsOn: isoDate('Please enter the last day.'),
  })
  .superRefine((value, context) => {
    if (value.endsOn < value.startsOn)
      context.addIssue({
        code: 'custom',
        path: ['endsOn'],
        message: 'The last day must be on or after the first day.',
      })
  })
export type TimeOffInput = z.infer<typeof timeOffSchema>

export const REJECT_REASON_MESSAGE = 'Please give the interpreter a reason.'

/** Staff's decision on a profile change: a rejection needs a reason, which is e-mailed. */
export const profileDecisionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve') }),
  z.object({
    intent: z.literal('reject'),
    reason: z
      .string({ error: REJECT_REASON_MESSAGE })
      .trim()
      .min(1, REJECT_REASON_MESSAGE)
      .max(1000, 'Please use at most 1000 characters.'),
  }),
])
