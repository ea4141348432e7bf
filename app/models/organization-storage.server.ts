import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import {
  bookingFiles,
  bookings,
  organizations,
  storedFiles,
  translationQuoteFiles,
  translationQuotes,
} from '../../db/schema'
import { storageQuotaMessage } from '../domain/organizations'
import type { Database } from '../platform/db.server'
import { db, runtime } from '../platform/runtime.server'

/**
 * A client organization's storage quota (docs/product.md#constants): what its people's
 * uploads hold together, quote documents and booking preparation files, may not pass
 * `ORGANIZATION_STORAGE_QUOTA_MB`. Files staff upload (translated deliveries) do not count.
 */

/** An upload that would take the organization past its quota; the message is for the client. */
export class StorageQuotaError extends Error {
  override name = 'StorageQuotaError'
  constructor(usedBytes: number, quotaBytes: number) {
    super(storageQuotaMessage(usedBytes, quotaBytes))
  }
}

function organizationFileIds(organizationId: string, tx?: Database): SQL {
  const quoteFiles = db(tx)
    .select({ fileId: translationQuoteFiles.fileId })
    .from(translationQuoteFiles)
    .innerJoin(translationQuotes, eq(translationQuotes.id, translationQuoteFiles.quoteId))
    .where(
      and(
        eq(translationQuotes.organizationId, organizationId),
        eq(translationQuoteFiles.kind, 'source'),
      ),
    )
  const preparationFiles = db(tx)
    .select({ fileId: bookingFiles.fileId })
    .from(bookingFiles)
    .innerJoin(bookings, eq(bookings.id, bookingFiles.bookingId))
    .where(eq(bookings.organizationId, organizationId))
  return sql`(${quoteFiles} union all ${preparationFiles})`
}

/** Bytes the organization's uploads hold now. */
export async function organizationStorageUsed(
  organizationId: string,
  tx?: Database,
): Promise<number> {
  const [row] = await db(tx)
    .select({ bytes: sql<string>`coalesce(sum(${storedFiles.byteSize}), 0)::bigint` })
    .from(storedFiles)
    .where(inArray(storedFiles.id, organizationFileIds(organizationId, tx)))
  return Number(row?.bytes ?? 0)
}

/** What the organization may still upload, for refusing an upload while it streams in. */
export async function organizationStorageLeft(organizationId: string) {
  const quota = runtime().config.organizationStorageQuotaBytes
  const used = await organizationStorageUsed(organizationId)
  return { leftBytes: Math.max(0, quota - used), usedBytes: used, quotaBytes: quota }
}

/**
 * Claims room for `adding` bytes in the transaction that records them, or throws
 * `StorageQuotaError`. The organization's row is locked first, so that two uploads at once
 * are counted one after the other: the second sees the first's files, and both cannot pass.
 */
export async function claimOrganizationStorage(
  tx: Database,
  organizationId: string,
  adding: number,
): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update')
  const quota = runtime().config.organizationStorageQuotaBytes
  const used = await organizationStorageUsed(organizationId, tx)
  if (used + adding > quota) throw new StorageQuotaError(used, quota)
}
