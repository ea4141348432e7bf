import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimitWindows } from '../../db/schema'
import { deleteExpiredRateLimitWindows, hitRateLimit } from '../../app/lib/rate-limit.server'
import { startTestRuntime, type TestRuntime } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

const rule = { bucket: 'test', limit: 3, windowMs: 60_000 }

describe.each(testDatabaseKinds())('rate limits on %s', (kind) => {
  let test: TestRuntime
  beforeAll(async () => {
    test = await startTestRuntime(kind)
  })
  afterAll(() => test.stop())

  it('allows the limit within a window, refuses the next hit and says when to retry', async () => {
    const now = new Date('2026-01-01T10:00:15Z')
    const results = []
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(test.db, rule, '203.0.113.7', now))
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false])
    expect(results[3]!.retryAfterSeconds).toBe(45)
    // Another key has its own count.
    expect((await hitRateLimit(test.db, rule, '198.51.100.1', now)).allowed).toBe(true)
  })

  it('starts again in the next window and sweeps windows that have ended', async () => {
    const later = new Date('2026-01-01T10:01:01Z')
    expect((await hitRateLimit(test.db, rule, '203.0.113.7', later)).hits).toBe(1)
    await deleteExpiredRateLimitWindows(test.db, new Date('2026-01-01T10:01:30Z'))
    const remaining = await test.db.select().from(rateLimitWindows)
    expect(remaining.map((row) => row.windowStart.toISOString())).toEqual([
      '2026-01-01T10:01:00.000Z',
    ])
  })

  it('counts concurrent hits exactly', async () => {
    const now = new Date('2026-01-02T10:00:00Z')
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(test.db, { ...rule, limit: 10 }, 'burst', now)),
    )
    expect(results.filter((result) => result.allowed)).toHaveLength(10)
    expect(Math.max(...results.map((result) => result.hits))).toBe(20)
  })
})
