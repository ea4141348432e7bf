import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leads } from '../../db/schema'
import { openDatabase } from '../../app/platform/db.server'
import { createPostgresTestDatabase, type TestDatabase } from '../support/postgres-database'
import { startServerProcess, waitUntilReady } from '../support/server-process'
import { newMigratedDataDir } from '../support/pglite-dump'

async function submitContact(url: string, name: string) {
  const body = new URLSearchParams({
    name,
    email: 'visitor@example.org',
    company: 'Acme Clinic',
    message: 'Please call me back.',
    formToken: randomUUID(),
  })
  return fetch(`${url}/contact`, { method: 'POST', body, headers: { Origin: url } })
}

async function countRequestsIn(dataDir: string) {
  const handle = await openDatabase({ kind: 'pglite', dataDir })
  try {
    return await handle.db.$count(leads)
  } finally {
    await handle.close()
  }
}

describe('the production server process on the embedded database', () => {
  let dataDir: string
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'server-process-'))
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('answers health checks, keeps data across a restart and refuses a second process on the same DATA_DIR', async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir })
    try {
      await waitUntilReady(first)
      const health = await fetch(`${first.url}/healthz`)
      expect(health.status).toBe(200)
      expect(await health.text()).toBe('ok')
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200)
      expect((await submitContact(first.url, 'First Visitor')).status).toBe(200)

      const second = await startServerProcess({ DATA_DIR: dataDir })
      const code = await Promise.race([
        second.exited,
        new Promise((resolve) => setTimeout(() => resolve('still running'), 15_000)),
      ])
      await second.stop('SIGKILL')
      expect(code).toBe(1)
      expect(second.output()).toContain('pglite.lock')
      expect(second.output()).toContain('in use by another process')
    } finally {
      expect(await first.stop('SIGTERM')).toBe(0)
    }
    // Mail was delivered to files before shutdown finished or stays queued; the row is durable.
    expect(await countRequestsIn(dataDir)).toBe(1)

    const restarted = await startServerProcess({ DATA_DIR: dataDir })
    try {
      await waitUntilReady(restarted)
      expect((await submitContact(restarted.url, 'Second Visitor')).status).toBe(200)
    } finally {
      expect(await restarted.stop('SIGTERM')).toBe(0)
    }
    expect(await countRequestsIn(dataDir)).toBe(2)
    expect(
      readdirSync(path.join(dataDir, 'mail')).filter((name) => name.endsWith('.eml')).length,
    ).toBeGreaterThanOrEqual(2)
  }, 90_000)

  it('stops with a readable message when a variable is invalid', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir, PORT: 'not-a-port' })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain('Invalid environment configuration')
    expect(server.output()).toContain('PORT')
  })
})

// Runs only where a PostgreSQL server is configured (CI sets TEST_DATABASE_URL).
describe.runIf(process.env.TEST_DATABASE_URL)('the production server process on PostgreSQL', () => {
  let database: TestDatabase
  let dataDir: string
  beforeAll(async () => {
    database = await createPostgresTestDatabase()
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'server-process-pg-'))
  })
  afterAll(async () => {
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('runs the same site with DATABASE_URL set', async () => {
    if (database.target.kind !== 'postgres') throw new Error('expected a PostgreSQL target')
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: database.target.url,
    })
    try {
      await waitUntilReady(server)
      expect((await submitContact(server.url, 'Postgres Visitor')).status).toBe(200)
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0)
    }
    const handle = await openDatabase(database.target)
    try {
      const rows = await handle.db.select().from(leads)
      expect(rows.map((row) => row.name)).toEqual(['Postgres Visitor'])
    } finally {
      await handle.close()
    }
  }, 120_000)
})

describe('the production server process behind https', () => {
  it('sends HSTS with includeSubDomains and upgrades insecure requests', async () => {
    const dataDir = await newMigratedDataDir('server-process-https-')
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      SITE_URL: 'https://languages.example',
    })
    try {
      await waitUntilReady(server)
      const response = await fetch(`${server.url}/`)
      expect(response.headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      )
      expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests')
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0)
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
