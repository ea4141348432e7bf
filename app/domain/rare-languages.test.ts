import { describe, expect, it } from 'vitest'
import { companyLanguages } from './languages'
import {
  isRareLanguage,
  rareLanguageExamples,
  rareLanguageNotice,
  rareLanguages,
} from './rare-languages'

describe('rare languages', () => {
  it('gives a notice period for a rare language and none for a common one', () => {
    expect(rareLanguageNotice('Tigrinya')).toBe(
      "Tigrinya is a rare language: we usually need 3 days' notice to find an interpreter. You can still book sooner, and we will tell you as soon as one confirms.",
    )
    expect(rareLanguageNotice('Spanish')).toBeNull()
    expect(rareLanguageNotice('')).toBeNull()
  })

  it('reads the name as typed, spaces around it aside', () => {
    expect(isRareLanguage('  Karen ')).toBe(true)
    expect(isRareLanguage('karen')).toBe(false)
  })

  it('names only languages the company interprets, and the examples are rare', () => {
    const offered = new Set<string>(companyLanguages)
    for (const language of rareLanguages) expect(offered.has(language)).toBe(true)
    const rare = companyLanguages.filter(isRareLanguage)
    expect(rare.length).toBeGreaterThan(10)
    expect(rare.length).toBeLessThan(companyLanguages.length / 2)
    for (const example of rareLanguageExamples) {
      expect(offered.has(example)).toBe(true)
      expect(isRareLanguage(example)).toBe(true)
    }
  })
})
