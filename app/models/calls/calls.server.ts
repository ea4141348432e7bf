import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import {
  callInstances,
  callRings,
  calls,
  interpreterCallPresence,
  interpreterProfiles,
  organizations,
  users,
} from '../../../db/schema'
import type { BookingSetting } from '../../domain/bookings'
import {
  eligibleInRingOrder,
  firstWaveSize,
  interpreterGone,
  RING_SECONDS,
  ringTargets,
  ringWidened,
  unavailableAfterMisses,
  type CallMedia,
} from '../../domain/call-routing'
import { openInterruptionSeconds } from '../../domain/call-billing'
import {
  callStatusesWithInterpreter,
  type CallEnder,
  type CallMainParty,
  type CallStatus,
} from '../../domain/calls'
import { officeTimeZone } from '../../domain/office'
import type { CallTopic } from '../../platform/calls/call-bus.server'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { db, runtime } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { postCall } from '../billing/ledger.server'
import { callCandidates } from './call-candidates.server'
import { callPresenceOf } from './call-presence.server'

/**
 * On-demand calls from Connect now to the accept (docs/product.md#on-demand-call-routing):
 * the call's row and its rings, changed in transactions; who hears of a change is told
 * through the call bus once the transaction has committed.
 */

export interface NewCall {
  organizationId: string
  requestedById: string
  language: string
  media: CallMedia
  setting: BookingSetting
  reference: string | null
  /** The call whose interpreter dropped, which this one takes up. */
  resumesCallId?: string | null
}

type Call = typeof calls.$inferSelect

/** How many candidates a Connect now reads at a time, in ring order, to ring its first three. */
const CANDIDATE_PAGE_SIZE = 25

/** Tells the pages of the interpreters whose rings changed, the call's parties and staff's board. */
async function announce(change: { callId: string; interpreters: Iterable<string> }) {
  const bus = runtime().callBus
  const topics: CallTopic[] = [
    `call:${change.callId}`,
    'board',
    ...[...new Set(change.interpreters)].map((id): CallTopic => `interpreter:${id}`),
  ]
  await Promise.all(
    topics.map((topic) =>
      bus.publish(
        topic,
        topic.startsWith('interpreter:')
          ? { type: 'rings-changed' }
          : { type: 'call-changed', callId: change.callId },
      ),
    ),
  )
}

/** Starts ringing interpreters for the rows of `interpreterIds` not ringing elsewhere. */
async function ring(tx: Database, callId: string, interpreterIds: string[], wave: 1 | 2, at: Date) {
  if (interpreterIds.length === 0) return []
  // The partial unique index keeps an interpreter to one live ring: one rung by another call
  // a moment ago is skipped, as is one this call rang before.
  const rows = await tx
    .insert(callRings)
    .values(interpreterIds.map((interpreterId) => ({ callId, interpreterId, wave, rangAt: at })))
    .onConflictDoNothing()
    .returning({ interpreterId: callRings.interpreterId })
  return rows.map((row) => row.interpreterId)
}

/**
 * Connect now: records the call and rings its first wave. With nobody eligible online the call
 * ends at once as `unanswered`, so the client is told so and offered a callback booking.
 */
export async function startCall(input: NewCall): Promise<{ callId: string; status: CallStatus }> {
  const at = now()
  const result = await db().transaction(async (tx) => {
    const [call] = await tx
      .insert(calls)
      .values({ ...input, startedAt: at })
      .returning()
    const request = { ...call!, startedAt: at, resumes: call!.resumesCallId !== null }
    const wanted = firstWaveSize(request)
    const rung: string[] = []
    // The candidates in ring order, a page at a time (every one at once for a call that rings
    // them all). Another Connect now a moment ago may have rung the first of them (the partial
    // unique index skips those): the next in order ring instead, so that a busy minute leaves
    // no call unrung while others are free.
    for (let offset = 0; rung.length < wanted; offset += CANDIDATE_PAGE_SIZE) {
      const page = Number.isFinite(wanted) ? { size: CANDIDATE_PAGE_SIZE, offset } : undefined
      const candidates = await callCandidates(call!, at, tx, { page })
      const order = eligibleInRingOrder(request, candidates, officeTimeZone())
      for (let next = 0; rung.length < wanted && next < order.length;) {
        const batch = order.slice(next, next + (wanted - rung.length))
        next += batch.length
        rung.push(...(await ring(tx, call!.id, batch, 1, at)))
      }
      if (!page || candidates.length < page.size) break
    }
    if (rung.length > 0) return { call: call!, rung }
    const [unanswered] = await tx
      .update(calls)
      .set({ status: 'unanswered', endedAt: at, endedBy: 'system' })
      .where(eq(calls.id, call!.id))
      .returning()
    return { call: unanswered!, rung }
  })
  await announce({ callId: result.call.id, interpreters: result.rung })
  return { callId: result.call.id, status: result.call.status }
}

