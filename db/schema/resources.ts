import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { resourceAudiences, resourceTypes } from '../../app/domain/resources'
import { storedFiles } from './stored-files'
import { users } from './users'

export { resourceTypes, type ResourceType } from '../../app/domain/resources'

/**
 * The resource library of the admin area (docs/product.md#entities): an uploaded file
 * (kept in the file storage, recorded in `stored_files`) or a link, never both.
 */
export const resources = pgTable(
  'resources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    type: text('type', { enum: resourceTypes }).notNull().default('document'),
    /** An http or https address, for resources that live elsewhere. */
    url: text('url'),
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    /** Who sees it besides staff; `required` asks each interpreter to acknowledge it. */
    audience: text('audience', { enum: resourceAudiences }).notNull().default('staff'),
    /** Raised when staff publish a new version: required reading is acknowledged again. */
    version: integer('version').notNull().default(1),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('resources_created_at_idx').on(table.createdAt),
    index('resources_file_idx').on(table.fileId),
    check('resources_file_or_url', sql`(${table.url} is null) <> (${table.fileId} is null)`),
    // One contractor agreement at a time: choosing another moves the last one to 'interpreters'.
    uniqueIndex('resources_one_agreement')
      .on(table.audience)
      .where(sql`${table.audience} = 'agreement'`),
  ],
)

/** Interpreters' acknowledgements of required reading, one per version they read. */
export const resourceAcknowledgements = pgTable(
  'resource_acknowledgements',
  {
    resourceId: uuid('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The contractor agreement is signed with the interpreter's typed full name. */
    signedName: text('signed_name'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.resourceId, table.userId, table.version] }),
    index('resource_acknowledgements_user_idx').on(table.userId),
  ],
)
