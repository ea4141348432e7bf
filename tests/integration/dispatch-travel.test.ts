import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bookings, users } from '../../db/schema'
import { setClock } from '../../app/platform/clock.server'
import type { Actor } from '../../app/models/audit.server'
import { dispatchListFor } from '../../app/models/dispatch/eligibility.server'
import { sendOffers } from '../../app/models/dispatch/offers.server'
import {
  createBookingRow,
  createDispatchInterpreter,
  createOrganization,
  emptyDispatchWorld,
} from '../support/booking-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

// The travel radius rule of docs/product.md#bookings: distances between ZIP code centroids.
describe.each(testDatabaseKinds())('dispatch travel radius on %s', (kind) => {
  let staff: Actor
  let organizationId: string
  const test = testRuntimeFor(kind)
  afterEach(() => setClock())
  beforeEach(async () => {
    await emptyDispatchWorld(test.db, [users])
    staff = await createStaffActor()
    // Monday 4 May 2026, 11:00 in New York.
    setClock(() => new Date('2026-05-04T15:00:00Z'))
    organizationId = await createOrganization(test.db, 'Harbor Hospital')
  })

  /** A medical Spanish booking next Tuesday at 10:00 in New York, on site at Boston City Hall. */
  const bostonBooking = async (extra: Partial<Parameters<typeof createBookingRow>[1]> = {}) => {
    const id = await createBookingRow(test.db, {
      organizationId,
      localDate: '2026-05-12',
      location: '1 City Hall Square, Boston, MA 02201',
      ...extra,
    })
    return (await test.db.select().from(bookings).where(eq(bookings.id, id)))[0]!
  }

  const travelOf = (list: Awaited<ReturnType<typeof dispatchListFor>>) =>
    Object.fromEntries(list.eligible.map((entry) => [entry.firstName, entry.travel]))
  const reasonsOf = (list: Awaited<ReturnType<typeof dispatchListFor>>) =>
    Object.fromEntries(list.excluded.map((entry) => [entry.interpreter.firstName, entry.reasons]))

  it('excludes an interpreter beyond their radius and lists the near ones with distance and time', async () => {
    const austin = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Austin',
      zipCode: '78701',
      travelRadiusMiles: 50,
    })
    await createDispatchInterpreter(test.db, staff, {
      firstName: 'Amherst',
      zipCode: '01002',
      travelRadiusMiles: 50,
    })
    const cambridge = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Cambridge',
      zipCode: '02139-4307',
      travelRadiusMiles: 25,
    })
    // No radius stated: no limit (docs/product.md#bookings), the distance still shown.
    await createDispatchInterpreter(test.db, staff, { firstName: 'Newton', zipCode: '02459' })
    // No ZIP, and a ZIP the data does not know: eligible, distance unknown.
    await createDispatchInterpreter(test.db, staff, { firstName: 'Nozip', travelRadiusMiles: 5 })
    await createDispatchInterpreter(test.db, staff, {
      firstName: 'Unknownzip',
      zipCode: '99999',
      travelRadiusMiles: 5,
    })

    const booking = await bostonBooking()
    const list = await dispatchListFor(booking)
    expect(reasonsOf(list)).toEqual({
      Austin: ['Outside travel radius (1,694 mi, radius 50 mi)'],
      Amherst: ['Outside travel radius (72 mi, radius 50 mi)'],
    })
    expect(travelOf(list)).toEqual({
      Cambridge: { kind: 'known', miles: 2, minutes: 5 },
      Newton: { kind: 'known', miles: 7, minutes: 15 },
      Nozip: { kind: 'unknown' },
      Unknownzip: { kind: 'unknown' },
    })

    // Offers are worked out from the same list: the Austin interpreter cannot be offered it.
    expect(await sendOffers(booking.id, { interpreterIds: [austin.profileId] }, staff)).toEqual({
      outcome: 'not-eligible',
    })
    expect(await sendOffers(booking.id, { interpreterIds: [cambridge.profileId] }, staff)).toEqual({
      outcome: 'sent',
      count: 1,
    })
  })

  it('keeps everyone eligible, distance unknown, when the address has no ZIP code', async () => {
    await createDispatchInterpreter(test.db, staff, {
      firstName: 'Austin',
      zipCode: '78701',
      travelRadiusMiles: 50,
    })
    const list = await dispatchListFor(
      await bostonBooking({ location: '1 City Hall Square, Boston' }),
    )
    expect(reasonsOf(list)).toEqual({})
    expect(travelOf(list)).toEqual({ Austin: { kind: 'unknown' } })
  })

  it('does not weigh distance for remote work', async () => {
    await createDispatchInterpreter(test.db, staff, {
      firstName: 'Austin',
      zipCode: '78701',
      travelRadiusMiles: 50,
    })
    const list = await dispatchListFor(
      await bostonBooking({ modality: 'video', location: 'https://meet.example/harbor' }),
    )
    expect(reasonsOf(list)).toEqual({})
    expect(travelOf(list)).toEqual({ Austin: { kind: 'remote' } })
  })
})
