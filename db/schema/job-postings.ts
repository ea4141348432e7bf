import { date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** A posting is visible (and in the sitemap) only while published and not past its closing. */
export const jobPostingStatuses = ['draft', 'published', 'closed'] as const
export type JobPostingStatus = (typeof jobPostingStatuses)[number]

/**
 * Job postings (docs/product.md#entities). The built-in remote postings are seeded from
 * `app/content/job-postings.ts` at start-up; see docs/decisions/021-job-seeding.md.
 */
export const jobPostings = pgTable(
  'job_postings',
  {
    /** Readable and stable, used in URLs: `greek-english-remote-interpreter`. */
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    /** Where the work happens; every built-in job is `Remote`. */
    type: text('type').notNull(),
    nativeLanguage: text('native_language').notNull(),
    fluentLanguage: text('fluent_language').notNull(),
    description: text('description').notNull(),
    requirements: text('requirements').array().notNull(),
    responsibilities: text('responsibilities').array().notNull(),
    benefits: text('benefits').array().notNull(),
    status: text('status', { enum: jobPostingStatuses }).notNull().default('draft'),
    /** The day the posting went up (schema.org datePosted). */
    postedOn: date('posted_on', { mode: 'string' }).notNull(),
    /** When set, the posting closes at this moment (schema.org validThrough). */
    closesAt: timestamp('closes_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('job_postings_status_idx').on(table.status)],
)
