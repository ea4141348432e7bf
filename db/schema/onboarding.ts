import { sql } from 'drizzle-orm'
import {
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
import { documentStatuses, onboardingStepKeys, stepOutcomes } from '../../app/domain/onboarding'
import { interpreterApplications } from './interpreter-applications'
import { storedFiles } from './stored-files'
import { users } from './users'

/**
 * A document an interpreter uploaded for an onboarding step (docs/product.md#interpreter-portal):
 * the file, its dates and where it is in staff review. An approved application owns its
 * onboarding, so documents hang off the application the interpreter's profile was made from.
 */
export const interpreterDocuments = pgTable(
  'interpreter_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => interpreterApplications.id, { onDelete: 'cascade' }),
    step: text('step', { enum: onboardingStepKeys }).notNull(),
    /** The language a proficiency certificate is for; null for every other step. */
    language: text('language'),
    /**
     * Null for a credential staff imported from an agency's records (its expiry known, its
     * file not): app/models/interpreter-import.server.ts.
     */
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    issuedOn: date('issued_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    status: text('status', { enum: documentStatuses }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedByName: text('reviewed_by_name'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('interpreter_documents_application_idx').on(table.applicationId, table.step),
    index('interpreter_documents_status_expiry_idx').on(table.status, table.expiresOn),
    index('interpreter_documents_file_idx').on(table.fileId),
    check(
      'interpreter_documents_dates_in_order',
      sql`${table.issuedOn} is null or ${table.expiresOn} is null or ${table.issuedOn} <= ${table.expiresOn}`,
    ),
  ],
)

/**
 * Expiry reminders sent, one row per document and threshold (30, 7, 0 days): the primary
 * key makes each reminder go out once however many instances run the daily job.
 */
export const credentialReminders = pgTable(
  'credential_reminders',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => interpreterDocuments.id, { onDelete: 'cascade' }),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.documentId, table.daysBefore] })],
)

/**
 * What staff recorded on a step: the mock session's result, or a waiver with its reason.
 * One row per step; a new record replaces the last (the audit log keeps the history).
 */
export const onboardingStepRecords = pgTable(
  'onboarding_step_records',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => interpreterApplications.id, { onDelete: 'cascade' }),
    step: text('step', { enum: onboardingStepKeys }).notNull(),
    outcome: text('outcome', { enum: stepOutcomes }).notNull(),
    note: text('note'),
    recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.step] }),
    check(
      'onboarding_step_records_waiver_reason',
      sql`${table.outcome} <> 'waived' or length(${table.note}) > 0`,
    ),
  ],
)

/**
 * Where the interpreter is paid. The account (payout e-mail or bank reference) is never sent
 * back to a browser in full: pages show it masked.
 */
export const interpreterPayoutDetails = pgTable('interpreter_payout_details', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => interpreterApplications.id, { onDelete: 'cascade' }),
  payeeName: text('payee_name').notNull(),
  method: text('method', { enum: ['email', 'bank'] }).notNull(),
  account: text('account').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * An interpreter e-mailed that the contractor agreement is ready to sign, for the wait they
 * are in (docs/product.md#interpreter-portal): the row is written with the e-mail, in one
 * transaction, and only by the publish whose insert succeeds, so two publishes at once send
 * one e-mail. Signing the agreement ends the wait and deletes the row; a later wait (the
 * agreement withdrawn after they signed) may send another.
 */
export const agreementReadyNotices = pgTable('agreement_ready_notices', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The agreement that was announced. */
  resourceId: uuid('resource_id'),
  notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull().defaultNow(),
})
