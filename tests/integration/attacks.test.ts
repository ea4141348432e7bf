import { randomUUID } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseTarget } from '../../app/platform/db.server'
import { createUser } from '../../app/models/users.server'
import { mailOutbox } from '../../db/schema'
import { pdfOfSize, signInWithPassword, submitApplication } from '../support/http-client'
import { createPostgresTestDatabase, type TestDatabase } from '../support/postgres-database'
import { startServerProcess, waitUntilReady, type ServerProcess } from '../support/server-process'
import { testDatabaseKinds } from '../support/test-database'
import { newMigratedDataDir } from '../support/pglite-dump'

/**
 * Attacks from the penetration test of docs/security.md, played over HTTP against the built
 * server as a process, on each database. Each request comes "through a proxy" with its own
 * client address (TRUST_PROXY=1), so that the tests do not share rate limits.
 */

const ADMIN_EMAIL = 'admin@attack.example'
const ADMIN_PASSWORD = 'a long admin password for the attack tests'
const GUARDED_EMAIL = 'guarded@attack.example'
const GUARDED_PASSWORD = 'the right password for the race'
const RESET_EMAIL = 'reset@attack.example'
const MB = 1024 * 1024

let addressCounter = 0
/** A client address of its own, as the proxy in front of the server would append it. */
function newClient(): string {
  addressCounter++
  return `198.18.${addressCounter >> 8}.${addressCounter & 0xff}`
}

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024
}

/** A url-encoded body of `size` bytes, sent with a length or chunked (a stream without one). */
function hugeForm(size: number, chunked: boolean): { body: BodyInit; duplex?: 'half' } {
  const chunk = new TextEncoder().encode(`message=${'a'.repeat(64 * 1024 - 8)}`)
  if (!chunked) {
    const bytes = new Uint8Array(size)
    for (let offset = 0; offset < size; offset += chunk.length)
      bytes.set(chunk.subarray(0, Math.min(chunk.length, size - offset)), offset)
    return { body: bytes }
  }
  let sent = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close()
      controller.enqueue(chunk)
      sent += chunk.length
    },
  })
  return { body: stream, duplex: 'half' }
}

