import { Worker } from 'node:worker_threads'
import type { Results } from '@electric-sql/pglite'
import { projectPath } from './project-path.server'

/** What Drizzle's PGlite driver passes with a query (drizzle-orm/pglite/session). */
interface QueryOptions {
  rowMode?: 'object' | 'array'
  /** Drizzle only ever passes parsers that keep a type's text as it is. */
  parsers?: Record<number | string, unknown>
}

/** The part of a PGlite connection that Drizzle's driver uses. */
export interface PgliteConnection {
  query<Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<Row>>
  exec(sql: string): Promise<Results[]>
}

export interface PgliteWorkerClient extends PgliteConnection {
  transaction<T>(callback: (tx: PgliteConnection) => Promise<T>): Promise<T>
  dumpDataDir(compression: 'gzip' | 'none'): Promise<Blob>
  close(): Promise<void>
}

interface Pending {
  resolve(value: unknown): void
  reject(error: Error): void
}

export interface PgliteWorkerOptions {
  /** The data directory; undefined is an in-memory database, optionally loaded from a dump. */
  dataDir?: string
  loadDataDir?: Uint8Array
  /**
   * Told when the thread of a data directory ends unexpectedly and a new one is started, or
   * when starting one fails (another attempt follows).
   */
  onThreadExit?: (error: Error) => void
}

/** One database thread and the calls it has not answered yet. */
interface DatabaseThread {
  worker: Worker
  pending: Map<number, Pending>
  /** Resolves with the reason once the thread has ended. */
  ended: Promise<Error>
}

// After a failed start, the next attempt waits this long, doubling up to the maximum.
const RESTART_DELAY_MS = 500
const RESTART_DELAY_MAX_MS = 10_000

/**
 * PGlite on a worker thread (app/platform/pglite-worker.mjs), behind the methods Drizzle's driver
 * calls, so queries run beside the server's rendering instead of on its thread
 * (docs/decisions/050-embedded-database-on-its-own-thread.md). A transaction stays open in
 * the worker while its callback runs here; its queries carry its id.
 *
 * Should the thread of a data directory end (a crash in PGlite, an exit), the calls it had
 * not answered fail and a new thread opens the same directory, which PostgreSQL's recovery
 * brings back to its last commit: the server loses the requests in flight, not its
 * database. An in-memory database ends with its thread.
 */
export async function startPgliteWorker(options: PgliteWorkerOptions): Promise<PgliteWorkerClient> {
  const { onThreadExit = () => {} } = options
  let thread: DatabaseThread | Promise<DatabaseThread> = await startThread(options)
  let stopped: Error | undefined
  let closing = false
  let nextId = 1
  // Transaction ids are never reused, so a transaction of an ended thread cannot run its
  // remaining queries on the new one: the new thread does not know its id.
  let nextTransaction = 1

  const replaceWhenEnded = (ended: DatabaseThread) => {
    void ended.ended.then((reason) => {
      if (closing) return
      if (!options.dataDir) {
        stopped = reason
        return
      }
      onThreadExit(reason)
      thread = restart(RESTART_DELAY_MS)
    })
  }
  const restart = (delayMs: number): Promise<DatabaseThread> => {
    const attempt = startThread(options).then(
      (started) => {
        thread = started
        replaceWhenEnded(started)
        return started
      },
      (error: Error) => {
        onThreadExit(error)
        // Calls until the next attempt fail at once (this rejected attempt) instead of waiting.
        setTimeout(() => {
          if (!closing) thread = restart(Math.min(delayMs * 2, RESTART_DELAY_MAX_MS))
        }, delayMs).unref()
        throw error
      },
    )
    attempt.catch(() => {})
    return attempt
  }
  replaceWhenEnded(thread)

  async function call<T>(message: Record<string, unknown>): Promise<T> {
    if (stopped) throw stopped
    const { worker, pending } = await thread
    const id = nextId++
    if (pending.size === 0) worker.ref()
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.postMessage({ ...message, id })
    })
  }

  const connection = (txId?: number): PgliteConnection => ({
    query: (sql, params = [], options = {}) =>
      call({
        op: 'query',
        txId,
        sql,
        params,
        rowMode: options.rowMode ?? 'object',
        textTypes: Object.keys(options.parsers ?? {}).map(Number),
      }),
    exec: (sql) => call({ op: 'exec', txId, sql }),
  })

  return {
    ...connection(),
    async transaction(callback) {
      const txId = nextTransaction++
      await call({ op: 'begin', txId })
      let value
      try {
        value = await callback(connection(txId))
      } catch (error) {
        await call({ op: 'end', txId, commit: false }).catch(() => {})
        throw error
      }
      await call({ op: 'end', txId, commit: true })
      return value
    },
    async dumpDataDir(compression) {
      const bytes = await call<Uint8Array>({ op: 'dump', compression })
      return new Blob([bytes as Uint8Array<ArrayBuffer>])
    },
    async close() {
      if (stopped || closing) return
      closing = true
      const current = await Promise.resolve(thread).catch(() => undefined)
      if (!current) {
        stopped = new Error('The database thread exited (the database was closed).')
        return
      }
      try {
        await call({ op: 'close' })
      } finally {
        await current.worker.terminate()
        stopped = new Error('The database thread exited (the database was closed).')
      }
    },
  }
}

/** Starts a thread and waits until its database is open. */
async function startThread(options: PgliteWorkerOptions): Promise<DatabaseThread> {
  const worker = new Worker(projectPath('app/platform/pglite-worker.mjs'), {
    workerData: { dataDir: options.dataDir, loadDataDir: options.loadDataDir },
  })
  await new Promise<void>((ready, failed) => {
    const exited = (code: number) => failed(new Error(`The database thread exited (${code}).`))
    worker.once('error', failed)
    worker.once('exit', exited)
    worker.once('message', () => {
      worker.off('error', failed)
      worker.off('exit', exited)
      ready()
    })
  })
  // Like PGlite in the process, an idle database does not keep the process alive.
  worker.unref()

  const pending = new Map<number, Pending>()
  worker.on('message', (message: { id: number; result?: unknown; error?: object }) => {
    const call = pending.get(message.id)
    if (!call) return
    pending.delete(message.id)
    if (pending.size === 0) worker.unref()
    if (message.error) call.reject(databaseError(message.error))
    else call.resolve(message.result)
  })
  let failure: Error | undefined
  worker.on('error', (error) => (failure = error))
  const ended = new Promise<Error>((resolve) =>
    worker.on('exit', (code) => {
      const reason = new Error(`The database thread exited (${code}).`, { cause: failure })
      for (const call of pending.values()) call.reject(reason)
      pending.clear()
      resolve(reason)
    }),
  )
  return { worker, pending, ended }
}

/** The worker's error as an Error here, with PostgreSQL's fields (code, constraint, …). */
function databaseError(fields: object): Error {
  const { message, ...rest } = fields as { message: string }
  return Object.assign(new Error(message), rest)
}
