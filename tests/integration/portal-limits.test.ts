import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientMemberships, organizations } from '../../db/schema'
import { openDatabase } from '../../app/platform/db.server'
import { createUser } from '../../app/models/users.server'
import { pdfOfSize, signInWithPassword } from '../support/http-client'
import { createPostgresTestDatabase, type TestDatabase } from '../support/postgres-database'
import { startServerProcess, waitUntilReady, type ServerProcess } from '../support/server-process'
import { testDatabaseKinds } from '../support/test-database'
import { newMigratedDataDir } from '../support/pglite-dump'

/**
 * Bursts of bookings, quote requests and invitations played over HTTP against the built
 * server as a process (docs/product.md#constants): each person and each organization has its
 * limit, counted so that parallel requests cannot pass it together; a refusal is a 429 with
 * the reason on the form and what was typed; staff get one e-mail for a burst of bookings,
 * and an address one invitation e-mail in ten minutes.
 */

const PASSWORD = 'a long password for the limit tests'
const ORGANIZATION = 'Burst Clinic'

const officeDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The e-mails the server wrote to DATA_DIR/mail (no SMTP server is configured). */
function mailsTo(dataDir: string, address: string, subject?: string) {
  const dir = path.join(dataDir, 'mail')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .filter((eml) => new RegExp(`^To: .*${address}`, 'mi').test(eml))
    .filter((eml) => !subject || eml.includes(`Subject: ${subject}`))
}

/** Waits until the mail worker has written what it will, then counts. */
async function settledMailsTo(dataDir: string, address: string, subject?: string) {
  let count = -1
  for (let i = 0; i < 40; i++) {
    const now = mailsTo(dataDir, address, subject).length
    if (now === count && now > 0) break
    count = now
    await sleep(250)
  }
  return mailsTo(dataDir, address, subject)
}

interface Answer {
  status: number
  body: string
  retryAfter: string | null
}

