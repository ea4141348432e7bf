import {
  index,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * Who changed what, when, from what to what: every status change, deletion, export, note
 * and staff e-mail (docs/product.md#entities, Audit entry). A record's history is read from
 * here.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept even when the account is deleted later. */
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    /** For example `client_request` (a lead) or `interpreter_application`; `export` for exports. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entityType, table.entityId, table.createdAt),
    index('audit_log_created_idx').on(table.createdAt),
  ],
)

/** Notes staff keep on an application or a client request. */
export const staffNotes = pgTable(
  'staff_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('staff_notes_entity_idx').on(table.entityType, table.entityId, table.createdAt),
  ],
)

/** When each staff member last opened each inbox: the notification bell's "unread" dot. */
export const inboxViews = pgTable(
  'inbox_views',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inbox: text('inbox', { enum: ['applications', 'leads'] }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.inbox] })],
)
