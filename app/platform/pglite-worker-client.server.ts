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

/**
 * PGlite on a worker thread (scripts/pglite-worker.mjs), behind the methods Drizzle's driver
 * calls, so queries run beside the server's rendering instead of on its thread
 * (docs/decisions/050-embedded-database-on-its-own-thread.md). A transaction stays open in
 * the worker while its callback runs here; its queries carry its id. `dataDir` undefined is
 * an in-memory database, optionally loaded from a dump.
 */
export async function startPgliteWorker(options: {
  dataDir?: string
  loadDataDir?: Uint8Array
}): Promise<PgliteWorkerClient> {
  const worker = new Worker(projectPath('scripts/pglite-worker.mjs'), { workerData: options })
  const pending = new Map<number, Pending>()
  let nextId = 1
  let nextTransaction = 1
  let stopped: Error | undefined

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

  worker.on('message', (message: { id: number; result?: unknown; error?: object }) => {
    const call = pending.get(message.id)
    if (!call) return
    pending.delete(message.id)
    if (pending.size === 0) worker.unref()
    if (message.error) call.reject(databaseError(message.error))
    else call.resolve(message.result)
  })
  const stop = (error: Error) => {
    stopped = error
    for (const call of pending.values()) call.reject(error)
    pending.clear()
  }
  worker.on('error', (error) => stop(error))
  worker.on('exit', (code) => stop(new Error(`The database thread exited (${code}).`)))

  function call<T>(message: Record<string, unknown>): Promise<T> {
    if (stopped) return Promise.reject(stopped)
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
      if (stopped) return
      try {
        await call({ op: 'close' })
      } finally {
        await worker.terminate()
      }
    },
  }
}

/** The worker's error as an Error here, with PostgreSQL's fields (code, constraint, …). */
function databaseError(fields: object): Error {
  const { message, ...rest } = fields as { message: string }
  return Object.assign(new Error(message), rest)
}
