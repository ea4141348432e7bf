import { sql } from 'drizzle-orm'
import { mailAttempts, mailOutbox } from '../../../db/schema'
import { queryRows, type Database } from '../db.server'

/**
 * A message this worker claimed: its id and the attempt number the claim gave it. Every
 * write below also checks that number, so a worker whose lease ran out (and whose message
 * another worker claimed again) cannot record over the newer claim.
 */
export interface Claim {
  id: string
  attempts: number
}

export interface Delivered {
  claim: Claim
  /** What the server answered. */
  response: string
  /** What the worker needs once the outcome is recorded (a log line, a discarded copy). */
  mail: { id: string; createdAt: Date; template: string }
}

export interface Undelivered {
  claim: Claim
  error: string
  /** Failed for good (a permanent refusal, or the last attempt); otherwise retried. */
  giveUp: boolean
  retryDelayMs: number
}

/**
 * Marks delivered messages `sent` and writes their attempts, in one statement for the lot.
 * Returns the ids it marked: a message missing from them was cancelled while on its way
 * (its person was deleted, app/models/mail.server.ts) and keeps no attempt either.
 */
export async function recordDelivered(db: Database, delivered: Delivered[]): Promise<Set<string>> {
  if (delivered.length === 0) return new Set()
  const outcomes = delivered.map(({ claim, response }) => ({ ...claim, detail: response }))
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with outcome as (
        select * from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
          as o(id uuid, attempts integer, detail text)
      ), marked as (
        update ${mailOutbox} as m
        set status = 'sent', sent_at = now(), locked_until = null, last_error = null
        from outcome
        where m.id = outcome.id and m.status = 'sending' and m.attempts = outcome.attempts
        returning m.id
      ), logged as (
        insert into ${mailAttempts} (outbox_id, succeeded, detail)
        select outcome.id, true, outcome.detail from outcome join marked on marked.id = outcome.id
      )
      select id from marked`,
  )
  return new Set(rows.map((row) => row.id))
}

/**
 * Puts failed messages back in the queue with their next attempt time, or marks them
 * `failed`, and writes their attempts, in one statement. A cancelled message keeps no
 * trace of the address the server may have quoted.
 */
export async function recordUndelivered(db: Database, undelivered: Undelivered[]) {
  if (undelivered.length === 0) return
  const outcomes = undelivered.map(({ claim, error, giveUp, retryDelayMs }) => ({
    ...claim,
    detail: error,
    give_up: giveUp,
    retry_seconds: retryDelayMs / 1000,
  }))
  await db.execute(
    sql`with outcome as (
        select * from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
          as o(id uuid, attempts integer, detail text, give_up boolean, retry_seconds double precision)
      ), marked as (
        update ${mailOutbox} as m
        set status = case when outcome.give_up then 'failed' else 'queued' end,
          locked_until = null,
          last_error = outcome.detail,
          next_attempt_at = case when outcome.give_up then m.next_attempt_at
            else now() + make_interval(secs => outcome.retry_seconds) end
        from outcome
        where m.id = outcome.id and m.status = 'sending' and m.attempts = outcome.attempts
        returning m.id
      )
      insert into ${mailAttempts} (outbox_id, succeeded, detail)
      select outcome.id, false, outcome.detail from outcome join marked on marked.id = outcome.id`,
  )
}

/**
 * Gives claimed messages that were never tried back to the queue, due at once and with the
 * attempt their claim counted taken back (the worker is stopping, or their lease is too
 * far gone to start them safely).
 */
export async function releaseClaims(db: Database, claims: Claim[]) {
  if (claims.length === 0) return
  const released = claims.map(({ id, attempts }) => ({ id, attempts }))
  await db.execute(
    sql`update ${mailOutbox} as m
      set status = 'queued', attempts = m.attempts - 1, locked_until = null
      from jsonb_to_recordset(${JSON.stringify(released)}::jsonb) as o(id uuid, attempts integer)
      where m.id = o.id and m.status = 'sending' and m.attempts = o.attempts`,
  )
}

/**
 * Collects the outcomes of a batch as its messages finish and writes them in blocks while
 * the rest are still being sent: one statement per block instead of a transaction per
 * message. Writes go one at a time, in order.
 */
export class OutcomeWriter {
  private delivered: Delivered[] = []
  private undelivered: Undelivered[] = []
  private writing: Promise<void> = Promise.resolve()
  private blocksQueued = 0
  private oldestPendingAt = 0
  /** The first write that failed; the worker then starts no more messages of the batch. */
  failure: unknown

  constructor(
    private readonly db: Database,
    /** Told which delivered messages were recorded; the others were cancelled meanwhile. */
    private readonly afterDelivered: (
      delivered: Delivered[],
      recorded: Set<string>,
    ) => Promise<void>,
    /** A block is written when it has `blockSize` outcomes or its oldest is `withinMs` old. */
    private readonly limits: { blockSize: number; withinMs: number },
  ) {}

  add(outcome: { delivered: Delivered } | { undelivered: Undelivered }) {
    const pending = this.delivered.length + this.undelivered.length
    if (pending === 0) this.oldestPendingAt = performance.now()
    if ('delivered' in outcome) this.delivered.push(outcome.delivered)
    else this.undelivered.push(outcome.undelivered)
    if (
      pending + 1 >= this.limits.blockSize ||
      performance.now() - this.oldestPendingAt >= this.limits.withinMs
    )
      this.writeBlock()
  }

  /** Two blocks are waiting to be written: the sender should wait for them (caughtUp). */
  get behind() {
    return this.blocksQueued > 1
  }

  /** Resolves when every block handed over so far is written. */
  async caughtUp() {
    await this.writing
  }

  /** Writes what is left and waits for every write; throws the first failure. */
  async finish() {
    this.writeBlock()
    await this.writing
    if (this.failure !== undefined) throw this.failure
  }

  private writeBlock() {
    const delivered = this.delivered.splice(0)
    const undelivered = this.undelivered.splice(0)
    if (delivered.length === 0 && undelivered.length === 0) return
    this.blocksQueued++
    this.writing = this.writing.then(async () => {
      try {
        const recorded = await recordDelivered(this.db, delivered)
        await recordUndelivered(this.db, undelivered)
        await this.afterDelivered(delivered, recorded)
      } catch (error) {
        // Those messages stay `sending` until their lease ends, then go again.
        this.failure ??= error
      } finally {
        this.blocksQueued--
      }
    })
  }
}
