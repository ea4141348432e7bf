import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, bookingOffers, bookings, mailOutbox, users } from '../../db/schema'
import { setClock } from '../../app/platform/clock.server'
import type { Actor } from '../../app/models/audit.server'
import { assignInterpreter } from '../../app/models/dispatch/direct-assignment.server'
import { dispatchListFor } from '../../app/models/dispatch/eligibility.server'
import {
  acceptOfferByToken,
  declineOffer,
  offerByToken,
  sendOffers,
} from '../../app/models/dispatch/offers.server'
import {
  createBookingRow,
  createDispatchInterpreter,
  createOrganization,
  type DispatchInterpreter,
  emptyDispatchWorld,
} from '../support/booking-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

// Staff assign an interpreter by name, over a rule with a written reason
// (docs/product.md#bookings).
describe.each(testDatabaseKinds())('direct assignment on %s', (kind) => {
  let staff: Actor
  let organizationId: string
  const test = testRuntimeFor(kind, { env: { SITE_URL: 'https://lang.example' } })
  afterEach(() => setClock())
  beforeEach(async () => {
    await emptyDispatchWorld(test.db, [users])
    staff = await createStaffActor()
    // Monday 4 May 2026, 11:00 in New York.
    setClock(() => new Date('2026-05-04T15:00:00Z'))
    organizationId = await createOrganization(test.db, 'Lakeside Partners')
  })

  /** A business-setting Spanish booking next Tuesday at 10:00 in New York. */
  const businessBooking = () =>
    createBookingRow(test.db, {
      organizationId,
      localDate: '2026-05-12',
      localTime: '10:00',
      setting: 'business',
    })

  const tokenFor = async (interpreter: DispatchInterpreter) => {
    const [mail] = await test.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.template, 'booking-offer'), eq(mailOutbox.toAddress, interpreter.email)),
      )
      .orderBy(mailOutbox.createdAt)
    return { token: /offers\/accept\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!, mail: mail! }
  }

  const offersOf = async (bookingId: string) =>
    Object.fromEntries(
      (
        await test.db
          .select({
            interpreterId: bookingOffers.interpreterId,
            status: bookingOffers.status,
            assignedDirectly: bookingOffers.assignedDirectly,
            overrideReason: bookingOffers.overrideReason,
          })
          .from(bookingOffers)
          .where(eq(bookingOffers.bookingId, bookingId))
      ).map(({ interpreterId, ...rest }) => [interpreterId, rest]),
    )

  it('a business booking nobody is eligible for: staff override with a reason, audited, and the interpreter confirms', async () => {
    const medicalOnly = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Marta',
      specializations: ['medical'],
    })
    const id = await businessBooking()
    const [booking] = await test.db.select().from(bookings).where(eq(bookings.id, id))
    const list = await dispatchListFor(booking!)
    expect(list.eligible).toHaveLength(0)
    expect(list.excluded.map((entry) => entry.reasons)).toEqual([
      ['No specialization for this setting'],
    ])

    // Without a reason the rule holds, and nothing is written.
    expect(await assignInterpreter(id, { interpreterId: medicalOnly.profileId }, staff)).toEqual({
      outcome: 'reason-needed',
      reasons: ['No specialization for this setting'],
    })
    expect(await offersOf(id)).toEqual({})

    const reason = 'Marta interpreted this client’s board meetings for years.'
    expect(
      await assignInterpreter(
        id,
        { interpreterId: medicalOnly.profileId, overrideReason: reason },
        staff,
      ),
    ).toEqual({
      outcome: 'asked',
      interpreterName: 'Marta Interpreter',
      overridden: ['No specialization for this setting'],
    })
    expect(await offersOf(id)).toEqual({
      [medicalOnly.profileId]: {
        status: 'offered',
        assignedDirectly: true,
        overrideReason: reason,
      },
    })
    const [audit] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'booking_assigned'), eq(auditLog.entityId, id)))
    expect(audit).toMatchObject({
      actorId: staff.id,
      after: {
        status: 'offered',
        interpreterId: medicalOnly.profileId,
        overriddenRules: ['No specialization for this setting'],
        overrideReason: reason,
      },
    })

    // The interpreter is asked to confirm, like an offer, and confirming assigns them.
    const { token, mail } = await tokenFor(medicalOnly)
    expect(mail.subject).toMatch(/^Assigned to you, please confirm: /)
    expect(mail.text).toContain('held for you alone')
    expect(await acceptOfferByToken(token)).toEqual({ outcome: 'accepted', bookingId: id })
    const [confirmed] = await test.db.select().from(bookings).where(eq(bookings.id, id))
    expect(confirmed).toMatchObject({ status: 'confirmed', interpreterId: medicalOnly.profileId })
  })

  it('holds the booking for the assigned interpreter: other open offers are withdrawn and no new ones go out until they answer', async () => {
    const ana = await createDispatchInterpreter(test.db, staff, { firstName: 'Ana' })
    const ben = await createDispatchInterpreter(test.db, staff, { firstName: 'Ben' })
    const cruz = await createDispatchInterpreter(test.db, staff, { firstName: 'Cruz' })
    const id = await businessBooking()
    await sendOffers(id, { interpreterIds: [ana.profileId, ben.profileId] }, staff)
    const anaToken = (await tokenFor(ana)).token

    // An eligible interpreter needs no reason; one given is not kept, as nothing is overridden.
    expect(
      await assignInterpreter(
        id,
        { interpreterId: cruz.profileId, overrideReason: 'Asked for' },
        staff,
      ),
    ).toMatchObject({ outcome: 'asked', overridden: [] })
    expect(await offersOf(id)).toEqual({
      [ana.profileId]: { status: 'withdrawn', assignedDirectly: false, overrideReason: null },
      [ben.profileId]: { status: 'withdrawn', assignedDirectly: false, overrideReason: null },
      [cruz.profileId]: { status: 'offered', assignedDirectly: true, overrideReason: null },
    })
    // Ana's old link says the booking moved on, not that she answered it.
    expect(await offerByToken(anaToken)).toMatchObject({ state: 'closed' })
    expect(await acceptOfferByToken(anaToken)).toEqual({ outcome: 'closed' })
    expect(await sendOffers(id, { all: true }, staff)).toEqual({ outcome: 'held' })

    // Cruz declines: the hold ends and the booking may be offered again.
    const [cruzOffer] = await test.db
      .select({ id: bookingOffers.id })
      .from(bookingOffers)
      .where(eq(bookingOffers.interpreterId, cruz.profileId))
    const cruzUser = (
      await test.db.select({ id: users.id }).from(users).where(eq(users.email, cruz.email))
    )[0]!
    expect(await declineOffer(cruzUser.id, cruzOffer!.id)).toBe(true)
    expect(await sendOffers(id, { interpreterIds: [ana.profileId] }, staff)).toEqual({
      outcome: 'sent',
      count: 1,
    })
  })

  it('refuses an interpreter of another language and a booking no longer open', async () => {
    const french = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Fleur',
      languages: ['French'],
    })
    const ana = await createDispatchInterpreter(test.db, staff, { firstName: 'Ana' })
    const id = await businessBooking()
    expect(await assignInterpreter(id, { interpreterId: french.profileId }, staff)).toEqual({
      outcome: 'unknown-interpreter',
    })
    await test.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, id))
    expect(await assignInterpreter(id, { interpreterId: ana.profileId }, staff)).toEqual({
      outcome: 'closed',
    })
    expect(await offersOf(id)).toEqual({})
  })
})
