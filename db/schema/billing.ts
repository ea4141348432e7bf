import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  jsonb,
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
import { payRateSources, type BillingIncrement, type Premium } from '../../app/domain/contracts'
import { callMedia } from '../../app/domain/call-routing'
import { bookings } from './bookings'
import { calls } from './calls'
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
    /** An on-site interpreter's travel time, per minute: billed to the client, paid to them. */
    travelClientRateUnits: integer('travel_client_rate_units').notNull().default(0),
    travelInterpreterRateUnits: integer('travel_interpreter_rate_units').notNull().default(0),
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
    check(
      'rates_travel_time',
      sql`${table.travelClientRateUnits} >= 0 and ${table.travelInterpreterRateUnits} >= 0`,
    ),
  ],
)

/**
 * On-demand call rates per medium (docs/product.md#on-demand-call-billing), beside the booking
 * rates and versioned like them: a new rate is a new row from `effective_from`, and a call uses
 * the row in force when it started. A row with an organization is that organization's contract
 * for calls: its client rate, minimum and rounding in place of the default's; the interpreter's
 * pay stays the default row's, so such a row has none.
 */
export const callRates = pgTable(
  'call_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'restrict',
    }),
    media: text('media', { enum: callMedia }).notNull(),
    /** Per minute, in hundredths of a cent (app/domain/billing.ts, RATE_UNITS_PER_CENT). */
    clientRateUnits: integer('client_rate_units').notNull(),
    /** The default rows' pay per minute; null on an organization's contract row. */
    interpreterRateUnits: integer('interpreter_rate_units'),
    minimumMinutes: integer('minimum_minutes').notNull(),
    incrementMinutes: integer('increment_minutes').$type<BillingIncrement>().notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('call_rates_media_effective_idx').on(table.media, table.effectiveFrom),
    index('call_rates_organization_idx').on(table.organizationId, table.media, table.effectiveFrom),
    check(
      'call_rates_valid',
      sql`${table.clientRateUnits} >= 0 and coalesce(${table.interpreterRateUnits}, 0) >= 0 and ${table.minimumMinutes} >= 1 and ${table.incrementMinutes} in (1, 5, 15, 30)`,
    ),
    check(
      'call_rates_pay_on_defaults',
      sql`(${table.organizationId} is null) = (${table.interpreterRateUnits} is not null)`,
    ),
  ],
)

/**
 * An organization's contract for one modality (docs/product.md#contracts-and-pay): its terms
 * in place of the default rates. Like rates, rows are never changed: a new version is a new
 * row from `effective_from`, and an assignment uses the row in force at its start.
 */
export const clientContracts = pgTable(
  'client_contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    modality: text('modality', { enum: modalityValues }).notNull(),
    clientRateUnits: integer('client_rate_units').notNull(),
    minimumMinutes: integer('minimum_minutes').notNull(),
    incrementMinutes: integer('increment_minutes').notNull(),
    rareLanguagePremiumPercent: integer('rare_language_premium_percent').notNull(),
    rushPremiumPercent: integer('rush_premium_percent').notNull(),
    afterHoursPremiumPercent: integer('after_hours_premium_percent').notNull(),
    cancellationWindowHours: integer('cancellation_window_hours').notNull(),
    /** Null: a late cancellation is billed at the minimum minutes. */
    lateCancellationFeeCents: integer('late_cancellation_fee_cents'),
    mileageCentsPerMile: integer('mileage_cents_per_mile').notNull(),
    /** The interpreter's travel time, per minute, rounded up to the increment like the work. */
    travelRateUnits: integer('travel_rate_units').notNull().default(0),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('client_contracts_in_force_idx').on(
      table.organizationId,
      table.modality,
      table.effectiveFrom,
    ),
    check(
      'client_contracts_valid',
      sql`${table.clientRateUnits} >= 0 and ${table.minimumMinutes} >= 1 and ${table.incrementMinutes} in (1, 5, 15, 30) and ${table.rareLanguagePremiumPercent} >= 0 and ${table.rushPremiumPercent} >= 0 and ${table.afterHoursPremiumPercent} >= 0 and ${table.cancellationWindowHours} >= 0 and coalesce(${table.lateCancellationFeeCents}, 0) >= 0 and ${table.mileageCentsPerMile} >= 0`,
    ),
    check('client_contracts_travel_time', sql`${table.travelRateUnits} >= 0`),
  ],
)

/**
 * Interpreter pay in place of a modality's default (docs/product.md#contracts-and-pay): for
 * one interpreter, for one language, or for one interpreter in one language. Rows are never
 * changed; a row without a rate ends the override from its time.
 */
