import { and, eq, isNull, lte, sql } from 'drizzle-orm'
import { leads, users } from '../../../db/schema'
import { ESCALATION_AFTER_MS } from '../../domain/leads'
import { leadOverdueMail } from '../../emails/leads.server'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { runtime } from '../../platform/runtime.server'
import { activeStaff, leadSummary, type LeadOwner } from './owners.server'

async function activeAdminAddresses(tx: Database): Promise<LeadOwner[]> {
  return tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(activeStaff)
}

/** Leads without an answer whose clock runs (not those from before the clock). */
const waitingForAnswer = and(isNull(leads.firstResponseAt), sql`${leads.responseDueAt} is not null`)

/**
 * Queues one kind of overdue e-mail for each waiting lead due by `dueBy` that has not had
 * it: claimed by setting `claim` where it is still null, in the transaction that queues the
 * e-mail, so that of several instances only the one whose update wins sends it.
 */
async function alertOnce(
  database: Database,
  options: {
    claim: typeof leads.breachNotifiedAt | typeof leads.escalatedAt
    dueBy: Date
    at: Date
    escalation: boolean
  },
): Promise<number> {
  const { claim, dueBy, at, escalation } = options
  const { config } = runtime()
  const due = await database
    .select({ id: leads.id })
    .from(leads)
    .where(and(waitingForAnswer, lte(leads.responseDueAt, dueBy), isNull(claim)))
  let sent = 0
  for (const { id } of due) {
    const claimed = await database.transaction(async (tx) => {
      const [lead] = await tx
        .update(leads)
        .set({ [escalation ? 'escalatedAt' : 'breachNotifiedAt']: at })
        .where(and(eq(leads.id, id), waitingForAnswer, isNull(claim)))
        .returning()
      if (!lead) return false
      const [owner] = lead.ownerId
        ? await tx
            .select({ id: users.id, name: users.name, email: users.email })
            .from(users)
            .where(and(eq(users.id, lead.ownerId), activeStaff))
        : []
      const recipients = owner && !escalation ? [owner] : await activeAdminAddresses(tx)
      const mail = leadOverdueMail({
        lead: leadSummary(lead),
        ownerName: owner?.name ?? null,
        escalation,
        company: config.company,
      })
      await enqueueMail(
        tx,
        recipients.map((recipient) => ({
          template: escalation ? 'lead-escalation' : 'lead-breached',
          to: recipient.email,
          reference: `client_request:${lead.id}`,
          ...mail,
        })),
      )
      return true
    })
    if (claimed) sent += 1
  }
  return sent
}

/**
 * The breach e-mails, from the maintenance loop on every instance: once the response target
 * has passed unanswered, the owner (or, with none, every admin) is told; 30 minutes later,
 * still unanswered, every admin is. Each is sent once, whichever instance gets there first.
 * Returns how many of each were sent.
 */
export async function runLeadBreachAlerts(
  database: Database,
): Promise<{ breaches: number; escalations: number }> {
  const at = now()
  const breaches = await alertOnce(database, {
    claim: leads.breachNotifiedAt,
    dueBy: at,
    at,
    escalation: false,
  })
  const escalations = await alertOnce(database, {
    claim: leads.escalatedAt,
    dueBy: new Date(at.getTime() - ESCALATION_AFTER_MS),
    at,
    escalation: true,
  })
  return { breaches, escalations }
}
