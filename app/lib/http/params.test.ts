import { describe, expect, it } from 'vitest'
import { isSlug, isUuid, MAX_SLUG_LENGTH, requireSlugParam, requireUuidParam } from './params'

/** The status and status text of what `run` threw, or undefined when it threw nothing. */
function thrown(run: () => unknown) {
  try {
    run()
    return undefined
  } catch (error) {
    const init = (error as { init?: ResponseInit }).init
    return { status: init?.status, statusText: init?.statusText }
  }
}

const uuid = '3f2504e0-4f89-41d3-9a0c-0305e82c3301'

// Values an attacker can put in a path segment (decoded, as React Router passes them on).
const crafted: [label: string, value: string | undefined][] = [
  ['a NUL byte', 'abc\u0000def'],
  ['only a NUL byte', '\u0000'],
  ['a newline', 'greek\nenglish'],
  ['SQL', "1' OR '1'='1"],
  ['a path', '../../etc/passwd'],
  ['non-ASCII', '✓'],
  ['an empty value', ''],
  ['a missing value', undefined],
]

describe('isUuid', () => {
  it.each([uuid, uuid.toUpperCase(), '00000000-0000-0000-0000-000000000000'])(
    'accepts %s',
    (value) => expect(isUuid(value)).toBe(true),
  )

  it.each<[string, unknown]>([
    ...crafted,
    ['a non-hex digit', '3f2504e0-4f89-41d3-9a0c-0305e82c330g'],
    ['a digit too many', `${uuid}1`],
    ['a UUID with a NUL byte after it', `${uuid}\u0000`],
    ['no hyphens', uuid.replaceAll('-', '')],
    ['braces', `{${uuid}}`],
    ['a number', 42],
  ])('refuses %s', (_label, value) => expect(isUuid(value)).toBe(false))
})

describe('isSlug', () => {
  it.each(['greek-english-remote-interpreter', 'contract-interpreter', 'Job_42', 'a'])(
    'accepts %s',
    (value) => expect(isSlug(value)).toBe(true),
  )

  it.each<[string, unknown]>([
    ...crafted,
    ['a leading hyphen', '-greek'],
    ['a space', 'greek english'],
    ['a dot', 'greek.english'],
    ['an accent', 'café'],
    ['a slug that is too long', 'a'.repeat(MAX_SLUG_LENGTH + 1)],
  ])('refuses %s', (_label, value) => expect(isSlug(value)).toBe(false))
})

describe('requireUuidParam', () => {
  it('returns a UUID parameter', () => {
    expect(requireUuidParam({ applicationId: uuid }, 'applicationId')).toBe(uuid)
  })

  it.each(crafted)('throws a 404 for %s', (_label, value) => {
    expect(thrown(() => requireUuidParam({ requestId: value }, 'requestId'))).toEqual({
      status: 404,
      statusText: 'Not Found',
    })
  })
})

describe('requireSlugParam', () => {
  it('returns a slug parameter', () => {
    expect(requireSlugParam({ jobId: 'greek-english-remote-interpreter' }, 'jobId')).toBe(
      'greek-english-remote-interpreter',
    )
  })

  it.each(crafted)('throws a 404 for %s, with the given status text', (_label, value) => {
    expect(thrown(() => requireSlugParam({ jobId: value }, 'jobId', 'Job Not Found'))).toEqual({
      status: 404,
      statusText: 'Job Not Found',
    })
  })
})
