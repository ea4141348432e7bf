import { eq, sql } from 'drizzle-orm'
import { loginThrottles } from '../../db/schema'
import { now } from '../platform/clock.server'
import {
  clearRateLimit,
  hitRateLimit,
  refundRateLimit,
  type RateLimitRule,
} from '../platform/rate-limit.server'
import { db } from '../platform/runtime.server'

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

/**
 * Failures of one account from one address. An address with none may still try an account
 * that others are locking out, so that a stranger's guesses cannot lock the owner out.
 */
const LOGIN_FAILURES_PER_ACCOUNT_AND_IP: RateLimitRule = {
  bucket: 'login-failures-account-ip',
  limit: 1,
  windowMs: FAILURE_MEMORY_MS,
}

export type LoginReservation =
  | {
      allowed: true
      /** This attempt is the one that starts the account's waits: tell its owner. */
      lockoutStarted: boolean
    }
  | { allowed: false; retryAfterSeconds: number }

/** The delay after the n-th failure: none up to five, then 1 s, 2 s, 4 s … up to 15 minutes. */
export function accountDelayMs(failures: number): number {
  if (failures < FREE_FAILURES_PER_ACCOUNT) return 0
  return Math.min(
    FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES_PER_ACCOUNT),
    MAX_ACCOUNT_DELAY_MS,
  )
}

function accountAddressKey(accountKey: string, ipAddress: string) {
  return `${accountKey} ${ipAddress}`
}

function secondsUntil(moment: Date, current: Date) {
  return Math.max(1, Math.ceil((moment.getTime() - current.getTime()) / 1000))
}

/**
 * Asks whether this account may be tried from this address now and, in the same step,
 * counts the attempt as a failure; `recordLoginSuccess` takes it back when the password was
 * right. Checking and counting separately let parallel guesses all pass the check (they
 * all read the count before any of them raised it): here the per-address count is one
 * atomic upsert, and the account's row stays locked from reading its count to raising it,
 * so parallel attempts for one account queue and each sees the ones before it.
 */
export async function reserveLoginAttempt(
  accountKey: string,
  ipAddress: string,
): Promise<LoginReservation> {
  const current = now()
  const perIp = await hitRateLimit(db(), LOGIN_FAILURES_PER_IP, ipAddress, current)
  if (!perIp.allowed) return { allowed: false, retryAfterSeconds: perIp.retryAfterSeconds }

  return db().transaction(async (tx) => {
    await tx
      .insert(loginThrottles)
      .values({ accountKey, failures: 0, lastFailureAt: current })
      .onConflictDoNothing()
    const [account] = await tx
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.accountKey, accountKey))
      .for('update')
    if (!account) throw new Error('The login throttle row vanished inside its transaction.')
    const fromThisAddress = await hitRateLimit(
      tx,
      LOGIN_FAILURES_PER_ACCOUNT_AND_IP,
      accountAddressKey(accountKey, ipAddress),
      current,
    )
    const waitingUntil =
      account.blockedUntil && account.blockedUntil > current ? account.blockedUntil : undefined
    if (waitingUntil && !fromThisAddress.allowed) {
      return { allowed: false, retryAfterSeconds: secondsUntil(waitingUntil, current) }
    }
    const forgotten = account.lastFailureAt.getTime() < current.getTime() - FAILURE_MEMORY_MS
    const failures = forgotten ? 1 : account.failures + 1
    const delay = accountDelayMs(failures)
    await tx
      .update(loginThrottles)
      .set({
        failures,
        lastFailureAt: current,
        // A wait already running is never shortened by an attempt from a new address.
        blockedUntil:
          delay === 0 && !waitingUntil
            ? null
            : new Date(Math.max(current.getTime() + delay, waitingUntil?.getTime() ?? 0)),
      })
      .where(eq(loginThrottles.accountKey, accountKey))
    return { allowed: true, lockoutStarted: failures === FREE_FAILURES_PER_ACCOUNT }
  })
}

/**
 * A failed attempt has been answered: its account's wait, if any, runs from now. (Failed
 * sign-ins are answered no sooner than a second after they began, so a wait counted from
 * the attempt itself would have passed before the answer arrived.)
 */
export async function restartWaitFromAnswer(accountKey: string) {
  const current = now()
  const [account] = await db()
    .select({ failures: loginThrottles.failures })
    .from(loginThrottles)
    .where(eq(loginThrottles.accountKey, accountKey))
  const delay = accountDelayMs(account?.failures ?? 0)
  if (delay === 0) return
  await db()
    .update(loginThrottles)
    .set({
      blockedUntil: sql`greatest(coalesce(${loginThrottles.blockedUntil}, ${current}), ${new Date(current.getTime() + delay)})`,
    })
    .where(eq(loginThrottles.accountKey, accountKey))
}

/** The right password: the attempt was not a failure, and the account starts again from zero. */
export async function recordLoginSuccess(accountKey: string, ipAddress: string) {
  const current = now()
  await db().transaction(async (tx) => {
    await tx.delete(loginThrottles).where(eq(loginThrottles.accountKey, accountKey))
    await clearRateLimit(
      tx,
      LOGIN_FAILURES_PER_ACCOUNT_AND_IP,
      accountAddressKey(accountKey, ipAddress),
    )
    await refundRateLimit(tx, LOGIN_FAILURES_PER_IP, ipAddress, current)
  })
}
