import { randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import {
  resourceAcknowledgements,
  resources,
  storedFiles,
  users,
  type ResourceType,
} from '../../db/schema'
import type { ResourceAudience } from '../domain/resources'
import { now } from '../platform/clock.server'
import { db, runtime } from '../platform/runtime.server'
import type { StoredUpload } from '../platform/storage/new-files.server'
import type { ResourceFileType } from '../lib/uploads/resource-file.server'
import { recordAudit, type Actor } from './audit.server'
import { lockAgreementChanges, notifyAgreementReady } from './onboarding/agreement-notices.server'
import { currentAgreement, refreshAllOnboardingProgress } from './onboarding/progress.server'
import { withStoredFiles, type NewFile } from './stored-files.server'

export interface ResourceListItem {
  id: string
  title: string
  type: ResourceType
  url: string | null
  file: { originalName: string; mediaType: string; byteSize: number } | null
  createdAt: Date
  audience: ResourceAudience
  version: number
}

export interface ResourceCounts {
  total: number
  document: number
  video: number
  guide: number
}

/** The resource's file: its bytes, or the upload already streamed to storage. */
export type ResourceUpload = {
  /** Already cleaned (see cleanOriginalName). */
  originalName: string
  type: ResourceFileType
} & ({ bytes: Uint8Array } | { stored: StoredUpload })

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
  return rows.map(({ resource, file }) => toListItem(resource, file))
}

