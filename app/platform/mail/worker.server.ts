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
// between claims (four connections send about 1,000 messages a second), small enough that a
// claim's rows, bodies included, stay a megabyte or two. A claim's rows are copied several
// times on their way from the embedded database's thread; claims of 800 let memory grow by
// up to 61 MB during a bulk send, claims of 200 by 23 MB at most, at the same rate
// (docs/benchmarks.md).
const MAX_CLAIM = 200
// Outcomes are written in blocks of this many (or whatever a second gathered) while the
// send goes on: a statement per block costs a fifth of one per message on the embedded
// database. Delivered but unwritten outcomes are what a crash would send again.
const RECORD_BLOCK = 400
const RECORD_WITHIN_MS = 1000

type ClaimedMail = Awaited<ReturnType<MailWorker['claimDue']>>[number]
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
  private nudged = false
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
    // A nudge while the worker is busy makes it look again as soon as it is done.
    if (this.wake) this.wake()
    else this.nudged = true
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
      const run = this.deliverDue({ refill: true })
      this.currentRun = run
      let more = false
      try {
        more = (await run).more
      } catch (error) {
        this.options.logger.error({ err: error }, 'mail worker run failed')
      }
      if (!this.running) break
      if (!more && !this.nudged) await this.sleep(this.options.pollIntervalMs)
      this.nudged = false
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

  /** Claims due messages and tries each once, `concurrency` at a time. */
  async runOnce(): Promise<MailRunResult> {
    const { more: _more, ...result } = await this.deliverDue({ refill: false })
    return result
  }

  /**
   * Claims due messages and tries each once, `concurrency` at a time, recording outcomes in
   * blocks. With `refill`, the next claim is made while the last messages of the previous
   * one are still going, for as long as claims come back full, so that a bulk send does not
   * pause between claims; each full claim is twice the size of the one before (up to a
   * limit), and a partial one brings the size back to the base. `more`: the last claim was
   * full, so more mail may be due already.
   */
  private async deliverDue({ refill }: { refill: boolean }) {
    const { db, rateLimiter } = this.options
    const { signal } = this.stopping
    const result = { sent: 0, retrying: 0, failed: 0, more: false }
    const waiting: { mail: ClaimedMail; startBy: number }[] = []
    const tooLate: ClaimedMail[] = []
    let claiming: Promise<void> | undefined
    // A claim or a rate-limit query that failed: no more messages are started.
    let failure: unknown
    const claim = () =>
      (claiming ??= (async () => {
        const startBy = performance.now() + START_WITHIN_MS
        const size = this.claimSize
        const claimed = await this.claimDue(size)
        result.more = claimed.length === size
        this.claimSize = result.more ? Math.min(size * 2, this.maxClaimSize) : this.baseClaimSize
        for (const mail of claimed) waiting.push({ mail, startBy })
      })()
        .catch((error: unknown) => {
          failure ??= error
        })
        .finally(() => {
          claiming = undefined
        }))

    await claim()
    if (failure !== undefined) throw failure
    if (waiting.length === 0) return result
    const outcomes = new OutcomeWriter(
      db,
      (delivered, recorded) => this.afterRecorded(delivered, recorded),
      { blockSize: RECORD_BLOCK, withinMs: RECORD_WITHIN_MS },
    )
    const mayGoOn = () => !signal.aborted && outcomes.failure === undefined && failure === undefined
    const lane = async () => {
      try {
        await sendWhileAllowed()
      } catch (error) {
        failure ??= error
      }
    }
    const sendWhileAllowed = async () => {
      while (mayGoOn()) {
        if (waiting.length === 0) {
          if (claiming) await claiming
          else if (refill && result.more) await claim()
          else return
          continue
        }
        if (refill && result.more && waiting.length <= this.claimSize / 2) void claim()
        if (rateLimiter && !(await rateLimiter.acquire(waiting.length, signal))) return
        if (outcomes.behind) await outcomes.caughtUp()
        const next = waiting.shift()
        if (!next) continue
        if (performance.now() > next.startBy) tooLate.push(next.mail)
        else result[await this.deliver(next.mail, outcomes)]++
      }
    }
    await Promise.all(Array.from({ length: this.concurrency }, lane))
    try {
      await outcomes.finish()
    } finally {
      await claiming
      const unsent = [...tooLate, ...waiting.map((entry) => entry.mail)]
      await releaseClaims(db, unsent)
    }
    if (failure !== undefined) throw failure
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
      .returning({
        id: mailOutbox.id,
        attempts: mailOutbox.attempts,
        template: mailOutbox.template,
        toAddress: mailOutbox.toAddress,
        replyTo: mailOutbox.replyTo,
        subject: mailOutbox.subject,
        html: mailOutbox.html,
        text: mailOutbox.text,
        headers: mailOutbox.headers,
        attachments: mailOutbox.attachments,
        createdAt: mailOutbox.createdAt,
      })
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
      outcomes.add({ delivered: { claim, response, mail } })
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

  private async afterRecorded(delivered: Delivered[], recorded: Set<string>) {
    const { logger, transport } = this.options
    for (const { mail } of delivered) {
      if (recorded.has(mail.id)) {
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
