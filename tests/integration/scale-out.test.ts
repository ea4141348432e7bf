import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  callRings,
  calls,
  interpreterApplications,
  interpreterCallPresence,
  interpreterProfiles,
  loginThrottles,
  mailOutbox,
  organizations,
  sessions,
} from '../../db/schema'
import { openDatabase, queryRows, type DatabaseHandle } from '../../app/platform/db.server'
import { enqueueMail } from '../../app/platform/mail/outbox.server'
import { createUser } from '../../app/models/users.server'
import { sessionCookieName } from '../../app/lib/auth/cookie.server'
import { hashToken, randomToken } from '../../app/platform/tokens.server'
import { ONBOARDING_STEP_COUNT } from '../../app/domain/statistics'
import { signInWithPassword, submitApplication, submitContact } from '../support/http-client'
import {
  createPostgresTestDatabase,
  postgresAdminUrl,
  postgresAvailable,
  type TestDatabase,
} from '../support/postgres-database'
import { startS3Server, type LocalS3Server } from '../support/s3-server'
import { startServerProcess, waitUntilReady, type ServerProcess } from '../support/server-process'
import { SmtpPeer } from '../support/smtp-peer'

const PASSWORD = 'a long and memorable scale-out password'
const hasPostgres = await postgresAvailable()

/**
 * Deploying N instances (docs/deploy.md): two instances of the built server on different
 * ports, one PostgreSQL database, one S3-compatible bucket and one SMTP server. Nothing an
 * instance needs lives in its memory only.
 */
