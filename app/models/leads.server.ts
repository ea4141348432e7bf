import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm'
import { clientRequests, users } from '../../db/schema'
import { addBusinessMs, businessMsBetween } from '../domain/business-hours'
import { formatInZone, zonedTimeToUtc } from '../domain/bookings'
import { ESCALATION_AFTER_MS, lastWeekStarts, LEAD_CHART_WEEKS } from '../domain/leads'
import { addDays, calendarDate, type IsoDate } from '../domain/onboarding'
import { leadAssignedMail, leadOverdueMail, type LeadSummary } from '../emails/leads.server'
import { now } from '../platform/clock.server'
import { queryRows, type Database } from '../platform/db.server'
import { enqueueMail } from '../platform/mail/outbox.server'
import { db, runtime } from '../platform/runtime.server'
import { recordAudit, type Actor } from './audit.server'
import { INVITED_PASSWORD_HASH } from './users.server'

/**
 * The lead inbox: who answers each client request (round-robin among the admins who take
 * leads) and the first-response clock in business hours, with its breach e-mails
 * (docs/decisions/045-lead-response-clock.md).
 */

type ClientRequestRow = typeof clientRequests.$inferSelect

export interface LeadOwner {
  id: string
  name: string
  email: string
}

/** Staff who may own a lead: admins with an active account whose invitation was accepted. */
const activeStaff = and(
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
 * first). Assignments are serialised by a transaction lock so that requests arriving at the
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

/** When a request arriving at `at` turns At risk and Breached, in business hours. */
export function responseClockAt(at: Date): { atRiskAt: Date; responseDueAt: Date } {
  const { businessHours, responseTargetMs, atRiskPercent } = runtime().config.leads
  return {
    atRiskAt: addBusinessMs(at, (responseTargetMs * atRiskPercent) / 100, businessHours),
    responseDueAt: addBusinessMs(at, responseTargetMs, businessHours),
  }
}

/**
 * Stops the first-response clock of a request at `at` (staff contacted it, closed it,
 * opened a reply or wrote to it from the product); the first answer counts, later ones do
 * not move it.
 */
export async function stopResponseClock(
  tx: Database,
  request: Pick<ClientRequestRow, 'id' | 'createdAt' | 'firstResponseAt'>,
  at: Date,
): Promise<void> {
  if (request.firstResponseAt) return
  const { businessHours } = runtime().config.leads
  await tx
    .update(clientRequests)
    .set({
      firstResponseAt: at,
      responseBusinessMs: businessMsBetween(request.createdAt, at, businessHours),
    })
    .where(and(eq(clientRequests.id, request.id), isNull(clientRequests.firstResponseAt)))
  forgetPastLeadWeeks()
}

/** The request, locked until the transaction ends; undefined when it is gone. */
export async function lockedClientRequest(
  tx: Database,
  id: string,
): Promise<ClientRequestRow | undefined> {
  const [request] = await tx
    .select()
    .from(clientRequests)
    .where(eq(clientRequests.id, id))
    .for('update')
  return request
}

/** Stops the clock of the request with this id, if it is still running. */
export async function stopResponseClockOf(tx: Database, id: string, at: Date): Promise<void> {
  const [request] = await tx
    .select({
      id: clientRequests.id,
      createdAt: clientRequests.createdAt,
      firstResponseAt: clientRequests.firstResponseAt,
    })
    .from(clientRequests)
    .where(eq(clientRequests.id, id))
  if (request) await stopResponseClock(tx, request, at)
}

function leadSummary(request: ClientRequestRow): LeadSummary {
  const { config } = runtime()
  return {
    name: request.name,
    company: request.company,
    requestUrl: `${config.siteUrl}/admin/clients/${request.id}`,
    dueAt: request.responseDueAt
      ? formatInZone(request.responseDueAt, config.leads.businessHours.timeZone)
      : null,
  }
}

