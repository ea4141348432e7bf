import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  authTokens,
  bookingOffers,
  bookings,
  mailOutbox,
  storedFiles,
  users,
} from '../../db/schema'
import {
  BookingRuleError,
  clientBooking,
  createBooking,
  listClientBookings,
  type ClientBookingFilters,
  type ClientActor,
  type NewBooking,
  upcomingClientBookings,
} from '../../app/models/bookings.server'
import { cancelBooking, rescheduleBooking } from '../../app/models/dispatch/booking-changes.server'
import { clientContextOf } from '../../app/models/organizations.server'
import { setClock } from '../../app/platform/clock.server'
import { createStaffActor } from '../support/people-fixtures'
import { startTestRuntime, type TestRuntime } from '../support/test-runtime'
import {
  organizationStorageUsed,
  StorageQuotaError,
} from '../../app/models/organization-storage.server'
import { sendBookingDigests } from '../../app/models/booking-digests.server'
import { testDatabaseKinds } from '../support/test-database'
import { createOrganizationMember } from '../support/organization-fixtures'
import {
  createBookingRow,
  createDispatchInterpreter,
  emptyDispatchWorld,
} from '../support/booking-fixtures'

describe.each(testDatabaseKinds())('client bookings on %s', (kind) => {
  let test: TestRuntime
  let staff: { id: string; name: string }
  beforeAll(async () => {
    // A quota of one mebibyte, so that a few preparation files fill it.
    test = await startTestRuntime(kind, {
      env: { SITE_URL: 'https://lang.example', ORGANIZATION_STORAGE_QUOTA_MB: '1' },
    })
  })
  afterAll(() => test.stop())
  afterEach(() => setClock())
  beforeEach(async () => {
    // Monday 2 November 2026, 10:00 in New York (EST, after the change from EDT).
    setClock(() => new Date('2026-10-26T14:00:00Z'))
    await emptyDispatchWorld(test.db, [authTokens, users])
    staff = await createStaffActor()
  })

  async function clientOf(
    organizationName: string,
    email: string,
    role: 'manager' | 'requester',
  ): Promise<ClientActor> {
    const outcome = await createOrganizationMember(
      { organizationName, name: email.split('@')[0]!, email, role },
      staff,
    )
    if (outcome.state !== 'invited') throw new Error('not invited')
    return {
      actor: { id: outcome.userId, name: email },
      client: (await clientContextOf(outcome.userId))!,
    }
  }

  const booking = (overrides: Partial<NewBooking> = {}): NewBooking => ({
    language: 'Spanish',
    modality: 'on_site',
    date: '2026-11-02',
    time: '09:00',
    timeZone: 'America/New_York',
    durationMinutes: 120,
    location: '1 Clinic Way, Austin, TX',
    setting: 'medical',
    contactName: 'Nurse Joy',
    contactPhone: '+1 512 555 0100',
    files: [],
    ...overrides,
  })

  it('stores the wall-clock start across a daylight-saving change, tells staff, and marks a start under 24 h urgent', async () => {
    const manager = await clientOf('Valley Clinic', 'mia@valley.example', 'manager')
    const created = await createBooking(booking(), manager)
    // 9:00 EST on 2 November is 14:00 UTC (the clock changed on 1 November).
    expect(created.startsAt.toISOString()).toBe('2026-11-02T14:00:00.000Z')
    expect(created.urgent).toBe(false)
    const [mail] = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'booking-new'))
    expect(mail?.toAddress).toBe(test.runtime.config.staffNotifyEmail)
    expect(mail?.text).toContain('https://lang.example/admin/bookings/')
    // Another organization's: within the first one's window it would wait for the digest.
    const other = await clientOf('Harbor Law', 'hal@harbor.example', 'manager')
    const soon = await createBooking(booking({ date: '2026-10-27', time: '08:00' }), other)
    expect(soon.urgent).toBe(true)
    expect(
      (await test.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'booking-new'))).map(
        (m) => m.subject,
      ),
    ).toContain('URGENT: New booking: Harbor Law')
  })

  it('takes as preferred interpreter only one who has worked for the organization', async () => {
    const manager = await clientOf('Valley Clinic', 'mia@valley.example', 'manager')
    const other = await clientOf('Harbor Law', 'hal@harbor.example', 'manager')
    const [known, stranger] = await Promise.all(
      ['Kim', 'Sol'].map((firstName) => createDispatchInterpreter(test.db, staff, { firstName })),
    )
    // Kim worked for Valley Clinic; Sol only for another organization.
    for (const [who, interpreter] of [
      [manager, known!],
      [other, stranger!],
    ] as const)
      await createBookingRow(test.db, {
        organizationId: who.client.organizationId,
        localDate: '2026-10-01',
        status: 'completed',
        interpreterId: interpreter.profileId,
      })
    const kept = await createBooking(booking({ preferredInterpreterId: known!.profileId }), manager)
    expect(kept.preferredInterpreterId).toBe(known!.profileId)
    await expect(
      createBooking(booking({ preferredInterpreterId: stranger!.profileId }), manager),
    ).rejects.toBeInstanceOf(BookingRuleError)
    expect(await test.db.$count(bookings)).toBe(3)
  })

  const everyBooking: ClientBookingFilters = {
    q: '',
    status: 'all',
    when: 'all',
    sort: 'startsAt',
    direction: 'desc',
    page: 1,
  }

  it('pages, filters and searches the client’s bookings, and only those they may see', async () => {
    const manager = await clientOf('Court One', 'mia@court.example', 'manager')
    const requester = await clientOf('Court One', 'rex@court.example', 'requester')
    const stranger = await clientOf('Court Two', 'otto@court2.example', 'manager')
    const organizationId = manager.client.organizationId
    // The clock stands at 26 October 2026: 24 bookings to come and 3 past, by the manager.
    for (let day = 1; day <= 24; day++)
      await createBookingRow(test.db, {
        organizationId,
        requestedById: manager.actor.id,
        localDate: `2026-11-${String(day).padStart(2, '0')}`,
      })
    for (const day of ['01', '02', '03'])
      await createBookingRow(test.db, {
        organizationId,
        requestedById: manager.actor.id,
        localDate: `2026-10-${day}`,
        language: 'French',
        status: 'completed',
      })
    const korean = await createBookingRow(test.db, {
      organizationId,
      requestedById: requester.actor.id,
      localDate: '2026-12-01',
      language: 'Korean',
      location: 'Room 12, County Courthouse',
      status: 'confirmed',
    })
    await createBookingRow(test.db, {
      organizationId: stranger.client.organizationId,
      requestedById: stranger.actor.id,
      localDate: '2026-11-05',
    })
    const list = (who: ClientActor, filters: Partial<ClientBookingFilters>) =>
      listClientBookings(who, { ...everyBooking, ...filters })
    const starts = (page: Awaited<ReturnType<typeof list>>) =>
      page.items.map((row) => row.booking.startsAt.getTime())

    // 28 in all, the latest start first, 25 a page, none twice.
    const first = await list(manager, {})
    const second = await list(manager, { page: 2 })
    expect([first.total, second.total, first.pageSize]).toEqual([28, 28, 25])
    expect([first.items.length, second.items.length]).toEqual([25, 3])
    const all = [...first.items, ...second.items].map((row) => row.booking.id)
    expect(new Set(all).size).toBe(28)
    expect(all[0]).toBe(korean)
    expect([...starts(first), ...starts(second)]).toEqual(
      [...starts(first), ...starts(second)].sort((a, b) => b - a),
    )
    // Each row carries what its timeline needs.
    expect(first.items[0]).toMatchObject({ requesterName: 'rex', offers: 0, invoiced: false })

    // Upcoming: the soonest first; past: the latest first.
    const upcoming = await list(manager, { when: 'upcoming' })
    expect(upcoming.total).toBe(25)
    expect(starts(upcoming)).toEqual([...starts(upcoming)].sort((a, b) => a - b))
    const past = await list(manager, { when: 'past' })
    expect(past.items.map((row) => row.booking.localDate)).toEqual([
      '2026-10-03',
      '2026-10-02',
      '2026-10-01',
    ])
    expect((await list(manager, { when: 'past', status: 'requested' })).total).toBe(0)

    expect((await list(manager, { status: 'completed' })).total).toBe(3)
    expect(
      (await list(manager, { status: 'confirmed' })).items.map((row) => row.booking.id),
    ).toEqual([korean])

    // Search: the language, the place, who booked it, the setting; any case, anywhere.
    for (const q of ['korean', 'ROOM 12', 'rex', 'courthouse'])
      expect((await list(manager, { q })).items.map((row) => row.booking.id)).toEqual([korean])
    expect((await list(manager, { q: 'french' })).total).toBe(3)
    expect((await list(manager, { q: 'medical' })).total).toBe(28)
    expect((await list(manager, { q: '%' })).total).toBe(0)
    expect((await list(manager, { q: 'french', when: 'upcoming' })).total).toBe(0)

    // A requester finds only their own; another organization sees none of these.
    expect((await list(requester, {})).items.map((row) => row.booking.id)).toEqual([korean])
    expect((await list(requester, { q: 'Spanish' })).total).toBe(0)
    expect((await list(stranger, {})).total).toBe(1)
    expect((await list(stranger, { q: 'korean' })).total).toBe(0)
  })

  it('a requester sees their own bookings, a manager the organization’s, nobody another organization’s', async () => {
    const manager = await clientOf('Court One', 'mia@court.example', 'manager')
    const requester = await clientOf('Court One', 'rex@court.example', 'requester')
    const stranger = await clientOf('Court Two', 'otto@court2.example', 'manager')
    const mine = await createBooking(booking(), requester)
    const managers = await createBooking(booking({ language: 'Korean' }), manager)
    const ids = async (who: ClientActor) =>
      (await listClientBookings(who, everyBooking)).items.map((row) => row.booking.id)
    expect(await ids(requester)).toEqual([mine.id])
    expect((await ids(manager)).sort()).toEqual([mine.id, managers.id].sort())
    expect(await ids(stranger)).toEqual([])
    expect(await clientBooking(managers.id, requester)).toBeUndefined()
    expect(await clientBooking(mine.id, stranger)).toBeUndefined()
    expect(await cancelBooking(mine.id, stranger)).toBeUndefined()
    expect(
      await rescheduleBooking(
        mine.id,
        { date: '2026-11-03', time: '09:00', timeZone: 'America/New_York', durationMinutes: 60 },
        stranger,
      ),
    ).toBeUndefined()
    expect((await test.db.select().from(bookings).where(eq(bookings.id, mine.id)))[0]?.status).toBe(
      'requested',
    )
  })

  it('the dashboard lists bookings still to come and not cancelled, the soonest first', async () => {
    const manager = await clientOf('Court One', 'mia@court.example', 'manager')
    const later = await createBooking(booking({ date: '2026-11-05' }), manager)
    const sooner = await createBooking(booking({ date: '2026-11-03' }), manager)
    const cancelled = await createBooking(booking({ date: '2026-11-04' }), manager)
    await cancelBooking(cancelled.id, manager)
    await createBookingRow(test.db, {
      organizationId: manager.client.organizationId,
      localDate: '2026-10-20',
      status: 'completed',
    })
    const ids = async (limit: number) =>
      (await upcomingClientBookings(manager, limit)).map((row) => row.booking.id)
    expect(await ids(5)).toEqual([sooner.id, later.id])
    expect(await ids(1)).toEqual([sooner.id])
  })

  it('cancels inside 24 hours as a late cancellation, and never twice', async () => {
    const manager = await clientOf('Valley Clinic', 'mia@valley.example', 'manager')
    const early = await createBooking(booking(), manager)
    expect(await cancelBooking(early.id, manager)).toEqual({ late: false, count: 1 })
    await expect(cancelBooking(early.id, manager)).rejects.toThrow(BookingRuleError)
    const soon = await createBooking(booking({ date: '2026-10-27', time: '08:00' }), manager)
    expect(await cancelBooking(soon.id, manager)).toEqual({ late: true, count: 1 })
    const [row] = await test.db.select().from(bookings).where(eq(bookings.id, soon.id))
    expect(row).toMatchObject({ status: 'cancelled', lateCancellation: true })
  })

  it('rescheduling sends the booking back to dispatch and withdraws its offers', async () => {
    const manager = await clientOf('Valley Clinic', 'mia@valley.example', 'manager')
    const created = await createBooking(booking(), manager)
    await test.db.update(bookings).set({ status: 'offered' }).where(eq(bookings.id, created.id))
    const moved = await rescheduleBooking(
      created.id,
      { date: '2026-11-05', time: '13:30', timeZone: 'America/Chicago', durationMinutes: 90 },
      manager,
    )
    expect(moved).toMatchObject({
      status: 'requested',
      localTime: '13:30',
      timeZone: 'America/Chicago',
    })
    expect(moved!.startsAt.toISOString()).toBe('2026-11-05T19:30:00.000Z')
    expect(await test.db.$count(bookingOffers)).toBe(0)
  })

  it("counts preparation files against the organization's storage quota, and keeps nothing it refuses", async () => {
    const manager = await clientOf('Valley Clinic', 'mia@valley.example', 'manager')
    const preparation = (kilobytes: number) => ({
      bytes: Buffer.alloc(kilobytes * 1024, 0x20),
      mediaType: 'application/pdf',
      extension: 'pdf',
      originalName: 'glossary.pdf',
    })
    await createBooking(booking({ files: [preparation(700)] }), manager)
    const filesBefore = await test.db.$count(storedFiles)
    await expect(
      createBooking(booking({ files: [preparation(200), preparation(200)] }), manager),
    ).rejects.toBeInstanceOf(StorageQuotaError)
    expect(await test.db.$count(bookings)).toBe(1)
    expect(await test.db.$count(storedFiles)).toBe(filesBefore)
    // A booking without files is never refused for the quota.
    await createBooking(booking(), manager)
    await createBooking(booking({ files: [preparation(300)] }), manager)
    expect(await organizationStorageUsed(manager.client.organizationId)).toBe(1000 * 1024)
  })

  it('mails staff the first booking of a burst at once and the rest in one digest when the window ends', async () => {
    const manager = await clientOf('Valley Clinic', 'mia@valley.example', 'manager')
    const other = await clientOf('Harbor Law', 'hal@harbor.example', 'manager')
    const start = new Date('2026-10-26T14:00:00Z')
    // Five at once, then one for tomorrow morning (urgent) within the window.
    await Promise.all(
      ['Korean', 'Arabic', 'French', 'Polish', 'Spanish'].map((language) =>
        createBooking(booking({ language }), manager),
      ),
    )
    await createBooking(booking({ date: '2026-10-27', time: '08:00' }), manager)
    const staffMails = (template: string) =>
      test.db.select().from(mailOutbox).where(eq(mailOutbox.template, template))
    expect(await staffMails('booking-new')).toHaveLength(1)
    // Another organization's booking has its own window.
    await createBooking(booking(), other)
    expect(await staffMails('booking-new')).toHaveLength(2)

    // Nothing before the window ends; then one digest of the four that waited.
    expect(await sendBookingDigests(test.db, new Date(start.getTime() + 9 * 60_000))).toBe(0)
    setClock(() => new Date(start.getTime() + 10 * 60_000 + 1000))
    const [sent, again] = await Promise.all([
      sendBookingDigests(test.db),
      sendBookingDigests(test.db),
    ])
    expect(sent + again).toBe(1)
    const [digest] = await staffMails('booking-digest')
    expect(digest).toMatchObject({
      toAddress: 'staff@example.com',
      subject: 'URGENT: 5 more bookings: Valley Clinic',
    })
    expect(
      digest!.text.match(/https:\/\/lang\.example\/admin\/bookings\/[0-9a-f-]{36}/g),
    ).toHaveLength(5)
    expect(digest!.text).toMatch(/^URGENT: Spanish/m)
    expect(await sendBookingDigests(test.db)).toBe(0)

    // After the window the next booking is mailed at once again.
    await createBooking(booking({ language: 'German' }), manager)
    expect(await staffMails('booking-new')).toHaveLength(3)
  })
})
