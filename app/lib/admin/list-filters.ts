/** The page size of admin lists. */
export const PAGE_SIZE = 25

export interface ListFilters<Status extends string, Sort extends string> {
  /** The search text, trimmed; '' for none. */
  q: string
  status: Status | 'all'
  sort: Sort
  direction: 'asc' | 'desc'
  /** 1-based. */
  page: number
}

/**
 * Reads a list's search, status filter, sorting and page from the URL, so that a view can
 * be shared and reloaded. Unknown values fall back to the defaults.
 */
export function parseListFilters<Status extends string, Sort extends string>(
  params: URLSearchParams,
  options: { statuses: readonly Status[]; sorts: readonly Sort[]; defaultSort: Sort },
): ListFilters<Status, Sort> {
  const status = params.get('status') ?? 'all'
  // `order=name:asc` is the one-select form of `sort=name&dir=asc`.
  const [orderSort, orderDirection] = (params.get('order') ?? '').split(':')
  const sort = orderSort || params.get('sort') || options.defaultSort
  const direction = orderDirection || params.get('dir')
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    status: (options.statuses as readonly string[]).includes(status) ? (status as Status) : 'all',
    sort: (options.sorts as readonly string[]).includes(sort)
      ? (sort as Sort)
      : options.defaultSort,
    direction: direction === 'asc' ? 'asc' : 'desc',
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 1,
  }
}

/** `%text%` for ILIKE, with the pattern characters of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}
