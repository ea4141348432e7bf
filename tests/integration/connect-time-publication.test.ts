import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, calls, connectTimePublication, users } from '../../db/schema'
import { connectTimeText } from '../../app/domain/calls'
import type { Actor } from '../../app/models/audit.server'
import {
  publishConnectTime,
  publishedConnectTime,
  refreshPublishedConnectTime,
  unpublishConnectTime,
} from '../../app/models/calls/connect-time-publication.server'
import { publicContentVersion } from '../../app/models/job-postings.server'
import { setClock } from '../../app/platform/clock.server'
import { loader as servicesLoader } from '../../app/routes/public/services'
import { createOrganization } from '../support/booking-fixtures'
import { emptyBillingWorld } from '../support/billing-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testDatabaseKinds } from '../support/test-database'
import { testRuntimeFor } from '../support/test-runtime'

const NOW = new Date('2026-03-20T15:00:00Z')
const DAY = 86_400_000

/** What the services page's loader is called with: the English page's request. */
const servicesPageArgs = {
  request: new Request('http://localhost/services'),
} as Parameters<typeof servicesLoader>[0]

/**
 * The median time to a live interpreter on the services page (docs/product.md#call-board):
 * published by staff, computed from the last 30 days' connected calls, refused below 10 of
 * them, computed again hourly, and part of the public pages' fingerprint.
 */
describe.each(testDatabaseKinds())('the published connect time on %s', (kind) => {
  const test = testRuntimeFor(kind)
  let staff: Actor
  let organizationId: string
  let clock = NOW

  afterEach(() => setClock())

  beforeEach(async () => {
    await emptyBillingWorld(test.db, [users])
    await test.db.delete(connectTimePublication)
    clock = NOW
    setClock(() => clock)
    staff = await createStaffActor()
    organizationId = await createOrganization(test.db, 'Harbor Clinic')
  })

  /** A call started `daysAgo` before now that connected after `seconds` (null: unanswered). */
  const call = (daysAgo: number, seconds: number | null) => {
    const startedAt = new Date(NOW.getTime() - daysAgo * DAY)
    return test.db.insert(calls).values({
      organizationId,
      language: 'Spanish',
      media: 'video',
      setting: 'medical',
      status: seconds === null ? 'unanswered' : 'ended',
      startedAt,
      connectedAt: seconds === null ? null : new Date(startedAt.getTime() + seconds * 1000),
      endedAt: new Date(startedAt.getTime() + 600_000),
      endedBy: seconds === null ? null : 'client',
    })
  }

  it('is refused under 10 connected calls, then published as their median, and withdrawn', async () => {
    // Nine connected calls (and one unanswered, and one of 40 days ago: neither counts).
    for (const [index, seconds] of [3, 4, 5, 6, 7, 8, 9, 10, 30].entries())
      await call(index + 1, seconds)
    await call(2, null)
    await call(40, 1)
    expect(await publishConnectTime(staff)).toBe('too-few-calls')
    expect(await publishedConnectTime()).toBeNull()
    expect(await test.db.select().from(connectTimePublication)).toEqual([])

    const before = await publicContentVersion()
    // The tenth: 3, 4, 5, 6, 7, 8, 9, 10, 12, 30 s; the median is (7 + 8) / 2 = 7.5 s.
    await call(11, 12)
    expect(await publishConnectTime(staff)).toBe('published')
    expect(await publishedConnectTime()).toEqual({ medianSeconds: 7.5 })
    const [row] = await test.db.select().from(connectTimePublication)
    expect(row).toMatchObject({ published: true, medianTenths: 75, calls: 10 })
    // The public pages are rendered again, and the services page says it.
    expect(await publicContentVersion()).not.toBe(before)
    const services = await servicesLoader(servicesPageArgs)
    expect(services.connectTime).toEqual({ medianSeconds: 7.5 })
    expect(services.medianConnectTime).toBe('8 seconds')
    expect(connectTimeText(7.5)).toBe('8 seconds')

    await unpublishConnectTime(staff)
    expect(await publishedConnectTime()).toBeNull()
    expect((await servicesLoader(servicesPageArgs)).connectTime).toBeNull()
    const audits = await test.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityType, 'connect_time_publication'))
    expect(audits.map((entry) => entry.action).sort()).toEqual([
      'connect_time_published',
      'connect_time_unpublished',
    ])
  })

  it('is computed again once an hour old, and shows nothing when the calls fall under 10', async () => {
    for (let index = 0; index < 10; index++) await call(index + 1, 20)
    expect(await publishConnectTime(staff)).toBe('published')
    await call(0.5, 2)
    clock = new Date(NOW.getTime() + 30 * 60_000)
    expect(await refreshPublishedConnectTime(test.db, clock)).toBe(false)
    clock = new Date(NOW.getTime() + 61 * 60_000)
    expect(await refreshPublishedConnectTime(test.db, clock)).toBe(true)
    // 2 s and ten of 20 s: still 20.
    expect(await test.db.select().from(connectTimePublication)).toMatchObject([
      { medianTenths: 200, calls: 11 },
    ])

    // 26 days on, the calls of days 1 to 10 have left the window: 11 - 7 = 4 remain.
    clock = new Date(NOW.getTime() + 26 * DAY)
    expect(await refreshPublishedConnectTime(test.db, clock)).toBe(true)
    expect(await publishedConnectTime()).toBeNull()
    expect(await test.db.select().from(connectTimePublication)).toMatchObject([
      { published: true, medianTenths: null, calls: 4 },
    ])
    // Not published: nothing to compute.
    await unpublishConnectTime(staff)
    clock = new Date(NOW.getTime() + 28 * DAY)
    expect(await refreshPublishedConnectTime(test.db, clock)).toBe(false)
  })
})