/**
 * An interpreter's Accept call. Exactly one accept wins: one statement takes the call only
 * while it is still waiting and the interpreter's ring still rings, accepts that ring and
 * withdraws the call's others. The database runs two updates of one row one after the other,
 * so the second accept finds the call taken and changes nothing. One statement, not a
 * transaction of several, so that the 49 losers of 50 simultaneous accepts cost one round
 * trip each.
 */
export async function acceptCall(
  callId: string,
  interpreterId: string,
): Promise<'accepted' | 'taken'> {
  const at = sql`${now().toISOString()}::timestamptz`
  const result = await db().execute(sql`
    with won as (
      update ${calls} set status = 'connecting', interpreter_id = ${interpreterId}, accepted_at = ${at}
      where id = ${callId} and status = 'waiting'
        and exists (select 1 from ${callRings} where call_id = ${callId}
          and interpreter_id = ${interpreterId} and outcome is null)
        and not exists (select 1 from ${calls} as held where held.interpreter_id = ${interpreterId}
          and held.status in ('connecting', 'connected'))
      returning id
    ), rings as (
      update ${callRings}
      set outcome = case when interpreter_id = ${interpreterId} then 'accepted' else 'withdrawn' end,
        answered_at = ${at}
      where call_id = ${callId} and outcome is null and exists (select 1 from won)
      returning interpreter_id
    ), presence as (
      update ${interpreterCallPresence} set missed_in_a_row = 0
      where interpreter_id = ${interpreterId} and exists (select 1 from won)
    )
    select interpreter_id from rings`)
  // The winner's own ring is among the rows: none means the call was taken (or is over).
  const rung = (result as unknown as { rows: { interpreter_id: string }[] }).rows
  if (rung.length === 0) return 'taken'
  await announce({ callId, interpreters: rung.map((row) => row.interpreter_id) })
  return 'accepted'
}

/**
 * A ring declined, or missed (not answered within the ring time). Three in a row set the
 * interpreter unavailable for calls; the answer says so, so that their page tells them.
 */
async function endRing(
  tx: Database,
  callId: string,
  interpreterId: string,
  outcome: 'declined' | 'missed',
  at: Date,
): Promise<{ ended: boolean; setUnavailable: boolean }> {
  const [ended] = await tx
    .update(callRings)
    .set({ outcome, answeredAt: at })
    .where(
      and(
        eq(callRings.callId, callId),
        eq(callRings.interpreterId, interpreterId),
        isNull(callRings.outcome),
      ),
    )
    .returning({ interpreterId: callRings.interpreterId })
  if (!ended) return { ended: false, setUnavailable: false }
  const [presence] = await tx
    .update(interpreterCallPresence)
    .set({ missedInARow: sql`${interpreterCallPresence.missedInARow} + 1` })
    .where(eq(interpreterCallPresence.interpreterId, interpreterId))
    .returning({ missedInARow: interpreterCallPresence.missedInARow })
  const setUnavailable = presence !== undefined && unavailableAfterMisses(presence.missedInARow)
  if (setUnavailable)
    await tx
      .update(interpreterCallPresence)
      .set({ available: false })
      .where(eq(interpreterCallPresence.interpreterId, interpreterId))
  return { ended: true, setUnavailable }
}

/** An interpreter's Decline. */
export async function declineCall(callId: string, interpreterId: string) {
  const at = now()
  const result = await db().transaction((tx) => endRing(tx, callId, interpreterId, 'declined', at))
  if (result.ended) await announce({ callId, interpreters: [interpreterId] })
  return result
}

