import { inArray } from 'drizzle-orm'
import { storedFiles } from '../../../db/schema'
import type { Database } from '../db.server'
import type { FileStorage } from './file-storage.server'
import { now as currentTime } from '../clock.server'

/**
 * A file is stored before the transaction that records it, so an upload whose transaction
 * failed in a way the request could not clean up (a crash, a lost connection) leaves a file
 * no row refers to. Files younger than this may still be waiting for their transaction.
 */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000

const BATCH = 200

/**
 * Deletes stored objects that no `stored_files` row references and that are older than an
 * hour. Safe to run on several instances at once. Returns the deleted keys.
 */
export async function sweepOrphanFiles(
  db: Database,
  storage: FileStorage,
  { now = currentTime(), minAgeMs = ORPHAN_MIN_AGE_MS }: { now?: Date; minAgeMs?: number } = {},
): Promise<string[]> {
  const cutoff = now.getTime() - minAgeMs
  const deleted: string[] = []
  let batch: string[] = []
  const flush = async () => {
    deleted.push(...(await deleteUnrecordedObjects(db, storage, batch)))
    batch = []
  }
  for await (const object of storage.list('')) {
    if (object.lastModified.getTime() > cutoff) continue
    batch.push(object.key)
    if (batch.length >= BATCH) await flush()
  }
  await flush()
  return deleted
}

/**
 * Deletes those of `keys` that no `stored_files` row names, and returns them: the uploads of
 * a request whose record was not written (refused, failed, or a double submit).
 */
export async function deleteUnrecordedObjects(
  db: Database,
  storage: FileStorage,
  keys: readonly string[],
): Promise<string[]> {
  if (keys.length === 0) return []
  const known = await db
    .select({ key: storedFiles.storageKey })
    .from(storedFiles)
    .where(inArray(storedFiles.storageKey, [...keys]))
  const referenced = new Set(known.map((row) => row.key))
  const deleted: string[] = []
  for (const key of keys) {
    if (referenced.has(key)) continue
    await storage.delete(key)
    deleted.push(key)
  }
  return deleted
}
