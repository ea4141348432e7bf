import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { interpreterPreferences, organizationRoles } from '../../app/domain/organizations'
import { interpreterProfiles } from './interpreter-profiles'
import { leads } from './leads'
import { authTokens, users } from './users'

/** A client organization (a hospital, a court, a school, a company): its people and work. */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Whether the client who booked is reminded 24 hours and 2 hours before a confirmed
     * booking (the interpreter always is): the organization's settings, set by its managers.
     */
    requesterReminder24h: boolean('requester_reminder_24h').notNull().default(true),
    requesterReminder2h: boolean('requester_reminder_2h').notNull().default(true),
    /**
     * Billing, set by staff (docs/product.md#accounts-receivable): days from an invoice's
     * issue to its due date, the address its invoices go to, and the purchase order or cost
     * centre the client's accounts-payable department quotes. Copied onto an invoice when it
     * is sent, so a later change never rewrites an issued invoice.
     */
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    billingAddress: text('billing_address').notNull().default(''),
    purchaseOrder: text('purchase_order').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One organization per name, whatever its case and spacing: "Invite to portal" joins it.
  (table) => [uniqueIndex('organizations_name_unique').on(sql`lower(trim(${table.name}))`)],
)

export { organizationRoles, type OrganizationRole } from '../../app/domain/organizations'

/**
 * A client user's place in their organization: a requester sees and makes their own
 * bookings, a manager every booking of the organization and its users. One organization
 * per client account.
 */
export const clientMemberships = pgTable(
  'client_memberships',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: organizationRoles }).notNull().default('requester'),
    /** The lead the invitation came from, if any. */
    leadId: uuid('lead_id').references(() => leads.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('client_memberships_organization_idx').on(table.organizationId)],
)

/**
 * An invitation to join an organization in the client portal, waiting for the person to
 * accept it through its e-mailed link. It claims nothing: the account and the membership
 * are made only when it is accepted, and it ends with its link (used, expired, withdrawn,
 * or lapsed because another invitation to the address was accepted).
 */
export const clientInvitations = pgTable(
  'client_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash')
      .notNull()
      .unique()
      .references(() => authTokens.tokenHash, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lower-cased, as typed by whoever invited; no account needs to exist. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: organizationRoles }).notNull(),
    /** The lead the invitation came from, if any. */
    leadId: uuid('lead_id').references(() => leads.id, {
      onDelete: 'set null',
    }),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('client_invitations_organization_idx').on(table.organizationId),
    index('client_invitations_email_idx').on(table.email),
  ],
)

/**
 * An organization's standing preference for an interpreter who has worked for it: preferred
 * (offered its work first) or blocked (never offered it). Set by its managers.
 */
export const organizationInterpreters = pgTable(
  'organization_interpreters',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    interpreterId: uuid('interpreter_id')
      .notNull()
      .references(() => interpreterProfiles.id, { onDelete: 'cascade' }),
    preference: text('preference', { enum: interpreterPreferences }).notNull(),
    setById: uuid('set_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.interpreterId] })],
)
