import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { authTokens, bookingFiles, bookings, users } from '../../db/schema'
import {
  clientBooking,
  createBooking,
  type ClientActor,
  type NewBooking,
} from '../../app/models/bookings.server'
import { cancelBooking } from '../../app/models/dispatch/booking-changes.server'
import { dispatchListFor } from '../../app/models/dispatch/eligibility.server'
import { setClock } from '../../app/platform/clock.server'
import { createStaffActor } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'
import { createClientManager } from '../support/organization-fixtures'
import { createDispatchInterpreter, emptyDispatchWorld } from '../support/booking-fixtures'

// Weekly series of bookings (docs/product.md#bookings).
describe.each(testDatabaseKinds())('booking series on %s', (kind) => {
  const test = testRuntimeFor(kind, { env: { SITE_URL: 'https://lang.example' } })
  let staff: { id: string; name: string }
  let client: ClientActor
  afterEach(() => setClock())
  beforeEach(async () => {
    // Monday 4 May 2026, 11:00 in New York.
    setClock(() => new Date('2026-05-04T15:00:00Z'))
    await emptyDispatchWorld(test.db, [authTokens, users])
    staff = await createStaffActor()
    client = await createClientManager(
      { organizationName: 'Cedar School District', name: 'Cora', email: 'cora@cedar.example' },
      staff,
    )
  })

  /** Every Tuesday and Thursday for 8 weeks from Tuesday 12 May 2026, 10:00 in New York. */
  const series = (overrides: Partial<NewBooking> = {}): NewBooking => ({
    language: 'Spanish',
    modality: 'video',
    date: '2026-05-12',
    time: '10:00',
    timeZone: 'America/New_York',
    durationMinutes: 60,
    location: 'https://meet.example/iep',
    setting: 'education',
    contactName: 'Cora',
    contactPhone: '+1 512 555 0100',
    files: [
      {
        bytes: Buffer.from('%PDF-1.4 iep'),
        mediaType: 'application/pdf',
        extension: 'pdf',
        originalName: 'iep.pdf',
      },
    ],
    repeatDays: ['tuesday', 'thursday'],
    repeatWeeks: 8,
    ...overrides,
  })

  const seriesRows = async (seriesId: string) =>
    test.db
      .select()
      .from(bookings)
      .where(eq(bookings.seriesId, seriesId))
      .orderBy(bookings.startsAt)

  it('creates one booking per date at the same wall-clock time, all sharing the files', async () => {
    const first = await createBooking(series(), client)
    expect(first.localDate).toBe('2026-05-12')
    const rows = await seriesRows(first.seriesId!)
    expect(rows).toHaveLength(16)
    expect(rows.map((row) => row.localDate).slice(0, 3)).toEqual([
      '2026-05-12',
      '2026-05-14',
      '2026-05-19',
    ])
    // 10:00 in New York every time: EDT throughout, 14:00 UTC.
    expect(new Set(rows.map((row) => row.startsAt.toISOString().slice(11, 16)))).toEqual(
      new Set(['14:00']),
    )
    const files = await test.db.select().from(bookingFiles)
    expect(files).toHaveLength(16)
    expect(new Set(files.map((file) => file.fileId)).size).toBe(1)
    expect((await clientBooking(rows[2]!.id, client))?.series).toEqual({ position: 3, count: 16 })

    const single = await createBooking(series({ repeatDays: [], repeatWeeks: undefined }), client)
    expect(single.seriesId).toBeNull()
    expect((await clientBooking(single.id, client))?.series).toBeUndefined()
  })

  it('cancels this booking only, this and the following ones, or every open one', async () => {
    const first = await createBooking(series({ files: [] }), client)
    const rows = await seriesRows(first.seriesId!)
    const statuses = async () => (await seriesRows(first.seriesId!)).map((row) => row.status)

    expect(await cancelBooking(rows[1]!.id, client, { scope: 'one' })).toEqual({
      late: false,
      count: 1,
    })
    expect((await statuses()).filter((status) => status === 'cancelled')).toHaveLength(1)

    // From the 13th of 16: the 13th to the 16th.
    expect(await cancelBooking(rows[12]!.id, client, { scope: 'following' })).toEqual({
      late: false,
      count: 4,
    })
    expect((await statuses()).slice(11)).toEqual([
      'requested',
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ])

    // The rest: 16 less the 5 already cancelled.
    expect(await cancelBooking(rows[0]!.id, client, { scope: 'all' })).toEqual({
      late: false,
      count: 11,
    })
    expect(new Set(await statuses())).toEqual(new Set(['cancelled']))
  })

  it('ranks the series’ interpreter and the client’s preferred interpreter first', async () => {
    const abel = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Abel',
      lastName: 'Aaronson',
    })
    const zoe = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Zoe',
      lastName: 'Zimmer',
    })
    const first = await createBooking(series({ files: [] }), client)
    const rows = await seriesRows(first.seriesId!)
    const order = async (id: string) => {
      const [row] = await test.db.select().from(bookings).where(eq(bookings.id, id))
      return (await dispatchListFor(row!)).eligible.map((entry) => entry.firstName)
    }
    expect(await order(rows[1]!.id)).toEqual(['Abel', 'Zoe'])
    // Zoe interprets the first booking of the series: she leads on the others.
    await test.db
      .update(bookings)
      .set({ status: 'confirmed', interpreterId: zoe.profileId })
      .where(eq(bookings.id, rows[0]!.id))
    expect(await order(rows[1]!.id)).toEqual(['Zoe', 'Abel'])
    // The client's own request for Abel comes before the series' interpreter.
    await test.db
      .update(bookings)
      .set({ preferredInterpreterId: abel.profileId })
      .where(eq(bookings.id, rows[1]!.id))
    expect(await order(rows[1]!.id)).toEqual(['Abel', 'Zoe'])
  })
})
