/**
 * Cross-site request forgery check for every state-changing request (docs/security.md).
 * Browsers send Sec-Fetch-Site; older ones send Origin. A request with neither,
 * or with a foreign or `null` origin, is refused.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export interface CsrfInput {
  method: string
  secFetchSite: string | undefined
  origin: string | undefined
}

export function isCrossSiteRequest(input: CsrfInput, siteOrigin: string): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return false
  if (input.secFetchSite) {
    return input.secFetchSite !== 'same-origin' && input.secFetchSite !== 'none'
  }
  if (!input.origin) return true
  return input.origin !== siteOrigin
}

/**
 * Whether a WebSocket handshake comes from a page of this site. Browsers always send Origin
 * with it and a page cannot forge it: it must be the configured site's, or this host's
 * (the address the browser used, behind no proxy). A handshake without Origin (not a
 * browser) is refused too.
 */
export function isSameSiteSocket(
  origin: string | undefined,
  host: string | undefined,
  siteOrigin: string,
): boolean {
  if (!origin || origin === 'null') return false
  if (origin === siteOrigin) return true
  if (!host) return false
  return origin === `http://${host}` || origin === `https://${host}`
}
