import type { Database } from '../db.server'
import { takeRateLimitAllowance } from '../rate-limit.server'

/**
 * Hands out a window's allowance: up to `wanted` units of the window starting at
 * `windowStart`, never more than `limit` in the window between every caller.
 */
export type AllowanceStore = (windowStart: Date, wanted: number, limit: number) => Promise<number>

export interface LimiterClock {
  now(): number
  /** Resolves after `ms`, or at once when the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

const WINDOW_MS = 1000

/**
 * At most `perSecond` messages in each second of the clock, shared through `store` (the
 * database, so that every instance counts against the provider's one cap). A worker takes
 * the allowance in blocks, as many as it has messages waiting, so that a busy second costs
 * one query and not one per message; what a block leaves unused lapses with its second.
 */
export class MailRateLimiter {
  private allowance = 0
  private allowanceWindow = -1
  private refill: Promise<void> | undefined

  constructor(
    readonly perSecond: number,
    private readonly store: AllowanceStore,
    private readonly clock: LimiterClock = systemClock,
  ) {
    if (!(perSecond > 0)) throw new Error('A mail rate limit must be above 0 per second.')
  }

  /**
   * Waits until one more message may go. `waiting` is how many the caller has ready to send
   * (the size of the block to ask for). Resolves false, without a permit, when `signal`
   * aborts (the worker is stopping).
   */
  async acquire(waiting: number, signal?: AbortSignal): Promise<boolean> {
    while (!signal?.aborted) {
      const window = this.currentWindow()
      if (this.allowanceWindow === window && this.allowance > 0) {
        this.allowance--
        return true
      }
      // One query at a time: the others wait for its answer and share it.
      this.refill ??= this.takeBlock(window, waiting, signal).finally(() => {
        this.refill = undefined
      })
      await this.refill
    }
    return false
  }

  private currentWindow() {
    return Math.floor(this.clock.now() / WINDOW_MS) * WINDOW_MS
  }

  private async takeBlock(window: number, waiting: number, signal?: AbortSignal) {
    const wanted = Math.max(1, Math.min(waiting, this.perSecond))
    const granted = await this.store(new Date(window), wanted, this.perSecond)
    this.allowance = granted
    this.allowanceWindow = window
    // This second is used up (by this instance or others): wait for the next one.
    if (granted === 0) await this.clock.sleep(window + WINDOW_MS - this.clock.now(), signal)
  }
}

/** The allowance kept in the database's rate-limit windows, shared by every instance. */
export function databaseAllowance(db: Database): AllowanceStore {
  return (windowStart, wanted, limit) =>
    takeRateLimitAllowance(
      db,
      { bucket: 'mail-delivery', limit, windowMs: WINDOW_MS },
      'smtp',
      wanted,
      windowStart,
    )
}

const systemClock: LimiterClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve()
      const timer = setTimeout(done, Math.max(0, ms))
      signal?.addEventListener('abort', done, { once: true })
      function done() {
        clearTimeout(timer)
        signal?.removeEventListener('abort', done)
        resolve()
      }
    }),
}
