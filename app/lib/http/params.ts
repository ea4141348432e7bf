import { notFound } from './responses'

/**
 * Route parameters are attacker-controlled text. A value that cannot name a record (a NUL
 * byte, a non-UUID for a uuid column) must not reach a query: PostgreSQL refuses it and the
 * visitor would get a 500. These helpers turn such a value into the 404 an unknown id gets.
 */

/** Any UUID in the 8-4-4-4-12 hex form PostgreSQL's uuid type reads (any version). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The longest slug a URL may carry (job ids are far shorter). */
export const MAX_SLUG_LENGTH = 100

/**
 * A readable id as used in URLs, such as `greek-english-remote-interpreter`: ASCII letters,
 * digits, `-` and `_`, starting with a letter or digit, at most {@link MAX_SLUG_LENGTH} long.
 */
const SLUG = new RegExp(`^[a-z0-9][a-z0-9_-]{0,${MAX_SLUG_LENGTH - 1}}$`, 'i')

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value)
}

export function isSlug(value: unknown): value is string {
  return typeof value === 'string' && SLUG.test(value)
}

type Params = Readonly<Record<string, string | undefined>>

function requireParam<P extends Params>(
  params: P,
  name: keyof P & string,
  valid: (value: unknown) => value is string,
  statusText: string,
): string {
  const value = params[name]
  if (!valid(value)) throw notFound(statusText)
  return value
}

/** The named parameter when it is a UUID; otherwise throws a 404 (as for an unknown id). */
export function requireUuidParam<P extends Params>(
  params: P,
  name: keyof P & string,
  statusText = 'Not Found',
): string {
  return requireParam(params, name, isUuid, statusText)
}

/** The named parameter when it is a slug ({@link isSlug}); otherwise throws a 404. */
export function requireSlugParam<P extends Params>(
  params: P,
  name: keyof P & string,
  statusText = 'Not Found',
): string {
  return requireParam(params, name, isSlug, statusText)
}