/** The client left while waiting: the call is cancelled and every ring stops. */
export function cancelCall(callId: string, organizationId: string): Promise<boolean> {
  return stopWaiting(callId, organizationId, 'cancelled')
}

/**
 * The client asked for a callback instead of waiting on: the call is unanswered and every ring
 * stops; false when it is no longer waiting (an interpreter accepted meanwhile).
 */
export function stopWaitingForCallback(callId: string, organizationId: string): Promise<boolean> {
  return stopWaiting(callId, organizationId, 'unanswered')
}

async function stopWaiting(
  callId: string,
  organizationId: string,
  status: 'cancelled' | 'unanswered',
): Promise<boolean> {
  const at = now()
  const rung = await db().transaction(async (tx) => {
    const [stopped] = await tx
      .update(calls)
      .set({ status, endedAt: at, endedBy: 'client' })
      .where(
        and(
          eq(calls.id, callId),
          eq(calls.organizationId, organizationId),
          eq(calls.status, 'waiting'),
        ),
      )
      .returning({ id: calls.id })
    if (!stopped) return null
    return withdrawRings(tx, callId, at)
  })
  if (rung === null) return false
  await announce({ callId, interpreters: rung })
  return true
}

/**
 * The client's camera was denied on a video call under way: it goes on, and is billed, as audio
 * only. False when it was not a video call under way.
 */
export async function continueAsAudio(callId: string): Promise<boolean> {
  const [switched] = await db()
    .update(calls)
    .set({ media: 'audio' })
    .where(
      and(
        eq(calls.id, callId),
        inArray(calls.status, [...callStatusesWithInterpreter]),
        eq(calls.media, 'video'),
      ),
    )
    .returning({ id: calls.id })
  if (!switched) return false
  await announce({ callId, interpreters: [] })
  return true
}

/**
 * A waiting video call becomes audio only, for which more interpreters are eligible (phone or
 * video); they are rung at once. False when it was not a waiting video call.
 */
export async function switchToAudio(callId: string, organizationId: string): Promise<boolean> {
  const [switched] = await db()
    .update(calls)
    .set({ media: 'audio' })
    .where(
      and(
        eq(calls.id, callId),
        eq(calls.organizationId, organizationId),
        eq(calls.status, 'waiting'),
        eq(calls.media, 'video'),
      ),
    )
    .returning({ id: calls.id })
  if (!switched) return false
  await advanceCall(callId)
  await announce({ callId, interpreters: [] })
  return true
}

async function withdrawRings(tx: Database, callId: string, at: Date) {
  const rows = await tx
    .update(callRings)
    .set({ outcome: 'withdrawn', answeredAt: at })
    .where(and(eq(callRings.callId, callId), isNull(callRings.outcome)))
    .returning({ interpreterId: callRings.interpreterId })
  return rows.map((row) => row.interpreterId)
}

/**
 * The routing tick of one waiting call at `at`: rings not answered within the ring time count
 * as missed, rings of interpreters no longer eligible (gone offline, set unavailable) are
 * withdrawn, and whoever the rules say should ring now and has not been rung for this call
 * starts ringing (after 15 s, every eligible interpreter). Safe to run from several instances:
 * the call's row is locked, and a call no longer waiting is left alone.
 */
