import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

import { DEFAULT_LOCALE, LOCALES } from '../../app/domain/locales'
import { leadStatuses } from '../../app/domain/statuses'
import { users } from './users'

export { leadStatuses, type LeadStatus } from '../../app/domain/statuses'

/** A lead comes from the contact form or the demo form. */
export const leadTypes = ['contact', 'demo'] as const
export type LeadType = (typeof leadTypes)[number]

/** Contact and demo requests from the public site, worked in the lead inbox (`/admin/clients`). */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: leadTypes }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: leadStatuses }).notNull().default('new'),
    /** The language of the page the form was sent from: the visitor's acknowledgement's. */
    locale: text('locale', { enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
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
    index('leads_created_at_idx').on(table.createdAt, table.id),
    index('leads_status_idx').on(table.status),
    // The leads still waiting for an answer: the dashboard's counts and the breach alerts.
    index('leads_awaiting_response_idx')
      .on(table.responseDueAt)
      .where(sql`${table.firstResponseAt} is null and ${table.responseDueAt} is not null`),
    // The Prospects recipient group counts distinct addresses (docs/product.md#mail-and-calls).
    index('leads_email_idx').on(sql`lower(${table.email})`),
    // Substring search over name, e-mail, company and message (docs/product.md#validation,
    // Searches); the query uses the same expression: searchText in
    // app/models/leads/list.server.ts.
    index('leads_search_idx').using(
      'gin',
      sql`(${table.name} || ' ' || ${table.email} || ' ' || ${table.company} || ' ' || ${table.message}) gin_trgm_ops`,
    ),
  ],
)
