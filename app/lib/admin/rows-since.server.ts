import { desc, gte, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Database } from '../../platform/db.server'

/**
 * The rows created after `since`, newest first and at most `limit`, and how many there are
 * in all: what the admin area's notification bell shows for one kind of record. One query
 * (the count is a window over the matches), as it runs on every admin page.
 */
export async function rowsSince<Table extends PgTable & { createdAt: PgColumn }>(
  db: Database,
  table: Table,
  since: Date,
  limit: number,
): Promise<{ items: Table['$inferSelect'][]; total: number }> {
  const rows = await db
    .select({ row: table as PgTable, total: sql<number>`(count(*) over ())::int` })
    .from(table as PgTable)
    .where(gte(table.createdAt, since))
    .orderBy(desc(table.createdAt))
    .limit(limit)
  return {
    items: rows.map((entry) => entry.row as Table['$inferSelect']),
    total: rows[0]?.total ?? 0,
  }
}
