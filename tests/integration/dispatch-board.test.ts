import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { users } from '../../db/schema'
import { setClock } from '../../app/platform/clock.server'
import type { Actor } from '../../app/models/audit.server'
import { bookingBoard, todaysDispatch } from '../../app/models/dispatch/board.server'
import { unfilledSoon } from '../../app/models/dispatch/bookings.server'
import { bookingStatuses } from '../../app/domain/bookings'
import { boardFiltersSchema, type BoardFilters } from '../../app/lib/validation/dispatch'
import {
  createBookingRow,
  createDispatchInterpreter,
  createOrganization,
  emptyDispatchWorld,
  type BookingFixture,
} from '../support/booking-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

/** The board's filters as the screen parses them from its address. */
function filtersOf(query: Record<string, string>): BoardFilters {
  return boardFiltersSchema('2026-05-04').parse(query)
}

async function board(query: Record<string, string>) {
  return bookingBoard(filtersOf(query))
}

/** The ids of a board in the order shown, day by day and hour by hour. */
function shownIds(result: Awaited<ReturnType<typeof bookingBoard>>): string[] {
  return result.days.flatMap((day) =>
    day.hours.flatMap((hour) => hour.bookings.map((booking) => booking.id)),
  )
}

describe.each(testDatabaseKinds())('dispatch board on %s', (kind) => {
  let staff: Actor
  let clinic: string
  let court: string
  const test = testRuntimeFor(kind)
  const book = (booking: Partial<BookingFixture> & { localDate: string }) =>
    createBookingRow(test.db, { organizationId: clinic, ...booking })
  afterEach(() => setClock())
  beforeEach(async () => {
    await emptyDispatchWorld(test.db, [users])
    staff = await createStaffActor()
    // Monday 4 May 2026, 11:00 in New York (the office's zone in tests).
    setClock(() => new Date('2026-05-04T15:00:00Z'))
    clinic = await createOrganization(test.db, 'Riverside Clinic')
    court = await createOrganization(test.db, 'County Court')
  })

  it('groups a day by office hour, those at risk first in each hour, and counts what it lists', async () => {
    const confirmedEarly = await book({
      localDate: '2026-05-04',
      localTime: '14:00',
      status: 'confirmed',
    })
    const cancelled = await book({
      localDate: '2026-05-04',
      localTime: '14:05',
      status: 'cancelled',
    })
    // Still without an interpreter 3 hours before the start: at risk, though it starts later.
    const atRisk = await book({ localDate: '2026-05-04', localTime: '14:45' })
    const morning = await book({ localDate: '2026-05-04', localTime: '09:15', status: 'completed' })
    // Tomorrow's, at risk too (within 24 hours), on tomorrow's board only.
    const tomorrow = await book({ localDate: '2026-05-05', localTime: '09:00' })

    const day = await board({ view: 'day', date: '2026-05-04' })
    expect(day.days).toHaveLength(1)
    expect(day.days[0]!.hours.map((hour) => hour.hour)).toEqual([9, 14])
    expect(shownIds(day)).toEqual([morning, atRisk, confirmedEarly, cancelled])
    expect(day.days[0]!.hours[1]!.bookings.map((booking) => booking.atRisk)).toEqual([
      true,
      false,
      false,
    ])
    expect(day.atRisk).toBe(1)
    expect(day.withoutInterpreter).toBe(1)
    // The board's rule for "at risk" is the alert's (app/models/dispatch/bookings.server.ts).
    expect((await unfilledSoon()).map((row) => row.id)).toEqual([atRisk, tomorrow])
    const next = await board({ view: 'day', date: '2026-05-05' })
    expect(next.days[0]!.hours[0]!.bookings).toEqual([
      expect.objectContaining({ id: tomorrow, atRisk: true }),
    ])
    expect(day.counts).toEqual({
      requested: 1,
      offered: 0,
      confirmed: 1,
      completed: 1,
      cancelled: 1,
      unfilled: 0,
    })
    expect(day.total).toBe(4)
    expect(day.period).toMatchObject({ previous: '2026-05-03', next: '2026-05-05' })
  })

  it('filters by language, modality, organization and interpreter together, each status count being its list', async () => {
    const ana = await createDispatchInterpreter(test.db, staff, { firstName: 'Ana' })
    const ben = await createDispatchInterpreter(test.db, staff, { firstName: 'Ben' })
    const spanishClinic = await book({
      localDate: '2026-05-06',
      language: 'Spanish',
      modality: 'video',
      status: 'confirmed',
      interpreterId: ana.profileId,
    })
    const spanishCourt = await book({
      organizationId: court,
      localDate: '2026-05-06',
      localTime: '11:00',
      language: 'Spanish',
      modality: 'video',
    })
    const spanishOffered = await book({
      localDate: '2026-05-07',
      language: 'Spanish',
      modality: 'video',
      status: 'offered',
    })
    await book({ localDate: '2026-05-06', language: 'Somali', modality: 'video' })
    const ewe = await book({ localDate: '2026-05-06', language: 'Éwé', modality: 'phone' })
    await book({ localDate: '2026-05-06', language: 'Spanish', modality: 'phone' })
    await book({
      localDate: '2026-05-08',
      language: 'Spanish',
      modality: 'video',
      status: 'confirmed',
      interpreterId: ben.profileId,
    })

    const week = { view: 'week', date: '2026-05-06', language: 'spanish', modality: 'video' }
    const all = await board(week)
    expect(new Set(shownIds(all))).toHaveLength(4)
    expect(all.total).toBe(4)
    // With no status chosen the counts add up to the list; each count is its status's list.
    const sum = Object.values(all.counts).reduce((total, count) => total + count, 0)
    expect(sum).toBe(all.total)
    for (const status of bookingStatuses) {
      const only = await board({ ...week, status })
      expect(only.total).toBe(all.counts[status])
      expect(only.counts).toEqual(all.counts)
      expect(only.days.flatMap((day) => day.hours.flatMap((hour) => hour.bookings))).toEqual(
        expect.arrayContaining(
          Array.from({ length: only.total }, () => expect.objectContaining({ status })),
        ),
      )
    }

    expect(shownIds(await board({ ...week, organization: court }))).toEqual([spanishCourt])
    expect(shownIds(await board({ ...week, interpreter: ana.profileId }))).toEqual([spanishClinic])
    expect(shownIds(await board({ ...week, interpreter: 'none' }))).toEqual([
      spanishCourt,
      spanishOffered,
    ])
    expect(shownIds(await board({ ...week, interpreter: 'none', status: 'offered' }))).toEqual([
      spanishOffered,
    ])

    // The language is matched whatever its case, accented letters too.
    expect(shownIds(await board({ view: 'week', date: '2026-05-06', language: 'ÉWÉ' }))).toEqual([
      ewe,
    ])
    expect((await board({ view: 'week', date: '2026-05-06', language: 'Ewe' })).total).toBe(0)

    // The choices are the period's (whatever the other filters), by name.
    expect(all.choices.languages.map((choice) => choice.label)).toEqual([
      'Éwé',
      'Somali',
      'Spanish',
    ])
    expect(all.choices.organizations.map((choice) => choice.label)).toEqual([
      'County Court',
      'Riverside Clinic',
    ])
    expect(all.choices.interpreters.map((choice) => choice.value)).toEqual([
      ana.profileId,
      ben.profileId,
    ])
    // A chosen organization with nothing in the period stays a choice, with its name.
    const emptyDay = await board({ view: 'day', date: '2026-05-20', organization: court })
    expect(emptyDay.total).toBe(0)
    expect(emptyDay.choices.organizations).toEqual([{ value: court, label: 'County Court' }])
  })

  it('cuts days and weeks at the office’s midnight, whatever the booking’s own zone', async () => {
    // 23:30 in New York on Tuesday is Wednesday in UTC: Tuesday's.
    const lateTuesday = await book({ localDate: '2026-05-05', localTime: '23:30' })
    // 21:30 in Los Angeles on Tuesday is 00:30 Wednesday in New York: Wednesday's.
    const pacific = await book({
      localDate: '2026-05-05',
      localTime: '21:30',
      timeZone: 'America/Los_Angeles',
    })
    // Sunday 10 May 23:59 closes the week of Monday 4 May; Monday 11 May 00:00 opens the next.
    const sunday = await book({ localDate: '2026-05-10', localTime: '23:59' })
    const nextMonday = await book({ localDate: '2026-05-11', localTime: '00:00' })
    const mondayMidnight = await book({ localDate: '2026-05-04', localTime: '00:00' })

    const tuesday = await board({ view: 'day', date: '2026-05-05' })
    expect(shownIds(tuesday)).toEqual([lateTuesday])
    expect(tuesday.days[0]!.hours.map((hour) => hour.hour)).toEqual([23])
    const wednesday = await board({ view: 'day', date: '2026-05-06' })
    expect(shownIds(wednesday)).toEqual([pacific])
    expect(wednesday.days[0]!.hours.map((hour) => hour.hour)).toEqual([0])

    // Any day of the week gives the Monday-to-Sunday week, grouped by day then hour.
    const week = await board({ view: 'week', date: '2026-05-07' })
    expect(week.period).toMatchObject({
      firstDay: '2026-05-04',
      endDay: '2026-05-11',
      previous: '2026-04-27',
      next: '2026-05-11',
    })
    expect(week.days.map((day) => day.date)).toEqual([
      '2026-05-04',
      '2026-05-05',
      '2026-05-06',
      '2026-05-07',
      '2026-05-08',
      '2026-05-09',
      '2026-05-10',
    ])
    expect(week.days.map((day) => day.count)).toEqual([1, 1, 1, 0, 0, 0, 1])
    expect(shownIds(week)).toEqual([mondayMidnight, lateTuesday, pacific, sunday])
    expect(shownIds(await board({ view: 'week', date: '2026-05-11' }))).toEqual([nextMonday])
  })

  it('keeps the day whole across a daylight-saving change', async () => {
    setClock(() => new Date('2026-10-30T15:00:00Z'))
    // Sunday 1 November 2026 has 25 hours in New York: 1 AM happens twice.
    const first = await book({ localDate: '2026-11-01', localTime: '00:30' })
    const late = await book({ localDate: '2026-11-01', localTime: '23:30' })
    await book({ localDate: '2026-11-02', localTime: '00:00' })
    const sunday = await board({ view: 'day', date: '2026-11-01' })
    expect(shownIds(sunday)).toEqual([first, late])
  })

  it('makes the night’s two 1 AMs one hour of the board, those at risk first', async () => {
    setClock(() => new Date('2026-10-31T12:00:00Z'))
    // 00:30 in Chicago is the first 1:30 AM in New York (daylight time, 05:30 UTC); 06:30 UTC
    // is the second (standard time), an hour later.
    const firstOneThirty = await book({
      localDate: '2026-11-01',
      localTime: '00:30',
      timeZone: 'America/Chicago',
      status: 'confirmed',
    })
    const secondOneThirty = await book({
      localDate: '2026-11-01',
      localTime: '06:30',
      timeZone: 'UTC',
    })
    const sunday = await board({ view: 'day', date: '2026-11-01' })
    expect(sunday.days[0]!.hours.map((hour) => [hour.hour, hour.count])).toEqual([[1, 2]])
    expect(shownIds(sunday)).toEqual([secondOneThirty, firstOneThirty])
    expect(sunday.atRisk).toBe(1)
  })

  it('reads a malformed address as today’s day board without filters', () => {
    expect(
      filtersOf({
        view: 'month',
        date: '2026-02-30',
        status: 'lost',
        modality: 'fax',
        organization: 'not-an-id',
        interpreter: 'someone',
        page: '0',
      }),
    ).toEqual({
      view: 'day',
      date: '2026-05-04',
      status: 'all',
      language: '',
      modality: 'all',
      organization: '',
      interpreter: '',
      page: 1,
    })
  })

  it('draws a long board a page at a time in its order, each day and hour keeping its count', async () => {
    const times: [string, string][] = [
      ['2026-05-06', '09:00'],
      ['2026-05-06', '09:30'],
      ['2026-05-06', '10:00'],
      ['2026-05-07', '09:00'],
      ['2026-05-07', '09:10'],
    ]
    for (const [localDate, localTime] of times) await book({ localDate, localTime })
    // At risk (within 24 hours), so first of its hour although it starts last.
    const soon = await book({ localDate: '2026-05-04', localTime: '14:50' })
    const before = await book({ localDate: '2026-05-04', localTime: '14:10', status: 'confirmed' })
    const week = { view: 'week', date: '2026-05-06' }
    const whole = await board(week)
    expect(whole.total).toBe(7)
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => bookingBoard(filtersOf({ ...week, page: String(page) }), 2)),
    )
    expect(pages.map((page) => shownIds(page).length)).toEqual([2, 2, 2, 1])
    expect(pages.flatMap(shownIds)).toEqual(shownIds(whole))
    expect(shownIds(pages[0]!)).toEqual([soon, before])
    // The counts are the whole period's on every page.
    for (const page of pages)
      expect(page).toMatchObject({
        total: 7,
        matchingTotal: 7,
        atRisk: 1,
        withoutInterpreter: 6,
        counts: whole.counts,
        pageSize: 2,
      })
    // Page 3 starts in Wednesday's 10 AM and goes on into Thursday's 9 AM, which keeps its 2.
    expect(
      pages[2]!.days
        .filter((day) => day.hours.length > 0)
        .map((day) => [
          day.date,
          day.count,
          day.hours.map((hour) => [hour.hour, hour.count, hour.bookings.length]),
        ]),
    ).toEqual([
      ['2026-05-06', 3, [[10, 1, 1]]],
      ['2026-05-07', 2, [[9, 2, 1]]],
    ])
    expect(pages[2]!.days.map((day) => day.count)).toEqual([2, 0, 3, 2, 0, 0, 0])
    // The screen's pages: 200 bookings each.
    expect(whole.pageSize).toBe(200)
    expect((await board({ ...week, page: '2' })).days.flatMap((day) => day.hours)).toEqual([])
  })

  it('gives the dashboard today’s dispatch, the day board’s counts', async () => {
    await book({ localDate: '2026-05-04', localTime: '14:00' })
    await book({ localDate: '2026-05-04', localTime: '16:00', status: 'offered' })
    await book({ localDate: '2026-05-04', localTime: '10:00', status: 'unfilled' })
    await book({ localDate: '2026-05-04', localTime: '17:00', status: 'confirmed' })
    await book({ localDate: '2026-05-04', localTime: '18:00', status: 'cancelled' })
    await book({ localDate: '2026-05-05', localTime: '09:00', status: 'offered' })
    const today = await todaysDispatch('2026-05-04')
    expect(today).toEqual({
      date: '2026-05-04',
      withoutInterpreter: 3,
      atRisk: 2,
      offered: 1,
      confirmed: 1,
    })
    const day = await board({ view: 'day', date: '2026-05-04' })
    expect(day.atRisk).toBe(today.atRisk)
    expect(day.withoutInterpreter).toBe(today.withoutInterpreter)
    expect(day.counts.offered).toBe(today.offered)
    expect(day.counts.confirmed).toBe(today.confirmed)
  })
})
