import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  interpreterProfiles,
  interpreterStatements,
  statementLines,
  users,
} from '../../../db/schema'
import { periodLabel, type StatementStatus } from '../../domain/billing'
import { formatCents } from '../../domain/money'
import { statementPaidMail } from '../../emails/statements.server'
import { PAGE_SIZE } from '../../lib/admin/list-filters'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { db, runtime } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { findProfileOfUser } from '../interpreter-profiles.server'

/**
 * Interpreter pay statements (docs/product.md#pay-statements): one per interpreter and half-month,
 * filled by the ledger as closeouts are approved. Staff approve a statement (it takes no more
 * lines after that) and mark it paid. A total is always the sum of the lines, computed in
 * SQL, never stored.
 */

/** The sum of a statement's lines, in cents (an empty statement is 0). */
const totalCents = sql<number>`coalesce(sum(${statementLines.totalCents}), 0)::integer`
const lineCount = sql<number>`count(${statementLines.id})::integer`

const summaryColumns = {
  id: interpreterStatements.id,
  interpreterId: interpreterStatements.interpreterId,
  periodStart: interpreterStatements.periodStart,
  periodEnd: interpreterStatements.periodEnd,
  status: interpreterStatements.status,
  approvedAt: interpreterStatements.approvedAt,
  paidAt: interpreterStatements.paidAt,
  totalCents,
  lineCount,
}

export interface StatementFilters {
  /** The first day of a half-month, or undefined for every period. */
  periodStart?: string
  status: StatementStatus | 'all'
  page: number
}

/** Staff's list: each statement with its interpreter and total, newest period first. */
export async function listStatements(filters: StatementFilters) {
  const conditions: SQL[] = []
  if (filters.periodStart)
    conditions.push(eq(interpreterStatements.periodStart, filters.periodStart))
  if (filters.status !== 'all') conditions.push(eq(interpreterStatements.status, filters.status))
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const order = [
    desc(interpreterStatements.periodStart),
    asc(interpreterProfiles.lastName),
    asc(interpreterProfiles.firstName),
    asc(interpreterStatements.id),
  ]
  // The page's statements first, then the totals of their lines alone: summing every
  // statement's lines before picking 25 would read the whole ledger on every visit.
  const page = db()
    .select({ id: interpreterStatements.id })
    .from(interpreterStatements)
    .innerJoin(interpreterProfiles, eq(interpreterProfiles.id, interpreterStatements.interpreterId))
    .where(where)
    .orderBy(...order)
    .limit(PAGE_SIZE)
    .offset((filters.page - 1) * PAGE_SIZE)
    .as('page')
  const [items, [total]] = await Promise.all([
    db()
      .select({
        ...summaryColumns,
        firstName: interpreterProfiles.firstName,
        lastName: interpreterProfiles.lastName,
      })
      .from(page)
      .innerJoin(interpreterStatements, eq(interpreterStatements.id, page.id))
      .innerJoin(
        interpreterProfiles,
        eq(interpreterProfiles.id, interpreterStatements.interpreterId),
      )
      .leftJoin(statementLines, eq(statementLines.statementId, interpreterStatements.id))
      .groupBy(interpreterStatements.id, interpreterProfiles.id)
      .orderBy(...order),
    db().select({ total: count() }).from(interpreterStatements).where(where),
  ])
  return { items, total: total?.total ?? 0, pageSize: PAGE_SIZE }
}

/** The half-months that have statements, newest first: the list's period filter. */
export async function statementPeriods(limit = 48) {
  return db()
    .selectDistinct({
      start: interpreterStatements.periodStart,
      end: interpreterStatements.periodEnd,
    })
    .from(interpreterStatements)
    .orderBy(desc(interpreterStatements.periodStart))
    .limit(limit)
}

async function statementLinesOf(statementId: string) {
  return db()
    .select({
      id: statementLines.id,
      workDate: statementLines.workDate,
      description: statementLines.description,
      minutes: statementLines.minutes,
      rateUnits: statementLines.rateUnits,
      rateSource: statementLines.rateSource,
      amountCents: statementLines.amountCents,
      mileageCents: statementLines.mileageCents,
      expensesCents: statementLines.expensesCents,
      travelMinutes: statementLines.travelMinutes,
      travelTimeCents: statementLines.travelTimeCents,
      totalCents: statementLines.totalCents,
    })
    .from(statementLines)
    .where(eq(statementLines.statementId, statementId))
    .orderBy(asc(statementLines.workDate), asc(statementLines.description), asc(statementLines.id))
}

const approver = alias(users, 'approver')
const payer = alias(users, 'payer')

async function statementWithLines(where: SQL) {
  const [statement] = await db()
    .select({
      ...summaryColumns,
      firstName: interpreterProfiles.firstName,
      lastName: interpreterProfiles.lastName,
      email: users.email,
      approvedByName: approver.name,
      paidByName: payer.name,
    })
    .from(interpreterStatements)
    .innerJoin(interpreterProfiles, eq(interpreterProfiles.id, interpreterStatements.interpreterId))
    .innerJoin(users, eq(users.id, interpreterProfiles.userId))
    .leftJoin(approver, eq(approver.id, interpreterStatements.approvedById))
    .leftJoin(payer, eq(payer.id, interpreterStatements.paidById))
    .leftJoin(statementLines, eq(statementLines.statementId, interpreterStatements.id))
    .where(where)
    .groupBy(interpreterStatements.id, interpreterProfiles.id, users.id, approver.id, payer.id)
  if (!statement) return undefined
  return { statement, lines: await statementLinesOf(statement.id) }
}

