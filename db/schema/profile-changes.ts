import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { profileChangeStatuses } from '../../app/domain/interpreter-profile'
import type { LanguageSkill } from '../../app/domain/languages'
import { interpreterProfiles } from './interpreter-profiles'
import { users } from './users'

/**
 * A change of languages or specializations an interpreter asked for
 * (docs/product.md#profile). It counts for dispatch only once staff approve it: then its
 * values are copied to the profile. One pending request per profile; a new one replaces it.
 */
export const interpreterProfileChanges = pgTable(
  'interpreter_profile_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => interpreterProfiles.id, { onDelete: 'cascade' }),
    languages: jsonb('languages').$type<LanguageSkill[]>().notNull(),
    specializations: text('specializations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: profileChangeStatuses }).notNull().default('pending'),
    /** Staff's reason for a rejection, which the interpreter is e-mailed. */
    reason: text('reason'),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('interpreter_profile_changes_one_pending')
      .on(table.profileId)
      .where(sql`${table.status} = 'pending'`),
    index('interpreter_profile_changes_status_idx').on(table.status, table.createdAt),
  ],
)
