import { z } from 'zod'
import { RATING_COMMENT_MAX_LENGTH, ratingStars } from '~/domain/booking-ratings'
import { optionalText } from './fields'

/** The browser's word for a radio group left unchosen (app/lib/forms/validation-messages.ts). */
export const RATING_MISSING_MESSAGE = 'Please select an option.'

const starValues = ratingStars.map(String) as ['1', '2', '3', '4', '5']

/** The client's rating of a completed assignment: 1 to 5 stars, an optional comment. */
export const bookingRatingSchema = z.object({
  stars: z.enum(starValues, { error: RATING_MISSING_MESSAGE }).transform(Number),
  comment: optionalText(RATING_COMMENT_MAX_LENGTH),
})
export type BookingRatingInput = z.output<typeof bookingRatingSchema>

/** Staff mark a low rating reviewed: the booking it is about. */
export const ratingReviewedSchema = z.object({ bookingId: z.uuid() })

/** The quality queue's page, from the URL; anything malformed is the first page. */
export const qualityQueueSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
})
