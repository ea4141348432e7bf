import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { pricedLineKinds } from '../../app/domain/quote-pricing'
import { quoteStatuses } from '../../app/domain/quotes'
import { organizations } from './organizations'
import { storedFiles } from './stored-files'
import { users } from './users'

/**
 * A translation quote request: files to translate from one language into others; staff
 * price it (with an expiry date), the client accepts or declines, staff deliver.
 */
export const translationQuotes = pgTable(
  'translation_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    sourceLanguage: text('source_language').notNull(),
    targetLanguages: text('target_languages').array().notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    certified: boolean('certified').notNull().default(false),
    purchaseOrder: text('purchase_order'),
    status: text('status', { enum: quoteStatuses }).notNull().default('requested'),
    priceCents: integer('price_cents'),
    priceExpiresOn: date('price_expires_on', { mode: 'string' }),
    pricedById: uuid('priced_by_id').references(() => users.id, { onDelete: 'set null' }),
    pricedAt: timestamp('priced_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why the client declined, when they said (optional). */
    declineReason: text('decline_reason'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('translation_quotes_organization_idx').on(table.organizationId, table.createdAt),
    index('translation_quotes_status_idx').on(table.status, table.createdAt),
    check('translation_quotes_price', sql`${table.priceCents} is null or ${table.priceCents} > 0`),
  ],
)

/** The files of a quote: what the client sent (`source`) and what staff delivered. */
export const translationQuoteFiles = pgTable(
  'translation_quote_files',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => translationQuotes.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['source', 'delivery'] }).notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.quoteId, table.fileId] })],
)

/**
 * A priced quote's lines (app/domain/quote-pricing.ts): staff's lines, then the minimum
 * fee's difference and the rush surcharge when they apply. Written with the price in one
 * transaction; pricing again replaces them. The quote's `price_cents` is their sum.
 */
export const quotePriceLines = pgTable(
  'quote_price_lines',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => translationQuotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: pricedLineKinds }).notNull(),
    description: text('description').notNull(),
    /** Words or pages (1 for a flat fee); null for the minimum and rush lines. */
    quantity: integer('quantity'),
    /** Per word in rate units (hundredths of a cent), per page and flat in cents. */
    unitAmount: integer('unit_amount'),
    amountCents: integer('amount_cents').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.quoteId, table.position] }),
    check('quote_price_lines_amount', sql`${table.amountCents} >= 0`),
  ],
)
