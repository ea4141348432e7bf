import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { messageTypes } from '../../app/domain/communications'
import { users } from './users'

export { messageTypes, type MessageType } from '../../app/domain/communications'

/**
 * A message staff sent from the communications screen. Each recipient's copy is a row of
 * `mail_outbox` whose reference is `message:<id>`; the delivery counts are read from there.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: messageTypes }).notNull(),
    /** The recipient group (`active-interpreters` …), or null for a single person. */
    recipientGroup: text('recipient_group'),
    /** What the history shows: the group's label, or the person's name and address. */
    recipientLabel: text('recipient_label').notNull(),
    recipientCount: integer('recipient_count').notNull(),
    /** As staff wrote them, merge fields such as {{firstName}} included. */
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sentById: uuid('sent_by_id').references(() => users.id, { onDelete: 'set null' }),
    sentByName: text('sent_by_name').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_sent_at_idx').on(table.sentAt),
    index('messages_search_idx').using(
      'gin',
      sql`(${table.subject} || ' ' || ${table.recipientLabel}) gin_trgm_ops`,
    ),
  ],
)

/**
 * Addresses that asked for no more bulk e-mail (the unsubscribe link and the one-click
 * `List-Unsubscribe-Post`). Stored lower-cased; later bulk sends leave them out.
 */
export const mailUnsubscribes = pgTable('mail_unsubscribes', {
  email: text('email').primaryKey(),
  /** `link` (the page) or `one-click` (the mail program's button). */
  source: text('source').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
