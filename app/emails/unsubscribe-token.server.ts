import { normalizeEmail } from '../domain/email'
import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Unsubscribe links carry the address and an HMAC of it under the server's secret, so a link
 * works without an account or a stored token and cannot be forged for another address. It
 * does not expire: an unsubscribe link must keep working (see
 * docs/decisions/032-unsubscribe-links.md).
 */
const PURPOSE = 'unsubscribe:v1:'

function signature(email: string, secret: string): Buffer {
  return createHmac('sha256', secret)
    .update(PURPOSE + normalizeEmail(email))
    .digest()
}

export function unsubscribeToken(email: string, secret: string): string {
  const address = Buffer.from(normalizeEmail(email), 'utf8').toString('base64url')
  return `${address}.${signature(email, secret).toString('base64url')}`
}

/** The address a token was made for, or undefined when the token is not genuine. */
export function verifyUnsubscribeToken(token: string, secret: string): string | undefined {
  const [address, mac, extra] = token.split('.')
  if (!address || !mac || extra !== undefined || token.length > 1000) return undefined
  const email = Buffer.from(address, 'base64url').toString('utf8')
  if (!email.includes('@')) return undefined
  const expected = signature(email, secret)
  const given = Buffer.from(mac, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  return normalizeEmail(email)
}

export function unsubscribeUrl(siteUrl: string, email: string, secret: string): string {
  return `${siteUrl}/unsubscribe?token=${unsubscribeToken(email, secret)}`
}
