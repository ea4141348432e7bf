import { eq, inArray } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  callInstances,
  callRates,
  calls,
  interpreterCallPresence,
  invoiceLines,
  statementLines,
  users,
} from '../../db/schema'
import type { Actor } from '../../app/models/audit.server'
import { staffInvoice } from '../../app/models/billing/invoices.server'
import { setCallContract, setCallRates } from '../../app/models/billing/call-rates.server'
import { RateRuleError } from '../../app/models/billing/rates.server'
import {
  callById,
  endCall,
  endCallsOfGoneInterpreters,
  markConnected,
  markDropped,
  resumeDroppedCall,
} from '../../app/models/calls/calls.server'
import {
  callBoard,
  callsBehindConnectTimes,
  setUnavailableByStaff,
} from '../../app/models/calls/call-board.server'
import {
  callPresenceOf,
  beat,
  markSeen,
  setAvailableForCalls,
} from '../../app/models/calls/call-presence.server'
import {
  callQualityQueue,
  markCallRatingReviewed,
  rateCall,
  ratingsOfCall,
} from '../../app/models/calls/call-ratings.server'
import { setClock } from '../../app/platform/clock.server'
import { invoiceView } from '../../app/lib/billing/invoice-display'
import { createDispatchInterpreter, createOrganization } from '../support/booking-fixtures'
import { emptyBillingWorld } from '../support/billing-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testDatabaseKinds } from '../support/test-database'
import { testRuntimeFor } from '../support/test-runtime'

/** 10:00 in New York (the office's zone) on 2 March 2026. */
const START = new Date('2026-03-02T15:00:00Z')
const seconds = (count: number) => new Date(START.getTime() + count * 1000)

/**
 * An ended call becomes money (docs/product.md#on-demand-call-billing): a statement line for
 * the interpreter and an invoice line for the organization, at the rates of its medium in force
 * when it started, once. Then its parties rate it (docs/product.md#call-ratings), and the low
 * ratings and incidents wait in staff's quality queue.
 */
