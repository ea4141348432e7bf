import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isEnglish, languagePairsFromApplication, pairLanguageChoices } from './language-pairs'
import { companyLanguages, MAX_PROFILE_LANGUAGES } from './languages'

/** What an application's languages hold: our own names, typed ones, English in its forms. */
const entry = fc.oneof(
  fc.constantFrom(...companyLanguages),
  fc.constantFrom(...companyLanguages).map((language) => language.toUpperCase()),
  fc.constantFrom(...companyLanguages).map((language) => ` ${language.toLowerCase()}  `),
  fc.constantFrom(...companyLanguages).map((language) => `${language}-English`),
  fc.constantFrom(...companyLanguages).map((language) => `English to ${language}`),
  fc.constantFrom(...companyLanguages).map((language) => `${language} (native)`),
  fc.constantFrom(
    'English',
    'english',
    ' ENGLISH ',
    'English (native)',
    'US English',
    'English-English',
    'Chinese (Mandarin)',
    'Khmer',
    'Malay',
    'Filipino/Ilocano (Philippines)',
    'Yoruba',
    'yoruba',
    'none',
    'N/A',
    '',
    '  ',
    '-',
  ),
  fc.string({ maxLength: 30 }),
)
const entries = fc.array(entry, { maxLength: 30 })

const keys = (languages: readonly string[]) => languages.map((language) => language.toLowerCase())

describe('languagePairsFromApplication: the profile pairs an application gives', () => {
  it('pairs the position and what was typed with English, in the order applied for', () => {
    // A language page, the level of spoken English (native) and "Fluent languages".
    expect(
      languagePairsFromApplication(['Japanese', 'korean, ', 'Spanish-English', 'English']),
    ).toEqual(['Japanese', 'Korean', 'Spanish'])
    // A job posting: its language and English, then the native language typed.
    expect(languagePairsFromApplication(['Chinese (Mandarin)', 'English', 'mandarin'])).toEqual([
      'Mandarin',
    ])
    expect(
      languagePairsFromApplication(['Filipino/Ilocano (Philippines)', 'Ilocano', 'Tagalog']),
    ).toEqual(['Filipino (Philippines)', 'Ilocano', 'Tagalog'])
  })

  it('skips English, an English-only entry and an answer that names no language', () => {
    expect(
      languagePairsFromApplication(['English', 'English (native)', 'English-English', 'none']),
    ).toEqual([])
    expect(languagePairsFromApplication([null, undefined, '', ' ', '--'])).toEqual([])
  })

  it('keeps a language the company list lacks as the applicant wrote it, spaces tidied', () => {
    expect(languagePairsFromApplication(['  Yoruba ', 'yoruba', 'Serbo-Croatian'])).toEqual([
      'Yoruba',
      'Serbo-Croatian',
    ])
  })

  it('takes names of object properties as languages typed, not as the alias table’s', () => {
    expect(languagePairsFromApplication(['__proto__', 'constructor', 'toString'])).toEqual([
      '__proto__',
      'constructor',
      'toString',
    ])
  })

  it('never gives English', () => {
    fc.assert(
      fc.property(entries, (input) => {
        expect(languagePairsFromApplication(input).filter(isEnglish)).toEqual([])
      }),
    )
  })

  it('gives each language once, whatever its case, and at most the profile limit', () => {
    fc.assert(
      fc.property(entries, (input) => {
        const pairs = languagePairsFromApplication(input)
        expect(new Set(keys(pairs)).size).toBe(pairs.length)
        expect(pairs.length).toBeLessThanOrEqual(MAX_PROFILE_LANGUAGES)
        for (const language of pairs) expect(language).toBe(language.trim())
      }),
    )
  })

  it('keeps the order: what more entries add comes after the pairs of the first ones', () => {
    fc.assert(
      fc.property(entries, entries, (first, more) => {
        const before = languagePairsFromApplication(first)
        expect(languagePairsFromApplication([...first, ...more]).slice(0, before.length)).toEqual(
          before,
        )
      }),
    )
  })

  it('reads its own result back unchanged, so pairs made once stay as they are', () => {
    fc.assert(
      fc.property(entries, (input) => {
        const pairs = languagePairsFromApplication(input)
        expect(languagePairsFromApplication(pairs)).toEqual(pairs)
      }),
    )
  })

  it('spells a language of the company list as the list does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...companyLanguages), (language) => {
        expect(languagePairsFromApplication([language.toLowerCase(), language])).toEqual([language])
      }),
    )
  })
})

describe('pairLanguageChoices', () => {
  it('offers the company list and the profile’s own other languages, never English', () => {
    const choices = pairLanguageChoices(['Spanish', 'Yoruba', 'English'])
    expect(choices).toContain('Yoruba')
    expect(choices.filter((choice) => choice === 'Spanish')).toHaveLength(1)
    expect(choices.some(isEnglish)).toBe(false)
    expect(choices).toEqual([...choices].sort((a, b) => a.localeCompare(b)))
  })
})
