import { describe, expect, it } from 'vitest'
import { allPatterns, eitherPattern, htmlPattern } from './html-pattern'

/** What the browser does with a `pattern` attribute: compiled with `v`, anchored. */
const browserAccepts = (pattern: string, value: string) =>
  new RegExp(`^(?:${pattern})$`, 'v').test(value)

describe('a schema’s regex as an HTML pattern', () => {
  it('keeps what lies between the anchors of a regex that must match the whole value', () => {
    expect(htmlPattern(/^\d{4}-\d{2}-\d{2}$/)).toBe('\\d{4}-\\d{2}-\\d{2}')
    expect(htmlPattern(/^([01][0-9]|2[0-3]):[0-5][0-9]$/)).toBe('([01][0-9]|2[0-3]):[0-5][0-9]')
    expect(htmlPattern(/^\$?\d+$/)).toBe('\\$?\\d+')
    expect(htmlPattern(/^(?<area>\d{3})-\k<area>$/)).toBe('(?<area>\\d{3})-\\k<area>')
  })

  it('allows white space around the value the server trims first', () => {
    const pattern = htmlPattern(/^\d{1,9}$/, { trimmed: true })!
    expect(browserAccepts(pattern, ' 42 ')).toBe(true)
    expect(browserAccepts(pattern, '4 2')).toBe(false)
  })

  it('leaves to the server a regex the browser would read differently', () => {
    for (const regex of [
      /^abc$/i, // a flag
      /^abc$/u,
      /abc/, // not anchored: "contains"
      /^abc/,
      /^a|b$/, // "starts with a or ends with b"
      /^abc\$/, // the last $ is a dollar sign
      /^(?<=a)b$/, // a lookbehind
      /^(?<!a)b$/,
      /^.{2}$/, // code units without a flag, code points under v
      /^[^a]{2}$/,
      /^\S+$/,
      new RegExp('^\\p{L}$'), // the letters "p{L}" without a flag
      new RegExp('^\\u{41}$'), // 41 times "u" without a flag
      /^[a[b]]$/, // a class in a class under v
      /^[a&&b]$/,
      /^[(]$/, // invalid under v
      /^[a-]$/,
      /^a{$/,
      /^😀{2}$/,
    ])
      expect(htmlPattern(regex), String(regex)).toBeUndefined()
  })

  it('combines patterns a value must all match, or either of which it may match', () => {
    const all = allPatterns(['[a-z]+', '\\w{3}'])!
    expect(browserAccepts(all, 'abc')).toBe(true)
    expect(browserAccepts(all, 'abcd')).toBe(false)
    expect(browserAccepts(all, 'AB1')).toBe(false)
    expect(allPatterns(['\\d+'])).toBe('\\d+')
    expect(allPatterns([])).toBeUndefined()
    const either = eitherPattern('\\d+', '[a-z]+')!
    expect(browserAccepts(either, '12')).toBe(true)
    expect(browserAccepts(either, 'ab')).toBe(true)
    expect(browserAccepts(either, 'a1')).toBe(false)
  })
})