export type StatementDetail = NonNullable<Awaited<ReturnType<typeof statementWithLines>>>

/** One statement with its lines, for staff. */
export function statementForStaff(statementId: string) {
  return statementWithLines(eq(interpreterStatements.id, statementId))
}

/** The signed-in interpreter's statements, newest period first. */
export async function statementsOfUser(userId: string) {
  const profile = await findProfileOfUser(userId)
  if (!profile) return undefined
  return db()
    .select(summaryColumns)
    .from(interpreterStatements)
    .leftJoin(statementLines, eq(statementLines.statementId, interpreterStatements.id))
    .where(eq(interpreterStatements.interpreterId, profile.id))
    .groupBy(interpreterStatements.id)
    .orderBy(desc(interpreterStatements.periodStart))
}

/**
 * One of the signed-in interpreter's own statements; undefined when it does not exist or
 * is another interpreter's (the caller answers both the same way, 404).
 */
export async function statementOfUser(userId: string, statementId: string) {
  const profile = await findProfileOfUser(userId)
  if (!profile) return undefined
  return statementWithLines(
    and(
      eq(interpreterStatements.id, statementId),
      eq(interpreterStatements.interpreterId, profile.id),
    )!,
  )
}

/**
 * A statement for a download by the signed-in interpreter: `missing` when there is none,
 * `forbidden` when it is another interpreter's (a file route answers 403).
 */
export async function statementDownloadOfUser(
  userId: string,
  statementId: string,
): Promise<StatementDetail | 'missing' | 'forbidden'> {
  const [exists] = await db()
    .select({ id: interpreterStatements.id })
    .from(interpreterStatements)
    .where(eq(interpreterStatements.id, statementId))
  if (!exists) return 'missing'
  return (await statementOfUser(userId, statementId)) ?? 'forbidden'
}

/** What a staff decision came to; `wrong-status` carries the status the statement has. */
export type StatementDecision =
  | { outcome: 'done' }
  | { outcome: 'missing' }
  | { outcome: 'wrong-status'; status: StatementStatus }

async function currentStatus(tx: Database, statementId: string): Promise<StatementDecision> {
  const [row] = await tx
    .select({ status: interpreterStatements.status })
    .from(interpreterStatements)
    .where(eq(interpreterStatements.id, statementId))
  return row ? { outcome: 'wrong-status', status: row.status } : { outcome: 'missing' }
}

/**
 * Staff approve an open statement: a conditional update, so of two approvals (twice, or by
 * two staff at once) one wins and the other is told the statement is no longer open. A
 * closeout posted at the same moment waits on the same row (the ledger locks it), then finds
 * the statement approved and goes to the next open period.
 */
export async function approveStatement(
  statementId: string,
  actor: Actor,
): Promise<StatementDecision> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(interpreterStatements)
      .set({ status: 'approved', approvedById: actor.id, approvedAt: now() })
      .where(
        and(eq(interpreterStatements.id, statementId), eq(interpreterStatements.status, 'open')),
      )
      .returning({ id: interpreterStatements.id })
    if (!row) return currentStatus(tx, statementId)
    const [sum] = await tx
      .select({ totalCents, lineCount })
      .from(statementLines)
      .where(eq(statementLines.statementId, statementId))
    await recordAudit(
      actor,
      {
        action: 'statement_approved',
        entityType: 'interpreter_statement',
        entityId: statementId,
        before: { status: 'open' },
        after: { status: 'approved', totalCents: sum?.totalCents ?? 0, lines: sum?.lineCount ?? 0 },
      },
      tx,
    )
    return { outcome: 'done' }
  })
}

/**
 * Staff mark an approved statement paid; the interpreter is e-mailed in the same
 * transaction. An open statement must be approved first; a paid one is not paid twice.
 */
export async function markStatementPaid(
  statementId: string,
  actor: Actor,
): Promise<StatementDecision> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(interpreterStatements)
      .set({ status: 'paid', paidById: actor.id, paidAt: now() })
      .where(
        and(
          eq(interpreterStatements.id, statementId),
          eq(interpreterStatements.status, 'approved'),
        ),
      )
      .returning()
    if (!row) return currentStatus(tx, statementId)
    const [sum] = await tx
      .select({ totalCents })
      .from(statementLines)
      .where(eq(statementLines.statementId, statementId))
    const [person] = await tx
      .select({ firstName: interpreterProfiles.firstName, email: users.email })
      .from(interpreterProfiles)
      .innerJoin(users, eq(users.id, interpreterProfiles.userId))
      .where(eq(interpreterProfiles.id, row.interpreterId))
    const total = sum?.totalCents ?? 0
    const { config } = runtime()
    const mail = statementPaidMail({
      firstName: person!.firstName,
      period: periodLabel({ start: row.periodStart, end: row.periodEnd }),
      total: formatCents(total),
      statementUrl: `${config.siteUrl}/interpreter/payouts/${statementId}`,
      company: config.company,
    })
    await enqueueMail(tx, [
      {
        template: 'statement-paid',
        to: person!.email,
        replyTo: config.mailReplyTo,
        reference: `interpreter_statement:${statementId}`,
        ...mail,
      },
    ])
    await recordAudit(
      actor,
      {
        action: 'statement_paid',
        entityType: 'interpreter_statement',
        entityId: statementId,
        before: { status: 'approved' },
        after: { status: 'paid', totalCents: total },
      },
      tx,
    )
    return { outcome: 'done' }
  })
}
