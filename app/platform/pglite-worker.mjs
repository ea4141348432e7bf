// The embedded database on a thread of its own: PGlite runs here and answers the server's
// queries by message, so the server's thread renders pages while the database works
// (app/platform/pglite-worker-client.server.ts, docs/decisions/050-embedded-database-on-its-own-thread.md).
// Plain JavaScript outside the build, like app/platform/init-pglite.mjs, so the same file serves
// the built server, the scripts and the tests.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

const options = {
  extensions: { citext, pg_trgm },
  loadDataDir: workerData.loadDataDir ? new Blob([workerData.loadDataDir]) : undefined,
}
const client = workerData.dataDir
  ? await PGlite.create(workerData.dataDir, options)
  : await PGlite.create(options)

/** Open transactions by id: the PGlite transaction and how to end it. */
const transactions = new Map()
const ROLLED_BACK = Symbol('rolled back')
const keepText = (value) => value

/** PGlite's query options from the message: functions cannot cross threads, so the
 * server names the types whose values it wants as the text PostgreSQL sent. */
function queryOptions({ rowMode, textTypes }) {
  return { rowMode, parsers: Object.fromEntries(textTypes.map((type) => [type, keepText])) }
}

/** The connection a message runs on: its transaction's, or the database's own. */
function connection(txId) {
  if (txId === undefined) return client
  const open = transactions.get(txId)
  if (!open) throw new Error(`Transaction ${txId} is not open.`)
  return open.tx
}

function begin(txId) {
  return new Promise((begun, failed) => {
    let started = false
    const done = client.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          started = true
          transactions.set(txId, { tx, commit, rollback, done })
          begun(null)
        }),
    )
    done.catch((error) => {
      if (!started) failed(error)
    })
    done.finally(() => transactions.delete(txId)).catch(() => {})
  })
}

async function end(txId, commit) {
  const open = transactions.get(txId)
  if (!open) return null
  if (commit) open.commit(null)
  else open.rollback(ROLLED_BACK)
  try {
    await open.done
  } catch (error) {
    if (error !== ROLLED_BACK) throw error
  }
  return null
}

async function handle(message) {
  switch (message.op) {
    case 'query':
      return connection(message.txId).query(message.sql, message.params, queryOptions(message))
    case 'exec':
      return connection(message.txId).exec(message.sql)
    case 'begin':
      return begin(message.txId)
    case 'end':
      return end(message.txId, message.commit)
    case 'dump': {
      const dump = await client.dumpDataDir(message.compression)
      return new Uint8Array(await dump.arrayBuffer())
    }
    case 'close':
      await client.close()
      return null
    default:
      throw new Error(`Unknown operation ${message.op}`)
  }
}

/** An error as plain data: its message and PostgreSQL's fields (code, constraint, …). */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) }
  const fields = {}
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value
  }
  return { ...fields, name: error.name, message: error.message }
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => {
      const transfer = result instanceof Uint8Array ? [result.buffer] : []
      parentPort.postMessage({ id: message.id, result }, transfer)
    },
    (error) => parentPort.postMessage({ id: message.id, error: plainError(error) }),
  )
})
parentPort.postMessage({ ready: true })
