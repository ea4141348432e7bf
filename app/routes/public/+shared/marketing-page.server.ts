import { contentIconMarkup } from '~/components/ui/icons/content-icons'
import type { Locale } from '~/domain/locales'
import { copy } from '~/i18n/translator.server'
import type { PageSeo } from '~/lib/seo/meta'
import { pageHead } from '~/i18n/page-head.server'

/** What the copy tree of every inner marketing page holds beside its sections. */
export interface MarketingPageCopy {
  seo: Pick<PageSeo, 'title' | 'description' | 'keywords'>
  /** The page's name in the breadcrumb Home › page. */
  crumb: string
}

/**
 * The loader data of an inner marketing page, from its copy tree in the page's language
 * (app/i18n/sources.server.ts): its head, with the breadcrumb Home › `crumb`; the rest of its
 * copy, sent as data rather than in the page's JavaScript
 * (docs/decisions/011-public-page-javascript-budget.md,
 * docs/decisions/066-spanish-site-messages-resolved-on-the-server.md); and the markup of the
 * icons the copy names. `path` is the page's English path.
 */
export function marketingPageData<Copy extends MarketingPageCopy>(
  locale: Locale,
  path: string,
  page: Copy,
) {
  const { seo, crumb, ...content } = page
  const { primaryLinks } = copy(locale, 'navigation')
  return {
    head: pageHead({ ...seo, path, locale }, [
      { name: primaryLinks.home.label, path: '/' },
      { name: crumb, path },
    ]),
    content,
    icons: contentIconMarkup(content),
  }
}
