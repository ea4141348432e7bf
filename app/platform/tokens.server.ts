import { createHash, randomBytes } from 'node:crypto'

/** 256 random bits, URL-safe: session ids and single-use links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Only this hash is stored, never the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
