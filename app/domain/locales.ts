/**
 * The site's languages (docs/decisions/066-spanish-site-messages-resolved-on-the-server.md):
 * English at today's addresses, every other language under its own first path segment
 * (`/es/careers`). A third language is a catalogue in app/i18n/catalogues/, a line here and
 * its segment in app/routes.ts.
 */
export const LOCALES = ['en', 'es'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE = 'en' satisfies Locale

/** The tag for dates, times, numbers and money (`Intl`), per language. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-US', es: 'es-US' }

/** Each language's name in itself, for the language switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' }

/** Each language's name in English, for staff (the staff area is in English). */
export const LOCALE_NAMES_IN_ENGLISH: Record<Locale, string> = { en: 'English', es: 'Spanish' }

const prefixed = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE)
const LOCALE_PREFIX = new RegExp(`^/(${prefixed.join('|')})(?=[/?#]|$)`)

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

/** The language a path is in: its first segment, or English. */
export function localeOfPath(path: string): Locale {
  const segment = LOCALE_PREFIX.exec(path)?.[1]
  return isLocale(segment) ? segment : DEFAULT_LOCALE
}

/** The path without its language segment (`/es/careers` → `/careers`, `/es` → `/`). */
export function pathWithoutLocale(path: string): string {
  const rest = path.replace(LOCALE_PREFIX, '')
  return rest.startsWith('/') ? rest : `/${rest}`
}

/** An English path (with any query and fragment) in `locale` (`/careers` → `/es/careers`). */
export function pathInLocale(path: string, locale: Locale): string {
  const english = pathWithoutLocale(path)
  if (locale === DEFAULT_LOCALE) return english
  // The home page's own slash goes: `/` → `/es`, `/#faq` → `/es#faq`.
  return `/${locale}${english.replace(/^\/(?=[?#]|$)/, '')}`
}

/**
 * The public pages that are written in every language so far; under a language's segment
 * the others answer 404, and their links stay in English.
 */
const TRANSLATED_PAGES = [
  /^\/$/,
  /^\/(services|industries|about|contact|demo|privacy)$/,
  /^\/careers$/,
  /^\/jobs\/[^/]+$/,
  /^\/application$/,
  /^\/apply\/[^/]+$/,
  /^\/application-status\/[^/]+$/,
  /^\/application-erasure\/[^/]+$/,
]

/** Whether the page at `path` (in any language, with any query) is written in every language. */
export function isTranslatedPage(path: string): boolean {
  const pathname = pathWithoutLocale(path).split(/[?#]/)[0] ?? '/'
  return TRANSLATED_PAGES.some((page) => page.test(pathname))
}
