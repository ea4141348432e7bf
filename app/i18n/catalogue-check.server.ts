import { po } from 'gettext-parser'
import { IntlMessageFormat } from 'intl-messageformat'
import type { Locale } from '../domain/locales'
import { catalogueSources } from './sources.server'

type Element = { type: number; value?: string; options?: Record<string, { value: Element[] }> }

/**
 * The variables, tags and plural categories of an ICU message, sorted (`company`, `b`,
 * `count:few`): a translation must have the same as its English. `one` and `other` are left
 * out, since languages need different plural categories.
 */
export function placeholders(message: string): string[] {
  const found: string[] = []
  const walk = (elements: Element[]) => {
    for (const element of elements) {
      // Argument, number, date, time, select, plural and tag elements name something.
      if ([1, 2, 3, 4, 5, 6, 8].includes(element.type) && element.value) found.push(element.value)
      for (const [option, branch] of Object.entries(element.options ?? {})) {
        if (element.type !== 6 || !['one', 'other'].includes(option))
          found.push(`${element.value}:${option}`)
        walk(branch.value)
      }
      if (element.type === 8) walk((element as unknown as { children: Element[] }).children)
    }
  }
  walk(new IntlMessageFormat(message, 'en').getAst() as Element[])
  return found.sort()
}

/**
 * What is wrong with a language's catalogue (the text of its PO file) against the English
 * sources: a message missing or empty, fuzzy (its English changed since it was translated),
 * or with other placeholders than its English. Empty when the catalogue is complete.
 */
export function catalogueProblems(locale: Locale, poText: string): string[] {
  const data = po.parse(poText, { defaultCharset: 'utf-8' })
  const problems: string[] = []
  for (const { key, english } of catalogueSources()) {
    const entry = data.translations[key]?.[english]
    const translation = entry?.msgstr[0]
    const where = `${locale}: ${key} "${english.slice(0, 60)}"`
    if (!translation) problems.push(`${where}: not translated`)
    else if (entry.comments?.flag?.includes('fuzzy'))
      problems.push(`${where}: fuzzy (the English changed)`)
    else if (placeholders(translation).join() !== placeholders(english).join())
      problems.push(
        `${where}: placeholders ${placeholders(translation)} instead of ${placeholders(english)}`,
      )
  }
  return problems
}
