import { privatePaths } from '~/content/public-pages'
import { runtime } from '~/platform/runtime.server'

/** /robots.txt: keeps crawlers out of the admin area, portals and login pages. */
export function loader() {
  const { siteUrl } = runtime().config
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ]
  return new Response(lines.join('\n'), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    },
  })
}
