import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { DEFAULT_OFFICE_TIME_ZONE } from '../../app/domain/office'
import type { LanguageProficiency } from '../../app/domain/languages'
import { interpreterGenderValues, type Modality } from '../../app/domain/interpreter-profile'
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
    /**
     * The number clients quote with the first name ("Rosa, ID 1001"): a client of a call sees
     * these two, never a surname (docs/product.md#on-demand-calls).
     */
    idNumber: integer('id_number')
      .notNull()
      .unique()
      .generatedAlwaysAsIdentity({ startWith: 1001 }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    /** IANA zone: the weekly availability's hours are wall-clock times in it. */
    timeZone: text('time_zone').notNull().default(DEFAULT_OFFICE_TIME_ZONE),
    /**
     * The approved languages (each paired with English), what dispatch matches on; a change
     * waits in `interpreter_profile_changes` until staff approve it.
     */
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The approved proficiency of each language in `languages`, by language. */
    languageProficiency: jsonb('language_proficiency')
      .$type<Record<string, LanguageProficiency>>()
      .notNull()
      .default({}),
    interpretingExperience: text('interpreting_experience').notNull(),
    medicalExperience: text('medical_experience'),
    specializations: text('specializations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    modalities: text('modalities')
      .array()
      .$type<Modality[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** How far they travel for on-site work, in whole miles. */
    travelRadiusMiles: integer('travel_radius_miles'),
    /** As the interpreter states it (optional): matched only against a booking's request. */
    gender: text('gender', { enum: interpreterGenderValues }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('interpreter_profiles_application_idx').on(table.applicationId),
    check(
      'interpreter_profiles_travel_radius_range',
      sql`${table.travelRadiusMiles} between 0 and 500`,
    ),
  ],
)
