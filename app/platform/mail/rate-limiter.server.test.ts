import { describe, expect, it } from 'vitest'
import { MailRateLimiter, type AllowanceStore, type LimiterClock } from './rate-limiter.server'

/** A clock that only moves when someone sleeps on it (or a test moves `ms`). */
function manualClock(startMs = 1_700_000_000_000) {
  const state = { ms: startMs, sleeps: [] as number[] }
  const clock: LimiterClock = {
    now: () => state.ms,
    sleep: async (ms, signal) => {
      if (signal?.aborted) return
      state.sleeps.push(ms)
      state.ms += ms
    },
  }
  return Object.assign(state, clock)
}

/** The database's windows, in memory: hits per window start, shared by every limiter. */
function memoryStore() {
  const hits = new Map<number, number>()
  const calls: { window: number; wanted: number; granted: number }[] = []
  const take: AllowanceStore = async (windowStart, wanted, limit) => {
    const before = hits.get(windowStart.getTime()) ?? 0
    hits.set(windowStart.getTime(), before + wanted)
    const granted = Math.max(0, Math.min(wanted, limit - before))
    calls.push({ window: windowStart.getTime(), wanted, granted })
    return granted
  }
  return { take, calls }
}

describe('the mail rate limiter', () => {
  it('lets through at most the limit in each second, then waits for the next second', async () => {
    const clock = manualClock(1_700_000_000_250)
    const store = memoryStore()
    const limiter = new MailRateLimiter(5, store.take, clock)
    const permitsAt: number[] = []
    for (let i = 0; i < 12; i++) {
      expect(await limiter.acquire(12 - i)).toBe(true)
      permitsAt.push(Math.floor(clock.now() / 1000))
    }
    const perSecond = [...new Set(permitsAt)].map(
      (second) => permitsAt.filter((at) => at === second).length,
    )
    expect(perSecond).toEqual([5, 5, 2])
    // It waited to the start of the next second, not a whole second from wherever it was.
    expect(clock.sleeps).toEqual([750, 1000])
  })

  it('asks for a block as big as the work waiting (capped at the limit), not once per message', async () => {
    const clock = manualClock()
    const store = memoryStore()
    const limiter = new MailRateLimiter(100, store.take, clock)
    for (let i = 0; i < 30; i++) await limiter.acquire(30 - i)
    expect(store.calls).toEqual([{ window: clock.now(), wanted: 30, granted: 30 }])

    const capped = memoryStore()
    await new MailRateLimiter(10, capped.take, clock).acquire(500)
    expect(capped.calls[0]!.wanted).toBe(10)
  })

  it('never gives two instances more than the limit between them in one second', async () => {
    const clock = manualClock()
    const store = memoryStore()
    const instances = [
      new MailRateLimiter(8, store.take, clock),
      new MailRateLimiter(8, store.take, clock),
    ]
    const permitsPerSecond = new Map<number, number>()
    for (let round = 0; round < 10; round++) {
      for (const limiter of instances) {
        expect(await limiter.acquire(10 - round)).toBe(true)
        const second = Math.floor(clock.now() / 1000)
        permitsPerSecond.set(second, (permitsPerSecond.get(second) ?? 0) + 1)
      }
    }
    expect([...permitsPerSecond.values()].reduce((sum, count) => sum + count)).toBe(20)
    for (const count of permitsPerSecond.values()) expect(count).toBeLessThanOrEqual(8)
    const grantedPerWindow = new Map<number, number>()
    for (const call of store.calls)
      grantedPerWindow.set(call.window, (grantedPerWindow.get(call.window) ?? 0) + call.granted)
    for (const granted of grantedPerWindow.values()) expect(granted).toBeLessThanOrEqual(8)
    expect(permitsPerSecond.size).toBeGreaterThanOrEqual(3)
  })

  it('lets an unused allowance lapse with its second', async () => {
    const clock = manualClock(1_700_000_000_000)
    const store = memoryStore()
    const limiter = new MailRateLimiter(10, store.take, clock)
    await limiter.acquire(10)
    clock.ms += 1000
    await limiter.acquire(10)
    expect(store.calls.map((call) => call.window - store.calls[0]!.window)).toEqual([0, 1000])
  })

  it('shares one query between callers waiting at once', async () => {
    const clock = manualClock()
    const store = memoryStore()
    const limiter = new MailRateLimiter(4, store.take, clock)
    const results = await Promise.all([1, 2, 3, 4].map(() => limiter.acquire(4)))
    expect(results).toEqual([true, true, true, true])
    expect(store.calls).toHaveLength(1)
  })

  it('gives up without a permit when the worker stops while it waits', async () => {
    const clock = manualClock()
    const store = memoryStore()
    const stopping = new AbortController()
    const limiter = new MailRateLimiter(1, store.take, {
      now: clock.now,
      sleep: (_ms, signal) =>
        new Promise((resolve) => {
          if (signal?.aborted) resolve()
          else signal?.addEventListener('abort', () => resolve())
        }),
    })
    expect(await limiter.acquire(2, stopping.signal)).toBe(true)
    const waiting = limiter.acquire(1, stopping.signal)
    stopping.abort()
    expect(await waiting).toBe(false)
  })

  it('refuses a limit of zero (no limit is no limiter)', () => {
    expect(() => new MailRateLimiter(0, memoryStore().take)).toThrow()
  })
})
