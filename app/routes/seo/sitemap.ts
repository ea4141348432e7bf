import { careersLanguages, languageSlug, otherLanguagesAction } from '~/content/marketing/careers'
import { publicPages } from '~/content/public-pages'
import { runtime } from '~/platform/runtime.server'
import { listOpenJobPostingsForSitemap } from '~/models/job-postings.server'

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The application pages the careers page links to, at their canonical addresses. */
const applicationPaths = [...careersLanguages.map(languageSlug), otherLanguagesAction.slug].map(
  (slug) => `/application?language=${encodeURIComponent(slug)}`,
)

/**
 * /sitemap.xml: every public page, the language application pages and every open job
 * posting (closed and draft postings are left out).
 */
export async function loader() {
  const { siteUrl } = runtime().config
  const jobs = await listOpenJobPostingsForSitemap()
  const urls = [
    ...publicPages.map(
      (page) =>
        `<url><loc>${escapeXml(siteUrl + page.path)}</loc><changefreq>${page.changeFrequency}</changefreq><priority>${page.priority.toFixed(1)}</priority></url>`,
    ),
    ...applicationPaths.map(
      (path) =>
        `<url><loc>${escapeXml(siteUrl + path)}</loc><changefreq>monthly</changefreq><priority>0.6</priority></url>`,
    ),
    ...jobs.map(
      (job) =>
        `<url><loc>${escapeXml(siteUrl + job.path)}</loc><lastmod>${job.lastModified.toISOString()}</lastmod><changefreq>weekly</changefreq><priority>0.6</priority></url>`,
    ),
  ]
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  })
}
