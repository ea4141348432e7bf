// npm run bench runs this too; alone: npx tsx --expose-gc scripts/bench-mail.ts [--postgres]
//   [--recipients 10000] [--connections 4]
// Bulk mail throughput. Starts an SMTP peer in a child process (scripts/bench-mail-peer.mjs:
// accepts and discards, counts messages and connections), seeds 10,000 approved applicants,
// and has staff send one message to Active Interpreters through the app's own code
// (sendMessage in app/models/communications.server.ts: 10,000 queued e-mails with their
// unsubscribe links and List-Unsubscribe headers). Then times the mail worker delivering
// them all (until every row is recorded `sent`), sampling this process's memory, and the
// practical limit: a plain pooled nodemailer loop with as many connections sending the same
// 10,000 messages to the same peer (scripts/bench-mail-loop.mjs, in a child process, once
// before and once after the worker, so that both runs share the machine's mood). Targets:
// the worker at 80% of the loop's mean rate or more; memory flat during the send (growth
// under 50 MB). Appends the figures to docs/benchmarks.md.
import { fork } from 'node:child_process'
import { appendFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { mailOutbox } from '../db/schema'
import { sendMessage } from '../app/models/communications.server'
import { appendBenchmarkSection, startBenchRuntime } from './bench-support'

const { values } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    recipients: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '4' },
    'dry-run': { type: 'boolean', default: false },
  },
})
const recipientCount = Number(values.recipients)
const connections = Number(values.connections)
const databaseLabel = values.postgres ? 'PostgreSQL (local)' : 'PGlite (embedded)'
const RATE_SHARE_TARGET = 0.8
const MEMORY_GROWTH_TARGET_MB = 50
const WARM_UP_MESSAGES = 500
const MB = 2 ** 20

interface PeerCounts {
  messages: number
  connections: number
  open: number
  mostOpen: number
}

/** The SMTP peer in its own process, and a way to read (and reset) its counters. */
async function startPeer() {
  const child = fork(path.join(import.meta.dirname, 'bench-mail-peer.mjs'), { stdio: 'inherit' })
  const { port } = await new Promise<{ port: number }>((resolve) => child.once('message', resolve))
  const ask = (question: 'counts' | 'reset') =>
    new Promise<PeerCounts>((resolve) => {
      child.once('message', (answer) => resolve((answer as { counts: PeerCounts }).counts))
      child.send(question)
    })
  return {
    url: `smtp://127.0.0.1:${port}`,
    child,
    counts: () => ask('counts'),
    reset: () => ask('reset'),
  }
}

/**
 * This process's resident memory (the target) and its JavaScript heap (what the worker
 * itself holds), sampled every 50 ms while `during` runs.
 */
async function sampleMemory<T>(during: () => Promise<T>) {
  ;(globalThis as { gc?: () => void }).gc?.()
  const read = () => {
    const usage = process.memoryUsage()
    return { rss: usage.rss / MB, heap: usage.heapUsed / MB }
  }
  const start = read()
  const peak = { ...start }
  const sample = () => {
    const now = read()
    peak.rss = Math.max(peak.rss, now.rss)
    peak.heap = Math.max(peak.heap, now.heap)
    return now
  }
  const timer = setInterval(sample, 50)
  try {
    const result = await during()
    return { result, start, peak, end: sample() }
  } finally {
    clearInterval(timer)
  }
}

type NodemailerMessage = Parameters<ReturnType<typeof nodemailer.createTransport>['sendMail']>[0]

/** Sends messages over nodemailer's pool from this process: the worker's warm-up. */
async function warmUp(url: string, messages: NodemailerMessage[]) {
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections: connections })
  let next = 0
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < messages.length) await transporter.sendMail(messages[next++]!)
    }),
  )
  transporter.close()
}

/**
 * The practical limit, measured in a child process (scripts/bench-mail-loop.mjs) on the
 * messages of `file`: the seconds its pooled nodemailer loop took, and what the peer saw.
 */
async function pooledNodemailerLoop(peer: Awaited<ReturnType<typeof startPeer>>, file: string) {
  const child = fork(path.join(import.meta.dirname, 'bench-mail-loop.mjs'), [
    peer.url,
    String(connections),
    file,
  ])
  const next = () => new Promise<unknown>((resolve) => child.once('message', resolve))
  await next()
  await peer.reset()
  const done = next()
  child.send('go')
  const { seconds } = (await done) as { seconds: number }
  return { seconds, peer: await peer.counts() }
}

