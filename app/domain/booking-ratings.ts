/**
 * The client's rating of a completed assignment (docs/product.md#client-portal): one per
 * booking, 1 to 5 stars with an optional comment. Low ratings go to staff's quality queue
 * (docs/product.md#quality).
 */
export const ratingStars = [1, 2, 3, 4, 5] as const
export type RatingStars = (typeof ratingStars)[number]

/** What each number of stars means, as the form's choices say it. */
export const ratingStarLabels: Record<RatingStars, string> = {
  1: '1 – Poor',
  2: '2 – Fair',
  3: '3 – Good',
  4: '4 – Very good',
  5: '5 – Excellent',
}

/**
 * A rating of this many stars or fewer is low: staff look into it. The partial index of the
 * queue (db/schema/booking-ratings.ts) says the same number in SQL.
 */
export const LOW_RATING_MAX_STARS = 2

export const RATING_COMMENT_MAX_LENGTH = 2000

export function isLowRating(stars: number): boolean {
  return stars <= LOW_RATING_MAX_STARS
}

const ratingsWord = (count: number) => (count === 1 ? 'rating' : 'ratings')

/**
 * An interpreter's ratings in a line: what is shown ("★ 4.6 (12 ratings)") and what a screen
 * reader says instead of the star ("Rated 4.6 from 12 ratings"); the average to one decimal.
 */
export function ratingSummary(ratings: { average: number; count: number } | undefined): {
  text: string
  label: string
} {
  if (!ratings || ratings.count === 0) return { text: 'No ratings yet', label: 'No ratings yet' }
  const average = (Math.round(ratings.average * 10) / 10).toFixed(1)
  const count = `${ratings.count} ${ratingsWord(ratings.count)}`
  return { text: `★ ${average} (${count})`, label: `Rated ${average} from ${count}` }
}