/** Queues the "New lead for you" e-mail to the request's new owner. */
export async function mailNewOwner(
  tx: Database,
  request: ClientRequestRow,
  owner: LeadOwner,
  assignedBy: string | null,
) {
  const { config } = runtime()
  await enqueueMail(tx, [
    {
      template: 'lead-assigned',
      to: owner.email,
      reference: `client_request:${request.id}`,
      ...leadAssignedMail({
        ownerName: owner.name,
        lead: leadSummary(request),
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

/** The names of the owners of some requests, by user id. */
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
 * Gives a request to another member of staff (or to nobody) by hand: an audit entry, and an
 * e-mail to the new owner unless they chose themselves. Undefined when the request is gone.
 */
export async function setClientRequestOwner(
  id: string,
  ownerId: string | null,
  actor: Actor,
): Promise<ClientRequestRow | undefined> {
  return db().transaction(async (tx) => {
    const request = await lockedClientRequest(tx, id)
    if (!request) return undefined
    if (request.ownerId === ownerId) return request
    const owner = ownerId
      ? (
          await tx
            .select({ id: users.id, name: users.name, email: users.email })
            .from(users)
            .where(and(eq(users.id, ownerId), activeStaff))
        )[0]
      : undefined
    if (ownerId && !owner) throw new LeadRuleError('Please choose an active member of staff.')
    const [previous] = request.ownerId
      ? await tx.select({ name: users.name }).from(users).where(eq(users.id, request.ownerId))
      : []
    const [updated] = await tx
      .update(clientRequests)
      .set({ ownerId, updatedAt: now() })
      .where(eq(clientRequests.id, id))
      .returning()
    await recordAudit(
      actor,
      {
        action: 'reassign',
        entityType: 'client_request',
        entityId: id,
        before: { ownerId: request.ownerId, ownerName: previous?.name ?? null },
        after: { ownerId, ownerName: owner?.name ?? null },
      },
      tx,
    )
    if (owner && updated && owner.id !== actor.id)
      await mailNewOwner(tx, updated, owner, actor.name)
    return updated
  })
}

async function activeAdminAddresses(tx: Database): Promise<LeadOwner[]> {
  return tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(activeStaff)
}

/** Requests without an answer whose clock runs (not those from before the clock). */
const waitingForAnswer = and(
  isNull(clientRequests.firstResponseAt),
  sql`${clientRequests.responseDueAt} is not null`,
)

/**
 * Queues one kind of overdue e-mail for each waiting request due by `dueBy` that has not had
 * it: claimed by setting `claim` where it is still null, in the transaction that queues the
 * e-mail, so that of several instances only the one whose update wins sends it.
 */
async function alertOnce(
  database: Database,
  options: {
    claim: typeof clientRequests.breachNotifiedAt | typeof clientRequests.escalatedAt
    dueBy: Date
    at: Date
    escalation: boolean
  },
): Promise<number> {
  const { claim, dueBy, at, escalation } = options
  const { config } = runtime()
  const due = await database
    .select({ id: clientRequests.id })
    .from(clientRequests)
    .where(and(waitingForAnswer, lte(clientRequests.responseDueAt, dueBy), isNull(claim)))
  let sent = 0
  for (const { id } of due) {
    const claimed = await database.transaction(async (tx) => {
      const [request] = await tx
        .update(clientRequests)
        .set({ [escalation ? 'escalatedAt' : 'breachNotifiedAt']: at })
        .where(and(eq(clientRequests.id, id), waitingForAnswer, isNull(claim)))
        .returning()
      if (!request) return false
      const [owner] = request.ownerId
        ? await tx
            .select({ id: users.id, name: users.name, email: users.email })
            .from(users)
            .where(and(eq(users.id, request.ownerId), activeStaff))
        : []
      const recipients = owner && !escalation ? [owner] : await activeAdminAddresses(tx)
      const mail = leadOverdueMail({
        lead: leadSummary(request),
        ownerName: owner?.name ?? null,
        escalation,
        company: config.company,
      })
      await enqueueMail(
        tx,
        recipients.map((recipient) => ({
          template: escalation ? 'lead-escalation' : 'lead-breached',
          to: recipient.email,
          reference: `client_request:${request.id}`,
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
    claim: clientRequests.breachNotifiedAt,
    dueBy: at,
    at,
    escalation: false,
  })
  const escalations = await alertOnce(database, {
    claim: clientRequests.escalatedAt,
    dueBy: new Date(at.getTime() - ESCALATION_AFTER_MS),
    at,
    escalation: true,
  })
  return { breaches, escalations }
}

export interface LeadWeek {
  /** The Monday the week began (office calendar). */
  weekOf: IsoDate
  received: number
  /** Median business time to the first answer of that week's answered requests. */
  medianResponseMs: number | null
  /** Requests of that week answered after their target, or still waiting past it. */
  breaches: number
}

export interface LeadOverview {
  atRisk: number
  breached: number
  weeks: LeadWeek[]
}

interface WeekRow {
  week_of: string
  received: number
  median_ms: number | null
  breaches: number
}

/** The weeks' sums of requests created in [from, to), grouped by the office's week. */
function weeksBetween(from: Date, to: Date, at: Date, timeZone: string): Promise<WeekRow[]> {
  return queryRows<WeekRow>(
    db(),
    sql`select
          (date_trunc('week', ${clientRequests.createdAt} at time zone ${timeZone}))::date::text as week_of,
          count(*)::int as received,
          percentile_cont(0.5) within group (order by ${clientRequests.responseBusinessMs})::float8 as median_ms,
          count(*) filter (where ${clientRequests.responseDueAt}
            < coalesce(${clientRequests.firstResponseAt}, ${at.toISOString()}::timestamptz))::int as breaches
        from ${clientRequests}
        where ${clientRequests.createdAt} >= ${from.toISOString()}::timestamptz
          and ${clientRequests.createdAt} < ${to.toISOString()}::timestamptz
        group by 1`,
  )
}

/**
 * The finished weeks of the chart change seldom (an old request answered late) and cost the
 * most to sum, so each instance keeps them for five minutes, and forgets them at once when
 * it stops a request's clock; the current week is summed on every visit.
 */
const PAST_WEEKS_TTL_MS = 5 * 60 * 1000
const pastWeeksCache = new WeakMap<object, { key: string; expires: number; rows: WeekRow[] }>()

export function forgetPastLeadWeeks() {
  pastWeeksCache.delete(runtime())
}

/** The instant a week that starts on `weekOf` (office calendar) begins, in UTC. */
function weekStartInstant(weekOf: IsoDate, timeZone: string): Date {
  return zonedTimeToUtc(weekOf, '00:00', timeZone)
}

async function pastWeeks(weekStarts: IsoDate[], at: Date, timeZone: string): Promise<WeekRow[]> {
  const key = `${timeZone} ${weekStarts[0]} ${weekStarts.at(-1)}`
  const cached = pastWeeksCache.get(runtime())
  if (cached && cached.key === key && cached.expires > at.getTime()) return cached.rows
  const rows = await weeksBetween(
    weekStartInstant(weekStarts[0]!, timeZone),
    weekStartInstant(weekStarts.at(-1)!, timeZone),
    at,
    timeZone,
  )
  pastWeeksCache.set(runtime(), { key, expires: at.getTime() + PAST_WEEKS_TTL_MS, rows })
  return rows
}

/**
 * The dashboard's "Leads waiting" counts and the weekly chart, summed by the database (the
 * waiting requests through their partial index, the weeks through the index on
 * `created_at`): no request is loaded.
 */
export async function leadOverview(): Promise<LeadOverview> {
  const at = now()
  const { timeZone } = runtime().config.leads.businessHours
  const weekStarts = lastWeekStarts(calendarDate(at, timeZone), LEAD_CHART_WEEKS)
  const atValue = sql`${at.toISOString()}::timestamptz`
  const [waiting, finished, current] = await Promise.all([
    queryRows<{ at_risk: number; breached: number }>(
      db(),
      sql`select
            count(*) filter (where ${clientRequests.responseDueAt} > ${atValue}
              and ${clientRequests.atRiskAt} <= ${atValue})::int as at_risk,
            count(*) filter (where ${clientRequests.responseDueAt} <= ${atValue})::int as breached
          from ${clientRequests}
          where ${clientRequests.firstResponseAt} is null
            and ${clientRequests.responseDueAt} is not null`,
    ),
    pastWeeks(weekStarts, at, timeZone),
    weeksBetween(
      weekStartInstant(weekStarts.at(-1)!, timeZone),
      weekStartInstant(addDays(weekStarts.at(-1)!, 7), timeZone),
      at,
      timeZone,
    ),
  ])
  const byWeek = new Map([...finished, ...current].map((week) => [week.week_of, week]))
  return {
    atRisk: waiting[0]?.at_risk ?? 0,
    breached: waiting[0]?.breached ?? 0,
    weeks: weekStarts.map((weekOf) => {
      const week = byWeek.get(weekOf)
      return {
        weekOf,
        received: week?.received ?? 0,
        medianResponseMs: week?.median_ms == null ? null : Number(week.median_ms),
        breaches: week?.breaches ?? 0,
      }
    }),
  }
}
