import { and, desc, eq, lte } from 'drizzle-orm'
import { rates, users } from '../../../db/schema'
import type { Rates } from '../../domain/billing'
import type { Database } from '../../platform/db.server'
import { modalityValues, type Modality } from '../../domain/interpreter-profile'
import { now } from '../../platform/clock.server'
import { db } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'

/**
 * Rates per modality (docs/product.md#rates). A change is a new row from its "in force from"
 * time; rows are never updated, so work already posted keeps the rate it was posted at and
 * the history stays whole.
 */

/** A refused rate change: its "in force from" lies in the past. */
export class RateRuleError extends Error {
  override name = 'RateRuleError'
}

export interface NewRates extends Rates {
  modality: Modality
  effectiveFrom: Date
}

const HISTORY_LIMIT = 20

export type Rate = typeof rates.$inferSelect

/** The rate row in force for a modality at an instant (the latest one that started by then). */
export async function rateInForce(tx: Database, modality: Modality, at: Date): Promise<Rate> {
  const [rate] = await tx
    .select()
    .from(rates)
    .where(and(eq(rates.modality, modality), lte(rates.effectiveFrom, at)))
    .orderBy(desc(rates.effectiveFrom), desc(rates.createdAt))
    .limit(1)
  if (!rate) throw new Error(`no ${modality} rate in force at ${at.toISOString()}`)
  return rate
}

/**
 * Saves new rates for a modality. A start in the past is refused, except within
 * `graceMs` (a form left open a few minutes): that start is saved as now.
 */
export async function setRates(input: NewRates, actor: Actor, graceMs = 0): Promise<Rate> {
  const at = now()
  if (input.effectiveFrom.getTime() < at.getTime() - graceMs)
    throw new RateRuleError('Rates cannot start in the past: work already done keeps its rates.')
  const effectiveFrom = input.effectiveFrom > at ? input.effectiveFrom : at
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(rates)
      .values({
        modality: input.modality,
        clientRateUnits: input.clientRateUnits,
        interpreterRateUnits: input.interpreterRateUnits,
        minimumMinutes: input.minimumMinutes,
        mileageCentsPerMile: input.mileageCentsPerMile,
        travelClientRateUnits: input.travelClientRateUnits,
        travelInterpreterRateUnits: input.travelInterpreterRateUnits,
        effectiveFrom,
        createdById: actor.id,
        createdAt: at,
      })
      .returning()
    await recordAudit(
      actor,
      {
        action: 'rates_set',
        entityType: 'rate',
        entityId: row!.id,
        after: {
          modality: row!.modality,
          clientRateUnits: row!.clientRateUnits,
          interpreterRateUnits: row!.interpreterRateUnits,
          minimumMinutes: row!.minimumMinutes,
          mileageCentsPerMile: row!.mileageCentsPerMile,
          travelClientRateUnits: row!.travelClientRateUnits,
          travelInterpreterRateUnits: row!.travelInterpreterRateUnits,
          effectiveFrom: row!.effectiveFrom.toISOString(),
        },
      },
      tx,
    )
    return row!
  })
}

/** The rates in force for every modality at `at` (default now). */
export async function currentRates(at: Date = now()): Promise<Record<Modality, Rate>> {
  const rows = await Promise.all(modalityValues.map((modality) => rateInForce(db(), modality, at)))
  return Object.fromEntries(
    modalityValues.map((modality, index) => [modality, rows[index]!]),
  ) as Record<Modality, Rate>
}

/** The latest rate rows (scheduled ones included), newest first, with who saved them. */
export async function rateHistory(limit = HISTORY_LIMIT) {
  return db()
    .select({
      id: rates.id,
      modality: rates.modality,
      clientRateUnits: rates.clientRateUnits,
      interpreterRateUnits: rates.interpreterRateUnits,
      minimumMinutes: rates.minimumMinutes,
      mileageCentsPerMile: rates.mileageCentsPerMile,
      travelClientRateUnits: rates.travelClientRateUnits,
      travelInterpreterRateUnits: rates.travelInterpreterRateUnits,
      effectiveFrom: rates.effectiveFrom,
      createdAt: rates.createdAt,
      createdByName: users.name,
    })
    .from(rates)
    .leftJoin(users, eq(users.id, rates.createdById))
    .orderBy(desc(rates.createdAt), desc(rates.effectiveFrom))
    .limit(limit)
}
