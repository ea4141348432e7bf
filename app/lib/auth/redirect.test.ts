import { describe, expect, it } from 'vitest'
import { safeRedirect } from './redirect'

describe('safeRedirect', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeRedirect('/admin/clients?status=new')).toBe('/admin/clients?status=new')
  })

  it.each([
    ['an absolute URL', 'https://evil.example/admin'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash host', '/\\evil.example'],
    ['a relative path', 'admin'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a control character', '/admin\n'],
    ['nothing', null],
  ])('falls back for %s', (_label, value) => {
    expect(safeRedirect(value, '/fallback')).toBe('/fallback')
  })
})
