import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import {
  clientMemberships,
  organizations,
  storedFiles,
  translationQuoteFiles,
  translationQuotes,
} from '../../db/schema'
import { openDatabase, type DatabaseTarget } from '../../app/platform/db.server'
import { createUser } from '../../app/models/users.server'
import { allocatorSettings } from '../../server/production-server.mjs'
import { pdfOfSize, signInWithPassword } from '../support/http-client'
import { createPostgresTestDatabase, type TestDatabase } from '../support/postgres-database'
import { startServerProcess, waitUntilReady, type ServerProcess } from '../support/server-process'
import { testDatabaseKinds } from '../support/test-database'
import { newMigratedDataDir } from '../support/pglite-dump'

/**
 * Quote uploads played over HTTP against the built server as a process: files stream to
 * storage as they arrive, a refusal answers while the client is still sending, nothing of a
 * refused upload is kept, and an organization's quota holds
 * (docs/decisions/053-streamed-uploads-and-quota.md).
 */

const MB = 1024 * 1024
const PASSWORD = 'a long password for the upload tests'
const BOUNDARY = '----upload-test-boundary-5Zk2q'

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024
}

/** Every stored object (whole or half-written) under DATA_DIR/uploads/quotes. */
function quoteObjects(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads', 'quotes')
  if (!existsSync(root)) return []
  return (
    readdirSync(root, { recursive: true })
      .map(String)
      // A file deleted between the listing and the look is gone: not counted.
      .filter((entry) => statSync(path.join(root, entry), { throwIfNoEntry: false })?.isFile())
  )
}

const officeDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

const quoteFields = () => ({
  sourceLanguage: 'English',
  targetLanguages: 'Spanish',
  deadline: officeDay(10),
})

function fieldPart(name: string, value: string) {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
}
function fileHeader(filename: string) {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
  )
}
const fieldParts = () =>
  Object.entries(quoteFields()).map(([name, value]) => fieldPart(name, value))
const CLOSING = Buffer.from(`--${BOUNDARY}--\r\n`)

/** A whole quote form: its fields, then the files. */
function quoteBody(files: Uint8Array[]): Buffer {
  const parts = fieldParts()
  files.forEach((file, index) =>
    parts.push(fileHeader(`part-${index}.pdf`), Buffer.from(file), Buffer.from('\r\n')),
  )
  parts.push(CLOSING)
  return Buffer.concat(parts)
}

interface Answer {
  status: number
  location: string | undefined
  body: string
}

/**
 * Posts a multipart body chunk by chunk, as a slow client would, without a declared length.
 * With `holdLast`, the last chunks wait until `whileHeld` has looked at the server, as a long
 * upload's end would.
 */
