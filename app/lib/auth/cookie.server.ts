/**
 * The session cookie: HttpOnly, SameSite=Lax, and on an https site `Secure` with the
 * `__Host-` prefix (which also pins it to this host and path /).
 */
export interface SessionCookieSettings {
  secure: boolean
}

export function sessionCookieName(settings: SessionCookieSettings) {
  return settings.secure ? '__Host-session' : 'session'
}

/** The browser of a call's guest (docs/product.md#call-guests): its key to that one call. */
export function guestCookieName(settings: SessionCookieSettings) {
  return settings.secure ? '__Host-call-guest' : 'call-guest'
}

export function readSessionToken(
  request: Request,
  settings: SessionCookieSettings,
): string | undefined {
  return readTokenCookie(request.headers.get('cookie'), sessionCookieName(settings))
}

/** A token cookie's value from a Cookie header, when it has a token's shape. */
export function readTokenCookie(header: string | null | undefined, name: string) {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index === -1) continue
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim()
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined
    }
  }
  return undefined
}

export function serializeSessionCookie(
  token: string,
  maxAgeSeconds: number,
  settings: SessionCookieSettings,
): string {
  return serializeTokenCookie(sessionCookieName(settings), token, maxAgeSeconds, settings)
}

/** A token cookie with the session cookie's protections. */
export function serializeTokenCookie(
  name: string,
  token: string,
  maxAgeSeconds: number,
  settings: SessionCookieSettings,
): string {
  const parts = [
    `${name}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
  ]
  if (settings.secure) parts.push('Secure')
  return parts.join('; ')
}

export function clearSessionCookie(settings: SessionCookieSettings): string {
  return serializeSessionCookie('', 0, settings)
}