describe.each(testDatabaseKinds())('limits on bookings, quotes and invitations on %s', (kind) => {
  let server: ServerProcess
  let dataDir: string
  let postgres: TestDatabase | undefined
  const cookies = new Map<string, string>()

  const people = ['ana', 'ben', 'cy', 'di'].map((name) => `${name}@burst.example`)
  const quiet = 'olga@quiet.example'
  const admin = 'admin@limits.example'

  beforeAll(async () => {
    dataDir = await newMigratedDataDir('portal-limits-')
    postgres = kind === 'postgres' ? await createPostgresTestDatabase() : undefined
    const setup = await openDatabase(postgres?.target ?? { kind: 'pglite', dataDir })
    await createUser(
      { email: admin, name: 'Limits Admin', role: 'admin', password: PASSWORD },
      setup.db,
    )
    for (const [organizationName, emails] of [
      [ORGANIZATION, people],
      ['Quiet Court', [quiet]],
    ] as const) {
      const [organization] = await setup.db
        .insert(organizations)
        .values({ name: organizationName })
        .returning({ id: organizations.id })
      for (const email of emails) {
        const user = await createUser(
          { email, name: email.split('@')[0]!, role: 'client', password: PASSWORD },
          setup.db,
        )
        await setup.db
          .insert(clientMemberships)
          .values({ userId: user.id, organizationId: organization!.id, role: 'manager' })
      }
    }
    await setup.close()
    server = await startServerProcess({
      DATA_DIR: dataDir,
      STAFF_NOTIFY_EMAIL: 'dispatch@limits.example',
      ...(postgres?.target.kind === 'postgres' ? { DATABASE_URL: postgres.target.url } : {}),
    })
    await waitUntilReady(server)
    for (const email of [...people, quiet, admin])
      cookies.set(email, (await signInWithPassword(server.url, email, PASSWORD)).cookie!)
  }, 120_000)

  afterAll(async () => {
    await server?.stop('SIGTERM')
    await postgres?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  async function post(pathname: string, email: string, body: URLSearchParams | FormData) {
    const response = await fetch(`${server.url}${pathname}`, {
      method: 'POST',
      body,
      redirect: 'manual',
      headers: { Origin: server.url, Cookie: cookies.get(email)! },
    })
    return {
      status: response.status,
      body: await response.text(),
      retryAfter: response.headers.get('retry-after'),
    } satisfies Answer
  }

  const booking = (contactName: string) =>
    new URLSearchParams({
      language: 'Spanish',
      modality: 'video',
      date: officeDay(7),
      time: '10:00',
      timeZone: 'America/New_York',
      durationMinutes: '60',
      location: 'https://meet.example/room',
      setting: 'medical',
      contactName,
      contactPhone: '+1 512 555 0100',
    })

  const statuses = (answers: Answer[]) => {
    const counts: Record<number, number> = {}
    for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1
    return counts
  }

  it('takes 30 bookings an hour from one person: of 35 sent at once, 5 are refused with 429, the reason and what was typed', async () => {
    const answers = await Promise.all(
      Array.from({ length: 35 }, (_, index) =>
        post('/client/book', people[0]!, booking(`Contact ${index}`)),
      ),
    )
    expect(statuses(answers)).toEqual({ 302: 30, 429: 5 })
    const refused = answers.find((answer) => answer.status === 429)!
    expect(refused.body).toContain('You have sent 30 booking requests this hour')
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    // The form comes back as it was sent.
    expect(refused.body).toMatch(/value="Contact \d+"/)
    expect(refused.body).toContain('value="https://meet.example/room"')
  })

  it('mails staff once for the burst: the rest wait for one digest', async () => {
    const staff = await settledMailsTo(dataDir, 'dispatch@limits.example', 'New booking: ')
    expect(staff).toHaveLength(1)
  })

  it('takes 100 bookings an hour from one organization, whoever sends them', async () => {
    const answers = await Promise.all(
      people
        .slice(1)
        .flatMap((email) =>
          Array.from({ length: 30 }, (_, index) =>
            post('/client/book', email, booking(`${email} ${index}`)),
          ),
        ),
    )
    // 30 of the organization's 100 were taken above.
    expect(statuses(answers)).toEqual({ 302: 70, 429: 20 })
    expect(answers.find((answer) => answer.status === 429)!.body).toContain(
      'Your organization has sent 100 booking requests this hour',
    )
  }, 120_000)

  it('takes 20 quote requests an hour from one person', async () => {
    const quote = () => {
      const form = new FormData()
      form.append('sourceLanguage', 'English')
      form.append('targetLanguages', 'Spanish')
      form.append('deadline', officeDay(10))
      form.append('files', new Blob([new Uint8Array(pdfOfSize(4096))]), 'letter.pdf')
      return form
    }
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => post('/client/quotes/new', quiet, quote())),
    )
    expect(statuses(answers)).toEqual({ 302: 20, 429: 5 })
    const refused = answers.find((answer) => answer.status === 429)!
    expect(refused.body).toContain('You have sent 20 quote requests this hour')
    expect(refused.body).toContain('value="English" selected')
  })

  // The client's form reads `role`, staff's `staffRoles`; each ignores the other's.
  const invite = (email: string, name = 'Colleague') =>
    new URLSearchParams({
      intent: 'invite',
      name,
      email,
      role: 'requester',
      staffRoles: 'dispatcher',
    })

  it('sends one invitation e-mail to an address in ten minutes, however many are sent at once', async () => {
    const address = 'target@victim.example'
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        post('/client/users', quiet, invite(address, `Text number ${index}`)),
      ),
    )
    expect(statuses(answers)).toEqual({ 200: 1, 429: 9 })
    const refused = answers.find((answer) => answer.status === 429)!
    expect(refused.body).toContain('An invitation was sent to this address a few minutes ago')
    expect(refused.body).toContain(`value="${address}"`)
    expect(await settledMailsTo(dataDir, address)).toHaveLength(1)
    // Staff inviting the same address are held to the same ten minutes.
    const staff = await post('/admin/users', admin, invite(address))
    expect(staff.status).toBe(429)
  })

  it("takes 10 invitations an hour from one manager, and staff's ten at once to one address send one e-mail", async () => {
    const answers: Answer[] = []
    for (let index = 0; index < 10; index++)
      answers.push(await post('/client/users', quiet, invite(`colleague-${index}@quiet.example`)))
    // One invitation was sent above; the refused ones were given back.
    expect(answers.map((answer) => answer.status)).toEqual([...Array(9).fill(200), 429])
    expect(answers.at(-1)!.body).toContain('You have sent 10 invitations this hour')

    const address = 'new.admin@limits.example'
    const staff = await Promise.all(
      Array.from({ length: 10 }, () => post('/admin/users', admin, invite(address, 'New Admin'))),
    )
    expect(statuses(staff)).toEqual({ 200: 1, 429: 9 })
    expect(await settledMailsTo(dataDir, address)).toHaveLength(1)
  })
})
