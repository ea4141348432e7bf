import { readFileSync } from 'node:fs'
import {
  formatMessage,
  messageFormat,
  parseCatalogue,
  translateTree,
  translateValidation,
  type Catalogue,
} from './catalogue.server'
import { DEFAULT_LOCALE, localeOfPath, type Locale } from '../domain/locales'
import { projectPath } from '../platform/project-path.server'
import { copySources, type CopyNamespace } from './sources.server'

type TranslatedLocale = Exclude<Locale, typeof DEFAULT_LOCALE>

/**
 * The catalogue of each language but English (whose texts are the sources themselves), read
 * from the project's PO file on first use, like the migrations (app/platform/db.server.ts).
 */
const catalogues = new Map<TranslatedLocale, Catalogue>()
function catalogueOf(locale: TranslatedLocale): Catalogue {
  let catalogue = catalogues.get(locale)
  if (!catalogue) {
    catalogue = parseCatalogue(
      readFileSync(projectPath('app/i18n/catalogues', `${locale}.po`), 'utf8'),
    )
    catalogues.set(locale, catalogue)
  }
  return catalogue
}

/** The language of the page a request is for (or was sent from): its path's first segment. */
export const localeOf = (request: Request): Locale => localeOfPath(new URL(request.url).pathname)

const translated = new Map<string, unknown>()

/**
 * A copy tree (app/i18n/sources.server.ts) in `locale`, made once per process: English is
 * the source itself.
 */
export function copy<Namespace extends CopyNamespace>(
  locale: Locale,
  namespace: Namespace,
): (typeof copySources)[Namespace] {
  const source = copySources[namespace]
  if (locale === DEFAULT_LOCALE) return source
  const cacheKey = `${locale}:${namespace}`
  if (!translated.has(cacheKey))
    translated.set(cacheKey, translateTree(catalogueOf(locale), locale, namespace, source))
  return translated.get(cacheKey) as (typeof copySources)[Namespace]
}

/** A schema's (English) message in `locale`. */
export const validationMessage = (locale: Locale, message: string) =>
  locale === DEFAULT_LOCALE ? message : translateValidation(catalogueOf(locale), message)

/** A text with `{variables}` or plurals, filled in for `locale`. */
export const fill = (locale: Locale, message: string, values: Record<string, string | number>) =>
  formatMessage(locale, message, values)

/** A tag's chunks made into one part (`<b>…</b>` → bold in HTML, plain in text). */
type Tag<Part> = (chunks: (string | Part)[]) => Part

/**
 * A message with tags (`<b>{position}</b>`, `<a>…</a>`) as parts: each tag's chunks wrapped
 * by the function of the same name; for an e-mail's HTML and its plain text alike.
 */
export function fillParts<Part>(
  locale: Locale,
  message: string,
  values: Record<string, string | number | Tag<Part>>,
): (string | Part)[] {
  const parts = messageFormat(locale, message).format<Part>(values)
  return Array.isArray(parts) ? parts : [parts]
}

/** A message with tags as plain text: the tags dropped, their chunks kept. */
export function fillPlain(
  locale: Locale,
  message: string,
  values: Record<string, string | number>,
  tags: readonly string[] = [],
): string {
  const plain: Tag<string> = (chunks) => chunks.join('')
  const withTags = { ...values, ...Object.fromEntries(tags.map((tag) => [tag, plain])) }
  return fillParts<string>(locale, message, withTags).join('')
}
