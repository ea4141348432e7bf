import { count, getTableName, inArray, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Database } from '../../platform/db.server'

/**
 * How a page of search results is found. PostgreSQL can walk the sort column's index and
 * test each row against the search until the page is full (quick when matches are
 * common), or collect every match from the trigram index and sort them (quick when matches
 * are rare). Its guess of how many rows a substring matches is poor: a name that matched
 * 108 of 100,000 applications was guessed at 1,010, and walking the created_at index for
 * it took 110 ms instead of 2 ms. So the list counts the matches first (which it shows
 * anyway) and decides from the real figure.
 *
 * Walking reads about `rowsNeeded × tableRows / matches` rows; sorting reads `matches`.
 */
export function walkSortIndex(plan: { matches: number; tableRows: number; rowsNeeded: number }) {
  if (plan.matches === 0 || plan.tableRows <= 0) return false
  return plan.matches * plan.matches >= plan.rowsNeeded * plan.tableRows
}

/** The planner's row estimate for a table: free to read, close enough to choose a plan. */
export async function estimatedRows(db: Database, table: PgTable): Promise<number> {
  const [estimate] = await db
    .select({ rows: sql<number>`greatest(reltuples, 0)::float8` })
    .from(sql`pg_class`)
    .where(sql`oid = to_regclass(${getTableName(table)})`)
  return Number(estimate?.rows ?? 0)
}

/**
 * The sort key with its index hidden from the planner (it cannot see through COALESCE), so
 * that the rows come from the trigram index and are sorted afterwards.
 */
export function withoutIndex(column: PgColumn): SQL {
  return sql`coalesce(${column}, ${column})`
}

export type SortKey = (column: PgColumn) => PgColumn | SQL

/**
 * One page of the rows that match `where`, in the order `orderBy` gives for a sort key, and
 * how many match in all. With a search term, the plan is chosen from the real match count.
 */
export async function pageOfMatches<Table extends PgTable & { id: PgColumn }>(options: {
  db: Database
  table: Table
  /** How many rows match, when the caller knows it without counting (not when searching). */
  total?: number
  where: SQL | undefined
  searching: boolean
  orderBy: (key: SortKey) => SQL[]
  offset: number
  limit: number
}): Promise<{ items: Table['$inferSelect'][]; total: number }> {
  const { db, table, where, offset, limit } = options
  const [total, tableRows] = await Promise.all([
    options.total ??
      db
        .select({ value: count() })
        .from(table as PgTable)
        .where(where)
        .then(([counted]) => counted?.value ?? 0),
    options.searching ? estimatedRows(db, table) : 0,
  ])
  if (total === 0) return { items: [], total }
  const sortByIndex =
    !options.searching || walkSortIndex({ matches: total, tableRows, rowsNeeded: offset + limit })
  // The page's ids first, then their rows: skipping `offset` rows costs the width of an id
  // (from the index alone where it covers the order), not of a whole row.
  const pageIds = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(where)
    .orderBy(...options.orderBy(sortByIndex ? (column) => column : withoutIndex))
    .limit(limit)
    .offset(offset)
  const items = await db
    .select()
    .from(table as PgTable)
    .where(inArray(table.id, pageIds))
    .orderBy(...options.orderBy((column) => column))
  return { items: items as Table['$inferSelect'][], total }
}