describe.each(testDatabaseKinds())('attacks on the server process on %s', (kind) => {
  let server: ServerProcess
  let dataDir: string
  let postgres: TestDatabase | undefined
  let adminCookie: string

  const post = (
    pathname: string,
    body: BodyInit,
    headers: Record<string, string> = {},
    extra: { duplex?: 'half' } = {},
  ) =>
    fetch(`${server.url}${pathname}`, {
      method: 'POST',
      body,
      redirect: 'manual',
      headers: { Origin: server.url, 'X-Forwarded-For': newClient(), ...headers },
      ...extra,
    } as RequestInit)

  beforeAll(async () => {
    dataDir = await newMigratedDataDir('attacks-')
    postgres = kind === 'postgres' ? await createPostgresTestDatabase() : undefined
    const target: DatabaseTarget = postgres?.target ?? { kind: 'pglite', dataDir }
    const setup = await openDatabase(target)
    for (const [email, password] of [
      [ADMIN_EMAIL, ADMIN_PASSWORD],
      [GUARDED_EMAIL, GUARDED_PASSWORD],
      [RESET_EMAIL, ADMIN_PASSWORD],
    ] as const)
      await createUser({ email, name: 'Attack Target', role: 'admin', password }, setup.db)
    await setup.close()
    server = await startServerProcess({
      DATA_DIR: dataDir,
      TRUST_PROXY: '1',
      ...(postgres?.target.kind === 'postgres' ? { DATABASE_URL: postgres.target.url } : {}),
    })
    await waitUntilReady(server)
    const signedIn = await signInWithPassword(server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    adminCookie = signedIn.cookie!
  }, 120_000)

  afterAll(async () => {
    await server?.stop('SIGTERM')
    await postgres?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('issues no session to 40 parallel guesses with the right password at position 30', async () => {
    const [email, password] = [GUARDED_EMAIL, GUARDED_PASSWORD]
    const client = newClient()
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        post(
          '/interpreter-login',
          new URLSearchParams({ email, password: index === 29 ? password : `guess ${index}` }),
          { 'X-Forwarded-For': client },
        ),
      ),
    )
    const statuses = responses.map((response) => response.status)
    expect(responses.filter((response) => response.headers.get('set-cookie'))).toEqual([])
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(35)
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true)
  })

  it('refuses 20 MB form posts, with a length or chunked, with 413 within two seconds and without holding them', async () => {
    const before = rssBytes(server.child.pid!)
    for (const pathname of ['/contact', '/interpreter-login', '/unsubscribe', '/admin/users']) {
      for (const chunked of [false, true]) {
        const started = Date.now()
        const { body, duplex } = hugeForm(20 * MB, chunked)
        const response = await post(
          pathname,
          body,
          {
            'Content-Type': 'application/x-www-form-urlencoded',
            ...(pathname.startsWith('/admin') ? { Cookie: adminCookie } : {}),
          },
          { duplex },
        )
        expect({ pathname, chunked, status: response.status }).toEqual({
          pathname,
          chunked,
          status: 413,
        })
        await response.arrayBuffer()
        expect(Date.now() - started).toBeLessThan(2000)
      }
    }
    expect(rssBytes(server.child.pid!) - before).toBeLessThan(50 * MB)
    // A long message in a script that takes three bytes per character still fits.
    const longMessage = new URLSearchParams({
      name: 'Ana Lima',
      email: 'ana@example.org',
      company: 'Clinic',
      message: '通訳'.repeat(2500),
      formToken: randomUUID(),
    })
    expect((await post('/contact', longMessage)).status).toBe(200)
  })

  it('still streams a 2 MB file to every route that takes uploads', async () => {
    const resume = pdfOfSize(2 * MB)
    const application = await submitApplication(server.url, 'big.resume@example.org', {
      resume,
      headers: { 'X-Forwarded-For': newClient() },
    })
    expect(application.confirmed).toBe(true)
    for (const pathname of [
      '/jobs/greek-english-remote-interpreter',
      '/apply/contract-interpreter',
      '/admin/resources/new',
      '/admin/resources/upload',
    ]) {
      const form = new FormData()
      form.append('formToken', randomUUID())
      form.append('resume', new File([new Uint8Array(resume)], 'cv.pdf'))
      form.append('file', new File([new Uint8Array(resume)], 'guide.pdf'))
      const response = await post(pathname, form, { Cookie: adminCookie })
      // Past the body limit, the form's own validation answers (missing fields).
      expect({ pathname, status: response.status }).toEqual({ pathname, status: 400 })
    }
  })

  it('answers 415 to a form post in any other content type', async () => {
    for (const [pathname, contentType, body] of [
      ['/contact', 'application/json', '{"name":"x"}'],
      ['/interpreter-login', 'application/json', `{"email":"${ADMIN_EMAIL}"}`],
      ['/forgot-password', 'text/plain', 'email=a@b.org'],
      ['/contact', 'application/xml', '<a/>'],
    ] as const) {
      const response = await post(pathname, body, { 'Content-Type': contentType })
      expect({ pathname, contentType, status: response.status }).toEqual({
        pathname,
        contentType,
        status: 415,
      })
    }
  })

  it('takes the client address the proxy appended, not the one the client wrote', async () => {
    // The contact form's limit counts in fixed 10-minute windows: eleven posts that straddle a
    // window's end would start counting afresh. Begin well inside a window.
    const window = 10 * 60 * 1000
    const untilWindowEnds = window - (Date.now() % window)
    if (untilWindowEnds < 60_000)
      await new Promise((resolve) => setTimeout(resolve, untilWindowEnds + 100))
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const response = await post(
        '/contact',
        new URLSearchParams({
          name: 'Spoofing Visitor',
          email: 'spoof@example.org',
          company: 'Spoof Inc',
          message: 'Hello',
          formToken: randomUUID(),
        }),
        { 'X-Forwarded-For': `${randomUUID().slice(0, 8)}, 203.0.113.7` },
      )
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true)
    expect(statuses[10]).toBe(429)
  }, 120_000)

  it('keeps credential tokens out of the access log', async () => {
    const secret = `SeCrEt${randomUUID().replaceAll('-', '')}`
    for (const pathname of [
      `/reset-password?token=${secret}`,
      `/accept-invite?token=${secret}`,
      `/setup?token=${secret}`,
      `/unsubscribe?email=a%40b.org&token=${secret}`,
    ])
      await fetch(`${server.url}${pathname}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(server.output()).toContain('/reset-password?token=[redacted]')
    expect(server.output()).not.toContain(secret)
  })

  // PostgreSQL only: the test holds a lock from a second connection, which the embedded
  // database (one process, one connection) cannot give; the behaviour is the same code.
  if (kind === 'postgres')
    it('answers a reset request for a real account before it looks the account up', async () => {
      const email = RESET_EMAIL
      const url = (postgres!.target as { url: string }).url
      const locker = new pg.Client({ connectionString: url })
      await locker.connect()
      try {
        await locker.query('begin')
        await locker.query('lock table users in access exclusive mode')
        const started = Date.now()
        const response = await post('/forgot-password', new URLSearchParams({ email }))
        expect(response.status).toBe(200)
        expect(await response.text()).toContain('If an account exists for that address')
        expect(Date.now() - started).toBeLessThan(2000)
      } finally {
        await locker.query('rollback')
        await locker.end()
      }
      const check = await openDatabase(postgres!.target)
      try {
        let queued = 0
        for (let i = 0; i < 50 && queued === 0; i++) {
          const rows = await check.db.select().from(mailOutbox)
          // The account is an admin: it also gets the lead e-mails of the contact requests above.
          queued = rows.filter(
            (row) => row.toAddress === email && row.template === 'password-reset',
          ).length
          if (queued === 0) await new Promise((resolve) => setTimeout(resolve, 100))
        }
        expect(queued).toBe(1)
      } finally {
        await check.close()
      }
    })
})
