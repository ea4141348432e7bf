import { storedFiles } from '../../db/schema'
import type { Database } from '../platform/db.server'
import { db, runtime } from '../platform/runtime.server'
import {
  sizeOfNewFiles,
  storeNewFiles,
  type NewFile,
  type StoredFileValues,
} from '../platform/storage/new-files.server'

export { sizeOfNewFiles, type NewFile }

/** Records files that are in storage; their ids, in the order given. */
export async function recordStoredFiles(
  tx: Database,
  values: readonly StoredFileValues[],
): Promise<string[]> {
  if (values.length === 0) return []
  const rows = await tx
    .insert(storedFiles)
    .values([...values])
    .returning({ id: storedFiles.id })
  return rows.map((row) => row.id)
}

/**
 * Puts the files in storage (uploads are there already), then runs `write` with their
 * `stored_files` ids in one transaction; if the transaction fails the stored objects are
 * deleted again (and a crash in between leaves only orphans, which the hourly sweep removes).
 */
export async function withStoredFiles<T>(
  folder: string,
  files: readonly NewFile[],
  write: (tx: Database, fileIds: string[]) => Promise<T>,
): Promise<T> {
  const stored = await storeNewFiles(runtime(), folder, files)
  try {
    return await db().transaction(async (tx) =>
      write(tx, await recordStoredFiles(tx, stored.values)),
    )
  } catch (error) {
    await stored.discard()
    throw error
  }
}
