import type { Database } from '../db.server'
import { currentRuntime } from '../runtime.server'
import { mailOutbox, type MailAttachment } from '../../../db/schema'

export interface OutgoingMail {
  /** The template's name, kept for the admin area and for tests. */
  template: string
  to: string
  replyTo?: string
  subject: string
  html: string
  text: string
  /** What the mail is about, for example `client_request:<id>`. */
  reference?: string
  /** Extra headers, for example `List-Unsubscribe` on bulk mail. */
  headers?: Record<string, string>
  attachments?: MailAttachment[]
}

/**
 * Queues mail durably. Call it with the transaction that writes the record the mail is
 * about, so both are committed together or not at all. The mail worker is woken by itself
 * once the transaction has committed; callers do nothing more.
 */
export async function enqueueMail(tx: Database, mails: OutgoingMail[]): Promise<string[]> {
  if (mails.length === 0) return []
  const rows = await tx
    .insert(mailOutbox)
    .values(
      mails.map((mail) => ({
        template: mail.template,
        toAddress: mail.to,
        replyTo: mail.replyTo ?? null,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        reference: mail.reference ?? null,
        headers: mail.headers ?? null,
        attachments: mail.attachments ?? null,
      })),
    )
    .returning({ id: mailOutbox.id })
  wakeMailWorker()
  return rows.map((row) => row.id)
}

/** Tells this process's mail worker that mail is due (queued, or put back for a retry). */
export function wakeMailWorker() {
  currentRuntime()?.mailWorker.nudgeAfterCommit()
}
