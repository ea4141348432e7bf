/**
 * HTML `pattern` attributes from the regular expressions of our Zod schemas.
 *
 * The browser compiles a `pattern` with the `v` flag and anchors it: the value must match
 * `^(?:pattern)$` as a whole. A schema's regex is tested with no flag and anchors itself. A
 * pattern is emitted only when the browser then refuses nothing the server accepts; a regex
 * for which that cannot be shown is left to the server (decision 003,
 * docs/decisions/003-browser-validation-from-constraints.md).
 */

/**
 * The pattern that accepts what `regex.test` accepts, or undefined when there is no safe one.
 * `trimmed`: the server trims the value before testing it (Zod's `.trim()`), so the pattern
 * allows white space around it.
 */
export function htmlPattern(regex: RegExp, { trimmed = false } = {}): string | undefined {
  // Flags change what matches (i, m, s, u, v) or are not matching rules at all (g, y, d).
  if (regex.flags !== '') return undefined
  const body = wholeValueBody(regex.source)
  if (body === undefined) return undefined
  return compilesUnderV(trimmed ? `\\s*(?:${body})\\s*` : body)
}

/** A pattern for a value that must match every one of `patterns` (a string with two regexes). */
export function allPatterns(patterns: readonly string[]): string | undefined {
  if (patterns.length <= 1) return patterns[0]
  const lookaheads = patterns.slice(0, -1).map((pattern) => `(?=(?:${pattern})$)`)
  return compilesUnderV(`${lookaheads.join('')}(?:${patterns.at(-1)})`)
}

/** A value that may match either pattern (a union of two strings). */
export function eitherPattern(first: string, second: string): string | undefined {
  return first === second ? first : compilesUnderV(`(?:${first})|(?:${second})`)
}

function compilesUnderV(pattern: string): string | undefined {
  try {
    new RegExp(`^(?:${pattern})$`, 'v')
    return pattern
  } catch {
    return undefined
  }
}

// After a backslash: classes that match half of an emoji without a flag but never under `v`
// (S, W, D), and \p, \P, which are plain letters without a flag.
const UNSAFE_ESCAPES = new Set(['S', 'W', 'D', 'p', 'P'])

/**
 * What lies between the `^` and the `$` of a regex that must match the whole value, when it
 * means the same without a flag and under `v`; undefined otherwise. Refused: a regex not
 * anchored at both ends, or with a `|` outside any group (`^a|b$` is "starts with a or ends
 * with b"); a lookbehind (it could see past the anchors); what matches by code unit without
 * a flag and by code point under `v` (`.`, `[^…]`, \S, \W, \D, a literal emoji); and what
 * compiles under both with another meaning (`\u{…}`, \p, a `[` or `&&` or `--` in a class).
 * Whatever else `v` does not accept fails its compilation.
 */
function wholeValueBody(source: string): string | undefined {
  if (!source.startsWith('^') || !source.endsWith('$')) return undefined
  const body = source.slice(1, -1)
  if (/[\uD800-\uDFFF]/.test(body) || body.includes('(?<=') || body.includes('(?<!'))
    return undefined
  let depth = 0
  let inClass = false
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!
    if (char === '\\') {
      const escaped = body[++index]
      // A body ending in a backslash: the final `$` was a literal dollar, not an anchor.
      if (escaped === undefined || UNSAFE_ESCAPES.has(escaped)) return undefined
      if (escaped === 'u' && body[index + 1] === '{') return undefined
      continue
    }
    if (inClass) {
      if (char === ']') inClass = false
      else if (char === '[' || body.startsWith('&&', index) || body.startsWith('--', index))
        return undefined
      continue
    }
    if (char === '[') {
      if (body[index + 1] === '^') return undefined
      inClass = true
    } else if (char === '.') return undefined
    else if (char === '(') depth++
    else if (char === ')') depth--
    else if (char === '|' && depth === 0) return undefined
  }
  return body
}