export const interpreterPayRates = pgTable(
  'interpreter_pay_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interpreterId: uuid('interpreter_id').references(() => interpreterProfiles.id, {
      onDelete: 'cascade',
    }),
    language: text('language'),
    modality: text('modality', { enum: modalityValues }).notNull(),
    rateUnits: integer('rate_units'),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('interpreter_pay_rates_in_force_idx').on(table.modality, table.effectiveFrom),
    index('interpreter_pay_rates_interpreter_idx').on(table.interpreterId),
    check(
      'interpreter_pay_rates_valid',
      sql`num_nonnulls(${table.interpreterId}, ${table.language}) >= 1 and coalesce(${table.rateUnits}, 0) >= 0`,
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
    /** Minutes on the road to and from an on-site assignment. */
    travelMinutes: integer('travel_minutes').notNull().default(0),
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
    check('closeouts_travel_minutes', sql`${table.travelMinutes} >= 0`),
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
 * One approved assignment or one on-demand call on a statement. The amounts are written when
 * the closeout is approved or the call ends and never recomputed; one line per booking and
 * per call, so work is paid once.
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => interpreterStatements.id, { onDelete: 'restrict' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    rateId: uuid('rate_id').references(() => rates.id, { onDelete: 'restrict' }),
    callId: uuid('call_id').references(() => calls.id, { onDelete: 'restrict' }),
    callRateId: uuid('call_rate_id').references(() => callRates.id, { onDelete: 'restrict' }),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    /** For a call the client hung up within 30 s, 0: paid for the seconds worked. */
    minutes: integer('minutes').notNull(),
    rateUnits: integer('rate_units').notNull(),
    amountCents: integer('amount_cents').notNull(),
    mileageCents: integer('mileage_cents').notNull(),
    expensesCents: integer('expenses_cents').notNull(),
    /** Travel time paid, at the default rate's travel-time pay. */
    travelMinutes: integer('travel_minutes').notNull().default(0),
    travelTimeCents: integer('travel_time_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    /** Which pay rate applied: the default, or an override (app/domain/contracts.ts). */
    rateSource: text('rate_source', { enum: payRateSources }).notNull().default('default'),
  },
  (table) => [
    uniqueIndex('statement_lines_booking').on(table.bookingId),
    uniqueIndex('statement_lines_call').on(table.callId),
    index('statement_lines_statement_idx').on(table.statementId, table.workDate),
    check(
      'statement_lines_one_source',
      sql`num_nonnulls(${table.bookingId}, ${table.callId}) = 1 and (${table.bookingId} is null or ${table.rateId} is not null) and (${table.callId} is null or ${table.callRateId} is not null)`,
    ),
    check(
      'statement_lines_total',
      sql`${table.totalCents} = ${table.amountCents} + ${table.mileageCents} + ${table.expensesCents} + ${table.travelTimeCents}`,
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

/**
 * One line of an invoice: a closed-out assignment, an accepted translation job or an on-demand
 * call.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => clientInvoices.id, { onDelete: 'restrict' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    quoteId: uuid('quote_id').references(() => translationQuotes.id, { onDelete: 'restrict' }),
    callId: uuid('call_id').references(() => calls.id, { onDelete: 'restrict' }),
    rateId: uuid('rate_id').references(() => rates.id, { onDelete: 'restrict' }),
    callRateId: uuid('call_rate_id').references(() => callRates.id, { onDelete: 'restrict' }),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    minutes: integer('minutes'),
    rateUnits: integer('rate_units'),
    amountCents: integer('amount_cents').notNull(),
    /** The contract the line was charged under; null at the default rates. */
    contractId: uuid('contract_id').references(() => clientContracts.id, { onDelete: 'restrict' }),
    /** Each premium that applied, as charged (app/domain/contracts.ts), and their sum. */
    premiums: jsonb('premiums').$type<Premium[]>().notNull().default([]),
    premiumCents: integer('premium_cents').notNull().default(0),
    /** Mileage, expenses and travel time; the travel time's minutes and share of it. */
    travelCents: integer('travel_cents').notNull().default(0),
    travelMinutes: integer('travel_minutes').notNull().default(0),
    travelTimeCents: integer('travel_time_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
  },
  (table) => [
    uniqueIndex('invoice_lines_booking').on(table.bookingId),
    uniqueIndex('invoice_lines_quote').on(table.quoteId),
    uniqueIndex('invoice_lines_call').on(table.callId),
    index('invoice_lines_invoice_idx').on(table.invoiceId, table.workDate),
    check(
      'invoice_lines_one_source',
      sql`num_nonnulls(${table.bookingId}, ${table.quoteId}, ${table.callId}) = 1 and (${table.callId} is null or ${table.callRateId} is not null)`,
    ),
    check(
      'invoice_lines_total',
      sql`${table.totalCents} = ${table.amountCents} + ${table.premiumCents} + ${table.travelCents}`,
    ),
    check(
      'invoice_lines_travel_time',
      sql`${table.travelTimeCents} >= 0 and ${table.travelTimeCents} <= ${table.travelCents}`,
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
