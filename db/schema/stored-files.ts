import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Files kept in the file storage (app/platform/storage): one row per stored object, written in
 * the same transaction as the record that owns it. A stored object without a row is an
 * orphan and the maintenance sweep deletes it.
 */
export const storedFiles = pgTable('stored_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The generated key in the storage, for example `resumes/2025-06/<uuid>.pdf`. */
  storageKey: text('storage_key').notNull().unique(),
  /** The name the file had on the uploader's computer, for the download later; never a path. */
  originalName: text('original_name').notNull(),
  /** The type found from the content, not the one the browser claimed. */
  mediaType: text('media_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
