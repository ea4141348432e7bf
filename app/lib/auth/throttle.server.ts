import { eq, sql } from 'drizzle-orm'
import { loginThrottles } from '../../../db/schema'
import { now } from '../clock.server'
import { currentRateLimit, hitRateLimit, type RateLimitRule } from '../rate-limit.server'
import { db } from '../runtime.server'

/** Failures an account may have before each further attempt must wait. */
export const FREE_FAILURES_PER_ACCOUNT = 5
const FIRST_DELAY_MS = 1000
export const MAX_ACCOUNT_DELAY_MS = 15 * 60 * 1000
// A count whose last failure is this old starts again from zero.
const FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000

/** At most 20 failed sign-ins per IP address in 10 minutes. */
export const LOGIN_FAILURES_PER_IP: RateLimitRule = {
  bucket: 'login-failures-ip',
  limit: 20,
  windowMs: 10 * 60 * 1000,
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** The delay after the n-th failure: none up to five, then 1 s, 2 s, 4 s … up to 15 minutes. */
export function accountDelayMs(failures: number): number {
  if (failures < FREE_FAILURES_PER_ACCOUNT) return 0
  return Math.min(
    FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES_PER_ACCOUNT),
    MAX_ACCOUNT_DELAY_MS,
  )
}

/** May this account be tried from this address now? Both limits live in the database. */
export async function checkLoginThrottle(
  accountKey: string,
  ipAddress: string,
): Promise<ThrottleDecision> {
  const current = now()
  const [account] = await db()
    .select()
    .from(loginThrottles)
    .where(eq(loginThrottles.accountKey, accountKey))
  const waits: number[] = []
  if (account?.blockedUntil && account.blockedUntil > current) {
    waits.push(Math.ceil((account.blockedUntil.getTime() - current.getTime()) / 1000))
  }
  const perIp = await currentRateLimit(db(), LOGIN_FAILURES_PER_IP, ipAddress, current)
  if (!perIp.allowed) waits.push(perIp.retryAfterSeconds)
  return waits.length === 0
    ? { allowed: true }
    : { allowed: false, retryAfterSeconds: Math.max(...waits) }
}

export async function recordLoginFailure(accountKey: string, ipAddress: string) {
  const current = now()
  const forgetBefore = new Date(current.getTime() - FAILURE_MEMORY_MS)
  const [row] = await db()
    .insert(loginThrottles)
    .values({ accountKey, failures: 1, lastFailureAt: current })
    .onConflictDoUpdate({
      target: loginThrottles.accountKey,
      set: {
        failures: sql`case when ${loginThrottles.lastFailureAt} < ${forgetBefore} then 1 else ${loginThrottles.failures} + 1 end`,
        lastFailureAt: current,
      },
    })
    .returning({ failures: loginThrottles.failures })
  const delay = accountDelayMs(row?.failures ?? 1)
  if (delay > 0) {
    await db()
      .update(loginThrottles)
      .set({ blockedUntil: new Date(current.getTime() + delay) })
      .where(eq(loginThrottles.accountKey, accountKey))
  }
  await hitRateLimit(db(), LOGIN_FAILURES_PER_IP, ipAddress, current)
}

export async function clearLoginFailures(accountKey: string) {
  await db().delete(loginThrottles).where(eq(loginThrottles.accountKey, accountKey))
}
