import { eq, inArray } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mailAttempts, mailOutbox } from '../../db/schema'
import { recordDelivered } from '../../app/platform/mail/delivery-records.server'
import { enqueueMail } from '../../app/platform/mail/outbox.server'
import {
  databaseAllowance,
  MailRateLimiter,
  type AllowanceStore,
} from '../../app/platform/mail/rate-limiter.server'
import { createMailTransport } from '../../app/platform/mail/transport.server'
import { MailWorker, type MailWorkerOptions } from '../../app/platform/mail/worker.server'
import { takeRateLimitAllowance } from '../../app/platform/rate-limit.server'
import { SmtpPeer } from '../support/smtp-peer'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

const message = (to: string) => ({
  template: 'test',
  to,
  subject: 'Hello',
  html: '<p>Hello</p>',
  text: 'Hello',
})

describe.each(testDatabaseKinds())('mail outbox on %s', (kind) => {
  let peer: SmtpPeer
  let worker: MailWorker

  const test = testRuntimeFor(kind)
  beforeEach(async () => {
    await test.db.delete(mailOutbox)
    peer = new SmtpPeer()
    await peer.start()
    worker = new MailWorker({
      db: test.db,
      transport: createMailTransport({ smtpUrl: peer.url, mailDir: test.dataDir }),
      logger: test.runtime.logger,
      from: 'Test <no-reply@example.com>',
      pollIntervalMs: 50,
      retryBaseMs: 50,
      maxAttempts: 5,
    })
  })
  afterEach(async () => {
    await worker.stop()
    await peer.stop()
  })

  /** A worker like the one above, delivering to `smtp` over `connections` connections. */
  function parallelWorker(
    smtp: SmtpPeer,
    connections: number,
    options: Partial<MailWorkerOptions> = {},
  ) {
    return new MailWorker({
      db: test.db,
      transport: createMailTransport({ smtpUrl: smtp.url, mailDir: test.dataDir, connections }),
      logger: test.runtime.logger,
      from: 'Test <no-reply@example.com>',
      pollIntervalMs: 50,
      retryBaseMs: 50,
      maxAttempts: 5,
      concurrency: connections,
      ...options,
    })
  }

  const people = (count: number, domain = 'example.org') =>
    Array.from({ length: count }, (_, index) => message(`person${index}@${domain}`))

  async function statuses(ids: string[]) {
    const rows = await test.db
      .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, ids))
    return rows
  }

  async function waitFor(done: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('timed out waiting')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  async function runUntil(done: () => Promise<boolean>, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('timed out waiting for the mail worker')
      await worker.runOnce()
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  it('delivers queued mail to a real SMTP server and records the attempt', async () => {
    const [id] = await enqueueMail(test.db, [message('ana@example.org')])
    await worker.runOnce()
    expect(peer.received).toHaveLength(1)
    expect(peer.received[0]!.to).toEqual(['ana@example.org'])
    expect(peer.received[0]!.raw).toContain(`Message-ID: <${id}@example.com>`)
    const [row] = await test.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!))
    expect(row).toMatchObject({ status: 'sent', attempts: 1 })
    expect(row!.sentAt).toBeInstanceOf(Date)
    const attempts = await test.db.select().from(mailAttempts).where(eq(mailAttempts.outboxId, id!))
    expect(attempts.map((attempt) => attempt.succeeded)).toEqual([true])
  })

  it('retries with backoff while the server is down and delivers exactly once when it returns', async () => {
    await peer.stop()
    const [id] = await enqueueMail(test.db, [message('ben@example.org')])
    await worker.runOnce()
    await new Promise((resolve) => setTimeout(resolve, 80))
    await worker.runOnce()
    let [row] = await test.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!))
    expect(row!.status).toBe('queued')
    expect(row!.attempts).toBe(2)
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i)
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 1000)

    await peer.start()
    await runUntil(async () => peer.received.length > 0)
    // Further runs must not send it again.
    await worker.runOnce()
    await new Promise((resolve) => setTimeout(resolve, 200))
    await worker.runOnce()
    expect(peer.received).toHaveLength(1)
    ;[row] = await test.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!))
    expect(row!.status).toBe('sent')
    const attempts = await test.db.select().from(mailAttempts).where(eq(mailAttempts.outboxId, id!))
    expect(attempts.map((attempt) => attempt.succeeded)).toEqual([false, false, true])
  })

  it('marks a permanently refused address as failed without retrying', async () => {
    const [id] = await enqueueMail(test.db, [message('nobody@refuse.example')])
    await worker.runOnce()
    const [row] = await test.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!))
    expect(row).toMatchObject({ status: 'failed', attempts: 1 })
    expect(row!.lastError).toMatch(/550|Mailbox unavailable/)
    expect(peer.received).toHaveLength(0)
  })

  it('gives up after the maximum number of attempts', async () => {
    await peer.stop()
    const [id] = await enqueueMail(test.db, [message('carla@example.org')])
    await runUntil(async () => {
      const [row] = await test.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!))
      return row!.status === 'failed'
    })
    const [row] = await test.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!))
    expect(row!.attempts).toBe(5)
  })

  it('hands each message to one worker when two run at once', async () => {
    const ids = await enqueueMail(
      test.db,
      Array.from({ length: 12 }, (_, index) => message(`person${index}@example.org`)),
    )
    const second = new MailWorker({
      db: test.db,
      transport: createMailTransport({ smtpUrl: peer.url, mailDir: test.dataDir }),
      logger: test.runtime.logger,
      from: 'Test <no-reply@example.com>',
      pollIntervalMs: 50,
      retryBaseMs: 50,
      maxAttempts: 5,
      batchSize: 3,
    })
    try {
      await runUntil(async () => {
        await second.runOnce()
        return peer.received.length >= ids.length
      })
    } finally {
      await second.stop()
    }
    expect(peer.received).toHaveLength(12)
    expect(new Set(peer.received.map((mail) => mail.to[0])).size).toBe(12)
  })

  it('writes .eml files when no SMTP server is configured', async () => {
    const fileWorker = new MailWorker({
      db: test.db,
      transport: createMailTransport({ mailDir: `${test.dataDir}/mail` }),
      logger: test.runtime.logger,
      from: 'Test <no-reply@example.com>',
      pollIntervalMs: 50,
      retryBaseMs: 50,
      maxAttempts: 5,
    })
    const [id] = await enqueueMail(test.db, [message('dora@example.org')])
    await fileWorker.runOnce()
    await fileWorker.stop()
    const { readdirSync, readFileSync } = await import('node:fs')
    const files = readdirSync(`${test.dataDir}/mail`).filter((name) => name.includes(id!))
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/\.eml$/)
    expect(readFileSync(`${test.dataDir}/mail/${files[0]}`, 'utf8')).toContain(
      'To: dora@example.org',
    )
  })

  it('sends several messages at once over pooled connections, never more than configured', async () => {
    const slow = new SmtpPeer({ answerAfterMs: 30 })
    await slow.start()
    const parallel = parallelWorker(slow, 3, { batchSize: 24 })
    try {
      const ids = await enqueueMail(test.db, people(24))
      expect(await parallel.runOnce()).toEqual({ sent: 24, retrying: 0, failed: 0 })
      expect(slow.received).toHaveLength(24)
      expect(slow.mostOpen).toBeGreaterThan(1)
      expect(slow.mostOpen).toBeLessThanOrEqual(3)
      expect(await statuses(ids)).toEqual(ids.map(() => ({ status: 'sent', attempts: 1 })))
      expect(await test.db.$count(mailAttempts, inArray(mailAttempts.outboxId, ids))).toBe(24)
    } finally {
      await parallel.stop()
      await slow.stop()
    }
  })

  it('delivers every message exactly once with two parallel workers running on one database', async () => {
    const ids = await enqueueMail(test.db, people(40))
    const workers = [
      parallelWorker(peer, 2, { batchSize: 4 }),
      parallelWorker(peer, 3, { batchSize: 5 }),
    ]
    for (const each of workers) each.start()
    try {
      await waitFor(async () => (await statuses(ids)).every((row) => row.status === 'sent'))
      // Give a second delivery, if there were one, the time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 200))
    } finally {
      await Promise.all(workers.map((each) => each.stop()))
    }
    const messageIds = peer.received.map((mail) => /Message-ID: (<[^>]+>)/.exec(mail.raw)?.[1])
    expect(messageIds).toHaveLength(40)
    expect(new Set(messageIds).size).toBe(40)
    expect((await statuses(ids)).every((row) => row.attempts === 1)).toBe(true)
    expect(await test.db.$count(mailAttempts, inArray(mailAttempts.outboxId, ids))).toBe(40)
  })

  it('records the refusals and the deliveries of one parallel batch each as they went', async () => {
    const parallel = parallelWorker(peer, 3, { batchSize: 10 })
    try {
      const refused = await enqueueMail(test.db, people(4, 'refuse.example'))
      const accepted = await enqueueMail(test.db, people(6))
      expect(await parallel.runOnce()).toEqual({ sent: 6, retrying: 0, failed: 4 })
      expect(await statuses(refused)).toEqual(
        refused.map(() => ({ status: 'failed', attempts: 1 })),
      )
      expect(await statuses(accepted)).toEqual(
        accepted.map(() => ({ status: 'sent', attempts: 1 })),
      )
      const attempts = await test.db.select().from(mailAttempts)
      expect(
        attempts
          .filter((attempt) => !attempt.succeeded)
          .map((attempt) => attempt.outboxId)
          .sort(),
      ).toEqual([...refused].sort())
      expect(peer.received.map((mail) => mail.to[0]).sort()).toEqual(
        people(6)
          .map((mail) => mail.to)
          .sort(),
      )
    } finally {
      await parallel.stop()
    }
  })

  it('stops by finishing the messages on their way and giving the rest of its claim back', async () => {
    const slow = new SmtpPeer({ answerAfterMs: 150 })
    await slow.start()
    const ids = await enqueueMail(test.db, people(10))
    const stopping = parallelWorker(slow, 2, { batchSize: 10 })
    try {
      stopping.start()
      await waitFor(() => slow.received.length > 0)
      await stopping.stop()
      const rows = await statuses(ids)
      const sent = rows.filter((row) => row.status === 'sent')
      expect(sent.length).toBe(slow.received.length)
      expect(sent.length).toBeLessThan(10)
      expect(rows.filter((row) => row.status === 'queued')).toEqual(
        Array.from({ length: 10 - sent.length }, () => ({ status: 'queued', attempts: 0 })),
      )

      const next = parallelWorker(slow, 2, { batchSize: 10 })
      await next.runOnce()
      await next.stop()
      expect(slow.received).toHaveLength(10)
      expect(new Set(slow.received.map((mail) => mail.to[0])).size).toBe(10)
    } finally {
      await slow.stop()
    }
  })

  it('does not let a worker whose lease ran out record over the newer claim', async () => {
    const [id] = await enqueueMail(test.db, [message('late@example.org')])
    // Claimed twice: the first worker's lease ran out and a second worker claimed it again.
    await test.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 2 })
      .where(eq(mailOutbox.id, id!))
    const outcome = (attempts: number) => ({
      claim: { id: id!, attempts },
      response: '250 OK',
      mail: { id: id!, createdAt: new Date(), template: 'test' },
    })
    expect(await recordDelivered(test.db, [outcome(1)])).toEqual(new Set())
    expect(await statuses([id!])).toEqual([{ status: 'sending', attempts: 2 }])
    expect(await recordDelivered(test.db, [outcome(2)])).toEqual(new Set([id]))
    expect(await test.db.$count(mailAttempts, eq(mailAttempts.outboxId, id!))).toBe(1)
  })

  it('sends a message a crash left unrecorded again with the same Message-ID and Date, so the receiver can drop the copy', async () => {
    const [id] = await enqueueMail(test.db, [message('twice@example.org')])
    await worker.runOnce()
    // The server died after the SMTP server accepted the message and before the outcome was
    // written: the row is still claimed, and its lease has run out.
    await test.db
      .update(mailOutbox)
      .set({ status: 'sending', sentAt: null, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, id!))
    await worker.runOnce()
    expect(peer.received).toHaveLength(2)
    const header = (raw: string, name: string) =>
      new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw)?.[1]?.trim()
    const [first, second] = peer.received.map((mail) => mail.raw)
    expect(header(first!, 'Message-ID')).toBe(`<${id}@example.com>`)
    expect(header(second!, 'Message-ID')).toBe(header(first!, 'Message-ID'))
    expect(header(second!, 'Date')).toBe(header(first!, 'Date'))
  })

  it('keeps to the rate limit counted in the database, waiting for the next second', async () => {
    const clock = { ms: 1_800_000_000_000 + Math.floor(Math.random() * 1e6) * 1000 }
    const grants: { window: number; granted: number }[] = []
    const database = databaseAllowance(test.db)
    const recorded: AllowanceStore = async (windowStart, wanted, limit) => {
      const granted = await database(windowStart, wanted, limit)
      grants.push({ window: windowStart.getTime(), granted })
      return granted
    }
    const limiter = new MailRateLimiter(4, recorded, {
      now: () => clock.ms,
      sleep: async (ms) => {
        clock.ms += ms
      },
    })
    const limited = parallelWorker(peer, 2, { batchSize: 10, rateLimiter: limiter })
    try {
      const ids = await enqueueMail(test.db, people(10))
      expect(await limited.runOnce()).toEqual({ sent: 10, retrying: 0, failed: 0 })
      expect(await statuses(ids)).toEqual(ids.map(() => ({ status: 'sent', attempts: 1 })))
    } finally {
      await limited.stop()
    }
    const perWindow = new Map<number, number>()
    for (const { window, granted } of grants)
      perWindow.set(window, (perWindow.get(window) ?? 0) + granted)
    expect([...perWindow.values()]).toEqual([4, 4, 2])
  })

  it('gives its claim back when the rate limit cannot be read, and sends nothing', async () => {
    const unreadable = new MailRateLimiter(5, async () => {
      throw new Error('database unavailable')
    })
    const blocked = parallelWorker(peer, 2, { batchSize: 6, rateLimiter: unreadable })
    try {
      const ids = await enqueueMail(test.db, people(6))
      await expect(blocked.runOnce()).rejects.toThrow('database unavailable')
      expect(await statuses(ids)).toEqual(ids.map(() => ({ status: 'queued', attempts: 0 })))
      expect(peer.received).toHaveLength(0)
    } finally {
      await blocked.stop()
    }
  })

  it('shares a window between instances taking at once, never past its limit', async () => {
    const rule = { bucket: 'mail-delivery-test', limit: 8, windowMs: 1000 }
    const at = new Date(1_900_000_000_000 + Math.floor(Math.random() * 1e6) * 1000)
    const taken = await Promise.all(
      Array.from({ length: 5 }, () => takeRateLimitAllowance(test.db, rule, 'smtp', 3, at)),
    )
    expect(taken.reduce((sum, granted) => sum + granted, 0)).toBe(8)
    expect(
      await takeRateLimitAllowance(test.db, rule, 'smtp', 3, new Date(at.getTime() + 1000)),
    ).toBe(3)
  })
})
