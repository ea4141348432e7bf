import { contentIconMarkup } from '~/components/ui/icons/content-icons'
import type { PageSeo } from '~/lib/seo/meta'
import { pageHead } from '~/lib/seo/page-head.server'

/**
 * The loader data of an inner marketing page: its head, with the breadcrumb Home › `crumb`;
 * its copy, sent as data rather than in the page's JavaScript
 * (docs/decisions/011-public-page-javascript-budget.md); and the markup of the icons the
 * copy names.
 */
export function marketingPageData<Content>(seo: PageSeo, crumb: string, content: Content) {
  return {
    head: pageHead(seo, [
      { name: 'Home', path: '/' },
      { name: crumb, path: seo.path },
    ]),
    content,
    icons: contentIconMarkup(content),
  }
}
