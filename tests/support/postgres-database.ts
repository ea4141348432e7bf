import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { DatabaseTarget } from '../../app/lib/db.server'

export interface TestDatabase {
  target: DatabaseTarget
  /** Drops the database (PostgreSQL); nothing to do for an in-memory PGlite. */
  drop(): Promise<void>
}

/** Creates `test_<random>` on the TEST_DATABASE_URL server; `drop()` removes it. */
export async function createPostgresTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL
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
