import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { catalogueProblems } from './catalogue-check.server'
import { DEFAULT_LOCALE, LOCALES } from '../domain/locales'

// The same check as `npm run i18n -- check` in the lint: every public text, label, message and
// e-mail has its translation, made from the current English, with the same placeholders.
describe.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))(
  'the %s catalogue',
  (locale) => {
    it('translates every message of the sources', () => {
      const text = readFileSync(new URL(`./catalogues/${locale}.po`, import.meta.url), 'utf8')
      expect(catalogueProblems(locale, text)).toEqual([])
    })
  },
)