export async function advanceCall(callId: string, at: Date = now()) {
  const changed = await db().transaction(async (tx) => {
    const [call] = await tx
      .select()
      .from(calls)
      .where(and(eq(calls.id, callId), eq(calls.status, 'waiting')))
      .for('update')
    if (!call) return []
    const touched: string[] = []
    const expired = await tx
      .select({ interpreterId: callRings.interpreterId })
      .from(callRings)
      .where(
        and(
          eq(callRings.callId, callId),
          isNull(callRings.outcome),
          lte(callRings.rangAt, new Date(at.getTime() - RING_SECONDS * 1000)),
        ),
      )
    for (const { interpreterId } of expired) {
      await endRing(tx, callId, interpreterId, 'missed', at)
      touched.push(interpreterId)
    }
    const rings = await tx
      .select({
        interpreterId: callRings.interpreterId,
        wave: callRings.wave,
        outcome: callRings.outcome,
      })
      .from(callRings)
      .where(eq(callRings.callId, callId))
    const request = { ...call, resumes: call.resumesCallId !== null }
    // Before the wave widens only the first wave's rings still ringing can go on: those few are
    // read, not every interpreter online (this runs every second for every waiting call).
    const candidates = await callCandidates(call, at, tx, {
      among: ringWidened(request, at)
        ? undefined
        : rings
            .filter((row) => row.wave === 1 && row.outcome === null)
            .map((row) => row.interpreterId),
    })
    const targets = ringTargets(
      request,
      candidates,
      at,
      {
        firstWave: rings.filter((row) => row.wave === 1).map((row) => row.interpreterId),
        declined: new Set(
          rings.filter((row) => row.outcome !== null).map((row) => row.interpreterId),
        ),
      },
      officeTimeZone(),
    )
    const live = rings.filter((row) => row.outcome === null).map((row) => row.interpreterId)
    const gone = live.filter((id) => !targets.includes(id) && !touched.includes(id))
    if (gone.length > 0) {
      await tx
        .update(callRings)
        .set({ outcome: 'withdrawn', answeredAt: at })
        .where(
          and(
            eq(callRings.callId, callId),
            inArray(callRings.interpreterId, gone),
            isNull(callRings.outcome),
          ),
        )
      touched.push(...gone)
    }
    const fresh = targets.filter((id) => !rings.some((row) => row.interpreterId === id))
    const wave = rings.some((row) => row.wave === 1) && fresh.length > 0 ? 2 : 1
    touched.push(...(await ring(tx, callId, fresh, wave, at)))
    return touched
  })
  if (changed.length > 0) await announce({ callId, interpreters: changed })
  return changed
}

/** Every waiting call's routing tick: those taking up a dropped call first, then the oldest. */
export async function advanceWaitingCalls(at: Date = now()) {
  const waiting = await db()
    .select({ id: calls.id })
    .from(calls)
    .where(eq(calls.status, 'waiting'))
    .orderBy(sql`${calls.resumesCallId} is null`, asc(calls.startedAt))
  for (const { id } of waiting) await advanceCall(id, at)
}

/** The interpreter's ringing call, if any: what their page shows as the incoming call. */
export async function ringingCallOf(interpreterId: string): Promise<Call | null> {
  const [row] = await db()
    .select({ call: calls })
    .from(callRings)
    .innerJoin(calls, eq(calls.id, callRings.callId))
    .where(and(eq(callRings.interpreterId, interpreterId), isNull(callRings.outcome)))
  return row?.call ?? null
}

/**
 * What an interpreter's pages show of Connect now outside a call: "Available for calls" and
 * the call ringing for them, as the page's socket sends it.
 */
export async function interpreterCallState(interpreterId: string) {
  const [presence, ringing] = await Promise.all([
    callPresenceOf(interpreterId),
    ringingCallOf(interpreterId),
  ])
  return {
    available: presence.available,
    ringing: ringing && {
      id: ringing.id,
      language: ringing.language,
      media: ringing.media,
      setting: ringing.setting,
      startedAt: ringing.startedAt.toISOString(),
    },
  }
}

/** A call's row and its rings, for the call's parties and staff. */
export async function callById(callId: string, tx?: Database) {
  const [call] = await db(tx).select().from(calls).where(eq(calls.id, callId))
  if (!call) return null
  const rings = await db(tx)
    .select()
    .from(callRings)
    .where(eq(callRings.callId, callId))
    .orderBy(asc(callRings.rangAt), asc(callRings.interpreterId))
  return { ...call, rings }
}

const droppedAtOf = {
  client: calls.clientDroppedAt,
  interpreter: calls.interpreterDroppedAt,
} as const

/**
 * A party's page says the two browsers are connected: billable time starts (once). Said again
 * after a drop, that party's drop is over; if the other party's page had said so too, the
 * interruption (app/domain/call-billing.ts) ends here and its seconds are not billed.
 */
