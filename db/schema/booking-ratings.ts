import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { bookings } from './bookings'
import { interpreterProfiles } from './interpreter-profiles'
import { users } from './users'

/**
 * The client's rating of a completed assignment, one per booking (its primary key), with the
 * interpreter who did the work, so that an interpreter's average is one grouped read of this
 * table. A low rating (2 stars or fewer, `LOW_RATING_MAX_STARS` in
 * app/domain/booking-ratings.ts) waits in staff's quality queue until they mark it reviewed.
 */
export const bookingRatings = pgTable(
  'booking_ratings',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    interpreterId: uuid('interpreter_id')
      .notNull()
      .references(() => interpreterProfiles.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    comment: text('comment'),
    ratedById: uuid('rated_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // The eligible list's averages: read from the index alone.
    index('booking_ratings_interpreter_idx').on(table.interpreterId, table.stars),
    // The quality queue: the few low ratings nobody has reviewed yet, newest first.
    index('booking_ratings_low_unreviewed_idx')
      .on(table.createdAt, table.bookingId)
      .where(sql`${table.stars} <= 2 and ${table.reviewedAt} is null`),
    check('booking_ratings_stars_range', sql`${table.stars} between 1 and 5`),
  ],
)
