import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { callRings, calls, organizationInterpreters, users } from '../../db/schema'
import type { Actor } from '../../app/models/audit.server'
import {
  acceptCall,
  advanceCall,
  callById,
  cancelCall,
  declineCall,
  startCall,
  type NewCall,
} from '../../app/models/calls/calls.server'
import {
  callPresenceOf,
  markGone,
  markSeen,
  noteHeardFrom,
  setAvailableForCalls,
  writeHeardFrom,
} from '../../app/models/calls/call-presence.server'
import { callCandidates } from '../../app/models/calls/call-candidates.server'
import { firstWave } from '../../app/domain/call-routing'
import type { CallEvent } from '../../app/platform/calls/call-bus.server'
import { setClock } from '../../app/platform/clock.server'
import { runtime } from '../../app/platform/runtime.server'
import { createDispatchInterpreter, createOrganization } from '../support/booking-fixtures'
import { emptyBillingWorld } from '../support/billing-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testDatabaseKinds } from '../support/test-database'
import { testRuntimeFor } from '../support/test-runtime'

/** 10:00 in New York (the office's zone) on 2 March 2026. */
const START = new Date('2026-03-02T15:00:00Z')
const seconds = (count: number) => new Date(START.getTime() + count * 1000)

describe.each(testDatabaseKinds())('on-demand calls on %s', (kind) => {
  const test = testRuntimeFor(kind)
  let staff: Actor
  let organizationId: string
  let clock = START

  afterEach(() => setClock())

  beforeEach(async () => {
    await emptyBillingWorld(test.db, [users])
    clock = START
    setClock(() => clock)
    staff = await createStaffActor()
    organizationId = await createOrganization(test.db, 'Riverside Clinic')
  })

  /** An onboarded Spanish interpreter, available for calls and online now. */
  async function onlineInterpreter(
    firstName: string,
    options: Parameters<typeof createDispatchInterpreter>[2] = { firstName },
  ) {
    const { profileId } = await createDispatchInterpreter(test.db, staff, {
      ...options,
      firstName,
    })
    await setAvailableForCalls(profileId, true)
    await markSeen(profileId, clock)
    return profileId
  }

  const spanishCall = (overrides: Partial<NewCall> = {}): NewCall => ({
    organizationId,
    requestedById: staff.id,
    language: 'Spanish',
    media: 'video',
    setting: 'business',
    reference: null,
    ...overrides,
  })

  async function ringing(callId: string) {
    const call = await callById(callId)
    return call!.rings
      .filter((ring) => ring.outcome === null)
      .map((ring) => ring.interpreterId)
      .sort()
  }

  it('does not ring for a medical call an interpreter whose medical credential expired an hour ago, but does for a business call', async () => {
    // The credential was current to the end of 1 March in New York: an hour ago at 01:00 on 2 March.
    clock = new Date('2026-03-02T06:00:00Z')
    const lapsed = await onlineInterpreter('Lapsed', {
      firstName: 'Lapsed',
      medicalCredential: { expiresOn: '2026-03-01' },
    })
    const current = await onlineInterpreter('Current')
    const medical = await startCall(spanishCall({ setting: 'medical' }))
    expect(await ringing(medical.callId)).toEqual([current])
    await cancelCall(medical.callId, organizationId)
    const business = await startCall(spanishCall({ setting: 'business' }))
    expect(await ringing(business.callId)).toEqual([current, lapsed].sort())
  })

  it('never rings an interpreter who is unavailable, on another call, blocked, offline or of another language', async () => {
    const ready = await onlineInterpreter('Ready')
    const unavailable = await onlineInterpreter('Unavailable')
    await setAvailableForCalls(unavailable, false)
    const blocked = await onlineInterpreter('Blocked')
    await test.db
      .insert(organizationInterpreters)
      .values({ organizationId, interpreterId: blocked, preference: 'blocked' })
    const offline = await onlineInterpreter('Offline')
    await markGone(offline)
    await onlineInterpreter('French', { firstName: 'French', languages: ['French'] })
    const busy = await onlineInterpreter('Busy')
    const other = await createOrganization(test.db, 'Other Clinic')
    await test.db.insert(calls).values({
      ...spanishCall(),
      organizationId: other,
      status: 'connecting',
      interpreterId: busy,
      startedAt: clock,
      acceptedAt: clock,
    })

    const call = await startCall(spanishCall())
    expect(await ringing(call.callId)).toEqual([ready])
    clock = seconds(15)
    await markSeen(ready, clock)
    await advanceCall(call.callId)
    expect(await ringing(call.callId)).toEqual([ready])
  })

  it('stops ringing a page not heard from for 10 s, and says at once when nobody eligible is online', async () => {
    const quiet = await onlineInterpreter('Quiet')
    clock = seconds(9)
    const heard = await startCall(spanishCall())
    expect(await ringing(heard.callId)).toEqual([quiet])
    await cancelCall(heard.callId, organizationId)
    clock = seconds(10)
    const unheard = await startCall(spanishCall())
    expect(unheard.status).toBe('unanswered')
    expect(await ringing(unheard.callId)).toEqual([])
    const row = await callById(unheard.callId)
    expect(row!.endedAt).toEqual(clock)
  })

  it('rings the preferred interpreter and the longest idle first, then everyone eligible at 15 s', async () => {
    const names = ['A', 'B', 'C', 'D', 'E']
    const ids: string[] = []
    for (const name of names) ids.push(await onlineInterpreter(name))
    const [a, b, c, d, e] = ids as [string, string, string, string, string]
    await test.db
      .insert(organizationInterpreters)
      .values({ organizationId, interpreterId: e, preference: 'preferred' })
    // Idle since: A a minute ago, B never, C an hour ago, D two minutes ago.
    const { interpreterCallPresence } = await import('../../db/schema')
    for (const [id, idleSince] of [
      [a, seconds(-60)],
      [c, seconds(-3600)],
      [d, seconds(-120)],
    ] as const)
      await test.db
        .update(interpreterCallPresence)
        .set({ idleSince })
        .where(eq(interpreterCallPresence.interpreterId, id))
    const call = await startCall(spanishCall())
    expect(await ringing(call.callId)).toEqual([e, b, c].sort())
    const keepOnline = async () => {
      for (const id of ids) await markSeen(id, clock)
    }
    clock = seconds(14.999)
    await keepOnline()
    await advanceCall(call.callId)
    expect(await ringing(call.callId)).toEqual([e, b, c].sort())
    clock = seconds(15)
    await keepOnline()
    await advanceCall(call.callId)
    expect(await ringing(call.callId)).toEqual([...ids].sort())
    const rings = (await callById(call.callId))!.rings
    expect(
      rings
        .filter((ring) => ring.wave === 2)
        .map((ring) => ring.interpreterId)
        .sort(),
    ).toEqual([a, d].sort())
  })

  it('rings the same first three as the rules would over everyone online, reading the candidates a page at a time', async () => {
    const { interpreterCallPresence } = await import('../../db/schema')
    const idleFor = (id: string, secondsAgo: number) =>
      test.db
        .update(interpreterCallPresence)
        .set({ idleSince: seconds(-secondsAgo) })
        .where(eq(interpreterCallPresence.interpreterId, id))
    // First in ring order (never idle, or idle longest) but not eligible for a medical call:
    // 26 whose credential lapsed, more than a page.
    for (let index = 0; index < 26; index++)
      await onlineInterpreter(`Lapsed${index}`, {
        firstName: `Lapsed${index}`,
        medicalCredential: { expiresOn: '2026-01-01' },
      })
    // Busy with another call's ring, and blocked by this organization: left out in the database.
    const busy = await onlineInterpreter('Busy')
    const blocked = await onlineInterpreter('Blocked')
    await test.db
      .insert(organizationInterpreters)
      .values({ organizationId, interpreterId: blocked, preference: 'blocked' })
    const eligible: string[] = []
    for (let index = 0; index < 4; index++) {
      eligible.push(await onlineInterpreter(`Ready${index}`))
      await idleFor(eligible[index]!, 60 * (4 - index))
    }
    const preferred = await onlineInterpreter('Preferred')
    await idleFor(preferred, 1)
    await test.db
      .insert(organizationInterpreters)
      .values({ organizationId, interpreterId: preferred, preference: 'preferred' })
    const other = await createOrganization(test.db, 'Other Clinic')
    const elsewhere = await startCall(spanishCall({ organizationId: other, setting: 'business' }))
    await test.db.delete(callRings).where(eq(callRings.callId, elsewhere.callId))
    await test.db
      .insert(callRings)
      .values({ callId: elsewhere.callId, interpreterId: busy, wave: 1, rangAt: clock })

    const medical = spanishCall({ setting: 'medical' })
    const everyone = await callCandidates(
      { id: crypto.randomUUID(), organizationId, language: 'Spanish' },
      clock,
    )
    expect(everyone.length).toBe(33)
    const expected = firstWave({ ...medical, startedAt: clock }, everyone, 'America/New_York')
    expect(expected).toEqual([preferred, eligible[0], eligible[1]])
    const call = await startCall(medical)
    expect(await ringing(call.callId)).toEqual([...expected].sort())
  })

  it('in the first 15 s withdraws the ring of an interpreter who turned calls off or went quiet, and rings nobody outside the first wave', async () => {
    const ids: string[] = []
    for (const name of ['A', 'B', 'C', 'D']) ids.push(await onlineInterpreter(name))
    const call = await startCall(spanishCall())
    const firstWave = await ringing(call.callId)
    expect(firstWave).toHaveLength(3)
    const [turnedOff, quiet, stays] = firstWave as [string, string, string]
    await setAvailableForCalls(turnedOff, false)
    clock = seconds(11)
    for (const id of ids.filter((id) => id !== quiet)) await markSeen(id, clock)
    expect(await advanceCall(call.callId)).toEqual(expect.arrayContaining([turnedOff, quiet]))
    expect(await ringing(call.callId)).toEqual([stays])
    const outcomes = (await callById(call.callId))!.rings.map((ring) => [
      ring.interpreterId,
      ring.outcome,
    ])
    expect(outcomes).toEqual(
      expect.arrayContaining([
        [turnedOff, 'withdrawn'],
        [quiet, 'withdrawn'],
        [stays, null],
      ]),
    )
    expect(outcomes).toHaveLength(3)
  })

  it('writes the pages heard from since the last tick in one go, and a goodbye is not undone by a word from before it', async () => {
    const ana = await onlineInterpreter('Ana')
    const ben = await onlineInterpreter('Ben')
    clock = seconds(8)
    noteHeardFrom(ana, clock)
    noteHeardFrom(ben, clock)
    // Not written yet: routing still sees them as last heard at the start.
    expect((await callPresenceOf(ana)).lastSeenAt).toEqual(START)
    await markGone(ben)
    await writeHeardFrom()
    expect((await callPresenceOf(ana)).lastSeenAt).toEqual(seconds(8))
    expect(await callPresenceOf(ben)).toMatchObject({ lastSeenAt: START, goneAt: seconds(8) })
    // At 12 s Ana is online through the word written at 8 s; Ben said goodbye.
    clock = seconds(12)
    const call = await startCall(spanishCall())
    expect(await ringing(call.callId)).toEqual([ana])
  })

  it('counts a ring unanswered for 20 s as missed, and sets an interpreter unavailable after three declined or missed in a row', async () => {
    const ana = await onlineInterpreter('Ana')
    const first = await startCall(spanishCall())
    expect(await declineCall(first.callId, ana)).toEqual({ ended: true, setUnavailable: false })
    expect(await ringing(first.callId)).toEqual([])
    await cancelCall(first.callId, organizationId)

    const second = await startCall(spanishCall())
    clock = seconds(19)
    await markSeen(ana, clock)
    await advanceCall(second.callId)
    expect(await ringing(second.callId)).toEqual([ana])
    clock = seconds(20)
    await markSeen(ana, clock)
    await advanceCall(second.callId)
    const ring = (await callById(second.callId))!.rings[0]!
    expect(ring.outcome).toBe('missed')
    expect((await callPresenceOf(ana)).missedInARow).toBe(2)
    await cancelCall(second.callId, organizationId)

    const third = await startCall(spanishCall())
    expect(await declineCall(third.callId, ana)).toEqual({ ended: true, setUnavailable: true })
    expect((await callPresenceOf(ana)).available).toBe(false)
    // Turning calls on again starts the count afresh.
    await setAvailableForCalls(ana, true)
    expect((await callPresenceOf(ana)).missedInARow).toBe(0)
  })

  it('stops every ring when the client leaves, and an accept after that finds the call gone', async () => {
    const ana = await onlineInterpreter('Ana')
    const ben = await onlineInterpreter('Ben')
    const events: CallEvent[] = []
    const unsubscribe = runtime().callBus.subscribe(`interpreter:${ben}`, (event) =>
      events.push(event),
    )
    const call = await startCall(spanishCall())
    expect(await ringing(call.callId)).toEqual([ana, ben].sort())
    const other = await createOrganization(test.db, 'Other Clinic')
    expect(await cancelCall(call.callId, other)).toBe(false)
    expect(await cancelCall(call.callId, organizationId)).toBe(true)
    expect(await ringing(call.callId)).toEqual([])
    expect(await acceptCall(call.callId, ana)).toBe('taken')
    expect((await callById(call.callId))!.status).toBe('cancelled')
    await new Promise((resolve) => setImmediate(resolve))
    unsubscribe()
    // Ben's page heard of the ring and of its end.
    expect(events).toEqual([{ type: 'rings-changed' }, { type: 'rings-changed' }])
  })

  it('rings the next free interpreters for calls started at the same moment, never leaving one unrung', async () => {
    const online: string[] = []
    for (let index = 0; index < 24; index++) online.push(await onlineInterpreter(`I${index}`))
    // Eight calls at once: each would choose the same first three, were it alone.
    const started = await Promise.all(Array.from({ length: 8 }, () => startCall(spanishCall())))
    expect(started.map((call) => call.status)).toEqual(Array(8).fill('waiting'))
    const rung = await Promise.all(started.map((call) => ringing(call.callId)))
    expect(rung.map((ids) => ids.length)).toEqual(Array(8).fill(3))
    expect(rung.flat().sort()).toEqual([...online].sort())
  }, 60_000)

  it('gives the call to exactly one of 50 simultaneous accepts, 100 rounds over', async () => {
    const interpreters: string[] = []
    for (let index = 0; index < 50; index++)
      interpreters.push(
        (
          await createDispatchInterpreter(test.db, staff, {
            firstName: `I${index}`,
            medicalCredential: 'none',
          })
        ).profileId,
      )
    for (let round = 0; round < 100; round++) {
      const [call] = await test.db
        .insert(calls)
        .values({ ...spanishCall(), startedAt: clock })
        .returning({ id: calls.id })
      await test.db.insert(callRings).values(
        interpreters.map((interpreterId) => ({
          callId: call!.id,
          interpreterId,
          wave: 1,
          rangAt: clock,
        })),
      )
      const answers = await Promise.all(
        interpreters.map((interpreterId) => acceptCall(call!.id, interpreterId)),
      )
      expect(answers.filter((answer) => answer === 'accepted')).toHaveLength(1)
      const row = await callById(call!.id)
      const winner = interpreters[answers.indexOf('accepted')]
      expect(row!.interpreterId).toBe(winner)
      expect(
        row!.rings.filter((ring) => ring.outcome === 'accepted').map((ring) => ring.interpreterId),
      ).toEqual([winner])
      expect(row!.rings.filter((ring) => ring.outcome === 'withdrawn')).toHaveLength(49)
      // The winner is free again for the next round.
      await test.db
        .update(calls)
        .set({ status: 'ended', endedAt: clock })
        .where(eq(calls.id, call!.id))
    }
  }, 240_000)
})
