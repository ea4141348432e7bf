import {
  DEFAULT_LOCALE,
  isTranslatedPage,
  LOCALE_NAMES,
  LOCALES,
  localeOfPath,
  pathInLocale,
} from '~/domain/locales'
import { copy, fill } from '~/i18n/translator.server'
import { runtime } from '~/platform/runtime.server'

/** A link to the page the visitor is on, in another language (a full page load). */
export interface LanguageLink {
  href: string
  label: string
  lang: string
}

/**
 * What the public layout hands its header and footer: the link lists and the shell's words
 * in the page's language, and the same page in the other languages. `translated` is false
 * for a page not written in the address's language.
 */
export function publicShell(url: URL) {
  const locale = localeOfPath(url.pathname)
  const translated = locale === DEFAULT_LOCALE || isTranslatedPage(url.pathname)
  const { company } = runtime().config
  const words = copy(locale, 'shell')
  const values = { company: company.name, phone: company.phone }
  const text = Object.fromEntries(
    Object.entries(words).map(([name, message]) => [name, fill(locale, message, values)]),
  ) as typeof words
  const here = `${url.pathname}${url.search}`
  const languages: LanguageLink[] =
    isTranslatedPage(here) || !translated
      ? LOCALES.filter((other) => other !== locale).map((other) => ({
          href: pathInLocale(here, other),
          label: LOCALE_NAMES[other],
          lang: other,
        }))
      : []
  return {
    translated,
    navigation: copy(locale, 'navigation'),
    text,
    notFound: copy(locale, 'notFound'),
    languages,
  }
}
export type PublicShellData = ReturnType<typeof publicShell>
