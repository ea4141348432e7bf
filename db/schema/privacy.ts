import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { interpreterApplications } from './interpreter-applications'

/**
 * An applicant's request to erase their data, made on their status page: the hash of the
 * single-use link e-mailed to them, its expiry and when it was used (docs/privacy.md).
 * Erasing the application deletes its requests with it.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    tokenHash: text('token_hash').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => interpreterApplications.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('erasure_requests_application_idx').on(table.applicationId)],
)
