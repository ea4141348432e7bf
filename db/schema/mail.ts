import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

/**
 * A small attachment kept with the queued mail: a calendar file as text, or a binary file (an
 * invoice's PDF) as base64 with `encoding: 'base64'`.
 */
export interface MailAttachment {
  filename: string
  contentType: string
  content: string
  encoding?: 'base64'
}

/** `cancelled`: never sent, the person it was for was deleted (docs/decisions/038-deleted-people-in-the-mail-log.md). */
export const mailStatuses = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const
export type MailStatus = (typeof mailStatuses)[number]

/**
 * The durable mail queue (an outbox): a row is written in the same transaction as the
 * record it is about, and the mail worker claims rows with FOR UPDATE SKIP LOCKED.
 * See docs/decisions/002-mail-outbox.md.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    template: text('template').notNull(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: mailStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** What the mail is about, for example `client_request:<id>`. */
    reference: text('reference'),
    /** Extra headers, for example `List-Unsubscribe` on bulk mail. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Small attachments, for example a booking's calendar file or an invoice's PDF. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('queued', 'sending')`),
    index('mail_outbox_reference_idx').on(table.reference),
    // The mail log lists the newest first, of every status or of one.
    index('mail_outbox_created_idx').on(table.createdAt, table.id),
    index('mail_outbox_status_created_idx').on(table.status, table.createdAt, table.id),
    // Deleting a person finds the mail addressed to them (app/models/mail.server.ts).
    index('mail_outbox_to_address_idx').on(sql`lower(${table.toAddress})`),
  ],
)

/** One row per delivery attempt, successful or not. */
export const mailAttempts = pgTable(
  'mail_attempts',
  {
    id: serial('id').primaryKey(),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    succeeded: boolean('succeeded').notNull(),
    detail: text('detail'),
  },
  (table) => [index('mail_attempts_outbox_idx').on(table.outboxId)],
)
