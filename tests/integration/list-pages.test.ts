import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { interpreterStatements, statementLines } from '../../db/schema'
import { listStatements } from '../../app/models/billing/statements.server'
import {
  CLOSEOUT_GROUP_LIMIT,
  staffCloseoutGroups,
} from '../../app/models/billing/closeout-list.server'
import { seedInterpretersAndBookings, seedPortalActivity } from '../../scripts/seed-at-scale'
import { startTestRuntime, type TestRuntime } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

const DAY = 24 * 60 * 60 * 1000

// The staff lists over the work the demo seed leaves behind (scripts/seed-at-scale.ts), small.
describe.each(testDatabaseKinds())('staff lists over seeded work on %s', (kind) => {
  let test: TestRuntime
  beforeAll(async () => {
    test = await startTestRuntime(kind)
    const scale = { interpreters: 30, organizations: 3, label: 'Test' }
    await seedInterpretersAndBookings(test.db, {
      ...scale,
      bookings: 900,
      firstStart: new Date(Date.now() - 100 * DAY),
      days: 120,
    })
    await seedPortalActivity(test.db, {
      ...scale,
      clientUsersPerOrganization: 2,
      staff: 2,
      messages: 20,
    })
  })
  afterAll(() => test.stop())

  it('pages the statements newest period first, each with the sum of its own lines', async () => {
    const [all] = await test.db.select({ value: count() }).from(interpreterStatements)
    expect(all!.value).toBeGreaterThan(50)
    const pages = []
    for (let page = 1; (page - 1) * 25 < all!.value; page++) {
      const list = await listStatements({ status: 'all', page })
      expect(list.total).toBe(all!.value)
      pages.push(...list.items)
    }
    expect(new Set(pages.map((statement) => statement.id)).size).toBe(all!.value)
    const keys = pages.map((row) => [row.periodStart, row.lastName, row.firstName, row.id])
    expect(keys).toEqual(
      [...keys].sort(
        (a, b) =>
          b[0]!.localeCompare(a[0]!) ||
          a[1]!.localeCompare(b[1]!, 'en', { sensitivity: 'variant' }) ||
          a[2]!.localeCompare(b[2]!) ||
          a[3]!.localeCompare(b[3]!),
      ),
    )
    const sums = await test.db
      .select({
        id: statementLines.statementId,
        total: sql<number>`sum(${statementLines.totalCents})::int`,
        lines: sql<number>`count(*)::int`,
      })
      .from(statementLines)
      .groupBy(statementLines.statementId)
    const byId = new Map(sums.map((row) => [row.id, row]))
    for (const statement of pages) {
      expect(statement.totalCents).toBe(byId.get(statement.id)?.total ?? 0)
      expect(statement.lineCount).toBe(byId.get(statement.id)?.lines ?? 0)
    }
    const paid = await listStatements({ status: 'paid', page: 1 })
    const [paidCount] = await test.db
      .select({ value: count() })
      .from(interpreterStatements)
      .where(eq(interpreterStatements.status, 'paid'))
    expect(paid.total).toBe(paidCount!.value)
    expect(paid.items.every((statement) => statement.status === 'paid')).toBe(true)
  })

  it('lists the closeouts waiting and those overdue, the oldest first', async () => {
    const groups = await staffCloseoutGroups()
    // About seven in ten of the last four days' ended assignments (random ids pick which,
    // and the weekday decides how many ended): some, the oldest sent first.
    expect(groups.waiting.rows.length).toBeGreaterThan(0)
    // A working queue: its first rows, and how many wait in all.
    expect(groups.waiting.rows.length).toBeLessThanOrEqual(CLOSEOUT_GROUP_LIMIT)
    expect(groups.waiting.total).toBeGreaterThanOrEqual(groups.waiting.rows.length)
    for (const row of groups.waiting.rows) expect(row.submittedAt).toBeInstanceOf(Date)
    const sent = groups.waiting.rows.map((row) => row.submittedAt.getTime())
    expect(sent).toEqual([...sent].sort((a, b) => a - b))
    // Overdue: ended at least the due time ago with no closeout, the oldest first.
    for (const row of groups.overdue.rows) expect(row.dueAt.getTime()).toBeLessThan(Date.now())
    const starts = groups.overdue.rows.map((row) => row.startsAt.getTime())
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
  })
})
