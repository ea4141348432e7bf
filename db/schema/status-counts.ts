import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * How many rows of a table have each status, kept by triggers as it changes
 * (docs/decisions/043-status-counts-kept-by-triggers.md): every insert, update or delete
 * statement adds one row per status it changed, with the change (`delta`, negative for rows
 * gone); the sum of a counter's rows is the count. The maintenance loop folds the rows into
 * one per status now and then, so a read sums a handful of rows instead of counting a
 * table of 100,000.
 *
 * Counters: `interpreter_applications` and `leads` (by status), `mail_outbox`
 * (by status), `message_deliveries` (the outbox rows of each staff message, `key` its id,
 * by status) and `onboarding_progress` (approved applications; `status` is the number of
 * onboarding steps done, 0 to 6). `key` is '' where a counter has one count per status.
 */
export const statusCounts = pgTable(
  'status_counts',
  {
    counter: text('counter').notNull(),
    key: text('key').notNull().default(''),
    status: text('status').notNull(),
    delta: integer('delta').notNull(),
  },
  (table) => [index('status_counts_counter_idx').on(table.counter, table.key, table.status)],
)
