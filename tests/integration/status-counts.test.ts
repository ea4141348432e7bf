import { randomUUID } from 'node:crypto'
import { count, eq, inArray, like, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  bookings,
  leads,
  interpreterApplications,
  mailOutbox,
  statusCounts,
  storedFiles,
} from '../../db/schema'
import type { BookingStatus } from '../../app/domain/bookings'
import type { LeadStatus } from '../../app/domain/statuses'
import { listBookings, type BookingFilters } from '../../app/models/dispatch/bookings.server'
import { leadCounts, listLeads } from '../../app/models/leads/list.server'
import { listOutbox } from '../../app/models/mail.server'
import { applicationCounts } from '../../app/models/interpreter-applications/review.server'
import {
  boardTotal,
  listOnboardingBoard,
  onboardingCounts,
} from '../../app/models/onboarding/board.server'
import {
  countsByKeyAndStatus,
  countsByStatus,
  foldStatusCounts,
} from '../../app/models/status-counts.server'
import { runInRequestScope } from '../../app/platform/request-scope.server'
import { createBookingRow, createOrganization } from '../support/booking-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

describe.each(testDatabaseKinds())('status counts on %s', (kind) => {
  const test = testRuntimeFor(kind)
  beforeEach(async () => {
    await test.db.delete(mailOutbox)
    await test.db.delete(leads)
    await test.db.delete(interpreterApplications)
  })

  /** Client requests with these statuses, created a minute apart (the last is the newest). */
  async function addRequests(statuses: LeadStatus[]) {
    const base = Date.now() - statuses.length * 60_000
    return test.db
      .insert(leads)
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
      .returning({ id: leads.id })
  }

  async function countedByTable() {
    const rows = await test.db
      .select({ status: leads.status, value: count() })
      .from(leads)
      .groupBy(leads.status)
    return new Map(rows.map((row) => [row.status as string, row.value]))
  }

  it('follows inserts, status changes and deletes, before and after folding', async () => {
    const ids = await addRequests([
      ...Array<LeadStatus>(12).fill('new'),
      ...Array<LeadStatus>(5).fill('contacted'),
      ...Array<LeadStatus>(3).fill('closed'),
    ])
    await test.db
      .update(leads)
      .set({ status: 'in_progress' })
      .where(
        inArray(
          leads.id,
          ids.slice(0, 4).map((row) => row.id),
        ),
      )
    // An update that leaves the status alone changes no count.
    await test.db.update(leads).set({ company: 'Hospital' })
    await test.db.delete(leads).where(eq(leads.id, ids[19]!.id))

    const expected = new Map([
      ['new', 8],
      ['in_progress', 4],
      ['contacted', 5],
      ['closed', 2],
    ])
    expect(await countedByTable()).toEqual(expected)
    expect(await countsByStatus('leads')).toEqual(expected)
    expect(await leadCounts()).toMatchObject({
      total: 19,
      new: 8,
      in_progress: 4,
      contacted: 5,
      closed: 2,
      completed: 0,
    })

    await foldStatusCounts(test.db)
    expect(await countsByStatus('leads')).toEqual(expected)
    const rows = await test.db
      .select({ value: count() })
      .from(statusCounts)
      .where(eq(statusCounts.counter, 'leads'))
    // One row per status left; the deleted requests' rows sum to nothing and are gone.
    expect(rows[0]!.value).toBe(4)
  })

  it('gives an unsearched list its total from the counts, and the right rows on page 2', async () => {
    await addRequests([
      ...Array<LeadStatus>(20).fill('new'),
      ...Array<LeadStatus>(10).fill('contacted'),
    ])
    const filters = {
      q: '',
      status: 'all' as const,
      sort: 'createdAt' as const,
      direction: 'desc' as const,
      page: 2,
    }
    const all = await listLeads(filters)
    expect(all.total).toBe(30)
    // Newest first, 25 a page: page 2 holds the five oldest.
    expect(all.items.map((row) => row.name)).toEqual([
      'Person 4',
      'Person 3',
      'Person 2',
      'Person 1',
      'Person 0',
    ])
    const contacted = await listLeads({ ...filters, status: 'contacted', page: 1 })
    expect(contacted.total).toBe(10)
    expect(contacted.items).toHaveLength(10)
    expect(contacted.items.every((row) => row.status === 'contacted')).toBe(true)
    expect((await listLeads({ ...filters, status: 'completed', page: 1 })).total).toBe(0)
    // A search still counts its matches.
    const searched = await listLeads({ ...filters, q: 'Person 1', page: 1 })
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
    // Inside a page's request the counters are read together, once, with the same answers.
    const outside = await Promise.all(
      (['mail_outbox', 'message_deliveries', 'leads'] as const).map(countsByStatus),
    )
    const inside = await runInRequestScope(() =>
      Promise.all((['mail_outbox', 'message_deliveries', 'leads'] as const).map(countsByStatus)),
    )
    expect(inside).toEqual(outside)

    await test.db.delete(mailOutbox).where(like(mailOutbox.reference, 'message:%'))
    await foldStatusCounts(test.db)
    expect(await countsByStatus('message_deliveries')).toEqual(new Map())
    expect(await countsByStatus('mail_outbox')).toEqual(new Map([['sent', 1]]))
  })

  it('counts approved interpreters by onboarding progress, and pages the board by progress and name', async () => {
    const [resume] = await test.db
      .insert(storedFiles)
      .values({
        storageKey: `test/${randomUUID()}.pdf`,
        originalName: 'cv.pdf',
        mediaType: 'application/pdf',
        byteSize: 1,
        sha256: '0'.repeat(64),
      })
      .returning()
    // 30 approved interpreters: six each at progress 0, 2 and 4, twelve done; two pending.
    const people = Array.from({ length: 32 }, (_, index) => ({
      status: index < 30 ? ('approved' as const) : ('pending' as const),
      onboardingProgress: index < 30 ? Math.min(6, (index % 5) * 2) : 0,
      source: 'language-page' as const,
      sourceReference: 'test',
      position: 'Interpreter',
      firstName: 'Test',
      // Two of each name: the id keeps their order between pages.
      lastName: `Person ${String(Math.floor(index / 2)).padStart(2, '0')}`,
      email: `person-${index}@example.org`,
      phone: `+1 512 555 ${String(index).padStart(4, '0')}`,
      languages: ['Spanish'],
      interpretingExperience: '3-5',
      expectedPayPerMinute: '1.00-1.25',
      resumeFileId: resume!.id,
      privacyConsentAt: new Date(),
      privacyNoticeVersion: 'test',
    }))
    await test.db.insert(interpreterApplications).values(people)
    // Two move on one step; one of the done ones is rejected after all.
    const [notStarted] = await test.db
      .select({ id: interpreterApplications.id })
      .from(interpreterApplications)
      .where(eq(interpreterApplications.email, 'person-0@example.org'))
    await test.db
      .update(interpreterApplications)
      .set({ onboardingProgress: 1 })
      .where(eq(interpreterApplications.id, notStarted!.id))
    await test.db
      .update(interpreterApplications)
      .set({ status: 'rejected' })
      .where(eq(interpreterApplications.email, 'person-4@example.org'))

    const counts = await onboardingCounts()
    expect(counts).toEqual({ approved: 29, not_started: 5, in_progress: 13, complete: 11 })
    expect((await applicationCounts()).fullyOnboarded).toBe(11)

    const all = { q: '', stage: 'all' as const, page: 1 }
    expect(boardTotal(all, counts)).toBe(29)
    expect(boardTotal({ ...all, stage: 'in_progress' }, counts)).toBe(13)
    expect(boardTotal({ ...all, q: 'Person' }, counts)).toBeUndefined()
    const first = await listOnboardingBoard(all, boardTotal(all, counts))
    const second = await listOnboardingBoard({ ...all, page: 2 }, boardTotal(all, counts))
    expect(first.total).toBe(29)
    expect(first.items).toHaveLength(25)
    expect(second.items).toHaveLength(4)
    const order = [...first.items, ...second.items]
    // Every interpreter once, by progress and then name.
    expect(new Set(order.map((row) => row.id)).size).toBe(29)
    const keys = order.map((row) => [row.onboardingProgress, row.lastName] as const)
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1])))
    // Searching counts its matches.
    const searched = await listOnboardingBoard({ ...all, q: 'Person 01' })
    expect(searched.total).toBe(2)

    await foldStatusCounts(test.db)
    expect(await onboardingCounts()).toEqual(counts)
  })

  it('gives the bookings list its total from the counts, and counts a date range in the table', async () => {
    const organizationId = await createOrganization(test.db, `Clinic ${randomUUID().slice(0, 6)}`)
    const made = [
      await createBookingRow(test.db, { organizationId, localDate: '2031-03-02' }),
      await createBookingRow(test.db, { organizationId, localDate: '2031-03-03' }),
      await createBookingRow(test.db, {
        organizationId,
        localDate: '2031-04-01',
        status: 'offered',
      }),
    ]
    await test.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, made[0]!))
    const tableCount = async (status?: BookingStatus) =>
      (await test.db.$count(bookings, status ? eq(bookings.status, status) : undefined)) as number
    const totalOf = (filters: Partial<BookingFilters>) =>
      listBookings({ status: 'all', from: '', to: '', page: 1, ...filters }).then(
        (page) => page.total,
      )

    expect(await totalOf({})).toBe(await tableCount())
    expect(await totalOf({ status: 'cancelled' })).toBe(await tableCount('cancelled'))
    expect(await totalOf({ status: 'requested' })).toBe(await tableCount('requested'))
    expect(await totalOf({ status: 'confirmed' })).toBe(await tableCount('confirmed'))
    expect(await totalOf({ from: '2031-03-01', to: '2031-03-31' })).toBe(2)
    expect(await totalOf({ status: 'offered', from: '2031-03-01' })).toBe(1)

    await test.db.delete(bookings).where(inArray(bookings.id, made))
    await foldStatusCounts(test.db)
    expect(await totalOf({})).toBe(await tableCount())
    expect(await totalOf({ status: 'offered' })).toBe(await tableCount('offered'))
  })
})
