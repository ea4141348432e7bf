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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { bookingSettingValues, bookingStatuses, offerStatuses } from '../../app/domain/bookings'
import { reminderWindows } from '../../app/domain/booking-reminders'
import { modalityValues } from '../../app/domain/interpreter-profile'
import { organizations } from './organizations'
import { interpreterProfiles } from './interpreter-profiles'
import { storedFiles } from './stored-files'
import { users } from './users'

/**
 * A client's booking of an interpreter (docs/product.md#client-portal). The start is kept as
 * the wall-clock date and time in its time zone (what the client chose) and as the UTC
 * instant computed from them (what ordering, overlap and alerts use).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member who entered it for the client (by phone or e-mail); null when the client booked. */
    enteredById: uuid('entered_by_id').references(() => users.id, { onDelete: 'set null' }),
    language: text('language').notNull(),
    modality: text('modality', { enum: modalityValues }).notNull(),
    setting: text('setting', { enum: bookingSettingValues }).notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    localTime: text('local_time').notNull(),
    timeZone: text('time_zone').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** The on-site address, the video link or the call-in number, by modality. */
    location: text('location').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    notes: text('notes'),
    preferredInterpreterId: uuid('preferred_interpreter_id').references(
      () => interpreterProfiles.id,
      { onDelete: 'set null' },
    ),
    urgent: boolean('urgent').notNull().default(false),
    /** The interpreter's gender the client asked for; null: no preference. */
    requestedGender: text('requested_gender', { enum: ['woman', 'man'] }),
    /** The weekly series the booking was made in, shared by its occurrences; null for one booking. */
    seriesId: uuid('series_id'),
    /**
     * A booking that needs two interpreters is made as one row per interpreter (a seat),
     * sharing this id; each seat is dispatched, confirmed and billed on its own, and the team
     * is filled when every seat is confirmed (app/domain/booking-teams.ts). Null: one interpreter.
     */
    teamId: uuid('team_id'),
    status: text('status', { enum: bookingStatuses }).notNull().default('requested'),
    interpreterId: uuid('interpreter_id').references(() => interpreterProfiles.id, {
      onDelete: 'set null',
    }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    lateCancellation: boolean('late_cancellation').notNull().default(false),
    /**
     * The calendar event's SEQUENCE (RFC 5545): raised by every change the interpreter's
     * calendar must follow (a new time, a cancellation), so their calendar takes the newest.
     */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /** When staff were told it is still unfilled close to its start (once). */
    unfilledAlertAt: timestamp('unfilled_alert_at', { withTimezone: true }),
    /**
     * Set while the booking waits for the staff digest of its organization's burst, to the end
     * of that window; cleared when the digest is queued (app/models/booking-digests.server.ts).
     */
    staffDigestAt: timestamp('staff_digest_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bookings_organization_idx').on(table.organizationId, table.startsAt),
    // The staff Bookings screen: every booking, soonest first.
    index('bookings_start_idx').on(table.startsAt, table.id),
    // Late cancellations need a closeout (app/models/billing/closeouts.server.ts); they are
    // few among the cancelled bookings.
    index('bookings_late_cancellation_idx')
      .on(table.startsAt)
      .where(sql`${table.status} = 'cancelled' and ${table.lateCancellation}`),
    index('bookings_status_start_idx').on(table.status, table.startsAt),
    index('bookings_interpreter_start_idx').on(table.interpreterId, table.startsAt),
    // A series' occurrences, in order: cancelled together, dispatched to the same interpreter.
    index('bookings_series_idx')
      .on(table.seriesId, table.startsAt)
      .where(sql`${table.seriesId} is not null`),
    // A team's seats, read together on each seat's page and changed together.
    index('bookings_team_idx')
      .on(table.teamId)
      .where(sql`${table.teamId} is not null`),
    // The few bookings waiting for a staff digest.
    index('bookings_staff_digest_idx')
      .on(table.staffDigestAt)
      .where(sql`${table.staffDigestAt} is not null`),
    check('bookings_duration_range', sql`${table.durationMinutes} between 15 and 720`),
  ],
)

/**
 * An organization's window for staff e-mails about new bookings: the booking that opens it
 * is mailed at once; those made before `ends_at` wait for one digest
 * (docs/product.md#client-portal).
 */
export const bookingMailWindows = pgTable('booking_mail_windows', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
})

/** Preparation files a client attached to a booking. */
export const bookingFiles = pgTable(
  'booking_files',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
  },
  (table) => [primaryKey({ columns: [table.bookingId, table.fileId] })],
)

/**
 * An offer of a booking to one interpreter. The first acceptance confirms the booking; the
 * other offers become `filled`. The e-mail's accept link carries a token whose hash is kept
 * here; it works once, until `expires_at`.
 */
export const bookingOffers = pgTable(
  'booking_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    interpreterId: uuid('interpreter_id')
      .notNull()
      .references(() => interpreterProfiles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: offerStatuses }).notNull().default('offered'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    offeredById: uuid('offered_by_id').references(() => users.id, { onDelete: 'set null' }),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** Staff assigned this interpreter by name: the other open offers were withdrawn. */
    assignedDirectly: boolean('assigned_directly').notNull().default(false),
    /** Why staff assigned an interpreter a dispatch rule excluded; audited as well. */
    overrideReason: text('override_reason'),
  },
  (table) => [
    uniqueIndex('booking_offers_one_per_interpreter').on(table.bookingId, table.interpreterId),
    uniqueIndex('booking_offers_token_hash').on(table.tokenHash),
    index('booking_offers_interpreter_idx').on(table.interpreterId, table.status),
  ],
)

/**
 * A reminder sent before a confirmed booking (app/models/dispatch/reminders.server.ts): one
 * row per window, start and interpreter, claimed by the insert that sends it, so that two
 * instances send it once. A new time or another interpreter is another key: reminded again.
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    reminder: text('reminder', { enum: reminderWindows }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    interpreterId: uuid('interpreter_id')
      .notNull()
      .references(() => interpreterProfiles.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      columns: [table.bookingId, table.reminder, table.startsAt, table.interpreterId],
    }),
  ],
)
