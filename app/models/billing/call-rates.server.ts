import { and, desc, eq, isNull, lte } from 'drizzle-orm'
import { callRates, organizations, users } from '../../../db/schema'
import type { CallRates } from '../../domain/call-billing'
import { callMedia, type CallMedia } from '../../domain/call-routing'
import type { Database } from '../../platform/db.server'
import { now } from '../../platform/clock.server'
import { db } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { RateRuleError } from './rates.server'

/**
 * On-demand call rates per medium (docs/product.md#on-demand-call-billing): the default rates,
 * and organizations' contracts for calls (their client rate, minimum and rounding). Like the
 * booking rates, a change is a new row from its "in force from" time and rows are never
 * updated.
 */

export type CallRate = typeof callRates.$inferSelect
/** A default row: it carries the interpreter's pay. */
export type DefaultCallRate = CallRate & { interpreterRateUnits: number }

export interface NewCallRates extends CallRates {
  media: CallMedia
  effectiveFrom: Date
}

/** An organization's contract terms for one medium's calls. */
export interface NewCallContract extends Omit<CallRates, 'interpreterRateUnits'> {
  media: CallMedia
  effectiveFrom: Date
}

/** The latest row in force at an instant for a medium, of the default or of an organization. */
async function rowInForce(
  tx: Database,
  organizationId: string | null,
  media: CallMedia,
  at: Date,
): Promise<CallRate | undefined> {
  const [rate] = await tx
    .select()
    .from(callRates)
    .where(
      and(
        organizationId === null
          ? isNull(callRates.organizationId)
          : eq(callRates.organizationId, organizationId),
        eq(callRates.media, media),
        lte(callRates.effectiveFrom, at),
      ),
    )
    .orderBy(desc(callRates.effectiveFrom), desc(callRates.createdAt))
    .limit(1)
  return rate
}

/** The default call rate row in force for a medium at an instant. */
export async function callRateInForce(
  tx: Database,
  media: CallMedia,
  at: Date,
): Promise<DefaultCallRate> {
  const rate = await rowInForce(tx, null, media, at)
  if (!rate || rate.interpreterRateUnits === null)
    throw new Error(`no ${media} call rate in force at ${at.toISOString()}`)
  return rate as DefaultCallRate
}

/** The organization's contract row for a medium's calls in force at an instant, if any. */
export async function contractCallRateInForce(
  tx: Database,
  organizationId: string,
  media: CallMedia,
  at: Date,
): Promise<CallRate | null> {
  return (await rowInForce(tx, organizationId, media, at)) ?? null
}

/**
 * The rates a call is billed at: the client side (rate, minimum, rounding) from the
 * organization's contract for calls when one is in force at the call's start, else from the
 * default; the interpreter's pay always from the default. Each side names the row it used.
 */
export async function ratesForCall(
  tx: Database,
  call: { organizationId: string; media: CallMedia; startedAt: Date },
): Promise<{ rates: CallRates; clientRate: CallRate; payRate: DefaultCallRate }> {
  const payRate = await callRateInForce(tx, call.media, call.startedAt)
  const contract = await contractCallRateInForce(
    tx,
    call.organizationId,
    call.media,
    call.startedAt,
  )
  const clientRate = contract ?? payRate
  return {
    rates: {
      clientRateUnits: clientRate.clientRateUnits,
      minimumMinutes: clientRate.minimumMinutes,
      incrementMinutes: clientRate.incrementMinutes,
      interpreterRateUnits: payRate.interpreterRateUnits,
    },
    clientRate,
    payRate,
  }
}

/** A start in the past is refused, except within `graceMs` (a form left open a few minutes). */
function startFrom(effectiveFrom: Date, graceMs: number): Date {
  const at = now()
  if (effectiveFrom.getTime() < at.getTime() - graceMs)
    throw new RateRuleError('Rates cannot start in the past: calls already made keep their rates.')
  return effectiveFrom > at ? effectiveFrom : at
}

