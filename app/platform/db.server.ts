import { PGlite } from '@electric-sql/pglite'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import { sql, type SQL } from 'drizzle-orm'
import pg from 'pg'
import * as schema from '../../db/schema'
import { acquireDataDirLock } from './data-dir-lock.server'
import { startPgliteWorker, type PgliteWorkerClient } from './pglite-worker-client.server'
import { projectPath } from './project-path.server'

export type Schema = typeof schema
/** The Drizzle database, the same type on PGlite and on PostgreSQL; a transaction is one too. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>
  /** The embedded database's files as a gzipped tarball (PGlite only). */
  dumpDataDir?: () => Promise<Blob>
  close(): Promise<void>
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** In memory, optionally started from a dump: used by tests. */
  | { kind: 'pglite-memory'; loadDataDir?: Blob }

const migrationsFolder = projectPath('db/migrations')
const pgliteExtensions = { citext, pg_trgm }

// Migrations from two instances starting at once must not interleave.
const MIGRATION_LOCK_KEY = 7_261_998

/** Opens the database and applies every pending migration before returning it. */
export async function openDatabase(
  target: DatabaseTarget,
  options: {
    /**
     * Told when a connection to PostgreSQL, or the embedded database's thread, fails; the
     * pool opens a new connection, or a new thread opens the data directory.
     */
    onConnectionError?: (error: Error) => void
  } = {},
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url, options.onConnectionError)
  if (target.kind === 'pglite')
    return openPgliteDirectory(target.dataDir, options.onConnectionError)
  const client = await PGlite.create({
    extensions: pgliteExtensions,
    loadDataDir: target.loadDataDir,
  })
  return wrapPglite(client, () => {})
}

async function openPostgres(
  url: string,
  onConnectionError: (error: Error) => void = () => {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // A connection that the server closes (restart, fail-over, termination) must not crash
  // the process. The pool listens for errors only on idle connections; one checked out
  // (a transaction between two queries) emits its error with no listener, which Node
  // treats as fatal. Every connection gets a listener of its own for its whole life: the
  // query in flight fails, the request answers 500, and the pool drops the connection.
  pool.on('connect', (client) => client.on('error', onConnectionError))
  // The pool passes an idle connection's error on as its own; the listener above has
  // reported it already, and an 'error' with no listener would end the process.
  pool.on('error', () => {})
  const lockClient = await pool.connect()
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    await migratePostgres(drizzlePostgres(lockClient, { schema }), { migrationsFolder })
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
    lockClient.release()
  }
  const db = drizzlePostgres(pool, { schema }) as unknown as Database
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1')
    },
    close: () => pool.end(),
  }
}

async function openPgliteDirectory(
  dataDir: string,
  onThreadExit?: (error: Error) => void,
): Promise<DatabaseHandle> {
  mkdirSync(dataDir, { recursive: true })
  const releaseLock = acquireDataDirLock(dataDir)
  try {
    const pgdata = path.join(dataDir, 'pgdata')
    if (!existsSync(path.join(pgdata, 'PG_VERSION'))) await initialiseInChildProcess(pgdata)
    const client = await startPgliteWorker({ dataDir: pgdata, onThreadExit })
    return await wrapPglite(client, releaseLock)
  } catch (error) {
    releaseLock()
    throw error
  }
}

/**
 * A new PGlite directory runs initdb, which leaves about 800 MB resident in the process
 * that ran it. Doing it in a short-lived child keeps the server near 330 MB.
 */
async function initialiseInChildProcess(pgdata: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [projectPath('app/platform/init-pglite.mjs'), pgdata],
    {
      timeout: 120_000,
    },
  )
}

/**
 * A PGlite database in this process (tests' in-memory databases) or on a thread of its own
 * (a data directory: the server, docs/decisions/050-embedded-database-on-its-own-thread.md).
 */
async function wrapPglite(
  client: PGlite | PgliteWorkerClient,
  releaseLock: () => void,
): Promise<DatabaseHandle> {
  // The worker client answers the calls Drizzle's driver makes, with the same results.
  const db = drizzlePglite(client as PGlite, { schema })
  try {
    await migratePglite(db, { migrationsFolder })
  } catch (error) {
    await client.close()
    throw error
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: async () => {
      try {
        await client.close()
      } finally {
        releaseLock()
      }
    },
  }
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] }
  return result.rows
}
