import { eq, lt, sql } from 'drizzle-orm'
import { callInstances, interpreterCallPresence } from '../../../db/schema'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { db, runtime } from '../../platform/runtime.server'

/**
 * An interpreter's "Available for calls" and their page's presence
 * (docs/product.md#on-demand-call-routing).
 */

/** Turns "Available for calls" on or off; turning it on forgets the rings missed before. */
export async function setAvailableForCalls(
  interpreterId: string,
  available: boolean,
  tx?: Database,
) {
  const reset = available ? { missedInARow: 0 } : {}
  await db(tx)
    .insert(interpreterCallPresence)
    .values({ interpreterId, available })
    .onConflictDoUpdate({
      target: interpreterCallPresence.interpreterId,
      set: { available, ...reset },
    })
}

/** The interpreter's page was heard from now: routing may ring them for the next 10 s. */
export async function markSeen(interpreterId: string, at: Date = now()) {
  const { instanceId } = runtime()
  await db()
    .insert(interpreterCallPresence)
    .values({ interpreterId, lastSeenAt: at, instanceId })
    .onConflictDoUpdate({
      target: interpreterCallPresence.interpreterId,
      set: { lastSeenAt: at, goneAt: null, instanceId },
    })
}

/**
 * Heard-from times waiting to be written: a page says it is there every few seconds, and
 * 2,000 pages would be 667 writes a second one by one. Keyed by interpreter, so a second tab's
 * word replaces the first's.
 */
const heardFrom = new Map<string, Date>()

/**
 * The interpreter's page was heard from again: written with every other page's at the next
 * `writeHeardFrom` (the routing tick, every second), well within the 10 s that keep them online.
 */
export function noteHeardFrom(interpreterId: string, at: Date = now()) {
  heardFrom.set(interpreterId, at)
}

/** Writes the heard-from times noted since the last call, in one statement. */
export async function writeHeardFrom() {
  if (heardFrom.size === 0) return
  const { instanceId } = runtime()
  const rows = [...heardFrom].map(([interpreterId, lastSeenAt]) => ({
    interpreterId,
    lastSeenAt,
    instanceId,
  }))
  heardFrom.clear()
  await db()
    .insert(interpreterCallPresence)
    .values(rows)
    .onConflictDoUpdate({
      target: interpreterCallPresence.interpreterId,
      set: { lastSeenAt: sql`excluded.last_seen_at`, goneAt: null, instanceId },
    })
}

/** How long a dead instance's row is kept: long after its pages' presence lapsed. */
const INSTANCE_ROW_DAYS = 1

/**
 * This instance is alive at `at` (the routing tick, every second); rows of instances silent for
 * a day are deleted. An instance that never beat (a test's) counts as alive.
 */
export async function beat(at: Date = now()) {
  await db()
    .insert(callInstances)
    .values({ id: runtime().instanceId, beatAt: at })
    .onConflictDoUpdate({ target: callInstances.id, set: { beatAt: at } })
  await db()
    .delete(callInstances)
    .where(lt(callInstances.beatAt, new Date(at.getTime() - INSTANCE_ROW_DAYS * 86_400_000)))
}

/**
 * The interpreter's page said goodbye (closed): not rung from now on. The time last heard from
 * stays: a call they hold ends only if they stay away (a reload comes back within a second).
 */
export async function markGone(interpreterId: string, at: Date = now()) {
  // A word from before the goodbye, not yet written, must not bring them back online.
  heardFrom.delete(interpreterId)
  await db()
    .update(interpreterCallPresence)
    .set({ goneAt: at })
    .where(eq(interpreterCallPresence.interpreterId, interpreterId))
}

export async function callPresenceOf(interpreterId: string) {
  const [row] = await db()
    .select()
    .from(interpreterCallPresence)
    .where(eq(interpreterCallPresence.interpreterId, interpreterId))
  return (
    row ?? {
      interpreterId,
      available: false,
      lastSeenAt: null,
      goneAt: null,
      idleSince: null,
      missedInARow: 0,
    }
  )
}
