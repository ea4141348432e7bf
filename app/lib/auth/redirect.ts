// Stands in for this site while a path is resolved; never sent anywhere.
const SITE = 'http://same-site.invalid'

/** A path that stays on this site: one leading slash, no host, no control characters. */
function isSameSitePath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.startsWith('/\\') &&
    ![...path].some((character) => {
      const code = character.charCodeAt(0)
      return code < 0x20 || code === 0x7f
    })
  )
}

/**
 * A same-site path to go to after signing in, or the fallback. Refuses absolute URLs,
 * protocol-relative `//host` paths and backslash tricks that browsers treat as hosts.
 *
 * The result is resolved and serialised the way a browser would, so it is always ASCII with
 * other characters percent-encoded (`/admin/✓` becomes `/admin/%E2%9C%93`): it goes into a
 * Location header, which cannot hold characters beyond Latin-1 (the redirect would throw).
 * A path that only normalises into a host (`/.//evil.example`) falls back as well.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = '/',
): string {
  if (typeof to !== 'string' || !isSameSitePath(to)) return fallback
  let url: URL
  try {
    url = new URL(to, SITE)
  } catch {
    return fallback
  }
  if (url.origin !== SITE) return fallback
  const path = `${url.pathname}${url.search}${url.hash}`
  return isSameSitePath(path) ? path : fallback
}

const homes = {
  admin: '/admin/dashboard',
  interpreter: '/interpreter/dashboard',
  client: '/client/dashboard',
} as const

/**
 * Where a user lands after signing in when no page was asked for, and where a page of
 * another role's area sends them (docs/product.md#accounts-and-roles).
 */
export function homeFor(role: keyof typeof homes): string {
  return homes[role]
}
