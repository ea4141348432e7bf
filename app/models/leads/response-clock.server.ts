import { and, eq, isNull } from 'drizzle-orm'
import { leads } from '../../../db/schema'
import { addBusinessMs, businessMsBetween } from '../../domain/business-hours'
import type { Database } from '../../platform/db.server'
import { runtime } from '../../platform/runtime.server'
import { forgetPastLeadWeeks } from './overview.server'
import type { Lead } from './rows.server'

/**
 * The first-response clock of a lead, in business hours
 * (docs/decisions/045-lead-response-clock.md): started at arrival, stopped by the first
 * answer.
 */

/** When a lead arriving at `at` turns At risk and Breached, in business hours. */
export function responseClockAt(at: Date): { atRiskAt: Date; responseDueAt: Date } {
  const { businessHours, responseTargetMs, atRiskPercent } = runtime().config.leads
  return {
    atRiskAt: addBusinessMs(at, (responseTargetMs * atRiskPercent) / 100, businessHours),
    responseDueAt: addBusinessMs(at, responseTargetMs, businessHours),
  }
}

/**
 * Stops the first-response clock of a lead at `at` (staff contacted it, closed it, opened a
 * reply or wrote to it from the product); the first answer counts, later ones do not move
 * it.
 */
export async function stopResponseClock(
  tx: Database,
  lead: Pick<Lead, 'id' | 'createdAt' | 'firstResponseAt'>,
  at: Date,
): Promise<void> {
  if (lead.firstResponseAt) return
  const { businessHours } = runtime().config.leads
  await tx
    .update(leads)
    .set({
      firstResponseAt: at,
      responseBusinessMs: businessMsBetween(lead.createdAt, at, businessHours),
    })
    .where(and(eq(leads.id, lead.id), isNull(leads.firstResponseAt)))
  forgetPastLeadWeeks()
}

/** Stops the clock of the lead with this id, if it is still running. */
export async function stopResponseClockOf(tx: Database, id: string, at: Date): Promise<void> {
  const [lead] = await tx
    .select({ id: leads.id, createdAt: leads.createdAt, firstResponseAt: leads.firstResponseAt })
    .from(leads)
    .where(eq(leads.id, id))
  if (lead) await stopResponseClock(tx, lead, at)
}
