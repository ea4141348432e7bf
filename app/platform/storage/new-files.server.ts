import { createHash } from 'node:crypto'
import type { Logger } from 'pino'
import { newStorageKey, type FileStorage } from './file-storage.server'

/** A file already written to storage, waiting for the row that records it. */
export interface StoredUpload {
  storageKey: string
  byteSize: number
  /** Hex SHA-256 of the bytes, computed while they streamed in. */
  sha256: string
}

/**
 * A file for a new record: either bytes still to write (a generated document, a test's
 * fixture) or an upload the form streamed into storage as it arrived
 * (docs/decisions/053-streamed-uploads-and-quota.md). Type and name come from the check of
 * its content.
 */
export type NewFile = {
  mediaType: string
  extension: string
  /** Already cleaned (see cleanOriginalName in app/lib/uploads/document-file.server.ts). */
  originalName: string
} & ({ bytes: Uint8Array } | { stored: StoredUpload })

/** The bytes the files hold together. */
export function sizeOfNewFiles(files: readonly NewFile[]): number {
  return files.reduce(
    (sum, file) => sum + ('stored' in file ? file.stored.byteSize : file.bytes.byteLength),
    0,
  )
}

/** What a `stored_files` row holds about a file, besides its id. */
export interface StoredFileValues {
  storageKey: string
  originalName: string
  mediaType: string
  byteSize: number
  sha256: string
}

export interface FilesInStorage {
  /** One row's values per file, in the order given. */
  values: StoredFileValues[]
  /** Deletes every one of the files again: the record they were for was not written. */
  discard(): Promise<void>
}

/**
 * Makes sure every file is in storage: files given as bytes are written now under
 * `folder`, uploads already are. The caller records them in a transaction and calls
 * `discard` when that fails, so that either the files and their rows are kept or neither is
 * (a crash in between leaves only files no row names, which the hourly sweep removes).
 */
export async function storeNewFiles(
  { storage, logger }: { storage: FileStorage; logger: Logger },
  folder: string,
  files: readonly NewFile[],
  now?: Date,
): Promise<FilesInStorage> {
  // Uploads are in storage from the start: a failure below must delete them too.
  const keys = files.flatMap((file) => ('stored' in file ? [file.stored.storageKey] : []))
  const discard = async () => {
    for (const key of keys)
      await storage.delete(key).catch((error: unknown) => {
        logger.warn({ err: error, key }, 'could not delete an unused upload')
      })
  }
  const values: StoredFileValues[] = []
  try {
    for (const file of files) {
      const { originalName, mediaType } = file
      if ('stored' in file) {
        const { storageKey, byteSize, sha256 } = file.stored
        values.push({ storageKey, originalName, mediaType, byteSize, sha256 })
        continue
      }
      const storageKey = newStorageKey(folder, file.extension, now)
      await storage.put(storageKey, file.bytes, { contentType: mediaType })
      keys.push(storageKey)
      values.push({
        storageKey,
        originalName,
        mediaType,
        byteSize: file.bytes.byteLength,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
      })
    }
  } catch (error) {
    await discard()
    throw error
  }
  return { values, discard }
}
