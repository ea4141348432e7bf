import { createHmac, timingSafeEqual } from 'node:crypto'
import { DEFAULT_LOCALE, pathInLocale, type Locale } from '../domain/locales'

/**
 * The applicant's private status link carries the application id, the application's link
 * version and an HMAC of both under the server's secret: it needs no stored token, does not
 * expire, and is revoked by raising the version (staff, or the erasure that deletes the
 * row). See docs/decisions/046-applicant-status-links-and-erasure.md.
 */
const PURPOSE = 'application-status:v1:'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function signature(applicationId: string, version: number, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}${applicationId}:${version}`).digest()
}

export function applicationStatusToken(
  applicationId: string,
  version: number,
  secret: string,
): string {
  return `${applicationId}.${version}.${signature(applicationId, version, secret).toString('base64url')}`
}

/** The application id and link version a token was made for, or undefined when it is not genuine. */
export function verifyApplicationStatusToken(
  token: string,
  secret: string,
): { applicationId: string; version: number } | undefined {
  if (token.length > 200) return undefined
  const [applicationId, versionText, mac, extra] = token.split('.')
  if (!applicationId || !versionText || !mac || extra !== undefined) return undefined
  if (!UUID.test(applicationId) || !/^[1-9][0-9]{0,8}$/.test(versionText)) return undefined
  const version = Number(versionText)
  // Compared as text: base64url decoding ignores a last character's unused bits, so two
  // spellings would otherwise pass for one signature.
  const expected = Buffer.from(signature(applicationId, version, secret).toString('base64url'))
  const given = Buffer.from(mac)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  return { applicationId, version }
}

/** The status page's address, in the language the applicant applied in. */
export function applicationStatusUrl(
  siteUrl: string,
  application: { id: string; statusLinkVersion: number },
  secret: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const token = applicationStatusToken(application.id, application.statusLinkVersion, secret)
  return `${siteUrl}${pathInLocale(`/application-status/${token}`, locale)}`
}