describe.skipIf(!hasPostgres)('two instances on one PostgreSQL database', () => {
  let database: TestDatabase
  let handle: DatabaseHandle
  let s3: LocalS3Server
  const smtp = new SmtpPeer()
  const dataDirs: string[] = []
  let a: ServerProcess
  let b: ServerProcess

  async function startInstance(name: string) {
    if (database.target.kind !== 'postgres') throw new Error('expected PostgreSQL')
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `scale-out-${name}-`))
    dataDirs.push(dataDir)
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: database.target.url,
      SMTP_URL: smtp.url,
      // Only so that the test can tell which instance delivered a message.
      MAIL_FROM: `Instance ${name} <instance-${name}@example.com>`,
      LOG_LEVEL: 'warn',
      ...s3.env,
    })
    return server
  }

  beforeAll(async () => {
    database = await createPostgresTestDatabase(postgresAdminUrl())
    s3 = await startS3Server()
    await smtp.start()
    // Both start at once: migrations take turns through the advisory lock.
    ;[a, b] = await Promise.all([startInstance('a'), startInstance('b')])
    await Promise.all([waitUntilReady(a, 60_000), waitUntilReady(b, 60_000)])
    handle = await openDatabase(database.target)
  }, 120_000)

  afterAll(async () => {
    const codes = await Promise.all([a?.stop(), b?.stop()])
    await handle?.close()
    await smtp.stop()
    await s3?.stop()
    await database?.drop()
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
    expect(codes).toEqual([0, 0])
  }, 60_000)

  it('accepts a session created on one instance on the other, and logs it out everywhere', async () => {
    await createUser(
      { email: 'admin@scale.example', name: 'Scale Admin', role: 'admin', password: PASSWORD },
      handle.db,
    )
    const login = await signInWithPassword(a.url, 'admin@scale.example', PASSWORD)
    expect(login.cookie).toMatch(/^session=/)
    const onB = await fetch(`${b.url}/admin/dashboard`, {
      headers: { Cookie: login.cookie! },
      redirect: 'manual',
    })
    expect(onB.status).toBe(200)
    expect(await onB.text()).toContain('Scale Admin')
    const anonymous = await fetch(`${b.url}/admin/dashboard`, { redirect: 'manual' })
    expect(anonymous.status).toBe(302)

    const logout = await fetch(`${b.url}/logout`, {
      method: 'POST',
      headers: { Cookie: login.cookie!, Origin: b.url },
      redirect: 'manual',
    })
    expect([302, 303]).toContain(logout.status)
    const afterLogout = await fetch(`${a.url}/admin/dashboard`, {
      headers: { Cookie: login.cookie! },
      redirect: 'manual',
    })
    expect(afterLogout.status).toBe(302)
  })

  it('shows a closed posting as gone on every instance within a second, cache or not', async () => {
    const posting = '/jobs/greek-english-remote-interpreter'
    const get = (server: ServerProcess, path: string) => fetch(`${server.url}${path}`)
    // Both instances cache the page: the second request of each is a hit.
    for (const server of [a, b]) {
      expect((await get(server, posting)).status).toBe(200)
      const again = await get(server, posting)
      expect(again.status).toBe(200)
      expect(again.headers.get('x-page-cache')).toBe('hit')
    }
    // Closed straight in the database, as another instance or a staff tool would.
    await handle.db.execute(
      sql`update job_postings set status = 'closed', updated_at = now() where id = 'greek-english-remote-interpreter'`,
    )
    const closedAt = Date.now()
    const goneOn = async (server: ServerProcess) => {
      while ((await get(server, posting)).status !== 404) {
        if (Date.now() - closedAt > 1_000) return Date.now() - closedAt
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      return Date.now() - closedAt
    }
    const [waitA, waitB] = await Promise.all([goneOn(a), goneOn(b)])
    expect(waitA).toBeLessThanOrEqual(1_000)
    expect(waitB).toBeLessThanOrEqual(1_000)
    // The apply page stays (a general application) but no longer names the posting.
    const apply = await (await get(b, '/apply/greek-english-remote-interpreter')).text()
    expect(apply).not.toMatch(/<title>Apply: Greek/)
    expect(await (await get(a, '/sitemap.xml')).text()).not.toContain(posting)

    await handle.db.execute(
      sql`update job_postings set status = 'published', updated_at = now() where id = 'greek-english-remote-interpreter'`,
    )
    await expect.poll(async () => (await get(a, posting)).status, { timeout: 1_500 }).toBe(200)
  })

  it('counts failed sign-ins from both instances against one account', async () => {
    await createUser(
      {
        email: 'interpreter@scale.example',
        name: 'Scale Interpreter',
        role: 'interpreter',
        password: PASSWORD,
      },
      handle.db,
    )
    // Five free failures, alternating instances; after that each failure doubles the wait.
    for (const [index, server] of [a, b, a, b, a].entries()) {
      const failed = await signInWithPassword(
        server.url,
        'interpreter@scale.example',
        `wrong ${index}`,
      )
      expect(failed.status).toBe(401)
    }
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect((await signInWithPassword(b.url, 'interpreter@scale.example', 'wrong 5')).status).toBe(
      401,
    )
    await new Promise((resolve) => setTimeout(resolve, 2_100))
    expect((await signInWithPassword(a.url, 'interpreter@scale.example', 'wrong 6')).status).toBe(
      401,
    )
    // Now blocked for 4 s on every instance, even with the right password.
    const blocked = await signInWithPassword(b.url, 'interpreter@scale.example', PASSWORD)
    expect(blocked.status).toBe(429)
    expect(blocked.cookie).toBeUndefined()
    const [throttle] = await handle.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.accountKey, 'interpreter@scale.example'))
    expect(throttle?.failures).toBe(7)
  })

  it('shares the contact form rate limit between instances', async () => {
    // LEAD_RATE_LIMIT: 10 per address in 10 minutes.
    const statuses: number[] = []
    for (let i = 0; i < 10; i++)
      statuses.push((await submitContact(i % 2 ? b.url : a.url, `Visitor ${i}`)).status)
    expect(statuses).toEqual(Array(10).fill(200))
    expect((await submitContact(a.url, 'One too many')).status).toBe(429)
    expect((await submitContact(b.url, 'One too many')).status).toBe(429)
  })

  it('stores a resume uploaded on one instance where the other can serve it', async () => {
    const application = await submitApplication(a.url, 'shared.storage@example.org')
    expect(application.confirmed).toBe(true)
    const login = await signInWithPassword(b.url, 'admin@scale.example', PASSWORD)
    // The newest application is the one just sent.
    const [row] = await queryRows<{ id: string }>(
      handle.db,
      sql`select id from interpreter_applications order by created_at desc limit 1`,
    )
    const download = await fetch(`${b.url}/admin/applications/${row!.id}/resume`, {
      headers: { Cookie: login.cookie! },
    })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/)
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
  })

  /**
   * Interpreters a business video call in Spanish may ring (approved, onboarded, available and
   * heard from), each with a session and the cookie their pages would send. Eligible, or the
   * instances' routing tick would withdraw the rings the test makes.
   */
  async function eligibleInterpreters(count: number) {
    const interpreters: { profileId: string; cookie: string }[] = []
    for (let index = 0; index < count; index++) {
      const person = {
        firstName: `Accept ${index}`,
        lastName: 'Interpreter',
        email: `accept-${index}@scale.example`,
        phone: '+1 512 555 0100',
        interpretingExperience: '5+',
      }
      const user = await createUser(
        { email: person.email, name: person.firstName, role: 'interpreter', password: PASSWORD },
        handle.db,
      )
      const [application] = await handle.db
        .insert(interpreterApplications)
        .values({
          ...person,
          source: 'language-page',
          sourceReference: 'general-interpreter',
          position: 'Professional Interpreter',
          expectedPayPerMinute: '1.00-1.25',
          privacyConsentAt: new Date(),
          privacyNoticeVersion: 'test',
          status: 'approved',
          onboardingProgress: ONBOARDING_STEP_COUNT,
        })
        .returning({ id: interpreterApplications.id })
      const [profile] = await handle.db
        .insert(interpreterProfiles)
        .values({
          ...person,
          userId: user.id,
          applicationId: application!.id,
          languages: ['Spanish'],
          modalities: ['video'],
          specializations: ['business'],
        })
        .returning({ id: interpreterProfiles.id })
      await handle.db
        .insert(interpreterCallPresence)
        .values({ interpreterId: profile!.id, available: true, lastSeenAt: new Date() })
      const token = randomToken()
      await handle.db.insert(sessions).values({
        tokenHash: hashToken(token),
        userId: user.id,
        createdAt: new Date(),
        lastSeenAt: new Date(),
      })
      interpreters.push({
        profileId: profile!.id,
        cookie: `${sessionCookieName({ secure: false })}=${token}`,
      })
    }
    return interpreters
  }

  it('gives each call to exactly one of 50 simultaneous accepts sent to both instances, 100 rounds over', async () => {
    const interpreters = await eligibleInterpreters(50)
    const [organization] = await handle.db
      .insert(organizations)
      .values({ name: 'Accept Clinic' })
      .returning({ id: organizations.id })
    /** One interpreter's Accept call, as their Calls page sends it, to the instance given. */
    const accept = async (server: ServerProcess, cookie: string, callId: string) => {
      const response = await fetch(`${server.url}/interpreter/calls.data`, {
        method: 'POST',
        body: new URLSearchParams({ intent: 'accept', callId }),
        redirect: 'manual',
        headers: { Origin: server.url, Cookie: cookie },
      })
      const body = await response.text()
      // The winner is sent on to the call's page; the others hear it is taken.
      return body.includes(`/interpreter/calls/${callId}`) ? 'accepted' : response.status
    }
    for (let round = 0; round < 100; round++) {
      // Their pages are heard from (an interpreter not heard from for 10 s is offline).
      await handle.db.update(interpreterCallPresence).set({ lastSeenAt: new Date() })
      const [call] = await handle.db
        .insert(calls)
        .values({
          organizationId: organization!.id,
          language: 'Spanish',
          media: 'video',
          setting: 'business',
          startedAt: new Date(),
        })
        .returning({ id: calls.id })
      await handle.db.insert(callRings).values(
        interpreters.map(({ profileId }) => ({
          callId: call!.id,
          interpreterId: profileId,
          wave: 1,
          rangAt: new Date(),
        })),
      )
      const answers = await Promise.all(
        interpreters.map(({ cookie }, index) => accept(index % 2 ? b : a, cookie, call!.id)),
      )
      expect(answers.filter((answer) => answer === 'accepted')).toHaveLength(1)
      expect(answers.filter((answer) => answer === 409)).toHaveLength(49)
      const winner = interpreters[answers.indexOf('accepted')]!.profileId
      const [row] = await handle.db.select().from(calls).where(eq(calls.id, call!.id))
      expect(row).toMatchObject({ status: 'connecting', interpreterId: winner })
      const rings = await handle.db
        .select({ interpreterId: callRings.interpreterId, outcome: callRings.outcome })
        .from(callRings)
        .where(eq(callRings.callId, call!.id))
      expect(rings.filter((ring) => ring.outcome === 'accepted')).toEqual([
        { interpreterId: winner, outcome: 'accepted' },
      ])
      expect(rings.filter((ring) => ring.outcome === 'withdrawn')).toHaveLength(49)
      // The winner is free again for the next round.
      await handle.db
        .update(calls)
        .set({ status: 'ended', endedAt: new Date(), endedBy: 'system' })
        .where(eq(calls.id, call!.id))
    }
  }, 600_000)

  it('delivers each queued e-mail exactly once, by one of the instances', async () => {
    // Let the mail of the earlier tests go out first.
    const settled = Date.now() + 20_000
    while (Date.now() < settled) {
      const pending = await handle.db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.status, ['queued', 'sending']))
      if (pending.length === 0) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await handle.db.delete(mailOutbox)
    smtp.received.length = 0
    const ids = await enqueueMail(
      handle.db,
      Array.from({ length: 60 }, (_, i) => ({
        template: 'scale-out-test',
        to: `recipient-${i}@example.org`,
        subject: `Scale-out message ${i}`,
        html: `<p>Message ${i}</p>`,
        text: `Message ${i}`,
      })),
    )
    const deadline = Date.now() + 30_000
    while (smtp.received.length < ids.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100))
    // A little longer, so that a second delivery would have time to show.
    await new Promise((resolve) => setTimeout(resolve, 1_000))

    const recipients = smtp.received.map((mail) => mail.to.join(','))
    expect(recipients).toHaveLength(60)
    expect(new Set(recipients).size).toBe(60)
    // Either instance may send any of them: a worker claims a batch ahead, so one can take
    // all 60 before the other wakes (the race itself is tested in the mail worker's tests).
    const instances = ['instance-a@example.com', 'instance-b@example.com']
    expect(smtp.received.every((mail) => instances.includes(mail.from))).toBe(true)
    const rows = await handle.db.select().from(mailOutbox)
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true)
  })
})
