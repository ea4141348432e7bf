import { po } from 'gettext-parser'
import { IntlMessageFormat } from 'intl-messageformat'
import { LOCALE_TAGS, pathInLocale, isTranslatedPage, type Locale } from '../domain/locales'

/**
 * A language's messages, read from its PO file (docs/decisions/066-…): each entry's
 * `msgctxt` is the message's key (`careers.hero.heading`), its `msgid` the English text the
 * translator worked from, its `msgstr` the translation. An entry whose English has changed
 * since is not used: the page shows the English until the translator has seen the change.
 */
export type Catalogue = Map<string, string>

const entryKey = (key: string, english: string) => `${key}\u0004${english}`

/** The context of the schemas' messages, which are keyed by their English text. */
export const VALIDATION_CONTEXT = 'validation'

export function parseCatalogue(text: string): Catalogue {
  const parsed = po.parse(text, { defaultCharset: 'utf-8' })
  const catalogue: Catalogue = new Map()
  for (const [context, entries] of Object.entries(parsed.translations))
    for (const [english, entry] of Object.entries(entries)) {
      const translation = entry.msgstr[0]
      if (english && translation && !entry.comments?.flag?.includes('fuzzy'))
        catalogue.set(entryKey(context, english), translation)
    }
  return catalogue
}

/** The translation of one message, or undefined when the catalogue has none for this English. */
export const lookUp = (catalogue: Catalogue, key: string, english: string) =>
  catalogue.get(entryKey(key, english))

/** Keys of a copy tree whose strings are not text: addresses, values sent by forms, ids. */
const NOT_TEXT = new Set([
  'to',
  'href',
  'path',
  'value',
  'slug',
  'id',
  'icon',
  'illustration',
  'image',
  'accept',
  'resumeAccept',
])

/** Whether a string in a copy tree is read by people: not an address or id, and has letters. */
export const isText = (name: string, value: string) => !NOT_TEXT.has(name) && /\p{L}/u.test(value)

/**
 * Every text of a copy tree with its key (`namespace.path.to.leaf`, arrays by index), in
 * order: what the PO files hold.
 */
export function textsOf(namespace: string, tree: unknown): { key: string; english: string }[] {
  const texts: { key: string; english: string }[] = []
  const walk = (node: unknown, key: string, name: string) => {
    if (typeof node === 'string') {
      if (isText(name, node)) texts.push({ key, english: node })
    } else if (Array.isArray(node))
      node.forEach((item, index) => walk(item, `${key}.${index}`, name))
    else if (node && typeof node === 'object')
      for (const [child, value] of Object.entries(node)) walk(value, `${key}.${child}`, child)
  }
  walk(tree, namespace, '')
  return texts
}

/**
 * A copy tree in another language: each text replaced by its translation (English where the
 * catalogue has none), each site address (`to`, `href`) moved into the language when that
 * page is written in it.
 */
export function translateTree<Tree>(
  catalogue: Catalogue,
  locale: Locale,
  namespace: string,
  tree: Tree,
): Tree {
  const walk = (node: unknown, key: string, name: string): unknown => {
    if (typeof node === 'string') {
      if (isText(name, node)) return lookUp(catalogue, key, node) ?? node
      if ((name === 'to' || name === 'href') && node.startsWith('/') && isTranslatedPage(node))
        return pathInLocale(node, locale)
      return node
    }
    if (Array.isArray(node)) return node.map((item, index) => walk(item, `${key}.${index}`, name))
    if (node && typeof node === 'object')
      return Object.fromEntries(
        Object.entries(node).map(([child, value]) => [
          child,
          walk(value, `${key}.${child}`, child),
        ]),
      )
    return node
  }
  return walk(tree, namespace, '') as Tree
}

/**
 * A schema's message (English, from app/lib/validation/) in another language. Numbers in it
 * are placeholders in the catalogue (`Please use at most {0} characters.`), so one entry
 * serves every length.
 */
export function translateValidation(catalogue: Catalogue, message: string): string {
  const numbers: string[] = []
  const english = validationTemplate(message, numbers)
  const translation = lookUp(catalogue, VALIDATION_CONTEXT, english)
  return translation
    ? translation.replace(/\{(\d+)\}/g, (_, index) => numbers[+index] ?? '')
    : message
}

/** A schema message with its numbers as `{0}`, `{1}` …, the numbers pushed onto `numbers`. */
export function validationTemplate(message: string, numbers: string[] = []): string {
  return message.replace(/\d+/g, (number) => `{${numbers.push(number) - 1}}`)
}

/** Parsed messages, kept: parsing costs far more than formatting, and pages reuse a few hundred. */
const parsedMessages = new Map<string, IntlMessageFormat>()
const MAX_PARSED_MESSAGES = 5000

/** A catalogue message parsed as ICU MessageFormat for the language, once per process. */
export function messageFormat(locale: Locale, message: string): IntlMessageFormat {
  const key = `${locale}\u0000${message}`
  let format = parsedMessages.get(key)
  if (!format) {
    format = new IntlMessageFormat(message, LOCALE_TAGS[locale])
    if (parsedMessages.size >= MAX_PARSED_MESSAGES) parsedMessages.clear()
    parsedMessages.set(key, format)
  }
  return format
}

/** A message with variables or plurals (ICU MessageFormat), formatted for the language. */
export function formatMessage(
  locale: Locale,
  message: string,
  values: Record<string, string | number>,
): string {
  return String(messageFormat(locale, message).format(values))
}
