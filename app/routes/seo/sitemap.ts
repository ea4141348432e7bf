import { careersLanguages, languageSlug, otherLanguagesAction } from '~/content/marketing/careers'
import { publicPages } from '~/content/public-pages'
import { DEFAULT_LOCALE, isTranslatedPage, LOCALES, pathInLocale } from '~/domain/locales'
import { runtime } from '~/platform/runtime.server'
import { listOpenJobPostingsForSitemap } from '~/models/job-postings.server'

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The application pages the careers page links to, at their canonical addresses. */
const applicationPaths = [...careersLanguages.map(languageSlug), otherLanguagesAction.slug].map(
  (slug) => `/application?language=${encodeURIComponent(slug)}`,
)

/**
 * A page's `<url>` entries: one per language it is written in, each naming every language's
 * version (and the default) as alternates; a page in English only has one.
 */
function urlEntries(siteUrl: string, path: string, tags: string): string[] {
  if (!isTranslatedPage(path)) return [`<url><loc>${escapeXml(siteUrl + path)}</loc>${tags}</url>`]
  const alternates = [...LOCALES, 'x-default' as const]
    .map((language) => {
      const href =
        siteUrl + pathInLocale(path, language === 'x-default' ? DEFAULT_LOCALE : language)
      return `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(href)}"/>`
    })
    .join('')
  return LOCALES.map(
    (locale) =>
      `<url><loc>${escapeXml(siteUrl + pathInLocale(path, locale))}</loc>${alternates}${tags}</url>`,
  )
}

/**
 * /sitemap.xml: every public page, the language application pages and every open job
 * posting (closed and draft postings are left out), in each language a page is written in.
 */
export async function loader() {
  const { siteUrl } = runtime().config
  const jobs = await listOpenJobPostingsForSitemap()
  const urls = [
    ...publicPages.flatMap((page) =>
      urlEntries(
        siteUrl,
        page.path,
        `<changefreq>${page.changeFrequency}</changefreq><priority>${page.priority.toFixed(1)}</priority>`,
      ),
    ),
    ...applicationPaths.flatMap((path) =>
      urlEntries(siteUrl, path, '<changefreq>monthly</changefreq><priority>0.6</priority>'),
    ),
    ...jobs.flatMap((job) =>
      urlEntries(
        siteUrl,
        job.path,
        `<lastmod>${job.lastModified.toISOString()}</lastmod><changefreq>weekly</changefreq><priority>0.6</priority>`,
      ),
    ),
  ]
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  })
}
