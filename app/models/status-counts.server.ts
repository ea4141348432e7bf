import { and, eq, inArray, sql } from 'drizzle-orm'
import { statusCounts } from '../../db/schema'
import type { Database } from '../platform/db.server'
import { requestMemo } from '../platform/request-scope.server'
import { db } from '../platform/runtime.server'

/**
 * The counts per status that triggers keep as rows change (db/schema/status-counts.ts,
 * docs/decisions/043-status-counts-kept-by-triggers.md): the lists' totals and tabs without
 * counting their tables.
 */

export type StatusCounter =
  | 'interpreter_applications'
  | 'leads'
  | 'mail_outbox'
  | 'message_deliveries'
  | 'onboarding_progress'
  | 'bookings'

const total = sql<number>`sum(${statusCounts.delta})::int`

/**
 * The counter's rows of each status, summed over every key; a status with none is left out.
 * Inside a request every counter is read at once, by the first call (a page shows several:
 * the dashboard four), and the later calls take theirs from the request's memo.
 */
export async function countsByStatus(counter: StatusCounter): Promise<Map<string, number>> {
  const read = pageCounters.includes(counter) ? pageCounters : [counter]
  const byCounter = await requestMemo(`status-counts:${read.join(',')}`, () =>
    countersByStatus(read),
  )
  return byCounter.get(counter) ?? new Map()
}

/** The counters with one count per status, which pages read together. */
const pageCounters: StatusCounter[] = [
  'interpreter_applications',
  'leads',
  'mail_outbox',
  'onboarding_progress',
]

async function countersByStatus(
  counters: StatusCounter[],
): Promise<Map<string, Map<string, number>>> {
  const rows = await db()
    .select({ counter: statusCounts.counter, status: statusCounts.status, count: total })
    .from(statusCounts)
    .where(inArray(statusCounts.counter, counters))
    .groupBy(statusCounts.counter, statusCounts.status)
  const byCounter = new Map<string, Map<string, number>>()
  for (const row of rows) {
    if (row.count === 0) continue
    const byStatus = byCounter.get(row.counter) ?? new Map<string, number>()
    byStatus.set(row.status, row.count)
    byCounter.set(row.counter, byStatus)
  }
  return byCounter
}

/** The counter's rows of each status for each of `keys` (message ids, say). */
export async function countsByKeyAndStatus(
  counter: StatusCounter,
  keys: string[],
): Promise<{ key: string; status: string; count: number }[]> {
  if (keys.length === 0) return []
  const rows = await db()
    .select({ key: statusCounts.key, status: statusCounts.status, count: total })
    .from(statusCounts)
    .where(and(eq(statusCounts.counter, counter), inArray(statusCounts.key, keys)))
    .groupBy(statusCounts.key, statusCounts.status)
  return rows.filter((row) => row.count !== 0)
}

/**
 * Folds each counter's rows into one per key and status (the maintenance loop), so that a
 * read sums a few rows. The rows it deletes are the ones it adds up, in one statement: a
 * change made meanwhile stays a row of its own, and two instances folding at once do not
 * count a row twice (the second skips the rows the first deleted).
 */
export async function foldStatusCounts(database: Database) {
  await database.execute(sql`
    with folded as (delete from ${statusCounts} returning counter, key, status, delta)
    insert into ${statusCounts} (counter, key, status, delta)
    select counter, key, status, sum(delta) from folded
    group by counter, key, status having sum(delta) <> 0
  `)
}