export async function markConnected(callId: string, party: CallMainParty): Promise<boolean> {
  const at = now()
  const [connected] = await db()
    .update(calls)
    .set({ status: 'connected', connectedAt: at })
    .where(and(eq(calls.id, callId), eq(calls.status, 'connecting')))
    .returning({ id: calls.id })
  if (connected) {
    await announce({ callId, interpreters: [] })
    return true
  }
  const mine = droppedAtOf[party]
  const theirs = droppedAtOf[party === 'client' ? 'interpreter' : 'client']
  const atSql = sql`${at.toISOString()}::timestamptz`
  await db()
    .update(calls)
    .set({
      interruptedSeconds: sql`${calls.interruptedSeconds} + case when ${theirs} is null then 0
        else greatest(0, floor(extract(epoch from ${atSql} - greatest(${mine}, ${theirs}))))::int end`,
      [party === 'client' ? 'clientDroppedAt' : 'interpreterDroppedAt']: null,
    })
    .where(and(eq(calls.id, callId), eq(calls.status, 'connected'), isNotNull(mine)))
  return false
}

/**
 * A party's page says the browsers' connection dropped mid-call (it is trying again, by an ICE
 * restart). The first word of a drop counts; the call goes on, and is not rung again.
 */
export async function markDropped(callId: string, party: CallMainParty): Promise<void> {
  const mine = droppedAtOf[party]
  await db()
    .update(calls)
    .set({ [party === 'client' ? 'clientDroppedAt' : 'interpreterDroppedAt']: now() })
    .where(and(eq(calls.id, callId), eq(calls.status, 'connected'), isNull(mine)))
}

/**
 * The first hang-up ends the call (its parties' pages see it at once); the interpreter is idle
 * from now, which puts them at the back of the ring order. The call's money is posted in the same
 * transaction; a staff member who ends a call is recorded in the audit log.
 */
export async function endCall(
  callId: string,
  endedBy: CallEnder,
  options: { staff?: Actor; endedAt?: Date } = {},
): Promise<boolean> {
  const { staff } = options
  const at = options.endedAt ?? now()
  const ended = await db().transaction(async (tx) => {
    const [call] = await tx
      .update(calls)
      .set({ status: 'ended', endedAt: at, endedBy })
      .where(and(eq(calls.id, callId), inArray(calls.status, ['connecting', 'connected'])))
      .returning()
    if (!call) return false
    if (call.interpreterId)
      await tx
        .update(interpreterCallPresence)
        .set({ idleSince: at })
        .where(eq(interpreterCallPresence.interpreterId, call.interpreterId))
    const [organization] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, call.organizationId))
    // Ended while interrupted: the interruption ends with the call.
    const interruptedSeconds = call.interruptedSeconds + openInterruptionSeconds(call, at)
    const amounts = await postCall(tx, {
      call: { ...call, interruptedSeconds },
      organizationName: organization!.name,
    })
    if (staff)
      await recordAudit(
        staff,
        { action: 'call_ended_by_staff', entityType: 'call', entityId: callId, after: { endedBy } },
        tx,
      )
    await tx
      .update(calls)
      .set({
        interruptedSeconds,
        clientDroppedAt: null,
        interpreterDroppedAt: null,
        billableSeconds: amounts.seconds,
        chargeCents: amounts.chargeCents,
        payCents: amounts.payCents,
      })
      .where(eq(calls.id, callId))
    return true
  })
  if (ended) await announce({ callId, interpreters: [] })
  return ended
}

/**
 * A new interpreter for a call whose interpreter dropped: a new call with the same request, at
 * the front of the queue. Asked twice, the second finds the first. Null when the call did not
 * drop (it was hung up, or is not over).
 */
export async function resumeDroppedCall(
  dropped: Call,
): Promise<{ callId: string; status: CallStatus } | null> {
  if (dropped.status !== 'ended' || dropped.endedBy !== 'system') return null
  const [taken] = await db()
    .select({ id: calls.id, status: calls.status })
    .from(calls)
    .where(eq(calls.resumesCallId, dropped.id))
  if (taken) return { callId: taken.id, status: taken.status }
  return startCall({
    organizationId: dropped.organizationId,
    requestedById: dropped.requestedById!,
    language: dropped.language,
    media: dropped.media,
    setting: dropped.setting,
    reference: dropped.reference,
    resumesCallId: dropped.id,
  })
}

/** How many calls of gone interpreters end side by side (the pool holds ten connections). */
const ENDING_AT_ONCE = 5

