import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { callMedia } from '../../app/domain/call-routing'
import {
  callEnders,
  callParties,
  callRaters,
  callStatuses,
  ringOutcomes,
} from '../../app/domain/calls'
import { bookingSettingValues } from '../../app/domain/bookings'
import { interpreterProfiles } from './interpreter-profiles'
import { organizations } from './organizations'
import { users } from './users'

/**
 * The server instances on one database and when each last beat (every second, with its routing
 * tick): the pages heard through an instance that stopped beating are gone with it
 * (docs/product.md#on-demand-call-routing).
 */
export const callInstances = pgTable('call_instances', {
  id: uuid('id').primaryKey(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull(),
})

/**
 * Whether an interpreter takes on-demand calls, and what routing needs to know of them
 * (docs/product.md#on-demand-call-routing): one row per interpreter who ever turned
 * "Available for calls" on.
 */
export const interpreterCallPresence = pgTable(
  'interpreter_call_presence',
  {
    interpreterId: uuid('interpreter_id')
      .primaryKey()
      .references(() => interpreterProfiles.id, { onDelete: 'cascade' }),
    available: boolean('available').notNull().default(false),
    /** When their page was last heard from: routing rings only pages heard within 10 s. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** When their last page said goodbye (null once heard from again): not rung meanwhile. */
    goneAt: timestamp('gone_at', { withTimezone: true }),
    /** When their last call ended (null: none yet, the longest idle of all). */
    idleSince: timestamp('idle_since', { withTimezone: true }),
    /** Rings declined or missed since their last accepted call. */
    missedInARow: integer('missed_in_a_row').notNull().default(0),
    /**
     * The instance their page was last heard through (`call_instances`): when it stops beating,
     * a page not heard from since through another is gone.
     */
    instanceId: uuid('instance_id'),
  },
  (table) => [
    index('interpreter_call_presence_available_idx')
      .on(table.lastSeenAt)
      .where(sql`${table.available}`),
  ],
)

/** One on-demand call, from Connect now to the last rating (docs/product.md#on-demand-calls). */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    language: text('language').notNull(),
    media: text('media', { enum: callMedia }).notNull(),
    setting: text('setting', { enum: bookingSettingValues }).notNull(),
    /** Shown to the organization and staff only; never logged. */
    reference: text('reference'),
    status: text('status', { enum: callStatuses }).notNull().default('waiting'),
    interpreterId: uuid('interpreter_id').references(() => interpreterProfiles.id, {
      onDelete: 'set null',
    }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: text('ended_by', { enum: callEnders }),
    /**
     * When each party's page last said its connection dropped mid-call, null while it is up
     * (docs/product.md#on-demand-call-billing): while both say so, the call is interrupted.
     */
    clientDroppedAt: timestamp('client_dropped_at', { withTimezone: true }),
    interpreterDroppedAt: timestamp('interpreter_dropped_at', { withTimezone: true }),
    /** The seconds of the interruptions that are over, not billed. */
    interruptedSeconds: integer('interrupted_seconds').notNull().default(0),
    /** The call whose interpreter dropped, which this one takes up (at the front of the queue). */
    resumesCallId: uuid('resumes_call_id').references((): AnyPgColumn => calls.id, {
      onDelete: 'set null',
    }),
    /**
     * Set when the call ends (docs/product.md#on-demand-call-billing): the billable seconds, the
     * client's charge and the interpreter's pay, as posted to the invoice and the statement.
     */
    billableSeconds: integer('billable_seconds'),
    chargeCents: integer('charge_cents'),
    payCents: integer('pay_cents'),
  },
  (table) => [
    index('calls_organization_idx').on(table.organizationId, table.startedAt),
    index('calls_interpreter_idx').on(table.interpreterId, table.startedAt),
    index('calls_open_idx')
      .on(table.startedAt)
      .where(sql`${table.status} in ('waiting', 'connecting', 'connected')`),
    // An interpreter holds one call at a time: the second of two accepts fails here.
    uniqueIndex('calls_one_per_interpreter_idx')
      .on(table.interpreterId)
      .where(sql`${table.status} in ('connecting', 'connected')`),
    check(
      'calls_interpreter_when_accepted',
      sql`${table.status} not in ('connecting', 'connected') or (${table.interpreterId} is not null and ${table.acceptedAt} is not null)`,
    ),
    check(
      'calls_connected_has_time',
      sql`${table.status} <> 'connected' or ${table.connectedAt} is not null`,
    ),
    check('calls_interrupted_seconds_not_negative', sql`${table.interruptedSeconds} >= 0`),
    check(
      'calls_over_has_end',
      sql`${table.status} not in ('ended', 'cancelled', 'unanswered') or ${table.endedAt} is not null`,
    ),
  ],
)

