import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

import { clientRequestStatuses } from '../../app/domain/statuses'

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
  },
  (table) => [
    // The list's default order (newest first, ties by id): a deep page skips index entries only.
    index('client_requests_created_at_idx').on(table.createdAt, table.id),
    index('client_requests_status_idx').on(table.status),
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