function postSlowly(
  url: string,
  cookie: string,
  chunks: Buffer[],
  { holdLast = 0, whileHeld }: { holdLast?: number; whileHeld?: () => Promise<void> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/client/quotes/new`,
      {
        method: 'POST',
        headers: {
          Origin: url,
          Cookie: cookie,
          'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
          'Transfer-Encoding': 'chunked',
        },
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (text: string) => (body += text))
        response.on('end', () =>
          resolve({ status: response.statusCode!, location: response.headers.location, body }),
        )
      },
    )
    request.on('error', reject)
    void (async () => {
      for (const [index, chunk] of chunks.entries()) {
        if (index === chunks.length - holdLast) await whileHeld?.()
        if (!request.write(chunk)) await new Promise((r) => request.once('drain', r))
      }
      request.end()
    })().catch(reject)
  })
}

describe.each(testDatabaseKinds())('quote uploads on the server process on %s', (kind) => {
  let server: ServerProcess
  let dataDir: string
  let postgres: TestDatabase | undefined
  let target: DatabaseTarget
  const cookies = new Map<string, string>()

  /** A client organization with one manager per address, created before the server starts. */
  async function createClients(setup: Awaited<ReturnType<typeof openDatabase>>) {
    for (const organization of ['Upload Clinic', 'Quota Court']) {
      const [row] = await setup.db
        .insert(organizations)
        .values({ name: organization })
        .returning({ id: organizations.id })
      for (const person of ['ana', 'ben']) {
        const email = `${person}@${organization.split(' ')[0]!.toLowerCase()}.example`
        const user = await createUser(
          { email, name: person, role: 'client', password: PASSWORD },
          setup.db,
        )
        await setup.db
          .insert(clientMemberships)
          .values({ userId: user.id, organizationId: row!.id, role: 'manager' })
      }
    }
  }

  /** A quote whose (archived) document holds `bytes` of the organization's quota. */
  async function fillQuota(
    setup: Awaited<ReturnType<typeof openDatabase>>,
    organizationName: string,
    bytes: number,
  ) {
    const [organization] = await setup.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, organizationName))
    const [quote] = await setup.db
      .insert(translationQuotes)
      .values({
        organizationId: organization!.id,
        sourceLanguage: 'English',
        targetLanguages: ['Spanish'],
        deadline: officeDay(30),
        certified: false,
        createdAt: new Date(),
      })
      .returning({ id: translationQuotes.id })
    const [file] = await setup.db
      .insert(storedFiles)
      .values({
        storageKey: 'archive/2026-01/large-scan.pdf',
        originalName: 'large-scan.pdf',
        mediaType: 'application/pdf',
        byteSize: bytes,
        sha256: '0'.repeat(64),
      })
      .returning({ id: storedFiles.id })
    await setup.db
      .insert(translationQuoteFiles)
      .values({ quoteId: quote!.id, fileId: file!.id, kind: 'source' })
  }

  beforeAll(async () => {
    dataDir = await newMigratedDataDir('uploads-')
    postgres = kind === 'postgres' ? await createPostgresTestDatabase() : undefined
    target = postgres?.target ?? { kind: 'pglite', dataDir }
    const setup = await openDatabase(target)
    await createClients(setup)
    await fillQuota(setup, 'Quota Court', 599 * MB)
    await setup.close()
    server = await startServerProcess({
      // The allocator settings the server runs with in production (server/production-server.mjs).
      ...allocatorSettings,
      DATA_DIR: dataDir,
      // What the quota tests fill; the others stay far below it.
      ORGANIZATION_STORAGE_QUOTA_MB: '600',
      ...(postgres?.target.kind === 'postgres' ? { DATABASE_URL: postgres.target.url } : {}),
    })
    await waitUntilReady(server)
    for (const email of ['ana@upload.example', 'ben@upload.example', 'ana@quota.example']) {
      const signedIn = await signInWithPassword(server.url, email, PASSWORD)
      cookies.set(email, signedIn.cookie!)
    }
  }, 120_000)

  afterAll(async () => {
    await server?.stop('SIGTERM')
    await postgres?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const cookie = (email = 'ana@upload.example') => cookies.get(email)!

  /**
   * Sends `chunks`, holding the last `held` back as a long upload's end would, and expects
   * the refusal to have happened before they were sent: none of the request's files left in
   * storage, not even those before the refused part. Then a 413 with `message`.
   */
  async function expectRefusedWhileSending(
    chunks: Buffer[],
    held: number,
    message: string,
    email?: string,
  ) {
    const before = quoteObjects(dataDir).length
    let storedWhileHeld: number | undefined
    const answer = await postSlowly(server.url, cookie(email), chunks, {
      holdLast: held,
      whileHeld: async () => {
        const deadline = Date.now() + 3000
        while (quoteObjects(dataDir).length !== before && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20))
        storedWhileHeld = quoteObjects(dataDir).length
      },
    })
    expect(storedWhileHeld).toBe(before)
    expect(answer.status).toBe(413)
    expect(answer.body).toContain(message)
    expect(quoteObjects(dataDir)).toHaveLength(before)
  }

  it('refuses the eleventh file with 413 as it starts, dropping what was stored while the client is still sending', async () => {
    const body = quoteBody(Array.from({ length: 10 }, () => pdfOfSize(200 * 1024)))
    await expectRefusedWhileSending(
      [
        body.subarray(0, body.length - CLOSING.length),
        fileHeader('eleventh.pdf'),
        Buffer.from(pdfOfSize(64 * 1024)),
        // The rest of the eleventh file and the end.
        Buffer.alloc(5 * MB, 0x20),
        Buffer.concat([Buffer.from('\r\n'), CLOSING]),
      ],
      2,
      'Please send at most 10 files.',
    )
  })

  it('refuses a file over 25 MB with 413 at the byte that passes the limit, dropping what was stored while the client is still sending', async () => {
    await expectRefusedWhileSending(
      [
        ...fieldParts(),
        fileHeader('small.pdf'),
        Buffer.from(pdfOfSize(100 * 1024)),
        Buffer.from('\r\n'),
        fileHeader('huge.pdf'),
        Buffer.from(pdfOfSize(26 * MB)),
        Buffer.alloc(4 * MB, 0x20),
        Buffer.concat([Buffer.from('\r\n'), CLOSING]),
      ],
      2,
      'A file is larger than 25 MB',
    )
  })

  it('refuses a declared length over the request limit before reading the body', async () => {
    // Only the start of the 300 MB is ever sent: the answer must not wait for the rest.
    const answer = await new Promise<string>((resolve, reject) => {
      const request = http.request(`${server.url}/client/quotes/new`, {
        method: 'POST',
        headers: {
          Origin: server.url,
          Cookie: cookie(),
          'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
          'Content-Length': String(300 * MB),
        },
      })
      request.on('response', (response) => {
        let body = ''
        response.on('data', (text: Buffer) => (body += text.toString()))
        response.on('end', () => {
          resolve(`${response.statusCode} ${body}`)
          request.destroy()
        })
      })
      request.on('error', reject)
      request.write(quoteBody([]).subarray(0, 200))
    })
    expect(answer).toMatch(/^413 /)
    expect(answer).toContain('A file is larger than 25 MB')
  })

  it('streams four parallel uploads of ten 12 MB files without holding them: memory grows far less than the bodies', async () => {
    // One upload first, so that the measurement starts from a warm server.
    const warmUp = await postSlowly(server.url, cookie('ben@upload.example'), [
      quoteBody([pdfOfSize(1 * MB)]),
    ])
    expect(warmUp.status).toBe(302)
    const before = rssBytes(server.child.pid!)
    let peak = before
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssBytes(server.child.pid!))
    }, 25)
    const file = pdfOfSize(12 * MB)
    const body = quoteBody(Array.from({ length: 10 }, () => file))
    const chunks: Buffer[] = []
    for (let offset = 0; offset < body.length; offset += 1 * MB)
      chunks.push(body.subarray(offset, offset + 1 * MB))
    const answers = await Promise.all(
      ['ana@upload.example', 'ben@upload.example', 'ana@upload.example', 'ben@upload.example'].map(
        (email) => postSlowly(server.url, cookie(email), chunks),
      ),
    )
    clearInterval(sampler)
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302, 302])
    const growth = peak - before
    const bodies = 4 * body.length
    console.log(
      `RSS ${Math.round(before / MB)} MB before, ${Math.round(peak / MB)} MB at the peak: +${Math.round(growth / MB)} MB for ${Math.round(bodies / MB)} MB of bodies`,
    )
    expect(growth).toBeLessThan(bodies / 4)
  }, 180_000)

  it("refuses an upload past the organization's quota with 413 and the quota message, even two at once", async () => {
    // The organization holds 599 of its 600 MB: one of two 600 KB uploads fits.
    const before = quoteObjects(dataDir).length
    const send = () =>
      postSlowly(server.url, cookie('ana@quota.example'), [quoteBody([pdfOfSize(600 * 1024)])])
    const answers = await Promise.all([send(), send()])
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 413])
    const refused = answers.find((answer) => answer.status === 413)!
    expect(refused.body).toContain('past its 600.0 MB of stored documents')
    expect(quoteObjects(dataDir)).toHaveLength(before + 1)
    // Now full: the next upload is refused while it streams, at the byte past the quota.
    await expectRefusedWhileSending(
      [
        ...fieldParts(),
        fileHeader('more.pdf'),
        Buffer.from(pdfOfSize(1 * MB)),
        Buffer.concat([Buffer.alloc(4 * MB, 0x20), Buffer.from('\r\n'), CLOSING]),
      ],
      1,
      '(599.6 MB in use)',
      'ana@quota.example',
    )
  })

  it('left a row for every upload it accepted and nothing for those it refused', async () => {
    await server.stop('SIGTERM')
    const check = await openDatabase(target)
    try {
      // The warm-up, four parallel uploads and the one within the quota (and the 599 MB).
      expect(await check.db.$count(translationQuotes)).toBe(1 + 4 + 1 + 1)
      const files = await check.db.select({ key: storedFiles.storageKey }).from(storedFiles)
      const uploaded = files.filter((file) => file.key.startsWith('quotes/'))
      expect(uploaded).toHaveLength(1 + 40 + 1)
      expect(
        uploaded.map((file) => file.key.slice('quotes/'.length).split('/').join(path.sep)).sort(),
      ).toEqual(quoteObjects(dataDir).sort())
    } finally {
      await check.close()
    }
  })
})
