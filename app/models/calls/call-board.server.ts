import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import {
  callRings,
  calls,
  interpreterCallPresence,
  interpreterProfiles,
  organizations,
} from '../../../db/schema'
import { PRESENCE_SECONDS, type CallMedia } from '../../domain/call-routing'
import { callStatusesWithInterpreter, type ConnectTimeWindow } from '../../domain/calls'
import { now } from '../../platform/clock.server'
import { db } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { setAvailableForCalls } from './call-presence.server'

/**
 * Staff's live board of on-demand calls (docs/product.md#call-board): the calls waiting and
 * under way, the interpreters online for calls, and the connect times per language.
 */

const DAY_MS = 24 * 60 * 60 * 1000

/** The calls waiting for an interpreter, longest waiting first, with how many rings ring. */
function waitingCalls() {
  return db()
    .select({
      id: calls.id,
      language: calls.language,
      media: calls.media,
      setting: calls.setting,
      startedAt: calls.startedAt,
      organizationName: organizations.name,
      ringing: sql<number>`(select count(*) from ${callRings} where ${callRings.callId} = ${calls.id} and ${callRings.outcome} is null)::integer`,
    })
    .from(calls)
    .innerJoin(organizations, eq(organizations.id, calls.organizationId))
    .where(eq(calls.status, 'waiting'))
    .orderBy(asc(calls.startedAt))
}

/** The calls an interpreter holds, oldest first. */
function activeCalls() {
  return db()
    .select({
      id: calls.id,
      language: calls.language,
      media: calls.media,
      status: calls.status,
      startedAt: calls.startedAt,
      connectedAt: calls.connectedAt,
      organizationName: organizations.name,
      interpreterFirstName: interpreterProfiles.firstName,
      interpreterLastName: interpreterProfiles.lastName,
    })
    .from(calls)
    .innerJoin(organizations, eq(organizations.id, calls.organizationId))
    .leftJoin(interpreterProfiles, eq(interpreterProfiles.id, calls.interpreterId))
    .where(inArray(calls.status, [...callStatusesWithInterpreter]))
    .orderBy(asc(calls.startedAt))
}

/** The interpreters with calls on whose page was heard from, and whether they are free. */
function onlineInterpreters(at: Date) {
  return db()
    .select({
      id: interpreterProfiles.id,
      firstName: interpreterProfiles.firstName,
      lastName: interpreterProfiles.lastName,
      languages: interpreterProfiles.languages,
      onCall: sql<boolean>`exists (select 1 from ${calls} where ${calls.interpreterId} = ${interpreterProfiles.id} and ${calls.status} in ('connecting', 'connected'))`,
      ringing: sql<boolean>`exists (select 1 from ${callRings} where ${callRings.interpreterId} = ${interpreterProfiles.id} and ${callRings.outcome} is null)`,
    })
    .from(interpreterCallPresence)
    .innerJoin(
      interpreterProfiles,
      eq(interpreterProfiles.id, interpreterCallPresence.interpreterId),
    )
    .where(
      and(
        eq(interpreterCallPresence.available, true),
        gt(interpreterCallPresence.lastSeenAt, new Date(at.getTime() - PRESENCE_SECONDS * 1000)),
        isNull(interpreterCallPresence.goneAt),
      ),
    )
    .orderBy(asc(interpreterProfiles.firstName), asc(interpreterProfiles.lastName))
}

/** A figure in seconds to a tenth. */
const tenths = (value: unknown) => (value === null ? null : Math.round(Number(value) * 10) / 10)

/**
 * Connect times per language and medium over the last `days`
 * (docs/product.md#call-board): of the calls that connected, the median and 90th percentile
 * of the seconds from Connect now to both sides connected; of every call asked for that is no
 * longer under way (connected, or ended unanswered or cancelled), how many connected within 30
 * s, 60 s and 2 minutes.
 */
export function connectTimes(days: ConnectTimeWindow, at: Date = now()) {
  const connectSeconds = sql`extract(epoch from (${calls.connectedAt} - ${calls.startedAt}))`
  const connected = sql`${calls.connectedAt} is not null`
  const figure = (fraction: number) =>
    sql<
      number | null
    >`percentile_cont(${fraction}::float8) within group (order by ${connectSeconds}) filter (where ${connected})`.mapWith(
      tenths,
    )
  const within = (limit: number) =>
    sql<number>`(count(*) filter (where ${connected} and ${connectSeconds} <= ${limit}))::integer`
  return db()
    .select({
      language: calls.language,
      media: calls.media,
      asked: sql<number>`count(*)::integer`,
      connected: sql<number>`(count(*) filter (where ${connected}))::integer`,
      median: figure(0.5),
      p90: figure(0.9),
      within30: within(30),
      within60: within(60),
      within120: within(120),
    })
    .from(calls)
    .where(
      and(
        gt(calls.startedAt, new Date(at.getTime() - days * DAY_MS)),
        sql`(${connected} or ${calls.status} in ('ended', 'cancelled', 'unanswered'))`,
      ),
    )
    .groupBy(calls.language, calls.media)
    .orderBy(asc(calls.language), desc(calls.media))
}

/** The most calls listed behind one language's figures. */
export const CALLS_BEHIND_LIMIT = 100

/**
 * The calls behind a row of connect times: a language's calls of one medium asked for in the
 * window, newest first, with how long each took to connect (none: it did not) and how long it
 * lasted.
 */
export function callsBehindConnectTimes(
  row: { language: string; media: CallMedia; days: ConnectTimeWindow },
  at: Date = now(),
) {
  return db()
    .select({
      id: calls.id,
      startedAt: calls.startedAt,
      media: calls.media,
      status: calls.status,
      connectSeconds: sql<
        number | null
      >`extract(epoch from (${calls.connectedAt} - ${calls.startedAt}))`.mapWith(tenths),
      billableSeconds: calls.billableSeconds,
      organizationName: organizations.name,
      interpreterFirstName: interpreterProfiles.firstName,
      interpreterLastName: interpreterProfiles.lastName,
    })
    .from(calls)
    .innerJoin(organizations, eq(organizations.id, calls.organizationId))
    .leftJoin(interpreterProfiles, eq(interpreterProfiles.id, calls.interpreterId))
    .where(
      and(
        eq(calls.language, row.language),
        eq(calls.media, row.media),
        gt(calls.startedAt, new Date(at.getTime() - row.days * DAY_MS)),
      ),
    )
    .orderBy(desc(calls.startedAt))
    .limit(CALLS_BEHIND_LIMIT)
}

export async function callBoard(at: Date = now(), days: ConnectTimeWindow = 30) {
  const [waiting, active, online, figures] = await Promise.all([
    waitingCalls(),
    activeCalls(),
    onlineInterpreters(at),
    connectTimes(days, at),
  ])
  return { waiting, active, online, figures }
}

/** Staff set an interpreter unavailable for calls (audited); their rings stop at the next tick. */
export async function setUnavailableByStaff(interpreterId: string, actor: Actor) {
  const [profile] = await db()
    .select({ id: interpreterProfiles.id })
    .from(interpreterProfiles)
    .where(eq(interpreterProfiles.id, interpreterId))
  if (!profile) return false
  await db().transaction(async (tx) => {
    await setAvailableForCalls(interpreterId, false, tx)
    await recordAudit(
      actor,
      {
        action: 'calls_availability_off',
        entityType: 'interpreter_profile',
        entityId: interpreterId,
        after: { available: false },
      },
      tx,
    )
  })
  return true
}
