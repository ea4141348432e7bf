import { and, asc, desc, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Database } from '../../platform/db.server'
import { containsPattern, PAGE_SIZE, type ListFilters } from './list-filters'
import { pageOfMatches, type SortKey } from './search-plan.server'

type AnyListFilters = ListFilters<string, string>
type ListTable = PgTable & { createdAt: PgColumn; id: PgColumn }

/**
 * An admin list over one table (applications, client requests, users), searched in an
 * indexed text, filtered by status (and the list's other filters) and sorted by the chosen
 * column; ties go to the newest, then by id, so that the order is total and pages never
 * overlap.
 */
export interface FilteredList<Table extends ListTable, Filters extends AnyListFilters> {
  table: Table
  /** The indexed expression the search looks in (the query must use it verbatim). */
  searchText: (filters: Filters) => SQL
  /** The chosen sort's columns in `direction`, through `key` where the index may be hidden. */
  sortedBy: (filters: Filters, direction: typeof asc, key: SortKey) => SQL[]
  /** The table's rows per status, kept up to date without counting: an unsearched list's total. */
  countsByStatus?: () => Promise<Map<string, number>>
  /** The rows of one status, where the table has no `status` column (a user's is worked out). */
  hasStatus?: (status: Filters['status']) => SQL
  /** The conditions of the list's other filters (a user's role); undefined for none. */
  otherFilters?: (filters: Filters) => SQL | undefined
}

/** How many rows the filters keep when that is known without counting them; else undefined. */
async function knownTotal<Filters extends AnyListFilters>(
  list: FilteredList<ListTable, Filters>,
  filters: Filters,
): Promise<number | undefined> {
  if (filters.q || !list.countsByStatus || list.otherFilters?.(filters)) return undefined
  const counts = await list.countsByStatus()
  if (filters.status !== 'all') return counts.get(filters.status) ?? 0
  return [...counts.values()].reduce((sum, value) => sum + value, 0)
}

function whereFor<Filters extends AnyListFilters>(
  list: FilteredList<ListTable, Filters>,
  filters: Filters,
): SQL | undefined {
  return and(
    filters.q ? sql`${list.searchText(filters)} ilike ${containsPattern(filters.q)}` : undefined,
    filters.status !== 'all' ? statusCondition(list, filters.status) : undefined,
    list.otherFilters?.(filters),
  )
}

function statusCondition<Filters extends AnyListFilters>(
  list: FilteredList<ListTable, Filters>,
  status: Filters['status'],
): SQL {
  if (list.hasStatus) return list.hasStatus(status)
  const column = (list.table as { status?: PgColumn }).status
  if (!column) throw new Error(`${getTableName(list.table)} has no status column: give hasStatus`)
  return eq(column, status)
}

function orderFor<Filters extends AnyListFilters>(
  list: FilteredList<ListTable, Filters>,
  filters: Filters,
  key: SortKey = (column) => column,
): SQL[] {
  const direction = filters.direction === 'asc' ? asc : desc
  return [
    ...list.sortedBy(filters, direction, key),
    desc(key(list.table.createdAt)),
    desc(list.table.id),
  ]
}

/** Page `filters.page` of the list, and how many rows match in all. */
export async function listPage<Table extends ListTable, Filters extends AnyListFilters>(
  db: Database,
  list: FilteredList<Table, Filters>,
  filters: Filters,
) {
  const { items, total } = await pageOfMatches({
    db,
    table: list.table,
    total: await knownTotal(list, filters),
    where: whereFor(list, filters),
    searching: filters.q !== '',
    orderBy: (key) => orderFor(list, filters, key),
    offset: (filters.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  })
  return { items, total, pageSize: PAGE_SIZE }
}

/** How many rows an export reads at a time. */
export const EXPORT_BATCH_SIZE = 250

/** A uuid's text is always 36 characters: a list of them joined by commas is cut by position. */
const UUID_TEXT_LENGTH = 36

/**
 * Every row the filters keep, in list order, for the CSV export: the matching ids first, as
 * one comma-separated text the database joins in list order (a single value crosses from the
 * database, not 100,000 rows), then the rows a batch at a time as the reader asks for them,
 * so memory holds that text and one batch whatever the list's size, and other queries run
 * between batches.
 */
export async function listRowBatches<Table extends ListTable, Filters extends AnyListFilters>(
  db: Database,
  list: FilteredList<Table, Filters>,
  filters: Filters,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<{ count: number; batches: AsyncIterable<Table['$inferSelect'][]> }> {
  const table = list.table as ListTable
  const listOrder = sql.join(orderFor(list, filters), sql`, `)
  const [joined] = await db
    .select({ ids: sql<string | null>`string_agg(${table.id}::text, ',' order by ${listOrder})` })
    .from(table as PgTable)
    .where(whereFor(list, filters))
  const ids = joined?.ids ?? ''
  const stride = UUID_TEXT_LENGTH + 1
  const count = ids === '' ? 0 : (ids.length + 1) / stride
  async function* batches() {
    for (let start = 0; start < count; start += batchSize) {
      const batch = ids.slice(start * stride, (start + batchSize) * stride - 1).split(',')
      const rows = (await db
        .select()
        .from(table as PgTable)
        .where(inArray(table.id, batch))) as (Table['$inferSelect'] & { id: string })[]
      const byId = new Map(rows.map((row) => [row.id, row]))
      // A row deleted since the ids were read is left out.
      yield batch.flatMap((id) => byId.get(id) ?? []) as Table['$inferSelect'][]
    }
  }
  return { count, batches: batches() }
}
