import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  closeoutOutcomeValues,
  closeoutStatuses,
  invoiceStatuses,
  statementStatuses,
} from '../../app/domain/billing'
import { modalityValues } from '../../app/domain/interpreter-profile'
import { paymentMethodValues } from '../../app/domain/receivables'
import { bookings } from './bookings'
import { translationQuotes } from './quotes'
import { organizations } from './organizations'
import { interpreterProfiles } from './interpreter-profiles'
import { storedFiles } from './stored-files'
import { users } from './users'

/**
 * Rates per modality (docs/product.md#closeouts-statements-and-invoices). Rows are never
 * changed: a new rate is a new row from `effective_from`, and an assignment uses the row in
 * force at its start, so a rate change never changes a past statement or invoice.
 */
export const rates = pgTable(
  'rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    modality: text('modality', { enum: modalityValues }).notNull(),
    /** Per minute, in hundredths of a cent (app/domain/billing.ts, RATE_UNITS_PER_CENT). */
    clientRateUnits: integer('client_rate_units').notNull(),
    interpreterRateUnits: integer('interpreter_rate_units').notNull(),
    minimumMinutes: integer('minimum_minutes').notNull(),
    mileageCentsPerMile: integer('mileage_cents_per_mile').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('rates_modality_effective_idx').on(table.modality, table.effectiveFrom),
    check(
      'rates_non_negative',
      sql`${table.clientRateUnits} >= 0 and ${table.interpreterRateUnits} >= 0 and ${table.minimumMinutes} >= 1 and ${table.mileageCentsPerMile} >= 0`,
    ),
  ],
)

/** What the interpreter reports after an assignment; staff approve it or return it. */
export const closeouts = pgTable(
  'closeouts',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    interpreterId: uuid('interpreter_id')
      .notNull()
      .references(() => interpreterProfiles.id, { onDelete: 'cascade' }),
    actualStart: timestamp('actual_start', { withTimezone: true }).notNull(),
    actualEnd: timestamp('actual_end', { withTimezone: true }).notNull(),
    outcome: text('outcome', { enum: closeoutOutcomeValues }).notNull(),
    mileageTenths: integer('mileage_tenths').notNull().default(0),
    note: text('note'),
    status: text('status', { enum: closeoutStatuses }).notNull().default('submitted'),
    returnReason: text('return_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Raised by every submission: staff's approval carries the version they looked at, and
     * is refused when the closeout was sent again since (returned, then corrected).
     */
    version: integer('version').notNull().default(1),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    index('closeouts_status_idx').on(table.status, table.submittedAt),
    index('closeouts_interpreter_idx').on(table.interpreterId),
    check('closeouts_end_after_start', sql`${table.actualEnd} >= ${table.actualStart}`),
    check('closeouts_mileage', sql`${table.mileageTenths} >= 0`),
  ],
)

/** An expense of an on-site assignment, with its receipt. */
export const closeoutExpenses = pgTable(
  'closeout_expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => closeouts.bookingId, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    receiptFileId: uuid('receipt_file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
  },
  (table) => [
    index('closeout_expenses_booking_idx').on(table.bookingId),
    check('closeout_expenses_amount', sql`${table.amountCents} > 0`),
  ],
)

/** The closeout reminders and the overdue alert: one row each, so each goes out once. */
export const closeoutReminders = pgTable(
  'closeout_reminders',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['ended', 'second', 'overdue'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.bookingId, table.kind] })],
)

