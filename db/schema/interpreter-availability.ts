import { sql } from 'drizzle-orm'
import { check, date, index, pgTable, text, time, timestamp, uuid } from 'drizzle-orm/pg-core'
import { weekdayValues } from '../../app/domain/availability'
import { interpreterProfiles } from './interpreter-profiles'

/**
 * An interpreter's weekly availability (docs/product.md#profile): one row per range, wall-clock
 * times in the profile's time zone. Saved as a whole week, replacing the rows before.
 */
export const interpreterAvailability = pgTable(
  'interpreter_availability',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => interpreterProfiles.id, { onDelete: 'cascade' }),
    day: text('day', { enum: weekdayValues }).notNull(),
    startsAt: time('starts_at').notNull(),
    endsAt: time('ends_at').notNull(),
  },
  (table) => [
    index('interpreter_availability_profile_idx').on(table.profileId),
    check('interpreter_availability_order', sql`${table.startsAt} < ${table.endsAt}`),
  ],
)

/** Days an interpreter is away, both ends included; periods of one profile never overlap. */
export const interpreterTimeOff = pgTable(
  'interpreter_time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => interpreterProfiles.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('interpreter_time_off_profile_idx').on(table.profileId, table.startsOn),
    check('interpreter_time_off_order', sql`${table.startsOn} <= ${table.endsOn}`),
  ],
)
