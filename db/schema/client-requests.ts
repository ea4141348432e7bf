import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

import { clientRequestStatuses } from '../../app/domain/statuses'
import { users } from './users'

export { clientRequestStatuses, type ClientRequestStatus } from '../../app/domain/statuses'

export const clientRequestTypes = ['contact', 'demo'] as const
export type ClientRequestType = (typeof clientRequestTypes)[number]

export const clientRequests = pgTable(
  'client_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: clientRequestTypes }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: clientRequestStatuses }).notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member answering it: round-robin at arrival, or chosen by hand. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    // The first-response clock (docs/decisions/045-lead-response-clock.md): the instants it
    // turns At risk and Breached, worked out in business hours at arrival (null before the
    // clock existed), and when and after how much business time staff first answered.
    atRiskAt: timestamp('at_risk_at', { withTimezone: true }),
    responseDueAt: timestamp('response_due_at', { withTimezone: true }),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    responseBusinessMs: bigint('response_business_ms', { mode: 'number' }),
    /** The breach e-mail to the owner (or every admin) was queued. */
    breachNotifiedAt: timestamp('breach_notified_at', { withTimezone: true }),
    /** The e-mail to every admin, 30 minutes after the breach, was queued. */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
  },
  (table) => [
    // The list's default order (newest first, ties by id): a deep page skips index entries only.
    index('client_requests_created_at_idx').on(table.createdAt, table.id),
    index('client_requests_status_idx').on(table.status),
    // The requests still waiting for an answer: the dashboard's counts and the breach alerts.
    index('client_requests_awaiting_response_idx')
      .on(table.responseDueAt)
      .where(sql`${table.firstResponseAt} is null and ${table.responseDueAt} is not null`),
    // The All Clients recipient group counts distinct addresses (docs/product.md#mail-and-calls).
    index('client_requests_email_idx').on(sql`lower(${table.email})`),
    // Substring search over name, e-mail, company and message (docs/product.md#validation,
    // Searches); the query uses the same expression: clientRequestSearchText.
    index('client_requests_search_idx').using(
      'gin',
      sql`(${table.name} || ' ' || ${table.email} || ' ' || ${table.company} || ' ' || ${table.message}) gin_trgm_ops`,
    ),
  ],
)