/** An interpreter's pay statement for one half-month. */
export const interpreterStatements = pgTable(
  'interpreter_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interpreterId: uuid('interpreter_id')
      .notNull()
      .references(() => interpreterProfiles.id, { onDelete: 'restrict' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    status: text('status', { enum: statementStatuses }).notNull().default('open'),
    approvedById: uuid('approved_by_id').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidById: uuid('paid_by_id').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('interpreter_statements_period').on(table.interpreterId, table.periodStart),
    index('interpreter_statements_period_idx').on(table.periodStart, table.status),
  ],
)

/**
 * One approved assignment on a statement. The amounts are written when the closeout is
 * approved and never recomputed; one line per booking, so an assignment is paid once.
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => interpreterStatements.id, { onDelete: 'restrict' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    rateId: uuid('rate_id')
      .notNull()
      .references(() => rates.id, { onDelete: 'restrict' }),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    minutes: integer('minutes').notNull(),
    rateUnits: integer('rate_units').notNull(),
    amountCents: integer('amount_cents').notNull(),
    mileageCents: integer('mileage_cents').notNull(),
    expensesCents: integer('expenses_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
  },
  (table) => [
    uniqueIndex('statement_lines_booking').on(table.bookingId),
    index('statement_lines_statement_idx').on(table.statementId, table.workDate),
    check(
      'statement_lines_total',
      sql`${table.totalCents} = ${table.amountCents} + ${table.mileageCents} + ${table.expensesCents}`,
    ),
  ],
)

/** An organization's invoice for one month. */
export const clientInvoices = pgTable(
  'client_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The sequence behind the invoice number people quote (app/domain/billing.ts). The ledger
     * gives each new invoice the next number itself, under a lock, so the numbers have no
     * gaps (`lockInvoice` in app/models/billing/ledger.server.ts); the serial default is a
     * fallback for rows written by hand.
     */
    number: serial('number').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    status: text('status', { enum: invoiceStatuses }).notNull().default('open'),
    sentById: uuid('sent_by_id').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidById: uuid('paid_by_id').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set when sent: the issue date (office calendar) and the due date from the terms. */
    issuedOn: date('issued_on', { mode: 'string' }),
    dueOn: date('due_on', { mode: 'string' }),
    /** The organization's billing address and purchase order as they were when sent. */
    billingAddress: text('billing_address'),
    purchaseOrder: text('purchase_order'),
    /** When the overdue reminder went to the managers: once, by the maintenance loop. */
    overdueReminderAt: timestamp('overdue_reminder_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('client_invoices_due_idx').on(table.status, table.dueOn),
    uniqueIndex('client_invoices_period').on(table.organizationId, table.periodStart),
    uniqueIndex('client_invoices_number').on(table.number),
    index('client_invoices_period_idx').on(table.periodStart, table.status),
  ],
)

/** One line of an invoice: a closed-out assignment or an accepted translation job. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => clientInvoices.id, { onDelete: 'restrict' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    quoteId: uuid('quote_id').references(() => translationQuotes.id, { onDelete: 'restrict' }),
    rateId: uuid('rate_id').references(() => rates.id, { onDelete: 'restrict' }),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    minutes: integer('minutes'),
    rateUnits: integer('rate_units'),
    amountCents: integer('amount_cents').notNull(),
    travelCents: integer('travel_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
  },
  (table) => [
    uniqueIndex('invoice_lines_booking').on(table.bookingId),
    uniqueIndex('invoice_lines_quote').on(table.quoteId),
    index('invoice_lines_invoice_idx').on(table.invoiceId, table.workDate),
    check('invoice_lines_one_source', sql`num_nonnulls(${table.bookingId}, ${table.quoteId}) = 1`),
    check(
      'invoice_lines_total',
      sql`${table.totalCents} = ${table.amountCents} + ${table.travelCents}`,
    ),
  ],
)

/**
 * Money received against an invoice, or a credit note (a negative adjustment with a reason):
 * docs/product.md#payments. Rows are never changed; the balance is the invoice's total less
 * the sum of its rows, and the model never lets that sum pass the total.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => clientInvoices.id, { onDelete: 'restrict' }),
    /** What reduces the balance, always positive; a credit note says so in `method`. */
    amountCents: integer('amount_cents').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    method: text('method', { enum: paymentMethodValues }).notNull(),
    /** The check number, the bank's reference; a credit note's reason. */
    reference: text('reference').notNull().default(''),
    recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('invoice_payments_invoice_idx').on(table.invoiceId, table.receivedOn),
    check('invoice_payments_positive', sql`${table.amountCents} > 0`),
  ],
)
