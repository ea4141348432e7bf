import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { userRoles, type UserRole } from '../../app/domain/accounts'
import { staffRoleValues } from '../../app/domain/staff-roles'

// The roles are the product's words (app/domain/accounts.ts), which screens read too.
export { userRoles, type UserRole }

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed; unique. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: userRoles }).notNull(),
    /**
     * A staff account's roles (app/domain/staff-roles.ts): what it opens in the admin area.
     * Empty for clients and interpreters.
     */
    staffRoles: text('staff_roles', { enum: staffRoleValues })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    // New client requests go round-robin to admins who take leads and are not away
    // (docs/product.md#clients): away through this office calendar date.
    takesLeads: boolean('takes_leads').notNull().default(true),
    awayUntil: date('away_until'),
    /** The rotation's counter when this admin last got a lead: the lowest goes next. */
    lastLeadTurn: integer('last_lead_turn'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    // Only staff hold staff roles.
    check(
      'users_staff_roles_staff_only',
      sql`${table.role} = 'admin' or ${table.staffRoles} = '{}'`,
    ),
    // The Users screen (app/models/users.server.ts): A to Z, 25 a page, and substring search
    // by name or e-mail, over every account of every role.
    index('users_name_idx').on(table.name),
    index('users_name_email_search_idx').using(
      'gin',
      sql`(${table.name} || ' ' || ${table.email}) gin_trgm_ops`,
    ),
  ],
)

/**
 * Server-side sessions. The cookie carries a random token; only its SHA-256 hash is
 * stored, so a copy of the database cannot be used to sign in.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    index('sessions_last_seen_idx').on(table.lastSeenAt),
  ],
)

/** Failed sign-ins per account, for the exponential delay after five failures. */
export const loginThrottles = pgTable('login_throttles', {
  /** The lower-cased e-mail that was tried, whether or not an account has it. */
  accountKey: text('account_key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
})

export const authTokenPurposes = ['password_reset', 'first_admin_setup', 'invitation'] as const
export type AuthTokenPurpose = (typeof authTokenPurposes)[number]

/**
 * Why a link stopped working before it was used or expired: staff or a manager withdrew the
 * invitation, or another link for the same address and purpose was used (or the password
 * changed) and this one lapsed.
 */
export const authTokenRevocations = ['withdrawn', 'superseded'] as const
export type AuthTokenRevocation = (typeof authTokenRevocations)[number]

/** Why a link does not work (any more); `unknown` for a token that was never issued. */
export type AuthTokenState = 'valid' | 'expired' | 'used' | AuthTokenRevocation | 'unknown'

/** Why a link does not work. */
export type GoneReason = Exclude<AuthTokenState, 'valid'>

/** Single-use links sent by e-mail or printed to the log; only hashes are stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', { enum: authTokenPurposes }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The lower-cased address the link was sent to. Using one link ends every other link of
     * the same purpose for this address (app/models/auth-tokens.server.ts); an invitation to
     * the client portal has no user until it is accepted.
     */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason', { enum: authTokenRevocations }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('auth_tokens_user_idx').on(table.userId),
    index('auth_tokens_email_idx').on(table.email),
  ],
)
