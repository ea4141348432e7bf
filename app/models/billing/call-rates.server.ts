import { and, desc, eq, lte } from 'drizzle-orm'
import { callRates, users } from '../../../db/schema'
import type { CallRates } from '../../domain/call-billing'
import { callMedia, type CallMedia } from '../../domain/call-routing'
import type { Database } from '../../platform/db.server'
import { now } from '../../platform/clock.server'
import { db } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { RateRuleError } from './rates.server'

/**
 * On-demand call rates per medium (docs/product.md#on-demand-call-billing). Like the booking
 * rates, a change is a new row from its "in force from" time and rows are never updated.
 */

export type CallRate = typeof callRates.$inferSelect

export interface NewCallRates extends CallRates {
  media: CallMedia
  effectiveFrom: Date
}

/** The call rate row in force for a medium at an instant. */
export async function callRateInForce(tx: Database, media: CallMedia, at: Date): Promise<CallRate> {
  const [rate] = await tx
    .select()
    .from(callRates)
    .where(and(eq(callRates.media, media), lte(callRates.effectiveFrom, at)))
    .orderBy(desc(callRates.effectiveFrom), desc(callRates.createdAt))
    .limit(1)
  if (!rate) throw new Error(`no ${media} call rate in force at ${at.toISOString()}`)
  return rate
}

/**
 * Saves new call rates for a medium. A start in the past is refused, except within `graceMs`
 * (a form left open a few minutes): that start is saved as now.
 */
export async function setCallRates(
  input: NewCallRates,
  actor: Actor,
  graceMs = 0,
): Promise<CallRate> {
  const at = now()
  if (input.effectiveFrom.getTime() < at.getTime() - graceMs)
    throw new RateRuleError('Rates cannot start in the past: calls already made keep their rates.')
  const effectiveFrom = input.effectiveFrom > at ? input.effectiveFrom : at
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(callRates)
      .values({ ...input, effectiveFrom, createdById: actor.id, createdAt: at })
      .returning()
    await recordAudit(
      actor,
      {
        action: 'call_rates_set',
        entityType: 'call_rate',
        entityId: row!.id,
        after: {
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

/** The call rates in force for each medium at `at` (default now). */
export async function currentCallRates(at: Date = now()): Promise<Record<CallMedia, CallRate>> {
  const rows = await Promise.all(callMedia.map((media) => callRateInForce(db(), media, at)))
  return Object.fromEntries(callMedia.map((media, index) => [media, rows[index]!])) as Record<
    CallMedia,
    CallRate
  >
}

/** The latest call rate rows (scheduled ones included), newest first, with who saved them. */
export async function callRateHistory(limit = 20) {
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
    .orderBy(desc(callRates.createdAt), desc(callRates.effectiveFrom))
    .limit(limit)
}
