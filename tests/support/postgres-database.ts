import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { DatabaseTarget } from '../../app/platform/db.server'

export interface TestDatabase {
  target: DatabaseTarget
  /** Drops the database (PostgreSQL); nothing to do for an in-memory PGlite. */
  drop(): Promise<void>
}

/** The machine's own PostgreSQL (trust auth), for tests that cannot run without one. */
export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

/** TEST_DATABASE_URL when set, otherwise the local server. */
export function postgresAdminUrl(): string {
  return process.env.TEST_DATABASE_URL || LOCAL_POSTGRES_URL
}

/** Whether a PostgreSQL server answers at `postgresAdminUrl()`. */
export async function postgresAvailable(): Promise<boolean> {
  try {
    await withAdminClient(postgresAdminUrl(), (client) => client.query('select 1'))
    return true
  } catch {
    return false
  }
}

/**
 * Creates `test_<random>` on the TEST_DATABASE_URL server (or on `adminUrl`); `drop()`
 * removes it.
 */
export async function createPostgresTestDatabase(
  adminUrl = process.env.TEST_DATABASE_URL,
): Promise<TestDatabase> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `test_${randomBytes(6).toString('hex')}`
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`))
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    target: { kind: 'postgres', url: url.toString() },
    drop: () =>
      withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      ).then(() => undefined),
  }
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}
