import { createHash, randomUUID } from 'node:crypto'
import { count, desc, eq } from 'drizzle-orm'
import { resources, storedFiles, type ResourceType } from '../../db/schema'
import { db, runtime } from '../platform/runtime.server'
import { newStorageKey } from '../platform/storage/file-storage.server'
import type { ResourceFileType } from '../lib/uploads/resource-file.server'
import { recordAudit, type Actor } from './audit.server'

export interface ResourceListItem {
  id: string
  title: string
  type: ResourceType
  url: string | null
  file: { originalName: string; mediaType: string; byteSize: number } | null
  createdAt: Date
}

export interface ResourceCounts {
  total: number
  document: number
  video: number
  guide: number
}

export interface ResourceUpload {
  bytes: Uint8Array
  /** Already cleaned (see cleanOriginalName). */
  originalName: string
  type: ResourceFileType
}

export type NewResource =
  | { title: string; type: ResourceType; url: string; file?: undefined }
  | { title: string; type: ResourceType; url?: undefined; file: ResourceUpload }

// The library is small (a few hundred entries at most); one list, newest first.
const LIST_LIMIT = 500

export async function listResources(): Promise<ResourceListItem[]> {
  const rows = await db()
    .select({ resource: resources, file: storedFiles })
    .from(resources)
    .leftJoin(storedFiles, eq(storedFiles.id, resources.fileId))
    .orderBy(desc(resources.createdAt), desc(resources.id))
    .limit(LIST_LIMIT)
  return rows.map(({ resource, file }) => ({
    id: resource.id,
    title: resource.title,
    type: resource.type,
    url: resource.url,
    file: file
      ? { originalName: file.originalName, mediaType: file.mediaType, byteSize: file.byteSize }
      : null,
    createdAt: resource.createdAt,
  }))
}

export async function resourceCounts(): Promise<ResourceCounts> {
  const rows = await db()
    .select({ type: resources.type, count: count() })
    .from(resources)
    .groupBy(resources.type)
  const counts: ResourceCounts = { total: 0, document: 0, video: 0, guide: 0 }
  for (const row of rows) {
    counts[row.type] = row.count
    counts.total += row.count
  }
  return counts
}

export async function getResource(id: string) {
  const [row] = await db()
    .select({ resource: resources, file: storedFiles })
    .from(resources)
    .leftJoin(storedFiles, eq(storedFiles.id, resources.fileId))
    .where(eq(resources.id, id))
  return row
}

/**
 * Adds a resource. A file goes to the storage first; then one transaction records the
 * file, the resource and the audit entry. If the transaction fails the file is deleted
 * again, so either everything is kept or nothing is.
 */
export async function createResource(input: NewResource, actor: Actor): Promise<string> {
  const { storage, logger } = runtime()
  const id = randomUUID()
  const storageKey = input.file ? newStorageKey('resources', input.file.type.extension) : undefined
  if (input.file && storageKey)
    await storage.put(storageKey, input.file.bytes, { contentType: input.file.type.mediaType })
  try {
    await db().transaction(async (tx) => {
      let fileId: string | null = null
      if (input.file && storageKey) {
        const [file] = await tx
          .insert(storedFiles)
          .values({
            storageKey,
            originalName: input.file.originalName,
            mediaType: input.file.type.mediaType,
            byteSize: input.file.bytes.byteLength,
            sha256: createHash('sha256').update(input.file.bytes).digest('hex'),
          })
          .returning({ id: storedFiles.id })
        fileId = file?.id ?? null
      }
      await tx.insert(resources).values({
        id,
        title: input.title,
        type: input.type,
        url: input.url ?? null,
        fileId,
        createdById: actor.id,
      })
      await recordAudit(
        actor,
        {
          action: 'create',
          entityType: 'resource',
          entityId: id,
          after: { title: input.title, type: input.type, url: input.url ?? null },
        },
        tx,
      )
    })
  } catch (error) {
    if (storageKey)
      await storage.delete(storageKey).catch((deleteError: unknown) => {
        logger.warn({ err: deleteError, key: storageKey }, 'could not delete an unused upload')
      })
    throw error
  }
  return id
}

/**
 * Deletes a resource and its file: the rows in one transaction (the audit log keeps what
 * the resource was), then the stored object.
 */
export async function deleteResource(id: string, actor: Actor): Promise<boolean> {
  const { storage, logger } = runtime()
  const deletedKey = await db().transaction(async (tx) => {
    const [resource] = await tx.delete(resources).where(eq(resources.id, id)).returning()
    if (!resource) return undefined
    let key = ''
    if (resource.fileId) {
      const [file] = await tx
        .delete(storedFiles)
        .where(eq(storedFiles.id, resource.fileId))
        .returning()
      key = file?.storageKey ?? ''
    }
    await recordAudit(
      actor,
      {
        action: 'delete',
        entityType: 'resource',
        entityId: id,
        before: { title: resource.title, type: resource.type, url: resource.url },
      },
      tx,
    )
    return key
  })
  if (deletedKey === undefined) return false
  if (deletedKey) {
    // If this fails the row is gone already; the orphan sweep removes the file later.
    await storage.delete(deletedKey).catch((error: unknown) => {
      logger.warn(
        { err: error, key: deletedKey },
        'could not delete a resource file; the sweep will',
      )
    })
  }
  return true
}
