import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, authTokens, bookings, mailOutbox, users } from '../../db/schema'
import {
  clientBooking,
  enterBooking,
  ForeignRequesterError,
  listClientBookings,
  PreferredInterpreterError,
  UnknownOrganizationError,
  type ClientActor,
  type NewBooking,
} from '../../app/models/bookings.server'
import { bookingForStaff } from '../../app/models/dispatch/bookings.server'
import { acceptOfferByToken, sendOffers } from '../../app/models/dispatch/offers.server'
import { clientContextOf, removeClientUser } from '../../app/models/organizations.server'
import type { Actor } from '../../app/models/audit.server'
import { setClock } from '../../app/platform/clock.server'
import { enteredBookingSchema } from '../../app/lib/validation/booking'
import { createDispatchInterpreter, emptyDispatchWorld } from '../support/booking-fixtures'
import { createOrganizationMember } from '../support/organization-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testDatabaseKinds } from '../support/test-database'
import { testRuntimeFor } from '../support/test-runtime'

describe.each(testDatabaseKinds())('bookings staff enter for a client on %s', (kind) => {
  const test = testRuntimeFor(kind, {
    env: { SITE_URL: 'https://lang.example', STAFF_NOTIFY_EMAIL: 'dispatch@lang.example' },
  })
  let staff: Actor
  afterEach(() => setClock())
  beforeEach(async () => {
    // Monday 4 May 2026, 11:00 in New York.
    setClock(() => new Date('2026-05-04T15:00:00Z'))
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
      actor: { id: outcome.userId, name: email.split('@')[0]! },
      client: (await clientContextOf(outcome.userId))!,
    }
  }

  /** Spanish on site, medical, next Tuesday 10:00 in New York. */
  const booking = (overrides: Partial<NewBooking> = {}): Omit<NewBooking, 'files'> => ({
    language: 'Spanish',
    modality: 'on_site',
    date: '2026-05-12',
    time: '10:00',
    timeZone: 'America/New_York',
    durationMinutes: 60,
    location: '1200 Main Street, Austin, TX',
    setting: 'medical',
    contactName: 'Nora Nurse',
    contactPhone: '+1 512 555 0199',
    ...overrides,
  })

  const countBookings = async () => (await test.db.select().from(bookings)).length

  it('makes the booking the requester’s, records who entered it, audits it in their name, and mails staff nothing', async () => {
    const manager = await clientOf('Riverside Clinic', 'mia@riverside.example', 'manager')
    const requester = await clientOf('Riverside Clinic', 'rob@riverside.example', 'requester')
    const entered = await enterBooking(
      booking(),
      { organizationId: requester.client.organizationId, requesterId: requester.actor.id },
      staff,
    )
    expect(entered).toMatchObject({
      organizationId: requester.client.organizationId,
      requestedById: requester.actor.id,
      enteredById: staff.id,
      status: 'requested',
      urgent: false,
      staffDigestAt: null,
    })
    expect(entered.startsAt.toISOString()).toBe('2026-05-12T14:00:00.000Z')

    // The requester sees it as their own, and so does the manager; the list shows it too.
    expect((await clientBooking(entered.id, requester))?.requesterName).toBe('rob')
    expect(await clientBooking(entered.id, manager)).toBeDefined()
    const list = await listClientBookings(requester, {
      q: '',
      status: 'all',
      when: 'all',
      sort: 'startsAt',
      direction: 'desc',
      page: 1,
    })
    expect(list.items.map((row) => row.booking.id)).toEqual([entered.id])

    // Staff see who entered it.
    expect((await bookingForStaff(entered.id))?.enteredByName).toBe(staff.name)

    const [entry] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'booking'), eq(auditLog.entityId, entered.id)))
    expect(entry).toMatchObject({ action: 'create', actorId: staff.id, actorName: staff.name })
    expect(entry?.after).toMatchObject({
      organization: 'Riverside Clinic',
      requestedBy: 'rob',
      enteredBy: staff.name,
    })
    // A member of staff entered it: the staff inbox is not told of it.
    expect(
      await test.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'booking-new')),
    ).toEqual([])
  })

  it('mails the requester when an interpreter confirms, as for a booking they made', async () => {
    const requester = await clientOf('Riverside Clinic', 'rob@riverside.example', 'requester')
    const ana = await createDispatchInterpreter(test.db, staff, { firstName: 'Ana' })
    const entered = await enterBooking(
      booking(),
      { organizationId: requester.client.organizationId, requesterId: requester.actor.id },
      staff,
    )
    await sendOffers(entered.id, { all: true }, staff)
    const [offer] = await test.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'booking-offer'), eq(mailOutbox.toAddress, ana.email)))
    const token = /offers\/accept\?token=([A-Za-z0-9_-]+)/.exec(offer!.text)![1]!
    expect(await acceptOfferByToken(token)).toMatchObject({ outcome: 'accepted' })
    const confirmations = await test.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.template, 'booking-confirmed'),
          eq(mailOutbox.toAddress, 'rob@riverside.example'),
        ),
      )
    expect(confirmations).toHaveLength(1)
  })

  it('enters a weekly series as the client’s form makes one, each booking entered by staff', async () => {
    const requester = await clientOf('Riverside Clinic', 'rob@riverside.example', 'requester')
    const first = await enterBooking(
      booking({ repeatDays: ['tuesday', 'thursday'], repeatWeeks: 2 }),
      { organizationId: requester.client.organizationId, requesterId: requester.actor.id },
      staff,
    )
    const series = await test.db.select().from(bookings).orderBy(bookings.startsAt)
    expect(series.map((row) => row.localDate)).toEqual([
      '2026-05-12',
      '2026-05-14',
      '2026-05-19',
      '2026-05-21',
    ])
    expect(first.id).toBe(series[0]!.id)
    for (const row of series)
      expect(row).toMatchObject({
        seriesId: first.seriesId,
        requestedById: requester.actor.id,
        enteredById: staff.id,
      })
    expect(first.seriesId).not.toBeNull()
  })

  it('refuses a requester of another organization, a removed one and an unknown organization, storing nothing', async () => {
    const requester = await clientOf('Riverside Clinic', 'rob@riverside.example', 'requester')
    const manager = await clientOf('Riverside Clinic', 'mia@riverside.example', 'manager')
    const stranger = await clientOf('Harbor Law', 'hal@harbor.example', 'manager')
    const riverside = requester.client.organizationId

    await expect(
      enterBooking(booking(), { organizationId: riverside, requesterId: stranger.actor.id }, staff),
    ).rejects.toBeInstanceOf(ForeignRequesterError)
    // Staff are no client user of any organization either.
    await expect(
      enterBooking(booking(), { organizationId: riverside, requesterId: staff.id }, staff),
    ).rejects.toBeInstanceOf(ForeignRequesterError)
    await expect(
      enterBooking(
        booking(),
        {
          organizationId: '00000000-0000-4000-8000-000000000000',
          requesterId: requester.actor.id,
        },
        staff,
      ),
    ).rejects.toBeInstanceOf(UnknownOrganizationError)

    // A user the manager removed can no longer sign in: nobody would see the booking.
    expect(await removeClientUser(riverside, requester.actor.id, manager.actor)).not.toBe('missing')
    await expect(
      enterBooking(
        booking(),
        { organizationId: riverside, requesterId: requester.actor.id },
        staff,
      ),
    ).rejects.toBeInstanceOf(ForeignRequesterError)

    // A preferred interpreter must have worked for the organization, as on the client's form.
    const ana = await createDispatchInterpreter(test.db, staff, { firstName: 'Ana' })
    await expect(
      enterBooking(
        booking({ preferredInterpreterId: ana.profileId }),
        { organizationId: riverside, requesterId: manager.actor.id },
        staff,
      ),
    ).rejects.toBeInstanceOf(PreferredInterpreterError)

    expect(await countBookings()).toBe(0)
    expect(await test.db.select().from(auditLog).where(eq(auditLog.entityType, 'booking'))).toEqual(
      [],
    )
  })

  it('checks the form with the client’s schema, and asks for the requester', () => {
    const schema = enteredBookingSchema(new Date('2026-05-04T15:00:00Z'))
    const form = {
      ...booking(),
      durationMinutes: '60',
      organizationId: '00000000-0000-4000-8000-000000000000',
    }
    const missingRequester = schema.safeParse(form)
    expect(missingRequester.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'requesterId',
    ])
    // A start in the past is refused on the date, with the client's message.
    const past = schema.safeParse({
      ...form,
      requesterId: '00000000-0000-4000-8000-000000000001',
      date: '2026-05-01',
    })
    expect(past.error?.issues).toEqual([
      expect.objectContaining({
        path: ['date'],
        message: 'Please choose a date and time in the future.',
      }),
    ])
  })
})
