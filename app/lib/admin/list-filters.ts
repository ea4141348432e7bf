/** The page size of admin lists. */
export const PAGE_SIZE = 25

/** The longest search text a list or the admin search takes, in characters. */
export const MAX_SEARCH_LENGTH = 200

// Line breaks and tabs (a pasted cell, say) separate words: they become a space.
const CONTROL_WHITESPACE = /[\t\n\v\f\r\u0085]+/g
// Every other control character (C0, DEL, C1) and any lone surrogate is dropped.
const OTHER_CONTROLS = /[\p{Cc}\p{Cs}]/gu

/**
 * A search box's text as it may reach a query: control characters removed (PostgreSQL
 * refuses a NUL byte in a text parameter, and no name or e-mail address holds any), trimmed
 * and cut to {@link MAX_SEARCH_LENGTH} characters. '' for none.
 */
export function cleanSearchText(value: string | null | undefined): string {
  const text = (value ?? '').replace(CONTROL_WHITESPACE, ' ').replace(OTHER_CONTROLS, '').trim()
  // By code point, so that a cut never leaves half a surrogate pair behind.
  return Array.from(text).slice(0, MAX_SEARCH_LENGTH).join('').trim()
}

/** The URL's value when it is one of `choices`, else 'all' (unknown values show everything). */
export function choiceOrAll<Choice extends string>(
  value: string | null,
  choices: readonly Choice[],
): Choice | 'all' {
  return (choices as readonly string[]).includes(value ?? '') ? (value as Choice) : 'all'
}

export interface ListFilters<Status extends string, Sort extends string> {
  /** The search text, cleaned ({@link cleanSearchText}); '' for none. */
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
  // `order=name:asc` is the one-select form of `sort=name&dir=asc`.
  const [orderSort, orderDirection] = (params.get('order') ?? '').split(':')
  const sort = orderSort || params.get('sort') || options.defaultSort
  const direction = orderDirection || params.get('dir')
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  return {
    q: cleanSearchText(params.get('q')),
    status: choiceOrAll(params.get('status'), options.statuses),
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
