import { and, gt, sql } from 'drizzle-orm'
import { calls, connectTimePublication } from '../../../db/schema'
import { PUBLISH_MINIMUM_CALLS } from '../../domain/calls'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { db } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'

/**
 * The median time to a live interpreter on the public services page, when staff publish it
 * (docs/product.md#call-board): computed over every call that connected in the last 30 days,
 * stored with the publication, and computed again hourly while published.
 */

/** How old the stored figure may grow while published before maintenance computes it again. */
export const REFRESH_AFTER_MS = 60 * 60 * 1000
const WINDOW_MS = 30 * 24 * 60 * 60 * 1000

/** The last 30 days' median seconds from Connect now to connected, in tenths, and how many calls. */
async function connectMedian(tx: Database, at: Date) {
  const [row] = await tx
    .select({
      medianTenths: sql<
        number | null
      >`round(10 * percentile_cont(0.5) within group (order by extract(epoch from (${calls.connectedAt} - ${calls.startedAt}))))::integer`,
      calls: sql<number>`count(*)::integer`,
    })
    .from(calls)
    .where(
      and(
        sql`${calls.connectedAt} is not null`,
        gt(calls.startedAt, new Date(at.getTime() - WINDOW_MS)),
      ),
    )
  return { medianTenths: row?.medianTenths ?? null, calls: row?.calls ?? 0 }
}

export type PublishOutcome = 'published' | 'too-few-calls'

/** Staff publish the figure: computed now, refused below the minimum of calls. */
export async function publishConnectTime(actor: Actor, at: Date = now()): Promise<PublishOutcome> {
  return db().transaction(async (tx) => {
    const figure = await connectMedian(tx, at)
    if (figure.calls < PUBLISH_MINIMUM_CALLS) return 'too-few-calls'
    await writePublication(tx, { published: true, ...figure, computedAt: at }, actor, at)
    await recordAudit(
      actor,
      {
        action: 'connect_time_published',
        entityType: 'connect_time_publication',
        entityId: 'services',
        after: figure,
      },
      tx,
    )
    return 'published'
  })
}

/** Staff stop publishing: the services page shows no measured figure again. */
export async function unpublishConnectTime(actor: Actor, at: Date = now()) {
  await db().transaction(async (tx) => {
    await writePublication(tx, { published: false }, actor, at)
    await recordAudit(
      actor,
      {
        action: 'connect_time_unpublished',
        entityType: 'connect_time_publication',
        entityId: 'services',
      },
      tx,
    )
  })
}

async function writePublication(
  tx: Database,
  values: Partial<typeof connectTimePublication.$inferInsert>,
  actor: Actor,
  at: Date,
) {
  const change = { ...values, changedById: actor.id, changedAt: at }
  await tx
    .insert(connectTimePublication)
    .values({ id: 'services', ...change })
    .onConflictDoUpdate({ target: connectTimePublication.id, set: change })
}

/**
 * Maintenance: while published, the figure is computed again once it is an hour old. Should
 * the calls fall under the minimum, the page shows no figure until they are enough again.
 */
export async function refreshPublishedConnectTime(tx: Database, at: Date = now()) {
  const [publication] = await tx.select().from(connectTimePublication)
  if (!publication?.published) return false
  const computedAt = publication.computedAt?.getTime() ?? 0
  if (at.getTime() - computedAt < REFRESH_AFTER_MS) return false
  const figure = await connectMedian(tx, at)
  await tx.update(connectTimePublication).set({
    medianTenths: figure.calls < PUBLISH_MINIMUM_CALLS ? null : figure.medianTenths,
    calls: figure.calls,
    computedAt: at,
  })
  return true
}

/** What staff's board says of the publication. */
export async function connectTimePublicationState() {
  const [publication] = await db().select().from(connectTimePublication)
  return publication ?? null
}

/** The figure the services page shows: none unless published and computed from enough calls. */
export async function publishedConnectTime(): Promise<{ medianSeconds: number } | null> {
  const publication = await connectTimePublicationState()
  if (!publication?.published || publication.medianTenths === null) return null
  return { medianSeconds: publication.medianTenths / 10 }
}

/** A fingerprint of what the services page shows of it, for the public page cache. */
export function connectTimePublicationVersion() {
  return sql<string>`(select coalesce(string_agg(${connectTimePublication.published}::text || ':' || coalesce(${connectTimePublication.medianTenths}::text, ''), ','), '') from ${connectTimePublication})`
}
