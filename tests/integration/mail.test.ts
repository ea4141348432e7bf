import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { mailAttempts, mailOutbox } from '../../db/schema'
import { enqueueMail } from '../../app/platform/mail/outbox.server'
import { createMailTransport } from '../../app/platform/mail/transport.server'
import { MailWorker } from '../../app/platform/mail/worker.server'
import { SmtpPeer } from '../support/smtp-peer'
import { startTestRuntime, type TestRuntime } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

const message = (to: string) => ({
  template: 'test',
  to,
  subject: 'Hello',
  html: '<p>Hello</p>',
  text: 'Hello',
})

describe.each(testDatabaseKinds())('mail outbox on %s', (kind) => {
  let test: TestRuntime
  let peer: SmtpPeer
  let worker: MailWorker

  beforeAll(async () => {
    test = await startTestRuntime(kind)
  })
  afterAll(() => test.stop())
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
})