function toListItem(
  resource: typeof resources.$inferSelect,
  file: typeof storedFiles.$inferSelect | null,
): ResourceListItem {
  return {
    id: resource.id,
    title: resource.title,
    type: resource.type,
    url: resource.url,
    file: file
      ? { originalName: file.originalName, mediaType: file.mediaType, byteSize: file.byteSize }
      : null,
    createdAt: resource.createdAt,
    audience: resource.audience,
    version: resource.version,
  }
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
  const id = randomUUID()
  const { file } = input
  const files: NewFile[] = file
    ? [{ ...file, mediaType: file.type.mediaType, extension: file.type.extension }]
    : []
  await withStoredFiles('resources', files, async (tx, [fileId]) => {
    await tx.insert(resources).values({
      id,
      title: input.title,
      type: input.type,
      url: input.url ?? null,
      fileId: fileId ?? null,
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

/** Who may see a resource besides staff; audited. False when it does not exist. */
export async function setResourceAudience(
  id: string,
  audience: ResourceAudience,
  actor: Actor,
): Promise<boolean> {
  return db().transaction(async (tx) => {
    // Before the row lock, so that two publishes at once queue one after the other.
    await lockAgreementChanges(tx)
    const [before] = await tx.select().from(resources).where(eq(resources.id, id)).for('update')
    if (!before) return false
    if (before.audience === audience) return true
    const previousAgreement = audience === 'agreement' ? await currentAgreement(tx) : undefined
    // One contractor agreement at a time: the one it replaces stays visible to interpreters.
    if (audience === 'agreement')
      await tx
        .update(resources)
        .set({ audience: 'interpreters', updatedAt: now() })
        .where(eq(resources.audience, 'agreement'))
    await tx.update(resources).set({ audience, updatedAt: now() }).where(eq(resources.id, id))
    // Which agreement is in force decides every interpreter's first onboarding step.
    if (audience === 'agreement' || before.audience === 'agreement')
      await refreshAllOnboardingProgress(tx)
    // Interpreters whose first step waited for an agreement are told it is there (the portal
    // promised an e-mail); replacing one agreement by another unblocks nobody.
    if (audience === 'agreement' && !previousAgreement)
      await notifyAgreementReady(tx, { id, title: before.title })
    await recordAudit(
      actor,
      {
        action: 'audience_change',
        entityType: 'resource',
        entityId: id,
        before: { audience: before.audience },
        after: { audience },
      },
      tx,
    )
    return true
  })
}

/**
 * Staff published a new version of required reading or of the contractor agreement: every
 * interpreter is asked to acknowledge (or sign) it again; earlier acknowledgements stay, for
 * the record.
 */
export async function publishNewVersion(id: string, actor: Actor): Promise<number | undefined> {
  return db().transaction(async (tx) => {
    const [updated] = await tx
      .update(resources)
      .set({ version: sql`${resources.version} + 1`, updatedAt: now() })
      .where(and(eq(resources.id, id), inArray(resources.audience, ['required', 'agreement'])))
      .returning({ version: resources.version, audience: resources.audience })
    if (!updated) return undefined
    if (updated.audience === 'agreement') await refreshAllOnboardingProgress(tx)
    await recordAudit(
      actor,
      {
        action: 'new_version',
        entityType: 'resource',
        entityId: id,
        after: { version: updated.version },
      },
      tx,
    )
    return updated.version
  })
}

export interface InterpreterResource extends ResourceListItem {
  /** When this interpreter acknowledged the current version of required reading. */
  acknowledgedAt: Date | null
}

/** The library as an interpreter sees it: what staff shared, with their acknowledgements. */
export async function listInterpreterResources(userId: string): Promise<InterpreterResource[]> {
  const rows = await db()
    .select({
      resource: resources,
      file: storedFiles,
      acknowledgedAt: resourceAcknowledgements.acknowledgedAt,
    })
    .from(resources)
    .leftJoin(storedFiles, eq(storedFiles.id, resources.fileId))
    .leftJoin(
      resourceAcknowledgements,
      and(
        eq(resourceAcknowledgements.resourceId, resources.id),
        eq(resourceAcknowledgements.userId, userId),
        eq(resourceAcknowledgements.version, resources.version),
      ),
    )
    .where(ne(resources.audience, 'staff'))
    .orderBy(desc(resources.createdAt), desc(resources.id))
    .limit(LIST_LIMIT)
  return rows.map(({ resource, file, acknowledgedAt }) => ({
    ...toListItem(resource, file),
    acknowledgedAt,
  }))
}

/** A resource an interpreter may open, or undefined (staff only, or none). */
export async function getInterpreterResource(id: string) {
  const found = await getResource(id)
  return found && found.resource.audience !== 'staff' ? found : undefined
}

/**
 * Records that the interpreter read the current version of required reading; reading it
 * twice changes nothing. False when the resource is not required reading for interpreters.
 */
export async function acknowledgeResource(id: string, userId: string): Promise<boolean> {
  const [resource] = await db()
    .select({ version: resources.version, audience: resources.audience })
    .from(resources)
    .where(eq(resources.id, id))
  if (!resource || resource.audience !== 'required') return false
  await db()
    .insert(resourceAcknowledgements)
    .values({ resourceId: id, userId, version: resource.version, acknowledgedAt: now() })
    .onConflictDoNothing()
  return true
}

/** Who has and who has not acknowledged the current version (active interpreters). */
export async function acknowledgementsOf(id: string) {
  const [resource] = await db()
    .select({ version: resources.version })
    .from(resources)
    .where(eq(resources.id, id))
  if (!resource) return undefined
  const rows = await db()
    .select({
      name: users.name,
      email: users.email,
      acknowledgedAt: resourceAcknowledgements.acknowledgedAt,
    })
    .from(users)
    .leftJoin(
      resourceAcknowledgements,
      and(
        eq(resourceAcknowledgements.userId, users.id),
        eq(resourceAcknowledgements.resourceId, id),
        eq(resourceAcknowledgements.version, resource.version),
      ),
    )
    .where(and(eq(users.role, 'interpreter'), eq(users.active, true)))
    .orderBy(asc(users.name))
  return {
    version: resource.version,
    acknowledged: rows.filter((row) => row.acknowledgedAt !== null),
    waiting: rows.filter((row) => row.acknowledgedAt === null),
  }
}

/** How many active interpreters acknowledged the current version of each resource. */
export async function acknowledgementCounts(ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db()
    .select({ resourceId: resources.id, count: count(resourceAcknowledgements.userId) })
    .from(resources)
    .innerJoin(
      resourceAcknowledgements,
      and(
        eq(resourceAcknowledgements.resourceId, resources.id),
        eq(resourceAcknowledgements.version, resources.version),
      ),
    )
    .innerJoin(users, and(eq(users.id, resourceAcknowledgements.userId), eq(users.active, true)))
    .where(inArray(resources.id, ids))
    .groupBy(resources.id)
  return new Map(rows.map((row) => [row.resourceId, row.count]))
}

/** Each piece of required reading with how many active interpreters confirmed its version. */
export async function requiredReadingSummary() {
  const [required, [interpreters]] = await Promise.all([
    db()
      .select({ id: resources.id, title: resources.title, version: resources.version })
      .from(resources)
      .where(eq(resources.audience, 'required'))
      .orderBy(asc(resources.title)),
    db()
      .select({ count: count() })
      .from(users)
      .where(and(eq(users.role, 'interpreter'), eq(users.active, true))),
  ])
  const confirmed = await acknowledgementCounts(required.map((resource) => resource.id))
  return required.map((resource) => ({
    ...resource,
    confirmed: confirmed.get(resource.id) ?? 0,
    interpreters: interpreters?.count ?? 0,
  }))
}
