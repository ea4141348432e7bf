import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { clientMemberships, organizations } from '../../db/schema'
import { openDatabase } from '../../app/platform/db.server'
import { createUser } from '../../app/models/users.server'
import { killDatabaseThread } from '../support/inspector'
import { signInWithPassword } from '../support/http-client'
import {
  createPostgresTestDatabase,
  postgresAdminUrl,
  postgresAvailable,
} from '../support/postgres-database'
import { startServerProcess, waitUntilReady, type ServerProcess } from '../support/server-process'
import { freePort } from '../support/free-port'
import { newMigratedDataDir } from '../support/pglite-dump'

/**
 * A database that goes away under load (a PostgreSQL restart or fail-over, the embedded
 * database's thread dying) costs at most the requests in flight, never the process: the
 * server answers `/readyz` and a portal page again within 10 s (docs/deploy.md#when-the-database-goes-away).
 */

const PASSWORD = 'a long and memorable database-fault password'
const RECOVERY_MS = 10_000
const hasPostgres = await postgresAvailable()

const dataDirs: string[] = []
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true, maxRetries: 5 })
})
function newDataDir(name: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `database-faults-${name}-`))
  dataDirs.push(dir)
  return dir
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A client manager of a new organization, with a password, in the server's database. */
async function createClientManager(databaseUrl: string | undefined, dataDir: string) {
  const handle = await openDatabase(
    databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir },
  )
  try {
    const user = await createUser(
      { email: 'manager@fault.example', name: 'Mara Manager', role: 'client', password: PASSWORD },
      handle.db,
    )
    const [organization] = await handle.db
      .insert(organizations)
      .values({ name: 'Fault Tolerance Clinic' })
      .returning({ id: organizations.id })
    await handle.db
      .insert(clientMemberships)
      .values({ userId: user.id, organizationId: organization!.id, role: 'manager' })
    return user.email
  } finally {
    await handle.close()
  }
}

/** A booking a week from now, as the form posts it without JavaScript. */
function bookingForm() {
  const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
  return new URLSearchParams({
    language: 'Spanish',
    modality: 'video',
    date,
    time: '10:00',
    timeZone: 'America/New_York',
    durationMinutes: '60',
    location: 'https://video.example/room',
    setting: 'medical',
    contactName: 'Nora Nurse',
    contactPhone: '+1 512 555 0199',
  })
}

/**
 * Eight users loading the client's requests and booking, until `stop()`; every answer's
 * status is counted, and a refused connection (the process gone) is recorded as 'down'.
 */
function loadPortal(server: ServerProcess, cookie: string) {
  const statuses = new Map<number | 'down', number>()
  const count = (status: number | 'down') => statuses.set(status, (statuses.get(status) ?? 0) + 1)
  let running = true
  const worker = async (index: number) => {
    for (let round = 0; running; round++) {
      const booking = (round + index) % 2 === 0
      try {
        const response = await fetch(
          `${server.url}${booking ? '/client/book' : '/client/bookings'}`,
          {
            method: booking ? 'POST' : 'GET',
            body: booking ? bookingForm() : undefined,
            redirect: 'manual',
            headers: { Cookie: cookie, Origin: server.url },
          },
        )
        await response.arrayBuffer()
        count(response.status)
      } catch {
        count('down')
        await sleep(50)
      }
    }
  }
  const workers = Array.from({ length: 8 }, (_, index) => worker(index))
  return {
    /** Waits for the requests in flight; the statuses counted. */
    async stop() {
      running = false
      await Promise.all(workers)
      return statuses
    },
  }
}

/** Polls until `/readyz` and the client's requests page both answer 200; the time taken. */
async function timeUntilServing(server: ServerProcess, cookie: string): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < RECOVERY_MS) {
    try {
      const ready = await fetch(`${server.url}/readyz`)
      const page = await fetch(`${server.url}/client/bookings`, {
        headers: { Cookie: cookie },
        redirect: 'manual',
      })
      if (ready.status === 200 && page.status === 200) return Date.now() - started
    } catch {
      // Not answering yet.
    }
    await sleep(100)
  }
  throw new Error(`Not serving again within ${RECOVERY_MS} ms:\n${server.output().slice(-4000)}`)
}

/**
 * The process is still there, no request found it gone, those in flight failed with 500 or
 * 503 at worst (429 is the booking limit, docs/product.md#constants), and it serves again
 * within 10 s.
 */
async function expectSurvived(
  server: ServerProcess,
  statuses: Map<number | 'down', number>,
  cookie: string,
) {
  expect(server.child.exitCode, server.output().slice(-4000)).toBeNull()
  expect(statuses.get('down') ?? 0).toBe(0)
  for (const status of statuses.keys())
    expect([200, 302, 429, 500, 503], `status ${status}`).toContain(status)
  expect(await timeUntilServing(server, cookie)).toBeLessThan(RECOVERY_MS)
}

async function signIn(server: ServerProcess, email: string) {
  const { cookie } = await signInWithPassword(server.url, email, PASSWORD)
  if (!cookie) throw new Error('could not sign in')
  return cookie
}

describe.skipIf(!hasPostgres)('PostgreSQL cuts the server’s connections under load', () => {
  it('keeps the process, answers in-flight requests with 500 or 503 at worst, and serves again within 10 s', async () => {
    const database = await createPostgresTestDatabase(postgresAdminUrl())
    const url = (database.target as { url: string }).url
    const name = new URL(url).pathname.slice(1)
    const admin = new pg.Client({ connectionString: postgresAdminUrl() })
    await admin.connect()
    const server = await startServerProcess({
      DATA_DIR: newDataDir('postgres'),
      DATABASE_URL: url,
      LOG_LEVEL: 'warn',
    })
    try {
      await waitUntilReady(server)
      const cookie = await signIn(server, await createClientManager(url, newDataDir('unused')))
      for (let cut = 0; cut < 3; cut++) {
        const load = loadPortal(server, cookie)
        await sleep(1500)
        const { rowCount } = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        )
        expect(rowCount).toBeGreaterThan(0)
        await sleep(1500)
        await expectSurvived(server, await load.stop(), cookie)
      }
    } finally {
      await server.stop()
      await admin.end()
      await database.drop()
    }
  }, 150_000)
})

describe('the embedded database’s thread dies under load', () => {
  it('starts a new one: the process stays, and serves again within 10 s', async () => {
    const dataDir = await newMigratedDataDir('database-faults-pglite-')
    dataDirs.push(dataDir)
    const email = await createClientManager(undefined, dataDir)
    const inspectorPort = await freePort()
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_OPTIONS: `--inspect=127.0.0.1:${inspectorPort}`,
    })
    try {
      await waitUntilReady(server)
      const cookie = await signIn(server, email)
      for (let death = 0; death < 2; death++) {
        const load = loadPortal(server, cookie)
        await sleep(1500)
        await killDatabaseThread(inspectorPort)
        await sleep(1000)
        await expectSurvived(server, await load.stop(), cookie)
      }
      expect(server.output()).toContain('a database connection failed: a new one replaces it')
    } finally {
      await server.stop()
    }
  }, 150_000)
})
