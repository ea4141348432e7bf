import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { mailAttempts, mailOutbox } from '../../../db/schema'
import type { Database } from '../db.server'
import { isPermanentMailError, type MailTransport } from './transport.server'

export interface MailWorkerOptions {
  db: Database
  transport: MailTransport
  logger: Logger
  from: string
  pollIntervalMs: number
  /** Delay before the first retry; each further retry doubles it, up to an hour. */
  retryBaseMs: number
  maxAttempts: number
  batchSize?: number
}

export interface MailRunResult {
  sent: number
  retrying: number
  failed: number
}

// A claimed message that is not finished within this time is claimed again (the
// instance that held it probably died).
const LEASE_SECONDS = 120
const MAX_BACKOFF_MS = 60 * 60 * 1000
const NUDGE_DELAYS_MS = [50, 1000]

/**
 * Delivers queued mail. Any number of workers (in any number of processes) can run on
 * one database: rows are claimed with FOR UPDATE SKIP LOCKED, so each is sent by one.
 */
export class MailWorker {
  private running = false
  private timer: NodeJS.Timeout | undefined
  private wake: (() => void) | undefined
  private currentRun: Promise<unknown> = Promise.resolve()
  private readonly domain: string

  constructor(private readonly options: MailWorkerOptions) {
    this.domain = /@([^>\s]+)/.exec(options.from)?.[1] ?? 'localhost'
  }

  start() {
    if (this.running) return
    this.running = true
    void this.loop()
  }

  /** Asks the worker to look for due mail now instead of at its next poll. */
  nudge() {
    this.wake?.()
  }

  /**
   * Nudges the worker once the caller's transaction has had time to commit: mail queued in
   * a transaction is invisible to the worker until then. A nudge that comes too early finds
   * nothing and costs one query; the second one, or the next poll, catches a slow commit.
   */
  nudgeAfterCommit() {
    for (const delay of NUDGE_DELAYS_MS) setTimeout(() => this.nudge(), delay).unref()
  }

  async stop() {
    this.running = false
    if (this.timer) clearTimeout(this.timer)
    this.wake?.()
    await this.currentRun.catch(() => {})
    this.options.transport.close()
  }

  private async loop() {
    while (this.running) {
      const run = this.runOnce()
      this.currentRun = run
      let result: MailRunResult | undefined
      try {
        result = await run
      } catch (error) {
        this.options.logger.error({ err: error }, 'mail worker run failed')
      }
      if (!this.running) break
      const busy = result && result.sent + result.retrying + result.failed >= this.batchSize
      if (!busy) await this.sleep(this.options.pollIntervalMs)
    }
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      this.wake = () => {
        if (this.timer) clearTimeout(this.timer)
        this.wake = undefined
        resolve()
      }
      this.timer = setTimeout(() => this.wake?.(), ms)
    })
  }

  private get batchSize() {
    return this.options.batchSize ?? 10
  }

  /** Claims the due messages and tries each once. */
  async runOnce(): Promise<MailRunResult> {
    const claimed = await this.claimDue()
    const result: MailRunResult = { sent: 0, retrying: 0, failed: 0 }
    for (const mail of claimed) {
      const outcome = await this.deliver(mail)
      result[outcome]++
    }
    return result
  }

  private async claimDue() {
    const { db } = this.options
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        or(
          and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, sql`now()`)),
          and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(this.batchSize)
      .for('update', { skipLocked: true })
    return db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS}::double precision)`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning()
  }

  private async deliver(
    mail: typeof mailOutbox.$inferSelect,
  ): Promise<'sent' | 'retrying' | 'failed'> {
    const { db, transport, logger } = this.options
    try {
      const response = await transport.send({
        id: mail.id,
        from: this.options.from,
        to: mail.toAddress,
        replyTo: mail.replyTo,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: `<${mail.id}@${this.domain}>`,
        createdAt: mail.createdAt,
        headers: mail.headers,
        attachments: mail.attachments,
      })
      const recorded = await db.transaction(async (tx) => {
        const updated = await tx
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
          .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, 'sending')))
          .returning({ id: mailOutbox.id })
        if (updated.length === 0) return false
        await tx
          .insert(mailAttempts)
          .values({ outboxId: mail.id, succeeded: true, detail: response })
        return true
      })
      if (!recorded) {
        // The person was deleted while this message was on its way (redactMailOf): the row
        // says cancelled and no copy may stay behind here.
        await transport.discard(mail)
        logger.info({ mailId: mail.id, template: mail.template }, 'mail cancelled during delivery')
        return 'sent'
      }
      logger.info({ mailId: mail.id, template: mail.template }, 'mail delivered')
      return 'sent'
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      const permanent = isPermanentMailError(error)
      const giveUp = permanent || mail.attempts >= this.options.maxAttempts
      const delayMs = Math.min(this.options.retryBaseMs * 2 ** (mail.attempts - 1), MAX_BACKOFF_MS)
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(mailOutbox)
          .set(
            giveUp
              ? { status: 'failed', lockedUntil: null, lastError: detail }
              : {
                  status: 'queued',
                  lockedUntil: null,
                  lastError: detail,
                  nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000}::double precision)`,
                },
          )
          .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, 'sending')))
          .returning({ id: mailOutbox.id })
        // A cancelled message keeps no trace of the address the server may have quoted.
        if (updated.length > 0)
          await tx.insert(mailAttempts).values({ outboxId: mail.id, succeeded: false, detail })
      })
      logger.warn(
        { mailId: mail.id, attempt: mail.attempts, permanent, giveUp, err: detail },
        giveUp ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
      )
      return giveUp ? 'failed' : 'retrying'
    }
  }
}
