import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, bookings, users } from '../../db/schema'
import { setClock } from '../../app/platform/clock.server'
import type { Actor } from '../../app/models/audit.server'
import { assignInterpreter } from '../../app/models/dispatch/direct-assignment.server'
import { dispatchListFor } from '../../app/models/dispatch/eligibility.server'
import { sendOffers } from '../../app/models/dispatch/offers.server'
import {
  interpreterPreferencesOf,
  saveInterpreterPreferences,
} from '../../app/models/organization-interpreters.server'
import {
  createBookingRow,
  createDispatchInterpreter,
  createOrganization,
  emptyDispatchWorld,
} from '../support/booking-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

// An organization's preferred and blocked interpreters (docs/product.md#organization-settings).
describe.each(testDatabaseKinds())('organization interpreter preferences on %s', (kind) => {
  let staff: Actor
  let organizationId: string
  const test = testRuntimeFor(kind, { env: { SITE_URL: 'https://lang.example' } })
  afterEach(() => setClock())
  beforeEach(async () => {
    await emptyDispatchWorld(test.db, [users])
    staff = await createStaffActor()
    // Monday 4 May 2026, 11:00 in New York.
    setClock(() => new Date('2026-05-04T15:00:00Z'))
    organizationId = await createOrganization(test.db, 'Birch Hospital')
  })

  /** Three interpreters who each completed a booking for the organization last week. */
  async function threeWhoWorkedHere() {
    const people = []
    for (const firstName of ['Ada', 'Bo', 'Cy']) {
      const person = await createDispatchInterpreter(test.db, staff, {
        firstName,
        lastName: 'Lane',
      })
      await createBookingRow(test.db, {
        organizationId,
        localDate: '2026-04-27',
        status: 'completed',
        interpreterId: person.profileId,
      })
      people.push(person)
    }
    return people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]]
  }

  const nextWeek = async () => {
    const id = await createBookingRow(test.db, { organizationId, localDate: '2026-05-12' })
    return (await test.db.select().from(bookings).where(eq(bookings.id, id)))[0]!
  }

  it('a preferred interpreter leads the list; a blocked one is excluded, never offered, never assigned', async () => {
    const [ada, bo, cy] = await threeWhoWorkedHere()
    const booking = await nextWeek()
    expect((await dispatchListFor(booking)).eligible.map((entry) => entry.firstName)).toEqual([
      'Ada',
      'Bo',
      'Cy',
    ])

    expect(
      await saveInterpreterPreferences(
        organizationId,
        [
          { interpreterId: cy.profileId, preference: 'preferred' },
          { interpreterId: ada.profileId, preference: 'blocked' },
          { interpreterId: bo.profileId, preference: null },
        ],
        staff,
      ),
    ).toBe(true)
    const list = await dispatchListFor(booking)
    expect(list.eligible.map((entry) => entry.firstName)).toEqual(['Cy', 'Bo'])
    expect(list.excluded).toEqual([
      expect.objectContaining({ reasons: ['The client asked not to send this interpreter'] }),
    ])

    expect(await sendOffers(booking.id, { interpreterIds: [ada.profileId] }, staff)).toEqual({
      outcome: 'not-eligible',
    })
    expect(
      await assignInterpreter(
        booking.id,
        { interpreterId: ada.profileId, overrideReason: 'Nobody else speaks it' },
        staff,
      ),
    ).toEqual({ outcome: 'blocked' })
    expect(await sendOffers(booking.id, { all: true }, staff)).toEqual({
      outcome: 'sent',
      count: 2,
    })

    expect(
      (await interpreterPreferencesOf(organizationId)).map((row) => [
        row.firstName,
        row.preference,
      ]),
    ).toEqual([
      ['Ada', 'blocked'],
      ['Bo', null],
      ['Cy', 'preferred'],
    ])
    const [audit] = await test.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'interpreter_preferences'))
    expect(audit).toMatchObject({ entityId: organizationId, actorId: staff.id })

    // Lifting the block makes Ada eligible again.
    await saveInterpreterPreferences(
      organizationId,
      [{ interpreterId: ada.profileId, preference: null }],
      staff,
    )
    expect((await dispatchListFor(booking)).excluded).toEqual([])
  })

  it('refuses an interpreter who never worked for the organization, changing nothing', async () => {
    const [ada] = await threeWhoWorkedHere()
    const stranger = await createDispatchInterpreter(test.db, staff, { firstName: 'Stranger' })
    expect(
      await saveInterpreterPreferences(
        organizationId,
        [
          { interpreterId: ada.profileId, preference: 'preferred' },
          { interpreterId: stranger.profileId, preference: 'blocked' },
        ],
        staff,
      ),
    ).toBe(false)
    expect(
      (await interpreterPreferencesOf(organizationId)).every((row) => row.preference === null),
    ).toBe(true)
  })
})
