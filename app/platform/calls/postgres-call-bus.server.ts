import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { CallParty } from '../../domain/calls'
import type { Logger } from '../logger.server'
import {
  InProcessCallBus,
  type CallBus,
  type CallEvent,
  type CallListener,
  type CallTopic,
} from './call-bus.server'

/**
 * The call bus of several instances on one PostgreSQL (docs/architecture.md#on-demand-calls):
 * an event is delivered at once to this instance's listeners and announced to the others with
 * `NOTIFY`. A notification carries ids only (the topic, the call, the sending instance); a
 * WebRTC message, which holds network addresses and may be larger than a notification can
 * carry, is written to `call_signals` and the notification names its row. Each instance
 * `LISTEN`s on one channel with a connection of its own and delivers what it hears, in the
 * order heard, to its own listeners of the topic.
 */

export const CALL_BUS_CHANNEL = 'call_bus'
/** Signals are read within moments; older rows are deleted. */
const SIGNAL_LIFETIME_MINUTES = 5
const CLEANUP_EVERY_MS = 60_000
/** How long to wait before listening again after the listening connection failed. */
const RECONNECT_MS = 1_000

/** What a notification says: ids only, never a party's data. */
interface Notice {
  /** The instance that published it, which delivered it to its own listeners already. */
  from: string
  topic: CallTopic
  type: CallEvent['type']
  callId?: string
  /** The `call_signals` row of a WebRTC message. */
  signalId?: string
}

export class PostgresCallBus implements CallBus {
  readonly instanceId = randomUUID()
  readonly #local = new InProcessCallBus()
  readonly #pool: pg.Pool
  readonly #url: string
  readonly #logger: Logger
  #listener: pg.Client | undefined
  #closed = false
  /** Notices are handled one after the other, so that a call's signals keep their order. */
  #queue: Promise<void> = Promise.resolve()
  readonly #cleanup: NodeJS.Timeout

  private constructor(url: string, logger: Logger) {
    this.#url = url
    this.#logger = logger
    this.#pool = new pg.Pool({ connectionString: url, max: 4 })
    // As for the database's pool (app/platform/db.server.ts): a connection the server closes
    // while it is checked out emits its error with no listener, which would end the process.
    const reportFailure = (error: Error) =>
      logger.error({ err: error }, 'a call bus connection failed')
    this.#pool.on('connect', (client) => client.on('error', reportFailure))
    this.#pool.on('error', reportFailure)
    this.#cleanup = setInterval(() => void this.#deleteOldSignals(), CLEANUP_EVERY_MS)
    this.#cleanup.unref()
  }

  /** A bus that listens before it returns, so that nothing published afterwards is missed. */
  static async connect(url: string, logger: Logger): Promise<PostgresCallBus> {
    const bus = new PostgresCallBus(url, logger)
    await bus.#listen()
    return bus
  }

  async publish(topic: CallTopic, event: CallEvent): Promise<void> {
    await this.#local.publish(topic, event)
    const notice: Notice = { from: this.instanceId, topic, type: event.type }
    if (event.type !== 'rings-changed') notice.callId = event.callId
    if (event.type === 'signal') {
      const { rows } = await this.#pool.query<{ id: string }>(
        'insert into call_signals (call_id, sender, recipient, data) values ($1, $2, $3, $4) returning id',
        [event.callId, event.from, event.to ?? null, JSON.stringify(event.data ?? null)],
      )
      notice.signalId = rows[0]!.id
    }
    await this.#pool.query('select pg_notify($1, $2)', [CALL_BUS_CHANNEL, JSON.stringify(notice)])
  }

  subscribe(topic: CallTopic, listener: CallListener): () => void {
    return this.#local.subscribe(topic, listener)
  }

  async close(): Promise<void> {
    this.#closed = true
    clearInterval(this.#cleanup)
    await this.#local.close()
    await this.#listener?.end().catch(() => {})
    await this.#queue
    await this.#pool.end()
  }

  async #listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#url })
    client.on('notification', (message) => {
      if (message.channel !== CALL_BUS_CHANNEL || !message.payload) return
      const payload = message.payload
      this.#queue = this.#queue.then(() => this.#deliver(payload))
    })
    // A lost connection (a restart, a fail-over): listen again on a new one. Events sent
    // meanwhile are missed; the pages read their call's state again when they reconnect.
    client.on('error', (error) => {
      this.#logger.error({ err: error }, 'the call bus stopped listening: it listens again')
      if (this.#listener === client) this.#listener = undefined
      client.end().catch(() => {})
      if (!this.#closed) setTimeout(() => void this.#listen().catch(() => {}), RECONNECT_MS).unref()
    })
    await client.connect()
    await client.query(`listen ${CALL_BUS_CHANNEL}`)
    this.#listener = client
  }

  async #deliver(payload: string): Promise<void> {
    let notice: Notice
    try {
      notice = JSON.parse(payload) as Notice
    } catch {
      return
    }
    if (notice.from === this.instanceId || !this.#local.hasListeners(notice.topic)) return
    try {
      const event = await this.#eventOf(notice)
      if (event) await this.#local.publish(notice.topic, event)
    } catch (error) {
      this.#logger.error({ err: error }, 'a call bus event could not be read')
    }
  }

  async #eventOf(notice: Notice): Promise<CallEvent | undefined> {
    if (notice.type === 'rings-changed') return { type: 'rings-changed' }
    if (!notice.callId) return undefined
    if (notice.type === 'call-changed') return { type: 'call-changed', callId: notice.callId }
    const { rows } = await this.#pool.query<{
      sender: CallParty
      recipient: CallParty | null
      data: unknown
    }>('select sender, recipient, data from call_signals where id = $1', [notice.signalId])
    const row = rows[0]
    if (!row) return undefined
    const event: CallEvent = {
      type: 'signal',
      callId: notice.callId,
      from: row.sender,
      data: row.data,
    }
    if (row.recipient) event.to = row.recipient
    return event
  }

  async #deleteOldSignals(): Promise<void> {
    await this.#pool
      .query(
        `delete from call_signals where created_at < now() - interval '${SIGNAL_LIFETIME_MINUTES} minutes'`,
      )
      .catch((error: unknown) =>
        this.#logger.error({ err: error }, 'old call signals could not be deleted'),
      )
  }
}
