import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it, onTestFinished } from 'vitest'
import { setClock } from '../../app/platform/clock.server'
import { leads, rateLimitWindows } from '../../db/schema'
import { LEAD_RATE_LIMIT, submitLead } from '../../app/routes/public/+shared/lead-action.server'
import {
  claimRateLimits,
  deleteExpiredRateLimitWindows,
  hitRateLimit,
  refundRateLimit,
} from '../../app/platform/rate-limit.server'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

const rule = { bucket: 'test', limit: 3, windowMs: 60_000 }

describe.each(testDatabaseKinds())('rate limits on %s', (kind) => {
  const test = testRuntimeFor(kind)

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

  it('gives back a refunded hit in the same window, never below zero', async () => {
    const now = new Date('2026-01-03T10:00:00Z')
    for (let i = 0; i < 3; i++) await hitRateLimit(test.db, rule, 'refund', now)
    await refundRateLimit(test.db, rule, 'refund', now)
    expect((await hitRateLimit(test.db, rule, 'refund', now)).allowed).toBe(true)
    for (let i = 0; i < 6; i++) await refundRateLimit(test.db, rule, 'refund', now)
    expect((await hitRateLimit(test.db, rule, 'refund', now)).hits).toBe(1)
  })

  it('counts a contact post against the sender only when it was stored', async () => {
    const contactPost = (formToken = randomUUID()) =>
      new Request('http://localhost/contact', {
        method: 'POST',
        body: new URLSearchParams({
          name: 'Ana Lima',
          email: 'ana@example.org',
          company: 'Clinic',
          message: 'Please call me.',
          formToken,
        }),
      })
    const address = '198.51.100.77'
    // One instant for every post: windows are fixed, and a run that crossed a window's end
    // would count the last posts in a fresh window.
    const startedAt = new Date()
    setClock(() => startedAt)
    onTestFinished(() => setClock())
    // A failing database (the disk is full): every post fails and none may count.
    await test.db.execute(sql`alter table leads rename to leads_away`)
    try {
      for (let i = 0; i < LEAD_RATE_LIMIT.limit + 2; i++) {
        const failed = await submitLead(contactPost(), 'contact', address)
        expect((failed as { init?: ResponseInit }).init?.status).toBe(500)
      }
    } finally {
      await test.db.execute(sql`alter table leads_away rename to leads`)
    }
    // A double submit stores nothing new either.
    const token = randomUUID()
    await submitLead(contactPost(token), 'contact', address)
    await submitLead(contactPost(token), 'contact', address)
    const stored = [] as unknown[]
    for (let i = 0; i < LEAD_RATE_LIMIT.limit - 1; i++)
      stored.push(await submitLead(contactPost(), 'contact', address))
    expect(stored.every((result) => (result as { sent?: boolean }).sent === true)).toBe(true)
    expect(await test.db.$count(leads)).toBe(LEAD_RATE_LIMIT.limit)
    const refused = await submitLead(contactPost(), 'contact', address)
    expect((refused as { init?: ResponseInit }).init?.status).toBe(429)
  })

  it('claims a person and an organization together: at once, never past either, and refused hits count nowhere', async () => {
    const now = new Date('2026-01-01T11:00:00Z')
    const person = { bucket: 'test-person', limit: 3, windowMs: 60_000 }
    const organization = { bucket: 'test-organization', limit: 5, windowMs: 60_000 }
    const claim = (who: string) =>
      claimRateLimits(
        test.db,
        [
          { rule: person, key: who },
          { rule: organization, key: 'clinic' },
        ],
        now,
      )
    // Four people, four claims each, all at once: three each pass the person's limit, five
    // in all the organization's.
    const claims = await Promise.all(
      ['a', 'b', 'c', 'd'].flatMap((who) => Array.from({ length: 4 }, () => claim(who))),
    )
    expect(claims.filter((result) => result.allowed)).toHaveLength(5)
    const refusals = claims.flatMap((result) => (result.allowed ? [] : [result.refusedBy.bucket]))
    expect(new Set(refusals)).toEqual(new Set(['test-person', 'test-organization']))
    const count = async (bucket: string, key: string) => {
      const [row] = await test.db
        .select({ hits: rateLimitWindows.hits })
        .from(rateLimitWindows)
        .where(and(eq(rateLimitWindows.bucket, bucket), eq(rateLimitWindows.key, key)))
      return row?.hits ?? 0
    }
    expect(await count('test-organization', 'clinic')).toBe(5)
    // Giving back a claim that stored nothing frees its place in both.
    const granted = claims.find((result) => result.allowed)!
    if (granted.allowed) await granted.giveBack()
    expect(await count('test-organization', 'clinic')).toBe(4)
    expect((await claim('e')).allowed).toBe(true)
  })
})
