import { eq } from 'drizzle-orm'
import { leads } from '../../../db/schema'
import type { LeadStatus } from '../../domain/statuses'
import { now } from '../../platform/clock.server'
import { db } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { stopResponseClock } from './response-clock.server'
import { lockedLead } from './rows.server'

// The audit log names a lead `client_request`, the word its entries were stored with.

/**
 * Changes the status and records who did it, from what, to what. Any move away from `new`
 * is an answer: it stops the first-response clock.
 */
export async function setLeadStatus(id: string, status: LeadStatus, actor: Actor) {
  return db().transaction(async (tx) => {
    const before = await lockedLead(tx, id)
    if (!before) return undefined
    if (before.status === status) return before
    const at = now()
    if (status !== 'new') await stopResponseClock(tx, before, at)
    const [after] = await tx
      .update(leads)
      .set({ status, updatedAt: at })
      .where(eq(leads.id, id))
      .returning()
    await recordAudit(
      actor,
      {
        action: 'status_change',
        entityType: 'client_request',
        entityId: id,
        before: { status: before.status },
        after: { status },
      },
      tx,
    )
    return after
  })
}

/**
 * Staff opened a reply e-mail to the client ("Reply via Email"): recorded, and the
 * first-response clock stops. False when the lead is gone.
 */
export async function recordLeadReply(id: string, actor: Actor): Promise<boolean> {
  return db().transaction(async (tx) => {
    const lead = await lockedLead(tx, id)
    if (!lead) return false
    await stopResponseClock(tx, lead, now())
    await recordAudit(
      actor,
      { action: 'reply_drafted', entityType: 'client_request', entityId: id },
      tx,
    )
    return true
  })
}
