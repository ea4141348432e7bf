import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { mailOutbox } from '../../../db/schema'
import type { Database } from '../db.server'
import { OutcomeWriter, releaseClaims, type Delivered } from './delivery-records.server'
import type { MailRateLimiter } from './rate-limiter.server'
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
  /** How many messages are on their way at once: the SMTP pool's size. Default 1. */
  concurrency?: number
  /** The provider's messages-per-second cap, shared by every instance; none when absent. */
  rateLimiter?: MailRateLimiter
  /** How many due messages a claim takes when the queue is quiet (more when it is busy). */
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
// No message of a claim is started after half its lease: what is started then still ends
// (the transport's timeouts come to 40 s at most) well before another worker may take it.
const START_WITHIN_MS = (LEASE_SECONDS * 1000) / 2
const MAX_BACKOFF_MS = 60 * 60 * 1000
const NUDGE_DELAYS_MS = [50, 1000]
// A busy queue doubles the claim up to this: enough to keep every connection going
// between claims, small enough that a claim's rows (bodies included) stay a few megabytes.
const MAX_CLAIM = 400
// Outcomes are written in blocks of this many while the batch goes on.
const RECORD_BLOCK = 50

type ClaimedMail = typeof mailOutbox.$inferSelect
type Outcome = keyof MailRunResult

/**
 * Delivers queued mail. Any number of workers (in any number of processes) can run on
 * one database: rows are claimed with FOR UPDATE SKIP LOCKED, so each is sent by one.
 * Each worker sends up to `concurrency` messages at once (one per pooled SMTP connection),
 * within the rate limit, and records their outcomes in blocks.
 */
export class MailWorker {
  private running = false
  private timer: NodeJS.Timeout | undefined
  private wake: (() => void) | undefined
  private currentRun: Promise<unknown> = Promise.resolve()
  private stopping = new AbortController()
  private claimSize: number
  private lastClaimWasFull = false
  private readonly domain: string

  constructor(private readonly options: MailWorkerOptions) {
    this.domain = /@([^>\s]+)/.exec(options.from)?.[1] ?? 'localhost'
    this.claimSize = this.baseClaimSize
  }

  start() {
    if (this.running) return
    this.running = true
    if (this.stopping.signal.aborted) this.stopping = new AbortController()
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

  /**
   * Starts no more messages, lets those on their way finish and records them, gives the
   * claimed rest back to the queue, then closes the transport.
   */
  async stop() {
    this.running = false
    this.stopping.abort()
    if (this.timer) clearTimeout(this.timer)
    this.wake?.()
    await this.currentRun.catch(() => {})
    this.options.transport.close()
  }

  private async loop() {
    while (this.running) {
      const run = this.runOnce()
      this.currentRun = run
      try {
        await run
      } catch (error) {
        this.options.logger.error({ err: error }, 'mail worker run failed')
      }
      if (!this.running) break
      if (!this.lastClaimWasFull) await this.sleep(this.options.pollIntervalMs)
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

  private get concurrency() {
    return Math.max(1, this.options.concurrency ?? 1)
  }

  private get baseClaimSize() {
    return this.options.batchSize ?? Math.max(10, 2 * this.concurrency)
  }

  private get maxClaimSize() {
    const perSecond = this.options.rateLimiter?.perSecond
    // Under a rate limit a claim holds no more than a quarter of a lease's worth of sending.
    const sendable = perSecond
      ? Math.max(1, Math.floor((perSecond * LEASE_SECONDS) / 4))
      : MAX_CLAIM
    return Math.max(this.baseClaimSize, Math.min(MAX_CLAIM, sendable))
  }

  /**
   * Claims due messages and tries each once, `concurrency` at a time. A full claim makes
   * the next one twice as big (up to a limit); a partial one brings it back to the base.
   */
  async runOnce(): Promise<MailRunResult> {
    const startBy = performance.now() + START_WITHIN_MS
    const size = this.claimSize
    const claimed = await this.claimDue(size)
    this.lastClaimWasFull = claimed.length === size
    this.claimSize = this.lastClaimWasFull
      ? Math.min(size * 2, this.maxClaimSize)
      : this.baseClaimSize
    const result: MailRunResult = { sent: 0, retrying: 0, failed: 0 }
    if (claimed.length === 0) return result

    const { signal } = this.stopping
    const claimedById = new Map(claimed.map((mail) => [mail.id, mail]))
    const { rateLimiter } = this.options
    const outcomes = new OutcomeWriter(
      this.options.db,
      (delivered, recorded) => this.afterRecorded(delivered, recorded, claimedById),
      RECORD_BLOCK,
    )
    let next = 0
    const mayStart = () =>
      next < claimed.length &&
      !signal.aborted &&
      outcomes.failure === undefined &&
      performance.now() < startBy
    const lane = async () => {
      while (mayStart()) {
        if (rateLimiter && !(await rateLimiter.acquire(claimed.length - next, signal))) break
        if (!mayStart()) break
        const mail = claimed[next++]!
        result[await this.deliver(mail, outcomes)]++
      }
    }
    await Promise.all(Array.from({ length: Math.min(this.concurrency, claimed.length) }, lane))
    try {
      await outcomes.finish()
    } finally {
      await releaseClaims(this.options.db, claimed.slice(next))
    }
    return result
  }

  private async claimDue(limit: number) {
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
      .limit(limit)
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

  private async deliver(mail: ClaimedMail, outcomes: OutcomeWriter): Promise<Outcome> {
    const claim = { id: mail.id, attempts: mail.attempts }
    try {
      const response = await this.options.transport.send({
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
      outcomes.add({ delivered: { claim, response } })
      return 'sent'
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      const permanent = isPermanentMailError(error)
      const giveUp = permanent || mail.attempts >= this.options.maxAttempts
      const retryDelayMs = Math.min(
        this.options.retryBaseMs * 2 ** (mail.attempts - 1),
        MAX_BACKOFF_MS,
      )
      outcomes.add({ undelivered: { claim, error: detail, giveUp, retryDelayMs } })
      this.options.logger.warn(
        { mailId: mail.id, attempt: mail.attempts, permanent, giveUp, err: detail },
        giveUp ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
      )
      return giveUp ? 'failed' : 'retrying'
    }
  }

  private async afterRecorded(
    delivered: Delivered[],
    recorded: Set<string>,
    claimedById: Map<string, ClaimedMail>,
  ) {
    const { logger, transport } = this.options
    for (const { claim } of delivered) {
      const mail = claimedById.get(claim.id)!
      if (recorded.has(claim.id)) {
        logger.info({ mailId: mail.id, template: mail.template }, 'mail delivered')
        continue
      }
      // The person was deleted while this message was on its way (redactMailOf): the row
      // says cancelled and no copy may stay behind here.
      await transport.discard(mail).catch((error: unknown) => {
        logger.warn({ err: error, mailId: mail.id }, 'could not discard a cancelled e-mail')
      })
      logger.info({ mailId: mail.id, template: mail.template }, 'mail cancelled during delivery')
    }
  }
}