/**
 * One interpreter rung for one call: a call rings each interpreter at most once, and an
 * interpreter rings for one call at a time (the partial unique index).
 */
export const callRings = pgTable(
  'call_rings',
  {
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    interpreterId: uuid('interpreter_id')
      .notNull()
      .references(() => interpreterProfiles.id, { onDelete: 'cascade' }),
    wave: integer('wave').notNull(),
    rangAt: timestamp('rang_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Null while it rings. */
    outcome: text('outcome', { enum: ringOutcomes }),
  },
  (table) => [
    primaryKey({ columns: [table.callId, table.interpreterId] }),
    uniqueIndex('call_rings_one_live_per_interpreter_idx')
      .on(table.interpreterId)
      .where(sql`${table.outcome} is null`),
    check('call_rings_wave', sql`${table.wave} in (1, 2)`),
  ],
)

/**
 * A party's rating of an ended call (docs/product.md#call-ratings): the client's 1 to 5 stars
 * of the interpreter with a comment, or the interpreter's 1 to 5 for the call's technical
 * quality with an incident flagged for staff. One of each per call. Low client ratings and
 * incidents wait in staff's quality queue until reviewed.
 */
export const callRatings = pgTable(
  'call_ratings',
  {
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    rater: text('rater', { enum: callRaters }).notNull(),
    stars: integer('stars').notNull(),
    comment: text('comment'),
    incident: boolean('incident').notNull().default(false),
    ratedById: uuid('rated_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.callId, table.rater] }),
    index('call_ratings_queue_idx')
      .on(table.createdAt)
      .where(
        sql`${table.reviewedAt} is null and (${table.incident} or (${table.rater} = 'client' and ${table.stars} <= 2))`,
      ),
    check('call_ratings_stars_range', sql`${table.stars} between 1 and 5`),
    check(
      'call_ratings_incident_by_interpreter',
      sql`not ${table.incident} or ${table.rater} = 'interpreter'`,
    ),
  ],
)

/**
 * WebRTC messages between a call's parties on their way from one instance to another
 * (app/platform/calls/postgres-call-bus.server.ts): the bus's notification carries only the
 * row's id, since an offer or a candidate holds network addresses and may exceed what a
 * notification can carry. Rows are deleted after a few minutes.
 */
export const callSignals = pgTable(
  'call_signals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: callParties }).notNull(),
    /** The party the message is for; null: the other of the client and the interpreter. */
    recipient: text('recipient', { enum: callParties }),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('call_signals_created_idx').on(table.createdAt)],
)

/**
 * A third participant of a call (docs/product.md#call-guests): the client makes a link for one
 * person on another device. The link works once: its first use sets the guest's key (kept in
 * that browser's cookie) and nobody else can use it after. Both die with the call. Only hashes
 * are stored. One guest per call; a new link replaces one nobody has used.
 */
export const callGuests = pgTable('call_guests', {
  callId: uuid('call_id')
    .primaryKey()
    .references(() => calls.id, { onDelete: 'cascade' }),
  linkHash: text('link_hash').notNull().unique(),
  keyHash: text('key_hash').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  joinedAt: timestamp('joined_at', { withTimezone: true }),
  leftAt: timestamp('left_at', { withTimezone: true }),
})

/**
 * Whether staff publish the median connect time on the public services page, and the figure
 * as last computed (docs/product.md#call-board): one row. The figure is stored, not computed
 * per visit, so that the cached page changes when it is recomputed (hourly), not on every call.
 */
export const connectTimePublication = pgTable(
  'connect_time_publication',
  {
    id: text('id', { enum: ['services'] })
      .primaryKey()
      .default('services'),
    published: boolean('published').notNull().default(false),
    /** The median of the last 30 days' connected calls, in tenths of a second. */
    medianTenths: integer('median_tenths'),
    calls: integer('calls').notNull().default(0),
    computedAt: timestamp('computed_at', { withTimezone: true }),
    changedById: uuid('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('connect_time_publication_figure', sql`coalesce(${table.medianTenths}, 0) >= 0`),
  ],
)
