import { and, eq, lt, sql } from 'drizzle-orm'
import { rateLimitWindows } from '../../db/schema'
import type { Database } from './db.server'
import { now as currentTime } from './clock.server'

export interface RateLimitRule {
  /** What is limited, for example `contact-form`. */
  bucket: string
  limit: number
  windowMs: number
}

export interface RateLimitResult {
  allowed: boolean
  hits: number
  /** Seconds until the current window ends. */
  retryAfterSeconds: number
}

/**
 * Counts one hit for `key` (an IP address, an account) in the rule's current fixed window
 * and says whether it is still within the limit. One upsert, safe across instances.
 */
export async function hitRateLimit(
  db: Database,
  rule: RateLimitRule,
  key: string,
  now: Date = currentTime(),
): Promise<RateLimitResult> {
  const { hits, windowEnd } = await addHits(db, rule, key, 1, now)
  return {
    allowed: hits <= rule.limit,
    hits,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000)),
  }
}

/**
 * Takes up to `wanted` units of the rule's current window for `key` and returns how many it
 * got (0 once the window is used up): for work done in blocks, such as a mail worker
 * sending a batch under a provider's messages-per-second cap. The upsert holds the window's
 * row lock, so instances taking at once never get more than the limit between them.
 */
export async function takeRateLimitAllowance(
  db: Database,
  rule: RateLimitRule,
  key: string,
  wanted: number,
  now: Date = currentTime(),
): Promise<number> {
  const { hits } = await addHits(db, rule, key, wanted, now)
  const before = hits - wanted
  return Math.max(0, Math.min(wanted, rule.limit - before))
}

async function addHits(db: Database, rule: RateLimitRule, key: string, count: number, now: Date) {
  const windowStartMs = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs
  const windowEnd = new Date(windowStartMs + rule.windowMs)
  const [row] = await db
    .insert(rateLimitWindows)
    .values({
      bucket: rule.bucket,
      key,
      windowStart: new Date(windowStartMs),
      hits: count,
      expiresAt: windowEnd,
    })
    .onConflictDoUpdate({
      target: [rateLimitWindows.bucket, rateLimitWindows.key, rateLimitWindows.windowStart],
      set: { hits: sql`${rateLimitWindows.hits} + ${count}` },
    })
    .returning({ hits: rateLimitWindows.hits })
  return { hits: row?.hits ?? count, windowEnd }
}

/**
 * Takes back one hit counted in the current window: for a hit counted up front (so that
 * parallel requests cannot all pass a check) whose request turned out not to count.
 */
export async function refundRateLimit(
  db: Database,
  rule: RateLimitRule,
  key: string,
  now: Date = currentTime(),
) {
  const windowStartMs = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs
  await db
    .update(rateLimitWindows)
    .set({ hits: sql`greatest(${rateLimitWindows.hits} - 1, 0)` })
    .where(
      and(
        eq(rateLimitWindows.bucket, rule.bucket),
        eq(rateLimitWindows.key, key),
        eq(rateLimitWindows.windowStart, new Date(windowStartMs)),
      ),
    )
}

/** One limit a request counts against: a rule and whose count it is (a person, an address). */
export interface RateLimitHit {
  rule: RateLimitRule
  key: string
}

export type RateLimitClaim =
  /** Counted against every limit; `giveBack` takes the hits back when nothing was stored. */
  | { allowed: true; giveBack(): Promise<void> }
  /** Over `refusedBy`'s limit; nothing stays counted. */
  | { allowed: false; refusedBy: RateLimitRule; retryAfterSeconds: number }

/**
 * Counts one hit against each limit, up front, so that parallel requests cannot all pass
 * (each upsert returns its own count). When one is over its limit the request is refused and
 * its hits are taken back at once: a refused request does not count against the others.
 */
export async function claimRateLimits(
  db: Database,
  hits: readonly RateLimitHit[],
  now: Date = currentTime(),
): Promise<RateLimitClaim> {
  const counted: RateLimitHit[] = []
  const giveBack = async () => {
    for (const { rule, key } of counted) await refundRateLimit(db, rule, key, now)
  }
  for (const hit of hits) {
    const result = await hitRateLimit(db, hit.rule, hit.key, now)
    counted.push(hit)
    if (!result.allowed) {
      await giveBack()
      return { allowed: false, refusedBy: hit.rule, retryAfterSeconds: result.retryAfterSeconds }
    }
  }
  return { allowed: true, giveBack }
}

/** Forgets every hit counted for `key` under the rule. */
export async function clearRateLimit(db: Database, rule: RateLimitRule, key: string) {
  await db
    .delete(rateLimitWindows)
    .where(and(eq(rateLimitWindows.bucket, rule.bucket), eq(rateLimitWindows.key, key)))
}

export const TOO_MANY_REQUESTS_MESSAGE =
  'Too many submissions from your network. Please wait a few minutes and try again.'

/** The headers of a 429 answer for a rate-limit result. */
export function retryAfterHeaders(result: Pick<RateLimitResult, 'retryAfterSeconds'>) {
  return { 'Retry-After': String(result.retryAfterSeconds) }
}

/** Deletes windows that have ended (called by the runtime's maintenance timer). */
export async function deleteExpiredRateLimitWindows(db: Database, now: Date = currentTime()) {
  await db.delete(rateLimitWindows).where(lt(rateLimitWindows.expiresAt, now))
}
