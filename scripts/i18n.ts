// The catalogues' exchange with translators (docs/decisions/066-…): `export` writes each
// language's PO file from the English sources (keeping what is translated, marking as fuzzy
// what the English changed under), `import <file.po>` takes a translator's PO file back, and
// `check` fails on any message missing, fuzzy or with other placeholders than its English.
import { readFileSync, writeFileSync } from 'node:fs'
import { po, type PoData, type PoEntry } from 'gettext-parser'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../app/domain/locales'
import { catalogueProblems } from '../app/i18n/catalogue-check.server'
import { catalogueSources } from '../app/i18n/sources.server'

const fileOf = (locale: Locale) => new URL(`../app/i18n/catalogues/${locale}.po`, import.meta.url)
const translatedLocales = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE)

function read(file: URL | string): PoData {
  return po.parse(readFileSync(file), { defaultCharset: 'utf-8' })
}

function catalogueFor(locale: Locale, previous: PoData): PoData {
  const byKey = new Map<string, PoEntry>()
  for (const entries of Object.values(previous.translations))
    for (const entry of Object.values(entries))
      if (entry.msgid) byKey.set(`${entry.msgctxt ?? ''}\u0004${entry.msgid}`, entry)
  const lastOfContext = new Map<string, PoEntry>()
  for (const entry of byKey.values()) lastOfContext.set(entry.msgctxt ?? '', entry)

  const translations: PoData['translations'] = {}
  for (const { key, english } of catalogueSources()) {
    const same = byKey.get(`${key}\u0004${english}`)
    // A copy text's key names one message: its old translation is a draft for the new English.
    const earlier = key === 'validation' ? undefined : lastOfContext.get(key)
    const entry: PoEntry = same
      ? { ...same, msgctxt: key, msgid: english }
      : {
          msgctxt: key,
          msgid: english,
          msgstr: earlier?.msgstr ?? [''],
          comments: earlier ? { flag: 'fuzzy', previous: `msgid "${earlier.msgid}"` } : {},
        }
    ;(translations[key] ??= {})[english] = entry
  }
  return {
    charset: 'utf-8',
    headers: {
      'Content-Type': 'text/plain; charset=UTF-8',
      Language: locale,
      'Plural-Forms': 'nplurals=2; plural=(n != 1);',
    },
    translations,
  }
}

function write(locale: Locale, data: PoData) {
  writeFileSync(fileOf(locale), po.compile(data, { foldLength: 100 }))
}

const problemsOf = (locale: Locale) =>
  catalogueProblems(locale, readFileSync(fileOf(locale), 'utf8'))

const [command, argument] = process.argv.slice(2)
if (command === 'export') {
  for (const locale of translatedLocales) write(locale, catalogueFor(locale, read(fileOf(locale))))
} else if (command === 'import' && argument) {
  const incoming = read(argument)
  const locale = translatedLocales.find((one) => one === incoming.headers.Language)
  if (!locale)
    throw new Error(`${argument}: its Language header names none of ${translatedLocales}`)
  const current = catalogueFor(locale, read(fileOf(locale)))
  let taken = 0
  for (const entries of Object.values(incoming.translations))
    for (const entry of Object.values(entries)) {
      const mine = current.translations[entry.msgctxt ?? '']?.[entry.msgid]
      if (!mine || !entry.msgstr[0] || entry.comments?.flag?.includes('fuzzy')) continue
      mine.msgstr = entry.msgstr
      mine.comments = {}
      taken += 1
    }
  write(locale, current)
  console.log(`${locale}: ${taken} translations taken from ${argument}`)
} else if (command === 'check') {
  const problems = translatedLocales.flatMap(problemsOf)
  if (problems.length) {
    console.error(problems.join('\n'))
    console.error(
      `${problems.length} catalogue problems: translate them, then npm run i18n -- check`,
    )
    process.exit(1)
  }
} else {
  console.error('usage: npm run i18n -- export | import <file.po> | check')
  process.exit(2)
}