/**
 * Ends the calls whose interpreter has not been heard from for 20 seconds (their page closed or
 * their connection dropped), or was heard last through an instance that has not beaten for 10
 * seconds (it died), billed up to when they were last heard from; the client is then
 * offered a new interpreter at the front of the queue. Returns the calls ended.
 */

export async function endCallsOfGoneInterpreters(at: Date = now()): Promise<string[]> {
  const held = await db()
    .select({
      id: calls.id,
      lastSeenAt: interpreterCallPresence.lastSeenAt,
      instanceId: interpreterCallPresence.instanceId,
      instanceBeatAt: callInstances.beatAt,
    })
    .from(calls)
    .leftJoin(
      interpreterCallPresence,
      eq(interpreterCallPresence.interpreterId, calls.interpreterId),
    )
    .leftJoin(callInstances, eq(callInstances.id, interpreterCallPresence.instanceId))
    .where(inArray(calls.status, [...callStatusesWithInterpreter]))
  // This instance is alive whatever its last written beat says (late under load, or its clock
  // just moved on in a test): only another instance's silence counts.
  const { instanceId } = runtime()
  const gone = held.filter((call) =>
    interpreterGone(
      call.lastSeenAt,
      at,
      call.instanceId === instanceId ? null : call.instanceBeatAt,
    ),
  )
  const ended: string[] = []
  // A dead instance leaves many calls to end at once: a few at a time, each in its transaction.
  for (let start = 0; start < gone.length; start += ENDING_AT_ONCE) {
    const batch = gone.slice(start, start + ENDING_AT_ONCE)
    const done = await Promise.all(
      batch.map((call) => {
        const endedAt = call.lastSeenAt && call.lastSeenAt < at ? call.lastSeenAt : at
        return endCall(call.id, 'system', { endedAt })
      }),
    )
    ended.push(...batch.filter((_, index) => done[index]).map((call) => call.id))
  }
  return ended
}

/** What a call history shows of a call (docs/product.md#call-histories). */
const historyColumns = {
  id: calls.id,
  language: calls.language,
  media: calls.media,
  status: calls.status,
  startedAt: calls.startedAt,
  billableSeconds: calls.billableSeconds,
  chargeCents: calls.chargeCents,
  payCents: calls.payCents,
}

/** The interpreter's calls, newest first: their history with duration and pay. */
export function callsOfInterpreter(interpreterId: string, limit = 20) {
  return db()
    .select(historyColumns)
    .from(calls)
    .where(eq(calls.interpreterId, interpreterId))
    .orderBy(sql`${calls.startedAt} desc`)
    .limit(limit)
}

/**
 * A client's calls, newest first, with who asked: the organization's for a manager, their own
 * for a requester.
 */
export function callsOfClient(
  client: { organizationId: string; userId: string; manager: boolean },
  limit = 20,
) {
  return db()
    .select({ ...historyColumns, requestedByName: users.name })
    .from(calls)
    .leftJoin(users, eq(users.id, calls.requestedById))
    .where(
      client.manager
        ? eq(calls.organizationId, client.organizationId)
        : and(
            eq(calls.organizationId, client.organizationId),
            eq(calls.requestedById, client.userId),
          ),
    )
    .orderBy(sql`${calls.startedAt} desc`)
    .limit(limit)
}

/**
 * A call as its client's page shows it: with the interpreter's first name and ID number, never a
 * surname.
 */
export async function clientCallView(callId: string) {
  const [row] = await db()
    .select({
      call: calls,
      interpreterFirstName: interpreterProfiles.firstName,
      interpreterIdNumber: interpreterProfiles.idNumber,
    })
    .from(calls)
    .leftJoin(interpreterProfiles, eq(interpreterProfiles.id, calls.interpreterId))
    .where(eq(calls.id, callId))
  return row
    ? {
        ...row.call,
        interpreterFirstName: row.interpreterFirstName,
        interpreterIdNumber: row.interpreterIdNumber,
      }
    : null
}

/** What a call's page shows of it, its times as text for the browser. */
export function callForPage(call: Call) {
  return {
    id: call.id,
    status: call.status,
    media: call.media,
    language: call.language,
    setting: call.setting,
    startedAt: call.startedAt.toISOString(),
    connectedAt: call.connectedAt?.toISOString() ?? null,
    endedAt: call.endedAt?.toISOString() ?? null,
  }
}
