import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * One row per accepted form token. The token is inserted in the same transaction as the
 * record the form creates, so a double submit creates one record and one e-mail.
 */
export const formSubmissions = pgTable('form_submissions', {
  token: text('token').primaryKey(),
  form: text('form').notNull(),
  /** The id of the record the first submission created. */
  reference: text('reference').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
