import { randomUUID } from 'node:crypto'
import { count, eq, inArray, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { clientRequests, mailOutbox, statusCounts } from '../../db/schema'
import type { ClientRequestStatus } from '../../app/domain/statuses'
import { clientRequestCounts, listClientRequests } from '../../app/models/client-requests.server'
import { listOutbox } from '../../app/models/mail.server'
import {
  countsByKeyAndStatus,
  countsByStatus,
  foldStatusCounts,
} from '../../app/models/status-counts.server'
import { startTestRuntime, type TestRuntime } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

describe.each(testDatabaseKinds())('status counts on %s', (kind) => {
  let test: TestRuntime
  beforeAll(async () => {
    test = await startTestRuntime(kind)
  })
  afterAll(() => test.stop())
  beforeEach(async () => {
    await test.db.delete(mailOutbox)
    await test.db.delete(clientRequests)
  })

  /** Client requests with these statuses, created a minute apart (the last is the newest). */
  async function addRequests(statuses: ClientRequestStatus[]) {
    const base = Date.now() - statuses.length * 60_000
    return test.db
      .insert(clientRequests)
      .values(
        statuses.map((status, index) => ({
          type: 'contact' as const,
          name: `Person ${index}`,
          email: `person-${index}@example.org`,
          company: 'Clinic',
          message: 'We need an interpreter.',
          status,
          createdAt: new Date(base + index * 60_000),
        })),
      )
      .returning({ id: clientRequests.id })
  }

  async function countedByTable() {
    const rows = await test.db
      .select({ status: clientRequests.status, value: count() })
      .from(clientRequests)
      .groupBy(clientRequests.status)
    return new Map(rows.map((row) => [row.status as string, row.value]))
  }

  it('follows inserts, status changes and deletes, before and after folding', async () => {
    const ids = await addRequests([
      ...Array<ClientRequestStatus>(12).fill('new'),
      ...Array<ClientRequestStatus>(5).fill('contacted'),
      ...Array<ClientRequestStatus>(3).fill('closed'),
    ])
    await test.db
      .update(clientRequests)
      .set({ status: 'in_progress' })
      .where(
        inArray(
          clientRequests.id,
          ids.slice(0, 4).map((row) => row.id),
        ),
      )
    // An update that leaves the status alone changes no count.
    await test.db.update(clientRequests).set({ company: 'Hospital' })
    await test.db.delete(clientRequests).where(eq(clientRequests.id, ids[19]!.id))

    const expected = new Map([
      ['new', 8],
      ['in_progress', 4],
      ['contacted', 5],
      ['closed', 2],
    ])
    expect(await countedByTable()).toEqual(expected)
    expect(await countsByStatus('client_requests')).toEqual(expected)
    expect(await clientRequestCounts()).toMatchObject({
      total: 19,
      new: 8,
      in_progress: 4,
      contacted: 5,
      closed: 2,
      completed: 0,
    })

    await foldStatusCounts(test.db)
    expect(await countsByStatus('client_requests')).toEqual(expected)
    const rows = await test.db
      .select({ value: count() })
      .from(statusCounts)
      .where(eq(statusCounts.counter, 'client_requests'))
    // One row per status left; the deleted requests' rows sum to nothing and are gone.
    expect(rows[0]!.value).toBe(4)
  })

  it('gives an unsearched list its total from the counts, and the right rows on page 2', async () => {
    await addRequests([
      ...Array<ClientRequestStatus>(20).fill('new'),
      ...Array<ClientRequestStatus>(10).fill('contacted'),
    ])
    const filters = {
      q: '',
      status: 'all' as const,
      sort: 'createdAt' as const,
      direction: 'desc' as const,
      page: 2,
    }
    const all = await listClientRequests(filters)
    expect(all.total).toBe(30)
    // Newest first, 25 a page: page 2 holds the five oldest.
    expect(all.items.map((row) => row.name)).toEqual([
      'Person 4',
      'Person 3',
      'Person 2',
      'Person 1',
      'Person 0',
    ])
    const contacted = await listClientRequests({ ...filters, status: 'contacted', page: 1 })
    expect(contacted.total).toBe(10)
    expect(contacted.items).toHaveLength(10)
    expect(contacted.items.every((row) => row.status === 'contacted')).toBe(true)
    expect((await listClientRequests({ ...filters, status: 'completed', page: 1 })).total).toBe(0)
    // A search still counts its matches.
    const searched = await listClientRequests({ ...filters, q: 'Person 1', page: 1 })
    expect(searched.total).toBe(11)
  })

  it("counts the outbox by status and each staff message's e-mails", async () => {
    const messageIds = [randomUUID(), randomUUID()]
    const mail = (reference: string | null, status: 'queued' | 'sent' | 'failed') => ({
      template: 'staff-message',
      toAddress: `${randomUUID()}@example.org`,
      subject: 'Schedule',
      html: '<p>Hello</p>',
      text: 'Hello',
      reference,
      status,
    })
    await test.db
      .insert(mailOutbox)
      .values([
        ...Array.from({ length: 6 }, () => mail(`message:${messageIds[0]}`, 'queued')),
        ...Array.from({ length: 2 }, () => mail(`message:${messageIds[1]}`, 'failed')),
        mail('client_request:1', 'sent'),
      ])
    // The worker delivers four of the first message's e-mails.
    const delivered = await test.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.reference, `message:${messageIds[0]}`))
      .limit(4)
    await test.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: sql`now()` })
      .where(
        inArray(
          mailOutbox.id,
          delivered.map((row) => row.id),
        ),
      )

    expect(await countsByStatus('mail_outbox')).toEqual(
      new Map([
        ['queued', 2],
        ['sent', 5],
        ['failed', 2],
      ]),
    )
    expect((await listOutbox()).byStatus).toEqual({ queued: 2, sent: 5, failed: 2 })
    const perMessage = await countsByKeyAndStatus('message_deliveries', messageIds)
    expect(perMessage.sort((a, b) => (a.key + a.status).localeCompare(b.key + b.status))).toEqual(
      [
        { key: messageIds[0], status: 'queued', count: 2 },
        { key: messageIds[0], status: 'sent', count: 4 },
        { key: messageIds[1], status: 'failed', count: 2 },
      ].sort((a, b) => (a.key! + a.status).localeCompare(b.key! + b.status)),
    )
    expect(await countsByStatus('message_deliveries')).toEqual(
      new Map([
        ['queued', 2],
        ['sent', 4],
        ['failed', 2],
      ]),
    )

    await test.db.delete(mailOutbox).where(like(mailOutbox.reference, 'message:%'))
    await foldStatusCounts(test.db)
    expect(await countsByStatus('message_deliveries')).toEqual(new Map())
    expect(await countsByStatus('mail_outbox')).toEqual(new Map([['sent', 1]]))
  })
})
