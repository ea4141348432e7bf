import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { callGuests, calls, users } from '../../db/schema'
import {
  callOfGuestKey,
  createGuestLink,
  guestLinkState,
  joinByGuestLink,
  leaveAsGuest,
} from '../../app/models/calls/call-guests.server'
import { endCall } from '../../app/models/calls/calls.server'
import { createDispatchInterpreter, createOrganization } from '../support/booking-fixtures'
import { emptyBillingWorld } from '../support/billing-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testDatabaseKinds } from '../support/test-database'
import { testRuntimeFor } from '../support/test-runtime'

/**
 * A call's third participant (docs/product.md#call-guests): the single-use link, the guest's
 * key, and both dying with the call.
 */
describe.each(testDatabaseKinds())('call guests on %s', (kind) => {
  const test = testRuntimeFor(kind)
  let callId: string

  beforeEach(async () => {
    await emptyBillingWorld(test.db, [users])
    const staff = await createStaffActor()
    const organizationId = await createOrganization(test.db, 'Riverside Clinic')
    const { profileId } = await createDispatchInterpreter(test.db, staff, { firstName: 'Rosa' })
    const [call] = await test.db
      .insert(calls)
      .values({
        organizationId,
        language: 'Spanish',
        media: 'video',
        setting: 'business',
        status: 'connecting',
        interpreterId: profileId,
        startedAt: new Date(),
        acceptedAt: new Date(),
      })
      .returning({ id: calls.id })
    callId = call!.id
  })

  const connect = () =>
    test.db
      .update(calls)
      .set({ status: 'connected', connectedAt: new Date() })
      .where(eq(calls.id, callId))

  it('makes a link only for a connected call, and keeps only its hash', async () => {
    expect(await createGuestLink(callId)).toBe('not-connected')
    await connect()
    const made = await createGuestLink(callId)
    if (typeof made === 'string') throw new Error(made)
    expect(made.link).toMatch(/^[\w-]{43}$/)
    const [row] = await test.db.select().from(callGuests).where(eq(callGuests.callId, callId))
    expect(row!.linkHash).not.toContain(made.link)
    expect(await guestLinkState(made.link, undefined)).toEqual({ state: 'open', callId })
    expect(await guestLinkState('not-a-link-at-all-but-long-enough-0000', undefined)).toEqual({
      state: 'unknown',
    })
  })

  it('lets exactly one of ten browsers opening the link at once in; the others find it used', async () => {
    await connect()
    const made = await createGuestLink(callId)
    if (typeof made === 'string') throw new Error(made)
    const answers = await Promise.all(Array.from({ length: 10 }, () => joinByGuestLink(made.link)))
    const keys = answers.flatMap((answer) => ('key' in answer ? [answer.key] : []))
    expect(keys).toHaveLength(1)
    expect(answers.filter((answer) => 'state' in answer && answer.state === 'used')).toHaveLength(9)
    expect(await guestLinkState(made.link, keys[0])).toMatchObject({ state: 'joined', callId })
    expect(await guestLinkState(made.link, undefined)).toEqual({ state: 'used' })
    expect(await callOfGuestKey(keys[0]!)).toBe(callId)
    // No new link while the guest is in.
    expect(await createGuestLink(callId)).toBe('joined')
  })

  it('replaces a link nobody used, and one whose guest left', async () => {
    await connect()
    const first = await createGuestLink(callId)
    const second = await createGuestLink(callId)
    if (typeof first === 'string' || typeof second === 'string') throw new Error('no link')
    expect(await guestLinkState(first.link, undefined)).toEqual({ state: 'unknown' })
    const joined = await joinByGuestLink(second.link)
    if (!('key' in joined)) throw new Error(joined.state)
    await leaveAsGuest(joined.key)
    expect(await guestLinkState(second.link, joined.key)).toEqual({ state: 'left' })
    expect(await callOfGuestKey(joined.key)).toBeNull()
    const third = await createGuestLink(callId)
    expect(typeof third).toBe('object')
  })

  it('ends the link and the guest’s key with the call', async () => {
    await connect()
    const made = await createGuestLink(callId)
    if (typeof made === 'string') throw new Error(made)
    const joined = await joinByGuestLink(made.link)
    if (!('key' in joined)) throw new Error(joined.state)
    const unused = await test.db.select().from(callGuests)
    expect(unused).toHaveLength(1)
    expect(await endCall(callId, 'client')).toBe(true)
    expect(await guestLinkState(made.link, joined.key)).toEqual({ state: 'over' })
    expect(await callOfGuestKey(joined.key)).toBeNull()
    expect(await joinByGuestLink(made.link)).toEqual({ state: 'over' })
    expect(await createGuestLink(callId)).toBe('not-connected')
  })
})
