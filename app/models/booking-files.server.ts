import { and, asc, eq, inArray, type SQL } from 'drizzle-orm'
import { bookingFiles, bookings, storedFiles } from '../../db/schema'
import { db } from '../platform/runtime.server'

/**
 * A booking's preparation files (docs/product.md#client-portal): the client who may see the
 * booking, staff and the booking's confirmed interpreter reach them, each through the one
 * query below with the condition that says who they are; anyone else finds nothing.
 */

/** A preparation file as a list shows it. */
export interface PreparationFile {
  id: string
  name: string
  byteSize: number
}

/** The preparation files of each booking named, by booking, in the order they were uploaded. */
export async function preparationFilesOf(
  bookingIds: readonly string[],
): Promise<Map<string, PreparationFile[]>> {
  const found = new Map<string, PreparationFile[]>(bookingIds.map((id) => [id, []]))
  if (bookingIds.length === 0) return found
  const rows = await db()
    .select({
      bookingId: bookingFiles.bookingId,
      id: storedFiles.id,
      name: storedFiles.originalName,
      byteSize: storedFiles.byteSize,
    })
    .from(bookingFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, bookingFiles.fileId))
    .where(inArray(bookingFiles.bookingId, [...bookingIds]))
    .orderBy(asc(storedFiles.createdAt), asc(storedFiles.originalName))
  for (const { bookingId, ...file } of rows) found.get(bookingId)?.push(file)
  return found
}

/**
 * One preparation file of a booking, when `allowed` (a condition on the booking: whose it
 * is, who was confirmed) holds; undefined otherwise, so the caller answers 404 either way.
 */
export async function preparationFile(bookingId: string, fileId: string, allowed?: SQL) {
  const [row] = await db()
    .select({
      mediaType: storedFiles.mediaType,
      originalName: storedFiles.originalName,
      byteSize: storedFiles.byteSize,
      storageKey: storedFiles.storageKey,
    })
    .from(bookingFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, bookingFiles.fileId))
    .innerJoin(bookings, eq(bookings.id, bookingFiles.bookingId))
    .where(and(eq(bookingFiles.bookingId, bookingId), eq(bookingFiles.fileId, fileId), allowed))
  return row
}
