import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { interpreterApplications } from './interpreter-applications'
import { users } from './users'

/**
 * An approved interpreter: their account and what they work with, created from the approved
 * application so that nothing is typed twice (docs/product.md#accounts-and-roles). One per
 * account; a second approved application of the same person adds no second profile.
 */
export const interpreterProfiles = pgTable(
  'interpreter_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The approved application the profile was made from; its resume and onboarding. */
    applicationId: uuid('application_id').references(() => interpreterApplications.id, {
      onDelete: 'set null',
    }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    interpretingExperience: text('interpreting_experience').notNull(),
    medicalExperience: text('medical_experience'),
    specializations: text('specializations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('interpreter_profiles_application_idx').on(table.applicationId)],
)
