import { describe, expect, it } from 'vitest'
import {
  choiceOrAll,
  cleanSearchText,
  containsPattern,
  MAX_SEARCH_LENGTH,
  parseListFilters,
} from './list-filters'

const options = {
  statuses: ['new', 'closed'] as const,
  sorts: ['createdAt', 'name'] as const,
  defaultSort: 'createdAt' as const,
}

describe('choiceOrAll', () => {
  it('keeps a known choice and shows everything for an unknown or missing one', () => {
    const roles = ['admin', 'client'] as const
    expect(choiceOrAll('client', roles)).toBe('client')
    expect(choiceOrAll('root', roles)).toBe('all')
    expect(choiceOrAll(null, roles)).toBe('all')
  })
})

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

  it('never passes a NUL byte or another control character on to the query', () => {
    expect(parseListFilters(new URLSearchParams('q=Ana%00'), options).q).toBe('Ana')
    expect(parseListFilters(new URLSearchParams('q=%00'), options).q).toBe('')
    expect(parseListFilters(new URLSearchParams('q=An%00a%1B%7F%0ASmith'), options).q).toBe(
      'Ana Smith',
    )
  })
})

describe('cleanSearchText', () => {
  it.each([
    ['a NUL byte', 'abc\u0000def', 'abcdef'],
    ['only NUL bytes', '\u0000\u0000', ''],
    ['other C0 controls and DEL', 'a\u0001b\u001bc\u007fd', 'abcd'],
    ['C1 controls', 'a\u0080b\u009fc', 'abc'],
    ['tabs and line breaks, as word breaks', 'Ana\tSmith\r\nLee\u0085Kim', 'Ana Smith Lee Kim'],
    ['a lone surrogate', 'a\ud800b', 'ab'],
    ['surrounding spaces', '  Ana  ', 'Ana'],
    ['nothing', null, ''],
  ])('removes %s', (_label, value, expected) => {
    expect(cleanSearchText(value)).toBe(expected)
  })

  it('keeps letters of any script, symbols and LIKE wildcards (those are escaped later)', () => {
    expect(cleanSearchText('Zoë 李 ✓ 50%_off\\')).toBe('Zoë 李 ✓ 50%_off\\')
  })

  it('cuts long text by characters, never leaving half a surrogate pair', () => {
    expect(cleanSearchText('x'.repeat(500))).toHaveLength(MAX_SEARCH_LENGTH)
    const emoji = cleanSearchText(`a${'😀'.repeat(300)}`)
    expect(Array.from(emoji)).toHaveLength(MAX_SEARCH_LENGTH)
    expect(emoji).not.toMatch(/[\ud800-\udbff]$/)
  })

  it('cleans text that a NUL would otherwise break in a query', () => {
    for (const text of ['\u0000', 'a\u0000%', '\u0000\u0000x']) {
      expect(cleanSearchText(text)).not.toContain('\u0000')
    }
  })
})

describe('containsPattern', () => {
  it('escapes LIKE wildcards in the search text', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
  })
})