const peer = await startPeer()
const bench = await startBenchRuntime('bench-mail', {
  postgres: values.postgres,
  env: { SMTP_URL: peer.url, MAIL_SMTP_CONNECTIONS: String(connections) },
})
const { runtime, dataDir } = bench
const db = runtime.database.db
let exitCode = 0

try {
  console.log(`Seeding ${recipientCount} approved applicants on ${databaseLabel}…`)
  for (const statement of [
    sql`
      insert into stored_files (id, storage_key, original_name, media_type, byte_size, sha256)
      values ('00000000-0000-4000-8000-00000000b001', 'bench/resume.pdf', 'resume.pdf', 'application/pdf', 1, repeat('0', 64))
    `,
    sql`
      insert into users (id, email, name, role, password_hash)
      values ('00000000-0000-4000-8000-00000000a001', 'staff@example.org', 'Bench Staff', 'admin', 'x')
    `,
    sql`
      insert into interpreter_applications (status, source, source_reference, position, first_name, last_name,
        email, phone, languages, interpreting_experience, expected_pay_per_minute, resume_file_id,
        privacy_consent_at, privacy_notice_version)
      select 'approved', 'language-page', 'bench', 'Interpreter', 'Ana' || n, 'Lima',
        'interpreter-' || n || '@example.org', '+1 512 555 0100', array['Spanish'], '3-5', '1.00-1.25',
        '00000000-0000-4000-8000-00000000b001', now(), 'bench'
      from generate_series(1, ${recipientCount}) as n
    `,
  ])
    await db.execute(statement)

  // The message as staff write it on the compose screen, merge fields included.
  const paragraph =
    'Our spring schedule is open: medical and legal assignments in Spanish across Austin, ' +
    'Dallas and Houston, on site and by video. Please update your availability in the portal ' +
    'before Friday so that dispatch can offer you the bookings that fit your week. '
  const queueStarted = performance.now()
  const sent = await sendMessage(
    {
      selection: { kind: 'group', group: 'active-interpreters' },
      subject: 'Spring schedule, {{firstName}}',
      message: `Hello {{firstName}},\n\n${paragraph.repeat(4)}\n\nThank you,\nThe dispatch team`,
    },
    { id: '00000000-0000-4000-8000-00000000a001', name: 'Bench Staff' },
    { confirmedCount: recipientCount },
  )
  const queueSeconds = (performance.now() - queueStarted) / 1000
  console.log(`Queued ${sent.recipientCount} e-mails in ${queueSeconds.toFixed(1)} s.`)
  const reference = `message:${sent.id}`

  /** A page of the queued e-mails as nodemailer messages, exactly as the worker hands them over. */
  const domain = /@([^>\s]+)/.exec(runtime.config.mailFrom)?.[1] ?? 'localhost'
  const messagesAfter = async (afterId: string, limit: number) => {
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.reference, reference), gt(mailOutbox.id, afterId)))
      .orderBy(asc(mailOutbox.id))
      .limit(limit)
    return rows.map((row) => ({
      id: row.id,
      message: {
        from: runtime.config.mailFrom,
        to: row.toAddress,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        html: row.html,
        text: row.text,
        messageId: `<${row.id}@${domain}>`,
        date: row.createdAt,
        headers: row.headers ?? undefined,
      } satisfies NodemailerMessage,
    }))
  }
  // The same messages for the loop, written page by page so that this process holds few.
  const messagesFile = path.join(dataDir, 'messages.jsonl')
  writeFileSync(messagesFile, '')
  for (
    let page = await messagesAfter('00000000-0000-0000-0000-000000000000', 1000);
    page.length > 0;
  ) {
    appendFileSync(messagesFile, page.map((entry) => `${JSON.stringify(entry.message)}\n`).join(''))
    page = await messagesAfter(page.at(-1)!.id, 1000)
  }

  const before = await pooledNodemailerLoop(peer, messagesFile)
  // Warm this process's nodemailer up as the loop's child warmed its own.
  await warmUp(
    peer.url,
    (await messagesAfter('00000000-0000-0000-0000-000000000000', WARM_UP_MESSAGES)).map(
      (entry) => entry.message,
    ),
  )
  await peer.reset()

  const pendingCount = async () =>
    db.$count(
      mailOutbox,
      and(eq(mailOutbox.reference, reference), inArray(mailOutbox.status, ['queued', 'sending'])),
    )
  const worker = await sampleMemory(async () => {
    const started = performance.now()
    runtime.mailWorker.start()
    // The peer's counter costs the database nothing; the outbox is read once it is complete.
    while ((await peer.counts()).messages < recipientCount)
      await new Promise((resolve) => setTimeout(resolve, 50))
    while ((await pendingCount()) > 0) await new Promise((resolve) => setTimeout(resolve, 20))
    return (performance.now() - started) / 1000
  })
  await runtime.mailWorker.stop()
  const workerPeer = await peer.counts()
  const sentRows = await db.$count(
    mailOutbox,
    and(eq(mailOutbox.reference, reference), eq(mailOutbox.status, 'sent')),
  )

  const after = await pooledNodemailerLoop(peer, messagesFile)
  const baselineSeconds = (before.seconds + after.seconds) / 2

  const workerRate = recipientCount / worker.result
  const baselineRate = recipientCount / baselineSeconds
  const share = workerRate / baselineRate
  const growth = worker.peak.rss - worker.start.rss
  const exactlyOnce =
    workerPeer.messages === recipientCount &&
    sentRows === recipientCount &&
    workerPeer.mostOpen <= connections
  const targets = [
    {
      name: `Bulk mail to ${recipientCount.toLocaleString('en')} recipients, ${connections} SMTP connections: at least ${RATE_SHARE_TARGET * 100}% of a pooled nodemailer loop's rate`,
      figure: `${workerRate.toFixed(0)} messages/s against ${baselineRate.toFixed(0)} (${(share * 100).toFixed(0)}%)`,
      met: share >= RATE_SHARE_TARGET && exactlyOnce,
    },
    {
      name: `Memory during the send grows less than ${MEMORY_GROWTH_TARGET_MB} MB`,
      figure:
        `resident ${worker.start.rss.toFixed(0)} MB at the start, ${worker.peak.rss.toFixed(0)} MB at the peak, ${worker.end.rss.toFixed(0)} MB at the end (+${growth.toFixed(0)} MB); ` +
        `JavaScript heap ${worker.start.heap.toFixed(0)}, ${worker.peak.heap.toFixed(0)} and ${worker.end.heap.toFixed(0)} MB`,
      met: growth < MEMORY_GROWTH_TARGET_MB,
    },
  ]
  const summary =
    `Queued by sendMessage in ${queueSeconds.toFixed(1)} s. ` +
    `Mail worker: ${recipientCount} e-mails delivered and recorded in ${worker.result.toFixed(1)} s; ` +
    `the peer received ${workerPeer.messages} over ${workerPeer.connections} connections (at most ${workerPeer.mostOpen} open at once), ` +
    `${sentRows} rows \`sent\`. Pooled nodemailer loop: ${before.peer.messages} in ${before.seconds.toFixed(1)} s before the worker and ` +
    `${after.peer.messages} in ${after.seconds.toFixed(1)} s after it, over ${after.peer.connections} connections (at most ${after.peer.mostOpen} open at once).`
  const targetLines = targets.map(
    (target) => `- ${target.name}: ${target.figure}: **${target.met ? 'met' : 'not met'}**`,
  )
  console.log(`${summary}\nTargets:\n${targetLines.join('\n')}`)
  if (!exactlyOnce) {
    console.error(
      `The worker did not deliver every message exactly once within ${connections} connections.`,
    )
    exitCode = 1
  }
  if (!values['dry-run'])
    appendBenchmarkSection(
      `bulk mail to ${recipientCount} recipients, ${databaseLabel}`,
      ({ machine, load }) =>
        `\`scripts/bench-mail.ts\` (part of \`npm run bench\`): a staff message to Active Interpreters (${recipientCount} approved applicants) queued through \`sendMessage\` and delivered by the mail worker (\`MAIL_SMTP_CONNECTIONS=${connections}\`, no rate limit) to a local SMTP peer in another process; memory is this process's resident set (the worker${values.postgres ? '' : ' and the embedded database'}). Machine: ${machine}; load average at the end ${load} (above 2 means other work shared the cores).\n\n` +
        `${summary}\n\n${targetLines.join('\n')}\n`,
    )
} finally {
  await bench.dispose()
  peer.child.disconnect()
}
process.exitCode = exitCode
