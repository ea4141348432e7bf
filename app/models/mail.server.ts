import { normalizeEmail } from '../domain/email'
import { and, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm'
import {
  leads,
  interpreterApplications,
  mailAttempts,
  mailOutbox,
  messages,
  users,
  type MailStatus,
} from '../../db/schema'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { queryRows, type Database } from '../platform/db.server'
import { wakeMailWorker } from '../platform/mail/outbox.server'
import { removeMailFile } from '../platform/mail/transport.server'
import { db, runtime } from '../platform/runtime.server'
import { recordAudit, type Actor } from './audit.server'
import { countsByStatus } from './status-counts.server'

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
    countsByStatus('mail_outbox'),
  ])
  const byStatus = Object.fromEntries(totals) as Partial<Record<MailStatus, number>>
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
  if (retried) wakeMailWorker()
  return retried
}

/** What replaces a deleted person's text and address in the mail log. */
export const REDACTED_TEXT = '[removed: the person was deleted]'
export const REDACTED_ADDRESS = 'deleted-person@invalid'

export interface RedactedMail {
  id: string
  createdAt: Date
}

/**
 * Takes a deleted person's personal data out of the mail log, in the caller's transaction
 * (the one that deletes the record). The messages about the record (`reference`, the staff
 * notification included) and, once no application, request or account has the address any
 * more, every message to that address lose their subject, bodies, reply-to, headers and
 * error texts, and their recipient when it is the person; what the statistics count stays
 * (template, status, attempts, times, reference). Messages not yet sent are cancelled.
 * Individual staff messages to the person lose their label, subject and body. Returns the
 * messages whose `.eml` copies removeMailFiles must delete after the commit.
 */
export async function redactMailOf(
  tx: Database,
  person: { reference: string; email: string },
): Promise<RedactedMail[]> {
  const address = normalizeEmail(person.email)
  const sameAddress = (column: AnyPgColumn) => sql`lower(${column}) = ${address}`
  const [stillKnown] = await queryRows<{ known: boolean }>(
    tx,
    sql`select exists (select 1 from ${interpreterApplications} where ${sameAddress(interpreterApplications.email)})
      or exists (select 1 from ${leads} where ${sameAddress(leads.email)})
      or exists (select 1 from ${users} where ${sameAddress(users.email)}) as known`,
  )
  const toPerson = sql`lower(${mailOutbox.toAddress}) = ${address}`
  const redacted = await tx
    .update(mailOutbox)
    .set({
      toAddress: sql`case when ${toPerson} then ${REDACTED_ADDRESS} else ${mailOutbox.toAddress} end`,
      replyTo: null,
      subject: REDACTED_TEXT,
      html: REDACTED_TEXT,
      text: REDACTED_TEXT,
      headers: null,
      attachments: null,
      lastError: sql`case when ${mailOutbox.lastError} is null then null else ${REDACTED_TEXT} end`,
      status: sql`case when ${mailOutbox.status} in ('queued', 'sending') then 'cancelled' else ${mailOutbox.status} end`,
      lockedUntil: null,
    })
    .where(or(eq(mailOutbox.reference, person.reference), stillKnown?.known ? undefined : toPerson))
    .returning({
      id: mailOutbox.id,
      createdAt: mailOutbox.createdAt,
      reference: mailOutbox.reference,
    })
  if (redacted.length === 0) return []
  await tx
    .update(mailAttempts)
    .set({ detail: REDACTED_TEXT })
    .where(
      and(
        inArray(
          mailAttempts.outboxId,
          redacted.map((mail) => mail.id),
        ),
        isNotNull(mailAttempts.detail),
      ),
    )
  const messageIds = redacted.flatMap((mail) =>
    mail.reference?.startsWith('message:') ? [mail.reference.slice('message:'.length)] : [],
  )
  if (messageIds.length > 0)
    await tx
      .update(messages)
      .set({ recipientLabel: REDACTED_TEXT, subject: REDACTED_TEXT, body: REDACTED_TEXT })
      .where(and(inArray(messages.id, messageIds), isNull(messages.recipientGroup)))
  return redacted.map(({ id, createdAt }) => ({ id, createdAt }))
}

/**
 * Deletes the `.eml` copies the file transport wrote of redacted messages (after the
 * transaction; a message cancelled while on its way is discarded by the worker).
 */
export async function removeMailFiles(redacted: RedactedMail[]) {
  const { mailDir, logger } = runtime()
  for (const mail of redacted) {
    await removeMailFile(mailDir, mail).catch((error: unknown) => {
      logger.warn({ err: error, mailId: mail.id }, 'could not remove the file of a redacted e-mail')
    })
  }
}

/** The latest messages staff wrote to an address (the portal dashboard), newest first. */
export async function latestStaffMessagesTo(email: string, limit = 5) {
  return db()
    .select({ id: mailOutbox.id, subject: mailOutbox.subject, sentAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.template, 'staff-message'),
        eq(sql`lower(${mailOutbox.toAddress})`, normalizeEmail(email)),
        ne(mailOutbox.status, 'cancelled'),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit)
}
