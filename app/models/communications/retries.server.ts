import { and, eq, sql } from 'drizzle-orm'
import { mailOutbox } from '../../../db/schema'
import { wakeMailWorker } from '../../platform/mail/outbox.server'
import { db } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'

/** Queues a message's failed e-mails again, from a fresh start; returns how many. */
export async function retryFailedDeliveries(messageId: string, actor: Actor): Promise<number> {
  const retried = await db().transaction(async (tx) => {
    const rows = await tx
      .update(mailOutbox)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(and(eq(mailOutbox.reference, `message:${messageId}`), eq(mailOutbox.status, 'failed')))
      .returning({ id: mailOutbox.id })
    if (rows.length > 0)
      await recordAudit(
        actor,
        {
          action: 'message_retry',
          entityType: 'message',
          entityId: messageId,
          after: { retried: rows.length },
        },
        tx,
      )
    return rows.length
  })
  if (retried > 0) wakeMailWorker()
  return retried
}
