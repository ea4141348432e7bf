import { eq } from 'drizzle-orm'
import { interpreterCallPresence } from '../../../db/schema'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { db } from '../../platform/runtime.server'

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
  await db()
    .insert(interpreterCallPresence)
    .values({ interpreterId, lastSeenAt: at })
    .onConflictDoUpdate({
      target: interpreterCallPresence.interpreterId,
      set: { lastSeenAt: at, goneAt: null },
    })
}

/**
 * The interpreter's page said goodbye (closed): not rung from now on. The time last heard from
 * stays: a call they hold ends only if they stay away (a reload comes back within a second).
 */
export async function markGone(interpreterId: string, at: Date = now()) {
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