/** Inserts a call rate row and its audit entry in one transaction. */
async function insertCallRate(
  values: typeof callRates.$inferInsert,
  actor: Actor,
  action: 'call_rates_set' | 'call_contract_set',
): Promise<CallRate> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(callRates)
      .values({ ...values, createdById: actor.id, createdAt: now() })
      .returning()
    await recordAudit(
      actor,
      {
        action,
        entityType: 'call_rate',
        entityId: row!.id,
        after: {
          organizationId: row!.organizationId,
          media: row!.media,
          clientRateUnits: row!.clientRateUnits,
          interpreterRateUnits: row!.interpreterRateUnits,
          minimumMinutes: row!.minimumMinutes,
          incrementMinutes: row!.incrementMinutes,
          effectiveFrom: row!.effectiveFrom.toISOString(),
        },
      },
      tx,
    )
    return row!
  })
}

/**
 * Saves new default call rates for a medium. A start in the past is refused, except within
 * `graceMs` (a form left open a few minutes): that start is saved as now.
 */
export async function setCallRates(
  input: NewCallRates,
  actor: Actor,
  graceMs = 0,
): Promise<CallRate> {
  const effectiveFrom = startFrom(input.effectiveFrom, graceMs)
  return insertCallRate({ ...input, organizationId: null, effectiveFrom }, actor, 'call_rates_set')
}

/**
 * Saves an organization's contract for a medium's calls, from its "in force from" time; null
 * when there is no such organization.
 */
export async function setCallContract(
  organizationId: string,
  input: NewCallContract,
  actor: Actor,
  graceMs = 0,
): Promise<CallRate | null> {
  const effectiveFrom = startFrom(input.effectiveFrom, graceMs)
  const [organization] = await db()
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  if (!organization) return null
  return insertCallRate(
    { ...input, organizationId, interpreterRateUnits: null, effectiveFrom },
    actor,
    'call_contract_set',
  )
}

/** The default call rates in force for each medium at `at` (default now). */
export async function currentCallRates(
  at: Date = now(),
): Promise<Record<CallMedia, DefaultCallRate>> {
  const rows = await Promise.all(callMedia.map((media) => callRateInForce(db(), media, at)))
  return Object.fromEntries(callMedia.map((media, index) => [media, rows[index]!])) as Record<
    CallMedia,
    DefaultCallRate
  >
}

/**
 * The latest call rate rows of the default (organization null) or of one organization's
 * contract, scheduled ones included, newest first, with who saved them.
 */
export async function callRateHistory(limit = 20, organizationId: string | null = null) {
  return db()
    .select({
      id: callRates.id,
      media: callRates.media,
      clientRateUnits: callRates.clientRateUnits,
      interpreterRateUnits: callRates.interpreterRateUnits,
      minimumMinutes: callRates.minimumMinutes,
      incrementMinutes: callRates.incrementMinutes,
      effectiveFrom: callRates.effectiveFrom,
      createdAt: callRates.createdAt,
      createdByName: users.name,
    })
    .from(callRates)
    .leftJoin(users, eq(users.id, callRates.createdById))
    .where(
      organizationId === null
        ? isNull(callRates.organizationId)
        : eq(callRates.organizationId, organizationId),
    )
    .orderBy(desc(callRates.createdAt), desc(callRates.effectiveFrom))
    .limit(limit)
}

/**
 * What an organization's calls are billed at now, per medium: its contract row in force, or
 * the default's when it has none.
 */
export async function organizationCallTerms(organizationId: string, at: Date = now()) {
  return Promise.all(
    callMedia.map(async (media) => {
      const contract = await contractCallRateInForce(db(), organizationId, media, at)
      return {
        media,
        underContract: contract !== null,
        rate: contract ?? (await callRateInForce(db(), media, at)),
      }
    }),
  )
}
