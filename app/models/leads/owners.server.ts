import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import { leads, users } from '../../../db/schema'
import { formatInZone } from '../../domain/format'
import { calendarDate, type IsoDate } from '../../domain/onboarding'
import { leadAssignedMail, type LeadSummary } from '../../emails/leads.server'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { db, runtime } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { INVITED_PASSWORD_HASH } from '../users.server'
import { lockedLead, type Lead } from './rows.server'

/**
 * Who answers each lead: round-robin among the admins who take leads, or chosen by hand
 * (docs/decisions/045-lead-response-clock.md).
 */

export interface LeadOwner {
  id: string
  name: string
  email: string
}

/** Staff who may own a lead: admins with an active account whose invitation was accepted. */
export const activeStaff = and(
  eq(users.role, 'admin'),
  eq(users.active, true),
  ne(users.passwordHash, INVITED_PASSWORD_HASH),
)

/** Those who get new leads on `today` (the office's date): taking leads and not away. */
function takingLeadsOn(today: IsoDate) {
  return and(
    activeStaff,
    eq(users.takesLeads, true),
    or(isNull(users.awayUntil), sql`${users.awayUntil} < ${today}::date`),
  )
}

/** Today in the office's time zone: "away until" is the office's calendar date. */
export function officeToday(): IsoDate {
  return calendarDate(now(), runtime().config.leads.businessHours.timeZone)
}

/** Any number: it only has to be the same for every instance and unused elsewhere. */
const ROTATION_LOCK = 4_551_021

/**
 * The next owner in the rotation: whoever of those taking leads got one longest ago (never
 * first). Assignments are serialised by a transaction lock so that leads arriving at the
 * same moment on several instances still go round in turn. Undefined when nobody takes leads.
 */
export async function assignNextOwner(tx: Database, at: Date): Promise<LeadOwner | undefined> {
  const { config } = runtime()
  await tx.execute(sql`select pg_advisory_xact_lock(${ROTATION_LOCK})`)
  const [next] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(takingLeadsOn(calendarDate(at, config.leads.businessHours.timeZone)))
    .orderBy(sql`${users.lastLeadTurn} asc nulls first`, asc(users.createdAt), asc(users.id))
    .limit(1)
  if (!next) return undefined
  await tx
    .update(users)
    .set({
      lastLeadTurn: sql`(select coalesce(max(${users.lastLeadTurn}), 0) + 1 from ${users})`,
    })
    .where(eq(users.id, next.id))
  return next
}

/** What the lead e-mails (app/emails/leads.server.tsx) say about a lead. */
export function leadSummary(lead: Lead): LeadSummary {
  const { config } = runtime()
  return {
    name: lead.name,
    company: lead.company,
    requestUrl: `${config.siteUrl}/admin/clients/${lead.id}`,
    dueAt: lead.responseDueAt
      ? formatInZone(lead.responseDueAt, config.leads.businessHours.timeZone)
      : null,
  }
}

/** Queues the "New lead for you" e-mail to the lead's new owner. */
export async function mailNewOwner(
  tx: Database,
  lead: Lead,
  owner: LeadOwner,
  assignedBy: string | null,
) {
  const { config } = runtime()
  await enqueueMail(tx, [
    {
      template: 'lead-assigned',
      to: owner.email,
      reference: `client_request:${lead.id}`,
      ...leadAssignedMail({
        ownerName: owner.name,
        lead: leadSummary(lead),
        assignedBy,
        company: config.company,
      }),
    },
  ])
}

/** Everyone who may own a lead, for the details dialog's select (the away ones marked). */
export async function leadStaff(): Promise<
  (LeadOwner & { takesLeads: boolean; awayUntil: string | null })[]
> {
  return db()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      takesLeads: users.takesLeads,
      awayUntil: users.awayUntil,
    })
    .from(users)
    .where(activeStaff)
    .orderBy(asc(users.name))
}

/** The names of the owners of some leads, by user id. */
export async function ownerNames(ownerIds: (string | null)[]): Promise<Record<string, string>> {
  const ids = [...new Set(ownerIds.filter((id): id is string => id !== null))]
  if (ids.length === 0) return {}
  const rows = await db()
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids))
  return Object.fromEntries(rows.map((row) => [row.id, row.name]))
}

export class LeadRuleError extends Error {
  override name = 'LeadRuleError'
}

/**
 * Gives a lead to another member of staff (or to nobody) by hand: an audit entry, and an
 * e-mail to the new owner unless they chose themselves. Undefined when the lead is gone.
 */
export async function setLeadOwner(
  id: string,
  ownerId: string | null,
  actor: Actor,
): Promise<Lead | undefined> {
  return db().transaction(async (tx) => {
    const lead = await lockedLead(tx, id)
    if (!lead) return undefined
    if (lead.ownerId === ownerId) return lead
    const owner = ownerId
      ? (
          await tx
            .select({ id: users.id, name: users.name, email: users.email })
            .from(users)
            .where(and(eq(users.id, ownerId), activeStaff))
        )[0]
      : undefined
    if (ownerId && !owner) throw new LeadRuleError('Please choose an active member of staff.')
    const [previous] = lead.ownerId
      ? await tx.select({ name: users.name }).from(users).where(eq(users.id, lead.ownerId))
      : []
    const [updated] = await tx
      .update(leads)
      .set({ ownerId, updatedAt: now() })
      .where(eq(leads.id, id))
      .returning()
    await recordAudit(
      actor,
      {
        action: 'reassign',
        entityType: 'client_request',
        entityId: id,
        before: { ownerId: lead.ownerId, ownerName: previous?.name ?? null },
        after: { ownerId, ownerName: owner?.name ?? null },
      },
      tx,
    )
    if (owner && updated && owner.id !== actor.id)
      await mailNewOwner(tx, updated, owner, actor.name)
    return updated
  })
}
