import { sql, type SQL } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { applicationStatuses } from '../../app/domain/statuses'
import { DEFAULT_LOCALE, LOCALES } from '../../app/domain/locales'
import { jobPostings } from './job-postings'
import { storedFiles } from './stored-files'
import { users } from './users'

// Pending on creation (docs/product.md#application-statuses); the statuses live with their
// labels and colours.
export { applicationStatuses, type ApplicationStatus } from '../../app/domain/statuses'

/** Where an application came from (docs/product.md#entities). */
export const applicationSources = [
  'job-posting',
  'contract-interpreter',
  'language-page',
  // Staff's import of an agency's interpreters (app/models/interpreter-import.server.ts).
  'import',
] as const
export type ApplicationSource = (typeof applicationSources)[number]

import { ONBOARDING_STEP_COUNT } from '../../app/domain/statistics'

export const interpreterApplications = pgTable(
  'interpreter_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: applicationStatuses }).notNull().default('pending'),
    onboardingProgress: integer('onboarding_progress').notNull().default(0),
    source: text('source', { enum: applicationSources }).notNull(),
    /** The job id from /jobs/:jobId or /apply/:jobId, or the language slug of /application. */
    sourceReference: text('source_reference').notNull(),
    /** Set when the reference names a job posting we have. */
    jobId: text('job_id').references(() => jobPostings.id, { onDelete: 'set null' }),
    /** The position as the applicant saw it, for example `Korean Interpreter`. */
    position: text('position').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /**
     * The phone number as compared for possible duplicates: digits only, without a leading
     * US/Canada country code, null when too short to tell anyone apart. The rule is the SQL
     * function `application_phone_digits` (migration 0011, docs/decisions/023-possible-duplicates.md).
     */
    phoneDigits: text('phone_digits').generatedAlwaysAs(
      (): SQL => sql`application_phone_digits(${interpreterApplications.phone})`,
    ),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    /** The job posting form asks for the native language. */
    nativeLanguage: text('native_language'),
    /** The full application form asks for the level of spoken English. */
    englishLevel: text('english_level'),
    /** Every language the applicant offers, for search and the admin list. */
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
    /** Weekly hours the applicant can work (the form's "legal availability"). */
    availability: text('availability'),
    /** A range in USD per minute, as chosen in the form. */
    expectedPayPerMinute: text('expected_pay_per_minute').notNull(),
    additionalInfo: text('additional_info'),
    /**
     * The resume sent with this application; resumes merged in later: applicationResumes.
     * Null for an imported interpreter, who sent none.
     */
    resumeFileId: uuid('resume_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    privacyConsentAt: timestamp('privacy_consent_at', { withTimezone: true }).notNull(),
    privacyNoticeVersion: text('privacy_notice_version').notNull(),
    /**
     * When the applicant ticked "keep my application on file for future openings"; null when
     * they did not. Retention leaves such applications alone (docs/privacy.md).
     */
    keepOnFileAt: timestamp('keep_on_file_at', { withTimezone: true }),
    /**
     * The private status link is signed over the application id and this number; raising it
     * revokes every link sent so far (docs/decisions/046-applicant-status-links-and-erasure.md).
     */
    statusLinkVersion: integer('status_link_version').notNull().default(1),
    /**
     * The language of the page the applicant applied from: their acknowledgement, status page
     * and decision e-mails are in it (docs/decisions/066-spanish-site-messages-resolved-on-the-server.md).
     */
    locale: text('locale', { enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The list's default order (newest first, ties by id): a deep page skips index entries only.
    index('interpreter_applications_created_at_idx').on(table.createdAt, table.id),
    // Status with onboarding progress: the per-status counts and the fully onboarded count
    // read this index alone (no table rows), which matters at 100,000 applications.
    // With the name and id after them, the onboarding board's page (progress, then name) too.
    index('interpreter_applications_status_progress_idx').on(
      table.status,
      table.onboardingProgress,
      table.lastName,
      table.id,
    ),
    index('interpreter_applications_email_idx').on(sql`lower(${table.email})`, table.createdAt),
    // Possible duplicates by phone (app/models/interpreter-applications/duplicates.server.ts).
    index('interpreter_applications_phone_digits_idx')
      .on(table.phoneDigits)
      .where(sql`${table.phoneDigits} is not null`),
    index('interpreter_applications_resume_file_idx').on(table.resumeFileId),
    // The retention schedule's candidates: not kept on file, oldest change first (docs/privacy.md).
    index('interpreter_applications_retention_idx')
      .on(table.updatedAt)
      .where(sql`${table.keepOnFileAt} is null and ${table.status} <> 'approved'`),
    // Substring search by name or e-mail (the interpreters screen); the dashboard's search,
    // which adds the languages, has its own index in migration 0007.
    index('interpreter_applications_name_email_search_idx').using(
      'gin',
      sql`(${table.firstName} || ' ' || ${table.lastName} || ' ' || ${table.email}) gin_trgm_ops`,
    ),
    check(
      'interpreter_applications_onboarding_progress_range',
      sql`${table.onboardingProgress} between 0 and ${sql.raw(String(ONBOARDING_STEP_COUNT))}`,
    ),
  ],
)

/**
 * Resumes an application holds besides its own (`resume_file_id`): those of the applications
 * merged into it. Deleting the application deletes these files too.
 */
export const applicationResumes = pgTable(
  'application_resumes',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => interpreterApplications.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .unique()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.applicationId, table.fileId] })],
)

/**
 * Pairs of applications staff said are not the same person: no longer shown as possible
 * duplicates of each other. The lower id comes first, so a pair has one row.
 */
export const duplicateDismissals = pgTable(
  'duplicate_dismissals',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => interpreterApplications.id, { onDelete: 'cascade' }),
    otherApplicationId: uuid('other_application_id')
      .notNull()
      .references(() => interpreterApplications.id, { onDelete: 'cascade' }),
    dismissedById: uuid('dismissed_by_id').references(() => users.id, { onDelete: 'set null' }),
    dismissedByName: text('dismissed_by_name').notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.otherApplicationId] }),
    index('duplicate_dismissals_other_idx').on(table.otherApplicationId),
    check(
      'duplicate_dismissals_ordered_pair',
      sql`${table.applicationId} < ${table.otherApplicationId}`,
    ),
  ],
)
