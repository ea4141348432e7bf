/**
 * The public pages with a fixed address, for /sitemap.xml and the page cache. Open job
 * postings (/jobs/{jobId}) are added to the sitemap from the jobs table.
 */
export interface PublicPage {
  path: string
  changeFrequency: 'daily' | 'weekly' | 'monthly' | 'yearly'
  priority: number
}

export const publicPages: PublicPage[] = [
  { path: '/', changeFrequency: 'weekly', priority: 1 },
  { path: '/services', changeFrequency: 'monthly', priority: 0.9 },
  { path: '/industries', changeFrequency: 'monthly', priority: 0.8 },
  { path: '/about', changeFrequency: 'monthly', priority: 0.7 },
  { path: '/careers', changeFrequency: 'weekly', priority: 0.8 },
  { path: '/contact', changeFrequency: 'yearly', priority: 0.8 },
  { path: '/demo', changeFrequency: 'yearly', priority: 0.7 },
  { path: '/privacy', changeFrequency: 'yearly', priority: 0.3 },
]

/**
 * Pages whose address is itself the credential (the applicant's status and erasure links, a
 * call's guest link): they must not be passed on in a Referer header either
 * (`Referrer-Policy: no-referrer` in server/host.ts).
 */
export const secretLinkPaths = ['/application-status', '/application-erasure', '/call-guest']

/**
 * The private part of the site: the admin area, the portals, the sign-in pages and the
 * applicant's status links. Search
 * engines must not crawl it (robots.txt) and browsers and proxies must not store it
 * (`Cache-Control: no-store` in server/host.ts). Each entry covers its sub-paths.
 */
export const privatePaths = [
  '/admin',
  '/account',
  '/interpreter',
  '/client',
  '/interpreter-login',
  '/client-login',
  '/forgot-password',
  '/reset-password',
  '/setup',
  '/accept-invite',
  '/logout',
  // Signed links to one applicant's data (docs/privacy.md), and a call's guest link.
  ...secretLinkPaths,
]

/** Whether a request path lies in one of the areas (or is its data request). */
function isUnder(pathname: string, areas: string[]): boolean {
  return areas.some(
    (prefix) =>
      pathname === prefix ||
      pathname.startsWith(`${prefix}/`) ||
      pathname.startsWith(`${prefix}.data`),
  )
}

/** Whether a request path lies in the private part of the site (or is its data request). */
export function isPrivatePath(pathname: string): boolean {
  return isUnder(pathname, privatePaths)
}

export function isSecretLinkPath(pathname: string): boolean {
  return isUnder(pathname, secretLinkPaths)
}
