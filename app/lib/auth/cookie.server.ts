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

export function readSessionToken(
  request: Request,
  settings: SessionCookieSettings,
): string | undefined {
  const header = request.headers.get('cookie')
  if (!header) return undefined
  const name = sessionCookieName(settings)
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
  const parts = [
    `${sessionCookieName(settings)}=${token}`,
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