describe.each(testDatabaseKinds())('ended on-demand calls on %s', (kind) => {
  const test = testRuntimeFor(kind)
  let staff: Actor
  let organizationId: string
  let interpreterId: string
  let clock = START

  afterEach(() => setClock())

  beforeEach(async () => {
    await emptyBillingWorld(test.db, [users, callInstances])
    // Rates a test saved are removed; the installation's defaults stay.
    await test.db.delete(callRates).where(eq(callRates.effectiveFrom, seconds(-3600)))
    await test.db.delete(callRates).where(eq(callRates.effectiveFrom, seconds(30)))
    clock = START
    setClock(() => clock)
    staff = await createStaffActor()
    organizationId = await createOrganization(test.db, 'Riverside Clinic')
    ;({ profileId: interpreterId } = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Rosa',
    }))
  })

  /** A call the interpreter accepted at START + 5 s and that connected `connectedAfter` s in. */
  async function liveCall(
    options: {
      media?: 'video' | 'audio'
      connectedAfter?: number | null
      interpreterId?: string
    } = {},
  ) {
    const connectedAfter = options.connectedAfter === undefined ? 10 : options.connectedAfter
    const [call] = await test.db
      .insert(calls)
      .values({
        organizationId,
        requestedById: staff.id,
        language: 'Spanish',
        media: options.media ?? 'video',
        setting: 'medical',
        reference: 'MRN 1',
        status: connectedAfter === null ? 'connecting' : 'connected',
        interpreterId: options.interpreterId ?? interpreterId,
        startedAt: START,
        acceptedAt: seconds(5),
        connectedAt: connectedAfter === null ? null : seconds(connectedAfter),
      })
      .returning()
    return call!.id
  }

  const linesOf = async (callId: string) => ({
    statement: await test.db.select().from(statementLines).where(eq(statementLines.callId, callId)),
    invoice: await test.db.select().from(invoiceLines).where(eq(invoiceLines.callId, callId)),
    call: (await test.db.select().from(calls).where(eq(calls.id, callId)))[0]!,
  })

  it('leaves out of the money the time both pages said the connection was down, and not one page’s word alone', async () => {
    const callId = await liveCall()
    // 60 s in, the client's page alone says it dropped: nothing is taken off for that.
    clock = seconds(70)
    await markDropped(callId, 'client')
    clock = seconds(100)
    await markConnected(callId, 'client')
    // At 200 s both drop (the interpreter's page says so 2 s later); the client's page is
    // back 30 s after that, the interpreter's 3 s later: 30 s interrupted.
    clock = seconds(200)
    await markDropped(callId, 'client')
    clock = seconds(202)
    await markDropped(callId, 'interpreter')
    // A second word of the same drop changes nothing.
    clock = seconds(220)
    await markDropped(callId, 'interpreter')
    clock = seconds(232)
    await markConnected(callId, 'client')
    clock = seconds(235)
    await markConnected(callId, 'interpreter')
    expect((await callById(callId))!).toMatchObject({
      status: 'connected',
      interruptedSeconds: 30,
      clientDroppedAt: null,
      interpreterDroppedAt: null,
    })
    // Another drop of both, and the client hangs up while it lasts: 20 s more.
    clock = seconds(400)
    await markDropped(callId, 'interpreter')
    await markDropped(callId, 'client')
    clock = seconds(420)
    expect(await endCall(callId, 'client')).toBe(true)
    const { statement, invoice, call } = await linesOf(callId)
    // Connected at 10 s, ended at 420 s: 410 s, less 50 s interrupted: 6:00, six minutes.
    expect(call).toMatchObject({
      billableSeconds: 360,
      interruptedSeconds: 50,
      clientDroppedAt: null,
      interpreterDroppedAt: null,
    })
    expect(statement).toMatchObject([{ minutes: 6, amountCents: 360 }])
    expect(invoice).toMatchObject([{ minutes: 6, amountCents: 1170 }])
  })

  it('records no drop of a call that is not connected', async () => {
    const callId = await liveCall({ connectedAfter: null })
    await markDropped(callId, 'client')
    await markDropped(callId, 'interpreter')
    expect((await callById(callId))!).toMatchObject({
      clientDroppedAt: null,
      interpreterDroppedAt: null,
    })
  })

  it('posts 7:17 of video as 8 minutes: $15.60 on the invoice, $4.80 on the statement, dated the day it connected', async () => {
    const callId = await liveCall()
    clock = seconds(10 + 437)
    expect(await endCall(callId, 'interpreter')).toBe(true)
    const { statement, invoice, call } = await linesOf(callId)
    expect(statement).toMatchObject([
      {
        workDate: '2026-03-02',
        description: 'Spanish, on-demand video call, Riverside Clinic (7:17)',
        minutes: 8,
        rateUnits: 6_000,
        amountCents: 480,
        totalCents: 480,
        bookingId: null,
        rateId: null,
      },
    ])
    expect(invoice).toMatchObject([
      {
        workDate: '2026-03-02',
        description: 'Spanish, on-demand video call interpreting (7:17)',
        minutes: 8,
        rateUnits: 19_500,
        amountCents: 1_560,
        totalCents: 1_560,
      },
    ])
    expect(call).toMatchObject({ billableSeconds: 437, chargeCents: 1_560, payCents: 480 })

    // The invoice reads it with who asked, who interpreted and how it was billed.
    const view = invoiceView((await staffInvoice(invoice[0]!.invoiceId))!)
    expect(view.lines[0]).toMatchObject({
      description: 'Spanish, on-demand video call interpreting (7:17)',
      minutes: '8',
      rate: '$1.9500',
      total: '$15.60',
      details: [
        'Requested by Sam Staff',
        'Interpreter: Rosa',
        'Connected 7:17: billed per started minute',
      ],
    })
  })

  it('does not bill a client who hangs up within 30 s; the interpreter is paid for the seconds', async () => {
    const callId = await liveCall({ media: 'audio' })
    clock = seconds(10 + 24)
    await endCall(callId, 'client')
    const { statement, invoice, call } = await linesOf(callId)
    expect(invoice).toEqual([])
    // 24 s at $0.40 a minute: 16 cents.
    expect(statement).toMatchObject([{ minutes: 0, amountCents: 16, totalCents: 16 }])
    expect(statement[0]!.description).toContain('paid by the second')
    expect(call).toMatchObject({ billableSeconds: 24, chargeCents: 0, payCents: 16 })
  })

  it('posts nothing for a call that never connected', async () => {
    const callId = await liveCall({ connectedAfter: null })
    clock = seconds(40)
    await endCall(callId, 'client')
    const { statement, invoice, call } = await linesOf(callId)
    expect([statement, invoice]).toEqual([[], []])
    expect(call).toMatchObject({ status: 'ended', billableSeconds: 0, chargeCents: 0, payCents: 0 })
  })

  it('uses the rates in force when the call started, with their minimum and rounding', async () => {
    // Audio from an hour before: a 5-minute minimum, 15-minute steps, $2.00 and $0.50.
    await test.db.insert(callRates).values({
      media: 'audio',
      clientRateUnits: 20_000,
      interpreterRateUnits: 5_000,
      minimumMinutes: 5,
      incrementMinutes: 15,
      effectiveFrom: seconds(-3600),
    })
    const callId = await liveCall({ media: 'audio' })
    // Staff raise the rates while the call runs: the call keeps the ones it started at.
    clock = seconds(20)
    await setCallRates(
      {
        media: 'audio',
        clientRateUnits: 99_000,
        interpreterRateUnits: 99_000,
        minimumMinutes: 1,
        incrementMinutes: 1,
        effectiveFrom: seconds(30),
      },
      staff,
    )
    clock = seconds(10 + 61)
    await endCall(callId, 'interpreter')
    const { statement, invoice } = await linesOf(callId)
    // 61 s: 2 started minutes, billed as 15 (the step) at $2.00; paid 2 at $0.50.
    expect(invoice).toMatchObject([{ minutes: 15, amountCents: 3_000 }])
    expect(statement).toMatchObject([{ minutes: 2, amountCents: 100 }])
  })

  it('bills an organization under its contract for calls from the contract’s start; the interpreter keeps the default pay', async () => {
    // Video under contract from an hour before: $3.00 a minute, 10 minutes at least, 5-minute
    // steps.
    clock = seconds(-3600)
    const contract = await setCallContract(
      organizationId,
      {
        media: 'video',
        clientRateUnits: 30_000,
        minimumMinutes: 10,
        incrementMinutes: 5,
        effectiveFrom: seconds(-3600),
      },
      staff,
    )
    expect(contract).toMatchObject({ organizationId, interpreterRateUnits: null })
    const [audit] = await test.db.select().from(auditLog).where(eq(auditLog.entityId, contract!.id))
    expect(audit).toMatchObject({ action: 'call_contract_set', actorId: staff.id })
    clock = START
    const videoCall = await liveCall()
    // An audio contract saved after a call's start leaves that call at the default rates.
    clock = seconds(20)
    await setCallContract(
      organizationId,
      {
        media: 'audio',
        clientRateUnits: 90_000,
        minimumMinutes: 1,
        incrementMinutes: 1,
        effectiveFrom: seconds(30),
      },
      staff,
    )
    clock = seconds(10 + 437)
    await endCall(videoCall, 'interpreter')
    const audioCall = await liveCall({ media: 'audio' })
    await endCall(audioCall, 'interpreter')

    const video = await linesOf(videoCall)
    // 7:17 is 8 started minutes, billed as 10 (the step and the minimum) at $3.00; the
    // interpreter is paid the 8 at the default $0.60.
    expect(video.invoice).toMatchObject([
      { minutes: 10, rateUnits: 30_000, amountCents: 3_000, callRateId: contract!.id },
    ])
    expect(video.statement).toMatchObject([{ minutes: 8, rateUnits: 6_000, amountCents: 480 }])
    expect(video.statement[0]!.callRateId).not.toBe(contract!.id)
    const view = invoiceView((await staffInvoice(video.invoice[0]!.invoiceId))!)
    expect(view.lines.find((line) => line.total === '$30.00')!.details).toContain(
      'Connected 7:17: minimum or rounding applied, at the contract rate',
    )
    // 8 started minutes at the default $1.25 for audio: the contract came after the start.
    expect((await linesOf(audioCall)).invoice).toMatchObject([
      { minutes: 8, rateUnits: 12_500, amountCents: 1_000 },
    ])

    // Another organization's calls keep the default rates.
    const otherId = await createOrganization(test.db, 'Hillside School')
    const [other] = await test.db
      .insert(calls)
      .values({
        organizationId: otherId,
        requestedById: staff.id,
        language: 'Spanish',
        media: 'video',
        setting: 'education',
        status: 'connected',
        interpreterId,
        startedAt: seconds(500),
        acceptedAt: seconds(505),
        connectedAt: seconds(510),
      })
      .returning()
    clock = seconds(510 + 60)
    await endCall(other!.id, 'client')
    expect((await linesOf(other!.id)).invoice).toMatchObject([
      { minutes: 1, rateUnits: 19_500, amountCents: 195 },
    ])
  })

  it('refuses a contract for calls that starts in the past, and one for an organization that does not exist', async () => {
    const terms = {
      media: 'video' as const,
      clientRateUnits: 30_000,
      minimumMinutes: 1,
      incrementMinutes: 1 as const,
    }
    await expect(
      setCallContract(organizationId, { ...terms, effectiveFrom: seconds(-60) }, staff),
    ).rejects.toBeInstanceOf(RateRuleError)
    expect(
      await setCallContract(
        '00000000-0000-4000-8000-000000000000',
        { ...terms, effectiveFrom: seconds(60) },
        staff,
      ),
    ).toBeNull()
    const rows = await test.db
      .select()
      .from(callRates)
      .where(eq(callRates.organizationId, organizationId))
    expect(rows).toEqual([])
  })

  it('posts a call once when both parties hang up at the same moment', async () => {
    const callId = await liveCall()
    clock = seconds(130)
    const ended = await Promise.all([endCall(callId, 'client'), endCall(callId, 'interpreter')])
    expect(ended.filter(Boolean)).toHaveLength(1)
    const { statement, invoice } = await linesOf(callId)
    expect([statement.length, invoice.length]).toEqual([1, 1])
  })

  it('takes one rating from each party of a call that connected and ended, whatever the race', async () => {
    const open = await liveCall()
    expect(await rateCall(open, 'client', { stars: 5, comment: null }, staff.id)).toBe('not-ended')
    clock = seconds(100)
    await endCall(open, 'client')
    const attempts = await Promise.all(
      [1, 2, 3, 4, 5].map((stars) => rateCall(open, 'client', { stars, comment: null }, staff.id)),
    )
    expect(attempts.filter((outcome) => outcome === 'rated')).toHaveLength(1)
    expect(attempts.filter((outcome) => outcome === 'rated-already')).toHaveLength(4)
    // A client cannot flag an incident; only the interpreter's report carries one.
    await rateCall(open, 'interpreter', { stars: 2, comment: 'Echo', incident: true }, staff.id)
    const ratings = await ratingsOfCall(open)
    expect(ratings.client).toMatchObject({ incident: false })
    expect(ratings.interpreter).toMatchObject({ stars: 2, incident: true, comment: 'Echo' })

    const neverConnected = await liveCall({ connectedAfter: null })
    await endCall(neverConnected, 'client')
    expect(await rateCall(neverConnected, 'client', { stars: 1, comment: null }, staff.id)).toBe(
      'not-ended',
    )
  })

  it('queues a client’s low rating and an interpreter’s incident until staff mark them reviewed, once', async () => {
    const rated = async (client: number, interpreter: { stars: number; incident: boolean }) => {
      const callId = await liveCall()
      clock = seconds(200)
      await endCall(callId, 'interpreter')
      await rateCall(callId, 'client', { stars: client, comment: `Client ${client}` }, staff.id)
      await rateCall(callId, 'interpreter', { ...interpreter, comment: 'Report' }, staff.id)
      clock = START
      return callId
    }
    const low = await rated(2, { stars: 1, incident: false })
    const incident = await rated(5, { stars: 4, incident: true })
    await rated(4, { stars: 1, incident: false })

    const queue = await callQualityQueue(1)
    expect(queue.total).toBe(2)
    expect(queue.rows.map((row) => [row.callId, row.rater]).sort()).toEqual(
      [
        [low, 'client'],
        [incident, 'interpreter'],
      ].sort(),
    )
    expect(queue.rows[0]).toMatchObject({
      organizationName: 'Riverside Clinic',
      language: 'Spanish',
    })

    const reviews = await Promise.all([
      markCallRatingReviewed(low, 'client', staff),
      markCallRatingReviewed(low, 'client', staff),
    ])
    expect(reviews.filter(Boolean)).toHaveLength(1)
    expect(await markCallRatingReviewed(incident, 'client', staff)).toBe(false)
    expect((await callQualityQueue(1)).rows.map((row) => row.callId)).toEqual([incident])
    const audits = await test.db.select().from(auditLog).where(eq(auditLog.entityId, low))
    expect(audits.map((entry) => entry.action)).toEqual(['call_rating_reviewed'])
  })

  it('shows staff the calls under way, who is online, and connect times; staff end a call and set an interpreter unavailable, audited', async () => {
    // Three connected Spanish calls of the last days: 4, 8 and 30 seconds to connect.
    for (const [daysAgo, connectSeconds] of [
      [1, 4],
      [2, 8],
      [20, 30],
    ] as const) {
      await test.db.insert(calls).values({
        organizationId,
        requestedById: staff.id,
        language: 'Spanish',
        media: 'video',
        setting: 'business',
        status: 'ended',
        interpreterId,
        startedAt: new Date(START.getTime() - daysAgo * 86_400_000),
        acceptedAt: new Date(START.getTime() - daysAgo * 86_400_000 + 2_000),
        connectedAt: new Date(START.getTime() - daysAgo * 86_400_000 + connectSeconds * 1000),
        endedAt: new Date(START.getTime() - daysAgo * 86_400_000 + 600_000),
        endedBy: 'client',
      })
    }
    // One that connected after 90 s, one unanswered and one the client cancelled, and an
    // audio-only call that connected after 45 s.
    const past = (daysAgo: number, values: Partial<typeof calls.$inferInsert>) =>
      test.db.insert(calls).values({
        organizationId,
        requestedById: staff.id,
        language: 'Spanish',
        media: 'video',
        setting: 'business',
        status: 'ended',
        startedAt: new Date(START.getTime() - daysAgo * 86_400_000),
        endedAt: new Date(START.getTime() - daysAgo * 86_400_000 + 600_000),
        ...values,
      })
    const connectedAfter = (daysAgo: number, secondsToConnect: number) =>
      new Date(START.getTime() - daysAgo * 86_400_000 + secondsToConnect * 1000)
    await past(5, { interpreterId, connectedAt: connectedAfter(5, 90), endedBy: 'client' })
    await past(3, { status: 'unanswered' })
    await past(25, { status: 'cancelled' })
    await past(1, {
      media: 'audio',
      interpreterId,
      connectedAt: connectedAfter(1, 45),
      endedBy: 'client',
    })
    // And the call under way, 10 seconds to connect.
    const live = await liveCall()
    await setAvailableForCalls(interpreterId, true)
    await markSeen(interpreterId, clock)

    const board = await callBoard(clock)
    expect(board.active.map((call) => call.id)).toEqual([live])
    expect(board.online).toMatchObject([{ id: interpreterId, onCall: true, ringing: false }])
    // By hand, 30 days of Spanish video: connected after 4, 8, 10, 30 and 90 s, and two that
    // did not connect, 7 asked for. Median 10; 90th percentile at rank 0.9 × 4 = 3.6, between
    // 30 and 90: 30 + 0.6 × 60 = 66; within 30 s 4 of 7 (57%), within 2 minutes 5 of 7.
    expect(board.figures).toEqual([
      {
        language: 'Spanish',
        media: 'video',
        asked: 7,
        connected: 5,
        median: 10,
        p90: 66,
        within30: 4,
        within60: 4,
        within120: 5,
      },
      {
        language: 'Spanish',
        media: 'audio',
        asked: 1,
        connected: 1,
        median: 45,
        p90: 45,
        within30: 0,
        within60: 1,
        within120: 1,
      },
    ])
    // 7 days of Spanish video: 4, 8, 10 and 90 s and the unanswered one. Median (8 + 10) / 2;
    // 90th percentile at rank 2.7, between 10 and 90: 10 + 0.7 × 80 = 66.
    expect((await callBoard(clock, 7)).figures[0]).toEqual({
      language: 'Spanish',
      media: 'video',
      asked: 5,
      connected: 4,
      median: 9,
      p90: 66,
      within30: 3,
      within60: 3,
      within120: 4,
    })
    // The calls behind the figures, newest first, those that did not connect included.
    const behind = await callsBehindConnectTimes(
      { language: 'Spanish', media: 'video', days: 30 },
      clock,
    )
    expect(behind.map((call) => [call.connectSeconds, call.status])).toEqual([
      [10, 'connected'],
      [4, 'ended'],
      [8, 'ended'],
      [null, 'unanswered'],
      [90, 'ended'],
      [30, 'ended'],
      [null, 'cancelled'],
    ])
    expect(behind[0]).toMatchObject({
      organizationName: 'Riverside Clinic',
      interpreterFirstName: 'Rosa',
    })
    expect(
      await callsBehindConnectTimes({ language: 'French', media: 'video', days: 30 }, clock),
    ).toEqual([])

    clock = seconds(70)
    expect(await endCall(live, 'staff', { staff })).toBe(true)
    expect(await setUnavailableByStaff(interpreterId, staff)).toBe(true)
    expect((await callPresenceOf(interpreterId)).available).toBe(false)
    expect((await callBoard(clock)).online).toEqual([])
    const audits = await test.db.select({ action: auditLog.action }).from(auditLog)
    expect(audits.map((entry) => entry.action).sort()).toEqual(
      expect.arrayContaining(['call_ended_by_staff', 'calls_availability_off']),
    )
    const [ended] = await test.db.select().from(calls).where(eq(calls.id, live))
    expect(ended).toMatchObject({ status: 'ended', endedBy: 'staff', billableSeconds: 60 })
  })

  it('ends a call whose interpreter was heard last through another instance silent for 10 s, billed to their last word; one heard since through a live instance, or through this one, goes on', async () => {
    const callId = await liveCall()
    const { profileId: olga } = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Olga',
    })
    const olgasCall = await liveCall({ interpreterId: olga })
    const { profileId: tess } = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Tess',
    })
    const tessCall = await liveCall({ interpreterId: tess })
    // An instance that last beat at 101 s (it died), one that beats on, and this process, whose
    // written beat is as old as the dead one's.
    const [dead, live] = [crypto.randomUUID(), crypto.randomUUID()]
    await test.db.insert(callInstances).values([
      { id: dead, beatAt: seconds(101) },
      { id: live, beatAt: seconds(110) },
    ])
    await beat(seconds(101))
    // All heard from at 100 s: the first through the dead instance; Olga reconnected to the
    // live one at 102 s; Tess through this process.
    for (const id of [interpreterId, olga, tess]) await markSeen(id, seconds(100))
    const heardThrough = (id: string, instanceId: string, lastSeenAt: Date) =>
      test.db
        .update(interpreterCallPresence)
        .set({ instanceId, lastSeenAt })
        .where(eq(interpreterCallPresence.interpreterId, id))
    await heardThrough(interpreterId, dead, seconds(100))
    await heardThrough(olga, live, seconds(102))

    expect(await endCallsOfGoneInterpreters(seconds(110.999))).toEqual([])
    expect(await endCallsOfGoneInterpreters(seconds(111))).toEqual([callId])
    const [dropped] = await test.db.select().from(calls).where(eq(calls.id, callId))
    // Connected at 10 s, last heard from at 100 s: 90 seconds billed.
    expect(dropped).toMatchObject({ status: 'ended', endedBy: 'system', billableSeconds: 90 })
    const goingOn = await test.db
      .select({ status: calls.status })
      .from(calls)
      .where(inArray(calls.id, [olgasCall, tessCall]))
    expect(goingOn).toEqual([{ status: 'connected' }, { status: 'connected' }])
    // This process's beat must not outlive the test: other tests' pages are heard through it.
    await test.db.delete(callInstances)
  })

  it('ends a call whose interpreter is not heard from for 20 s, billed to the drop; the client gets a new interpreter at the front of the queue', async () => {
    const callId = await liveCall()
    await setAvailableForCalls(interpreterId, true)
    await markSeen(interpreterId, seconds(100))
    // Four other Spanish interpreters online: a new call would ring three of them first.
    const others: string[] = []
    for (const firstName of ['Ana', 'Bea', 'Cruz', 'Dora']) {
      const { profileId } = await createDispatchInterpreter(test.db, staff, { firstName })
      await setAvailableForCalls(profileId, true)
      others.push(profileId)
    }
    clock = seconds(119)
    expect(await endCallsOfGoneInterpreters(clock)).toEqual([])
    clock = seconds(120)
    for (const other of others) await markSeen(other, clock)
    expect(await endCallsOfGoneInterpreters(clock)).toEqual([callId])
    const [dropped] = await test.db.select().from(calls).where(eq(calls.id, callId))
    // Connected at 10 s, last heard from at 100 s: 90 seconds billed.
    expect(dropped).toMatchObject({ status: 'ended', endedBy: 'system', billableSeconds: 90 })

    const resumed = await resumeDroppedCall(dropped!)
    expect(resumed?.status).toBe('waiting')
    const rings = (await callById(resumed!.callId))!.rings
    expect(rings.map((ring) => ring.interpreterId).sort()).toEqual([...others].sort())
    expect(await resumeDroppedCall(dropped!)).toEqual(resumed)

    const hungUp = await test.db.select().from(calls).where(eq(calls.id, resumed!.callId))
    expect(await resumeDroppedCall(hungUp[0]!)).toBeNull()
  })
})
