import { and, count, desc, eq, sql } from 'drizzle-orm'
import { mailOutbox, type MailStatus } from '../../db/schema'
import { db, runtime } from '../lib/runtime.server'
import { recordAudit, type Actor } from './audit.server'

/** One row of the admin mail list: what was sent to whom, and how delivery went. */
export interface OutboxMessage {
  id: string
  template: string
  toAddress: string
  subject: string
  status: MailStatus
  attempts: number
  lastError: string | null
  createdAt: Date
  sentAt: Date | null
  nextAttemptAt: Date
}

export const MAIL_PAGE_SIZE = 50

/** The newest messages first, optionally of one status, with the number in each status. */
export async function listOutbox(filter: { status?: MailStatus; page?: number } = {}) {
  const page = Math.max(1, filter.page ?? 1)
  const where = filter.status ? eq(mailOutbox.status, filter.status) : undefined
  const [messages, totals] = await Promise.all([
    db()
      .select({
        id: mailOutbox.id,
        template: mailOutbox.template,
        toAddress: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
        nextAttemptAt: mailOutbox.nextAttemptAt,
      })
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(MAIL_PAGE_SIZE + 1)
      .offset((page - 1) * MAIL_PAGE_SIZE),
    db()
      .select({ status: mailOutbox.status, count: count() })
      .from(mailOutbox)
      .groupBy(mailOutbox.status),
  ])
  const byStatus = Object.fromEntries(totals.map((row) => [row.status, row.count])) as Partial<
    Record<MailStatus, number>
  >
  return {
    messages: messages.slice(0, MAIL_PAGE_SIZE) satisfies OutboxMessage[],
    hasMore: messages.length > MAIL_PAGE_SIZE,
    page,
    byStatus,
  }
}

/**
 * Queues a failed message again with a fresh count of attempts (its earlier attempts stay
 * in `mail_attempts`). Only failed messages: a queued or sending one is already on its way
 * and a sent one must not go twice. Returns false when the message was not failed.
 */
export async function retryFailedMail(id: string, actor: Actor): Promise<boolean> {
  const retried = await db().transaction(async (tx) => {
    const rows = await tx
      .update(mailOutbox)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
      .returning({ id: mailOutbox.id, toAddress: mailOutbox.toAddress })
    const row = rows[0]
    if (!row) return false
    await recordAudit(
      actor,
      {
        action: 'mail_retried',
        entityType: 'mail',
        entityId: row.id,
        before: { status: 'failed' },
        after: { status: 'queued' },
      },
      tx,
    )
    return true
  })
  if (retried) runtime().mailWorker.nudge()
  return retried
}
