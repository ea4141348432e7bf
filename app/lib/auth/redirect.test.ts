import { describe, expect, it } from 'vitest'
import { safeRedirect } from './redirect'

describe('safeRedirect', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeRedirect('/admin/clients?status=new')).toBe('/admin/clients?status=new')
  })

  it('keeps a path that is already percent-encoded as it is', () => {
    expect(safeRedirect('/admin/clients?q=caf%C3%A9%20%E2%9C%93')).toBe(
      '/admin/clients?q=caf%C3%A9%20%E2%9C%93',
    )
  })

  it.each([
    ['a non-Latin-1 path', '/admin/✓', '/admin/%E2%9C%93'],
    ['a Latin-1 accent', '/admin/é', '/admin/%C3%A9'],
    ['a query', '/admin/clients?q=café ✓', '/admin/clients?q=caf%C3%A9%20%E2%9C%93'],
    ['a fragment', '/admin/dashboard#é', '/admin/dashboard#%C3%A9'],
    ['a space in the path', '/admin/a b', '/admin/a%20b'],
  ])('percent-encodes %s, so that it fits a Location header', (_label, value, expected) => {
    const path = safeRedirect(value, '/fallback')
    expect(path).toBe(expected)
    expect(path).toMatch(/^[\x21-\x7e]+$/)
    // What a Location header must hold: this throws for characters beyond Latin-1.
    expect(() => new Headers({ Location: path })).not.toThrow()
  })

  it('resolves dot segments within the site', () => {
    expect(safeRedirect('/admin/../account')).toBe('/account')
  })

  it.each([
    ['an absolute URL', 'https://evil.example/admin'],
    ['an absolute URL with non-ASCII', 'https://evil.example/✓'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash host', '/\\evil.example'],
    ['a path that normalises to a host', '/.//evil.example'],
    ['a path that normalises to a host, encoded', '/%2e//evil.example/✓'],
    ['a path that normalises to a backslash host', '/./\\evil.example'],
    ['a relative path', 'admin'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a control character', '/admin\n'],
    ['a NUL byte', '/admin/\u0000'],
    ['DEL', '/admin\u007f'],
    ['nothing', null],
    ['an empty value', ''],
  ])('falls back for %s', (_label, value) => {
    expect(safeRedirect(value, '/fallback')).toBe('/fallback')
  })
})
