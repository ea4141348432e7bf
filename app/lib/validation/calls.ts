import { z } from 'zod'
import { bookingSettingValues } from '../../domain/bookings'
import { callMedia } from '../../domain/call-routing'
import { CALL_REFERENCE_MAX_LENGTH, callRaters } from '../../domain/calls'
import { isCompanyLanguage } from '../../domain/languages'
import { RATING_COMMENT_MAX_LENGTH } from '../../domain/booking-ratings'
import { LANGUAGE_MESSAGE } from './booking'
import { bookingRatingSchema } from './booking-rating'
import { optionalText, requiredPhone } from './fields'

export const CALL_MEDIA_MESSAGE = 'Please choose Video or Audio only.'
export const CALL_SETTING_MESSAGE = 'Please choose the setting.'

/** Connect now (`/client/connect`): what the call is for; the reference is never required. */
export const callRequestSchema = z.object({
  language: z
    .string({ error: LANGUAGE_MESSAGE })
    .trim()
    .min(1, LANGUAGE_MESSAGE)
    .max(100, LANGUAGE_MESSAGE)
    .refine(isCompanyLanguage, LANGUAGE_MESSAGE),
  media: z.enum(callMedia, { error: CALL_MEDIA_MESSAGE }),
  setting: z.enum(bookingSettingValues, { error: CALL_SETTING_MESSAGE }),
  reference: z
    .string()
    .trim()
    .max(CALL_REFERENCE_MAX_LENGTH, `Please use at most ${CALL_REFERENCE_MAX_LENGTH} characters.`)
    .optional(),
})

export const INCIDENT_NOTE_MESSAGE = 'Please say what happened, so staff can look into it.'

/**
 * The interpreter's rating after a call: the technical quality (1 to 5), and optionally an
 * incident flagged for staff, which then needs a few words on what happened.
 */
export const callQualitySchema = z
  .object({
    stars: bookingRatingSchema.shape.stars,
    incident: z.literal('on').optional(),
    comment: optionalText(RATING_COMMENT_MAX_LENGTH),
  })
  .refine((values) => !values.incident || Boolean(values.comment), {
    path: ['comment'],
    error: INCIDENT_NOTE_MESSAGE,
  })

/** Staff mark a call's low rating or incident reviewed: the call and whose report it is. */
export const callReviewedSchema = z.object({ callId: z.uuid(), rater: z.enum(callRaters) })

/** A callback request instead of waiting on: the number dispatch calls back. */
export const callbackSchema = z.object({ phone: requiredPhone })
