import { describe, expect, it } from 'vitest'
import { containsPattern, parseListFilters } from './list-filters'

const options = {
  statuses: ['new', 'closed'] as const,
  sorts: ['createdAt', 'name'] as const,
  defaultSort: 'createdAt' as const,
}

describe('parseListFilters', () => {
  it('reads search, status, sort, direction and page from the URL', () => {
    const filters = parseListFilters(
      new URLSearchParams('q=%20Ana%20&status=closed&sort=name&dir=asc&page=3'),
      options,
    )
    expect(filters).toEqual({ q: 'Ana', status: 'closed', sort: 'name', direction: 'asc', page: 3 })
  })

  it('reads the one-select order parameter', () => {
    const filters = parseListFilters(new URLSearchParams('order=name:asc'), options)
    expect(filters.sort).toBe('name')
    expect(filters.direction).toBe('asc')
  })

  it('falls back to the defaults for unknown or missing values', () => {
    const filters = parseListFilters(
      new URLSearchParams('status=hacked&sort=password&page=-2'),
      options,
    )
    expect(filters).toEqual({ q: '', status: 'all', sort: 'createdAt', direction: 'desc', page: 1 })
  })
})

describe('containsPattern', () => {
  it('escapes LIKE wildcards in the search text', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
  })
})
