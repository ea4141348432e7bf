import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { organizationRoles } from '../../app/domain/organizations'
import { clientRequests } from './client-requests'
import { users } from './users'

/** A client organisation (a hospital, a court, a school, a company): its people and work. */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One organisation per name, whatever its case and spacing: "Invite to portal" joins it.
  (table) => [uniqueIndex('organizations_name_unique').on(sql`lower(trim(${table.name}))`)],
)

export { organizationRoles, type OrganizationRole } from '../../app/domain/organizations'

/**
 * A client user's place in their organisation: a requester sees and makes their own
 * bookings, a manager every booking of the organisation and its users. One organisation
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
    /** The contact request the invitation came from, if any. */
    clientRequestId: uuid('client_request_id').references(() => clientRequests.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('client_memberships_organization_idx').on(table.organizationId)],
)
