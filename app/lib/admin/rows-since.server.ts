import { desc, gte } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Database } from '../../platform/db.server'

/**
 * The rows created after `since`, newest first and at most `limit`, and how many there are
 * in all: what the admin area's notification bell shows for one kind of record.
 */
export async function rowsSince<Table extends PgTable & { createdAt: PgColumn }>(
  db: Database,
  table: Table,
  since: Date,
  limit: number,
): Promise<{ items: Table['$inferSelect'][]; total: number }> {
  const where = gte(table.createdAt, since)
  const [items, total] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(desc(table.createdAt))
      .limit(limit),
    db.$count(table, where),
  ])
  return { items: items as Table['$inferSelect'][], total }
}
