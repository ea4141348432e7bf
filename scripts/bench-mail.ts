// npm run bench runs this too (with the server's allocator settings, as below); alone:
//   MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=16384 npx tsx --expose-gc scripts/bench-mail.ts
//   [--postgres] [--recipients 10000] [--connections 4] [--rounds 3]
// Bulk mail throughput. Starts an SMTP peer in a child process (scripts/bench-mail-peer.mjs:
// accepts and discards, counts messages and connections), seeds 10,000 approved applicants,
// and has staff send one message to Active Interpreters through the app's own code
// (sendMessage in app/models/communications/send.server.ts: 10,000 queued e-mails with their
// unsubscribe links and List-Unsubscribe headers). Then times the mail worker delivering
// them all (until every row is recorded `sent`), sampling this process's memory, and the
// practical limit: a plain pooled nodemailer loop with as many connections sending the same
// 10,000 messages to the same peer (scripts/bench-mail-loop.mjs, in a child process). Loop
// and worker take turns (loop, worker, loop, … loop; the rows are queued again between
// worker sends), each worker send compared with the loops around it, so that other work on
// the machine weighs on both sides. Targets: the worker at 80% of the loop's rate or more
// (the median round); memory flat during every send (growth under 50 MB). Appends the
// figures to docs/benchmarks.md.
import { fork } from 'node:child_process'
import { appendFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { mailOutbox } from '../db/schema'
import { sendMessage } from '../app/models/communications/send.server'
import { appendBenchmarkSection, loadAverageText, machineDescription } from './bench-report'
import { startBenchRuntime } from './bench-support'

const { values } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    recipients: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    'dry-run': { type: 'boolean', default: false },
  },
})
const recipientCount = Number(values.recipients)
const connections = Number(values.connections)
const rounds = Number(values.rounds)
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

  // Warm this process's nodemailer up as the loop's child warms its own.
  await warmUp(
    peer.url,
    (await messagesAfter('00000000-0000-0000-0000-000000000000', WARM_UP_MESSAGES)).map(
      (entry) => entry.message,
    ),
  )

  const pendingCount = async () =>
    db.$count(
      mailOutbox,
      and(eq(mailOutbox.reference, reference), inArray(mailOutbox.status, ['queued', 'sending'])),
    )
  /** One send of the whole message by the mail worker, from the first claim to the last record. */
  async function workerRound(round: number) {
    if (round > 0)
      await db
        .update(mailOutbox)
        .set({ status: 'queued', attempts: 0, sentAt: null, lockedUntil: null })
        .where(eq(mailOutbox.reference, reference))
    await peer.reset()
    const memory = await sampleMemory(async () => {
      const started = performance.now()
      if (round === 0) runtime.mailWorker.start()
      else runtime.mailWorker.nudge()
      // The peer's counter costs the database nothing; the outbox is read once it is complete.
      while ((await peer.counts()).messages < recipientCount)
        await new Promise((resolve) => setTimeout(resolve, 50))
      while ((await pendingCount()) > 0) await new Promise((resolve) => setTimeout(resolve, 20))
      return (performance.now() - started) / 1000
    })
    const sentRows = await db.$count(
      mailOutbox,
      and(eq(mailOutbox.reference, reference), eq(mailOutbox.status, 'sent')),
    )
    return { seconds: memory.result, memory, peer: await peer.counts(), sentRows }
  }

  // Loop, worker, loop, worker, … loop: each worker send is compared with the mean of the
  // loops just before and after it, so that a burst of other work on the machine weighs on
  // both sides of a comparison; the median of the rounds is the figure.
  const loops = [await pooledNodemailerLoop(peer, messagesFile)]
  const workers: Awaited<ReturnType<typeof workerRound>>[] = []
  for (let round = 0; round < rounds; round++) {
    workers.push(await workerRound(round))
    loops.push(await pooledNodemailerLoop(peer, messagesFile))
  }
  await runtime.mailWorker.stop()
  const shares = workers.map((worker, round) => {
    const loopSeconds = (loops[round]!.seconds + loops[round + 1]!.seconds) / 2
    return {
      worker,
      workerRate: recipientCount / worker.seconds,
      loopRate: recipientCount / loopSeconds,
    }
  })
  const median = [...shares].sort((a, b) => a.workerRate / a.loopRate - b.workerRate / b.loopRate)[
    Math.floor(shares.length / 2)
  ]!
  const share = median.workerRate / median.loopRate
  const growths = workers.map((worker) => worker.memory.peak.rss - worker.memory.start.rss)
  const growth = Math.max(...growths)
  const first = workers[0]!.memory
  const exactlyOnce = workers.every(
    (worker) =>
      worker.peer.messages === recipientCount &&
      worker.sentRows === recipientCount &&
      worker.peer.mostOpen <= connections,
  )
  const targets = [
    {
      name: `Bulk mail to ${recipientCount.toLocaleString('en')} recipients, ${connections} SMTP connections: at least ${RATE_SHARE_TARGET * 100}% of a pooled nodemailer loop's rate (median of ${rounds} rounds)`,
      figure: `${median.workerRate.toFixed(0)} messages/s against ${median.loopRate.toFixed(0)} (${(share * 100).toFixed(0)}%)`,
      met: share >= RATE_SHARE_TARGET && exactlyOnce,
    },
    {
      name: `Memory during the send grows less than ${MEMORY_GROWTH_TARGET_MB} MB`,
      figure:
        `first send: resident ${first.start.rss.toFixed(0)} MB at the start, ${first.peak.rss.toFixed(0)} MB at the peak, ${first.end.rss.toFixed(0)} MB at the end, ` +
        `JavaScript heap ${first.start.heap.toFixed(0)}, ${first.peak.heap.toFixed(0)} and ${first.end.heap.toFixed(0)} MB; ` +
        `growth in the ${rounds} sends ${growths.map((each) => `+${each.toFixed(0)}`).join(', ')} MB`,
      met: growth < MEMORY_GROWTH_TARGET_MB,
    },
  ]
  const summary =
    `Queued by sendMessage in ${queueSeconds.toFixed(1)} s. ` +
    `Mail worker, ${recipientCount} e-mails delivered and recorded: ${workers.map((worker) => `${worker.seconds.toFixed(1)} s`).join(', ')}; ` +
    `pooled nodemailer loop, before, between and after: ${loops.map((loop) => `${loop.seconds.toFixed(1)} s`).join(', ')}; ` +
    `worker at ${shares.map((each) => `${((each.workerRate / each.loopRate) * 100).toFixed(0)}%`).join(', ')} of the loops around it. ` +
    `Each worker send: the peer received ${workers.map((worker) => worker.peer.messages).join(', ')} messages over ${workers.map((worker) => worker.peer.connections).join(', ')} connections, ` +
    `at most ${Math.max(...workers.map((worker) => worker.peer.mostOpen))} open at once; ` +
    `${workers.map((worker) => worker.sentRows).join(', ')} rows \`sent\`.`
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
      `\`scripts/bench-mail.ts\` (part of \`npm run bench\`): a staff message to Active Interpreters (${recipientCount} approved applicants) queued through \`sendMessage\` and delivered by the mail worker (\`MAIL_SMTP_CONNECTIONS=${connections}\`, no rate limit) to a local SMTP peer in another process; memory is this process's resident set (the worker${values.postgres ? '' : ' and the embedded database'}), ${process.env.MALLOC_MMAP_THRESHOLD_ ? "with the server's allocator settings" : "with glibc's default allocator settings"}. Machine: ${machineDescription()}; load average at the end ${loadAverageText()}.\n\n` +
        `${summary}\n\n${targetLines.join('\n')}`,
    )
} finally {
  await bench.dispose()
  peer.child.disconnect()
}
process.exitCode = exitCode
