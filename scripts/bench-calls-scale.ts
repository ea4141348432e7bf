// npm run bench runs this with --postgres; alone: npx tsx scripts/bench-calls-scale.ts
//   [--interpreters 2000] [--rate 10] [--seconds 60]
// Connect now at scale (docs/product.md#on-demand-call-routing), on PostgreSQL: one instance of
// the production build, then two on the same database, each with `--interpreters` simulated
// interpreter pages (a WebSocket each that says it is there every 3 s, as a page does, and
// accepts every ring at once over HTTP), split between the instances, while clients press
// Connect now `--rate` times a second for `--seconds`, alternately on each instance. Measures
// the ring's delivery (Connect now sent to the first ring on a page), calls lost (not taken
// within 20 s) or taken twice, and each server's resident memory and event-loop delay (read
// inside the process: scripts/lib/process-metrics-preload.mjs). Targets: ring p95 ≤ 250 ms, no
// call lost or taken twice, ≤ 300 MB a process, event-loop delay p99 ≤ 100 ms. Appends the
// figures to docs/benchmarks.md. Not part of `npm test`.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { WebSocket } from 'ws'
import {
  clientMemberships,
  interpreterApplications,
  interpreterCallPresence,
  interpreterProfiles,
  organizations,
  sessions,
  users,
} from '../db/schema'
import { ONBOARDING_STEP_COUNT } from '../app/domain/statistics'
import { sessionCookieName } from '../app/lib/auth/cookie.server'
import { INVITED_PASSWORD_HASH } from '../app/models/users.server'
import { openDatabase, queryRows, type Database } from '../app/platform/db.server'
import { projectPath } from '../app/platform/project-path.server'
import { hashToken, randomToken } from '../app/platform/tokens.server'
import { createPostgresTestDatabase, LOCAL_POSTGRES_URL } from '../tests/support/postgres-database'
import {
  startServerProcess,
  waitUntilReady,
  type ServerProcess,
} from '../tests/support/server-process'
import {
  appendBenchmarkSection,
  loadAverageText,
  machineDescription,
  percentile,
} from './bench-report'

const { values } = parseArgs({
  options: {
    interpreters: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '60' },
    postgres: { type: 'boolean', default: true },
    'dry-run': { type: 'boolean', default: false },
  },
})
const interpreterCount = Number(values.interpreters)
const callsPerSecond = Number(values.rate)
const seconds = Number(values['dry-run'] ? 5 : values.seconds)
const CLIENTS = 50
const LANGUAGE = 'Spanish'
const LOST_AFTER_MS = 20_000
const cookieName = sessionCookieName({ secure: false })

if (!existsSync(projectPath('build/host/index.js'))) throw new Error('Run `npm run build` first.')

/** Sessions for `count` new accounts of `role`; their ids and cookies. */
async function accounts(db: Database, role: 'interpreter' | 'client', count: number, tag: string) {
  const made: { userId: string; cookie: string }[] = []
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, index) => ({
      email: `${tag}-${start + index}@bench.example`,
      name: `${tag} ${start + index}`,
      role,
      passwordHash: INVITED_PASSWORD_HASH,
    }))
    const rows = await db.insert(users).values(batch).returning({ id: users.id })
    const tokens = rows.map(() => randomToken())
    await db.insert(sessions).values(
      rows.map((row, index) => ({
        tokenHash: hashToken(tokens[index]!),
        userId: row.id,
        createdAt: new Date(),
        lastSeenAt: new Date(),
      })),
    )
    rows.forEach((row, index) =>
      made.push({ userId: row.id, cookie: `${cookieName}=${tokens[index]}` }),
    )
  }
  return made
}

/** Onboarded Spanish video interpreters, available for calls; their sessions' cookies. */
async function seedInterpreters(db: Database, count: number, tag: string) {
  const people = await accounts(db, 'interpreter', count, tag)
  for (let start = 0; start < people.length; start += 500) {
    const batch = people.slice(start, start + 500)
    const person = (index: number) => ({
      firstName: `${tag} ${start + index}`,
      lastName: 'Bench',
      email: `${tag}-${start + index}@bench.example`,
      phone: '+1 512 555 0100',
      interpretingExperience: '5+',
    })
    const applications = await db
      .insert(interpreterApplications)
      .values(
        batch.map((_, index) => ({
          ...person(index),
          source: 'language-page' as const,
          sourceReference: 'general-interpreter',
          position: 'Professional Interpreter',
          expectedPayPerMinute: '1.00-1.25',
          privacyConsentAt: new Date(),
          privacyNoticeVersion: 'bench',
          status: 'approved' as const,
          onboardingProgress: ONBOARDING_STEP_COUNT,
        })),
      )
      .returning({ id: interpreterApplications.id })
    const profiles = await db
      .insert(interpreterProfiles)
      .values(
        batch.map(({ userId }, index) => ({
          ...person(index),
          userId,
          applicationId: applications[index]!.id,
          languages: [LANGUAGE],
          modalities: ['video' as const],
          specializations: ['business'],
        })),
      )
      .returning({ id: interpreterProfiles.id })
    await db
      .insert(interpreterCallPresence)
      .values(profiles.map(({ id }) => ({ interpreterId: id, available: true })))
  }
  return people
}

/** Clients of one organization, each with a session. */
async function seedClients(db: Database, tag: string) {
  const [organization] = await db
    .insert(organizations)
    .values({ name: `${tag} Bench Clinic` })
    .returning({ id: organizations.id })
  const clients = await accounts(db, 'client', CLIENTS, `${tag}-client`)
  await db.insert(clientMemberships).values(
    clients.map(({ userId }) => ({
      userId,
      organizationId: organization!.id,
      role: 'requester' as const,
    })),
  )
  return clients
}

/** What a kill -9 of the second instance halfway through the load did to the calls. */
interface KillOutcome {
  /** Calls taken by an interpreter on the instance that lived on, before the kill. */
  onSurvivor: number
  /** Of those, the calls the kill ended or changed (should be none). */
  survivorsDisturbed: number
  /** Calls taken by an interpreter on the killed instance, under way at the kill. */
  onKilled: number
  /** Of those, the calls ended within 20 s of the kill, and the slowest's seconds. */
  endedWithin20s: number
  slowestEndSeconds: number
  /** Calls ringing only pages of the killed instance at the kill, and how many were taken anyway. */
  ringingOnKilled: number
  requeuedAndTaken: number
  /** Seconds billed for the calls ended by the kill (none connected: should be 0). */
  billedSeconds: number
}

interface Run {
  ringTimes: number[]
  calls: number
  lost: number
  /** The statuses the lost calls were left in. */
  lostBy: string
  takenTwice: number
  accepts: number
  processes: { loopDelayP99Ms: number; loopDelayMaxMs: number; maxRssBytes: number }[]
  kill?: KillOutcome
}

/**
 * One run: `servers` share the interpreters and the clients; calls for `seconds`. With `kill`,
 * the second server is killed (SIGKILL) halfway through, and the clients go on with the first.
 */
async function run(
  db: Database,
  servers: ServerProcess[],
  metricFiles: string[],
  tag: string,
  options: { kill?: boolean } = {},
) {
  const interpreters = await seedInterpreters(db, interpreterCount, tag)
  const clients = await seedClients(db, tag)
  const ringAt = new Map<string, number>()
  const sockets: WebSocket[] = []
  let accepts = 0
  /** The server whose interpreter page took each call. */
  const takenOn = new Map<string, number>()
  const interpreterServer = new Map<string, number>()
  let killed = false

  // The interpreters' pages: each on one instance, heard from every 3 s, accepting every ring.
  await Promise.all(
    interpreters.map(
      ({ cookie, userId }, index) =>
        new Promise<void>((resolve, reject) => {
          const serverIndex = index % servers.length
          const server = servers[serverIndex]!
          interpreterServer.set(userId, serverIndex)
          const socket = new WebSocket(`${server.url.replace('http:', 'ws:')}/calls/socket`, {
            headers: { cookie, origin: server.url },
          })
          sockets.push(socket)
          socket.on('error', (error) => (killed ? undefined : reject(error)))
          socket.on('message', (raw) => {
            const message = JSON.parse(raw.toString()) as {
              type: string
              call?: { id: string } | null
            }
            if (message.type === 'ready') resolve()
            if (message.type !== 'ring' || !message.call) return
            const callId = message.call.id
            if (!ringAt.has(callId)) ringAt.set(callId, performance.now())
            void fetch(`${server.url}/interpreter/calls.data`, {
              method: 'POST',
              body: new URLSearchParams({ intent: 'accept', callId }),
              headers: { Origin: server.url, Cookie: cookie },
              redirect: 'manual',
            })
              .then(async (response) => {
                await response.arrayBuffer()
                if (response.status !== 202) return
                accepts++
                takenOn.set(callId, serverIndex)
              })
              // A page of the killed server is gone with it: its fetch fails.
              .catch((error: unknown) => {
                if (!killed) throw error
              })
          })
          const here = setInterval(() => {
            if (socket.readyState === socket.OPEN) socket.send('{"type":"here"}')
          }, 3_000)
          socket.on('close', () => clearInterval(here))
        }),
    ),
  )
  // Every page has been heard from: the run's window starts afresh in each server.
  for (const server of servers) server.child.kill('SIGUSR2')

  // The clients press Connect now at the rate, alternately on each instance.
  const sentAt = new Map<string, number>()
  const started: Promise<void>[] = []
  const total = callsPerSecond * seconds
  const begin = performance.now()
  let killedAt = 0
  let atKill: Awaited<ReturnType<typeof callsAtKill>> | undefined
  let ended: ReturnType<typeof watchEnds> | undefined
  for (let index = 0; index < total; index++) {
    const due = begin + (index * 1000) / callsPerSecond
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())))
    if (options.kill && !killed && index === Math.floor(total / 2)) {
      killed = true
      servers[1]!.child.kill('SIGKILL')
      killedAt = performance.now()
      atKill = await callsAtKill(db, [...sentAt.keys()], interpreterServer)
      ended = watchEnds(db, atKill.onKilled, killedAt)
    }
    const live = killed ? servers.slice(0, 1) : servers
    const server = live[index % live.length]!
    const client = clients[index % clients.length]!
    const sent = performance.now()
    started.push(
      fetch(`${server.url}/client/connect.data`, {
        method: 'POST',
        body: new URLSearchParams({ language: LANGUAGE, media: 'video', setting: 'business' }),
        headers: { Origin: server.url, Cookie: client.cookie },
        redirect: 'manual',
      })
        .then(async (response) => {
          const body = await response.text()
          const callId = /\/client\/connect\/([0-9a-f-]{36})/.exec(body)?.[1]
          if (!callId)
            throw new Error(`Connect now answered ${response.status}: ${body.slice(0, 200)}`)
          sentAt.set(callId, sent)
        })
        // A Connect now under way on the server as it was killed is lost with it.
        .catch((error: unknown) => {
          if (!(killed && server === servers[1])) throw error
        }),
    )
  }
  await Promise.all(started)
  await new Promise((resolve) => setTimeout(resolve, LOST_AFTER_MS))
  const alive = killed ? servers.slice(0, 1) : servers
  for (const server of alive) server.child.kill('SIGUSR2')
  await new Promise((resolve) => setTimeout(resolve, 500))
  for (const socket of sockets) socket.close()
  const kill = atKill && (await killOutcome(db, atKill, (await ended?.stop()) ?? new Map()))

  // A call that the kill ended with its interpreter is not lost: the kill's figures tell of it.
  const ids = [...sentAt.keys()].filter((id) => !atKill?.onKilled.includes(id))
  const [counts] = await queryRows<{ lost: number; twice: number; lostBy: string | null }>(
    db,
    sql`select
      count(*) filter (where c.status not in ('connecting', 'connected'))::int as lost,
      string_agg(distinct c.status, ', ') filter (where c.status not in ('connecting', 'connected')) as "lostBy",
      count(*) filter (where (select count(*) from call_rings r
        where r.call_id = c.id and r.outcome = 'accepted') > 1)::int as twice
      from calls c where c.id in (${idList(ids)})`,
  )
  return {
    ringTimes: ids
      .filter((id) => ringAt.has(id))
      .map((id) => ringAt.get(id)! - sentAt.get(id)!)
      .sort((a, b) => a - b),
    calls: ids.length,
    lost: counts!.lost,
    lostBy: counts!.lostBy ?? '',
    takenTwice: counts!.twice,
    accepts,
    processes: metricFiles
      .slice(0, alive.length)
      .map((file) => JSON.parse(readFileSync(file, 'utf8')) as Run['processes'][number]),
    ...(kill ? { kill } : {}),
  } satisfies Run
}

const idList = (ids: readonly string[]) =>
  ids.length === 0
    ? sql`null`
    : sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )

/**
 * The calls at the moment of the kill: under way with an interpreter of either server, and
 * waiting with every live ring on a page of the killed one.
 */
async function callsAtKill(db: Database, ids: string[], serverOfUser: Map<string, number>) {
  const rows = await queryRows<{
    id: string
    status: string
    userId: string | null
    killedRings: number
    rings: number
  }>(
    db,
    sql`select c.id, c.status, p.user_id as "userId",
      (select count(*) from call_rings r join interpreter_profiles rp on rp.id = r.interpreter_id
        where r.call_id = c.id and r.outcome is null and rp.user_id in (${idList(
          [...serverOfUser].filter(([, server]) => server === 1).map(([userId]) => userId),
        )}))::int as "killedRings",
      (select count(*) from call_rings r where r.call_id = c.id and r.outcome is null)::int as rings
      from calls c left join interpreter_profiles p on p.id = c.interpreter_id
      where c.id in (${idList(ids)})`,
  )
  const underWayOn = (server: number) =>
    rows
      .filter(
        (row) =>
          row.status === 'connecting' && row.userId && serverOfUser.get(row.userId) === server,
      )
      .map((row) => row.id)
  return {
    onSurvivor: underWayOn(0),
    onKilled: underWayOn(1),
    ringingOnKilled: rows
      .filter((row) => row.status === 'waiting' && row.rings > 0 && row.rings === row.killedRings)
      .map((row) => row.id),
  }
}

/** Polls, every 250 ms, when each of `ids` ends: seconds after the kill. */
function watchEnds(db: Database, ids: string[], killedAt: number) {
  const endedAfter = new Map<string, number>()
  const timer = setInterval(() => {
    void queryRows<{ id: string }>(
      db,
      sql`select id from calls where id in (${idList(ids)}) and status = 'ended'`,
    ).then((rows) => {
      for (const { id } of rows)
        if (!endedAfter.has(id)) endedAfter.set(id, (performance.now() - killedAt) / 1000)
    })
  }, 250)
  return {
    stop: async () => {
      clearInterval(timer)
      return endedAfter
    },
  }
}

async function killOutcome(
  db: Database,
  atKill: NonNullable<Awaited<ReturnType<typeof callsAtKill>>>,
  endedAfter: Map<string, number>,
): Promise<KillOutcome> {
  const [survivors] = await queryRows<{ disturbed: number }>(
    db,
    sql`select count(*) filter (where status <> 'connecting')::int as disturbed
      from calls where id in (${idList(atKill.onSurvivor)})`,
  )
  const [killedCalls] = await queryRows<{ billed: number }>(
    db,
    sql`select coalesce(sum(billable_seconds), 0)::int as billed
      from calls where id in (${idList(atKill.onKilled)})`,
  )
  const [requeued] = await queryRows<{ taken: number }>(
    db,
    sql`select count(*)::int as taken from calls
      where id in (${idList(atKill.ringingOnKilled)}) and status in ('connecting', 'connected')`,
  )
  const endTimes = atKill.onKilled.map((id) => endedAfter.get(id) ?? Infinity)
  return {
    onSurvivor: atKill.onSurvivor.length,
    survivorsDisturbed: survivors!.disturbed,
    onKilled: atKill.onKilled.length,
    endedWithin20s: endTimes.filter((seconds) => seconds <= 20).length,
    slowestEndSeconds: Math.max(0, ...endTimes),
    ringingOnKilled: atKill.ringingOnKilled.length,
    requeuedAndTaken: requeued!.taken,
    billedSeconds: killedCalls!.billed,
  }
}

async function startInstances(count: number, databaseUrl: string, workDir: string) {
  const preload = projectPath('scripts/lib/process-metrics-preload.mjs')
  const servers: ServerProcess[] = []
  const files: string[] = []
  for (let index = 0; index < count; index++) {
    const file = path.join(workDir, `metrics-${count}-${index}.json`)
    const dataDir = mkdtempSync(path.join(workDir, 'data-'))
    servers.push(
      await startServerProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        NODE_OPTIONS: `--import ${preload}`,
        PROCESS_METRICS_FILE: file,
      }),
    )
    files.push(file)
  }
  await Promise.all(servers.map((server) => waitUntilReady(server, 120_000)))
  return { servers, files }
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'bench-calls-scale-'))
const database = await createPostgresTestDatabase(
  process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL,
)
if (database.target.kind !== 'postgres') throw new Error('expected PostgreSQL')
const handle = await openDatabase(database.target)
const results: { instances: number; run: Run }[] = []
let killRun: Run | undefined
try {
  for (const { instances, kill } of [
    { instances: 1, kill: false },
    { instances: 2, kill: false },
    { instances: 2, kill: true },
  ]) {
    const { servers, files } = await startInstances(instances, database.target.url, workDir)
    try {
      console.log(
        `${instances} instance(s)${kill ? ', the second killed halfway' : ''}: ${interpreterCount} interpreters, ${callsPerSecond} calls/s for ${seconds} s…`,
      )
      const result = await run(handle.db, servers, files, `i${instances}${kill ? 'k' : ''}`, {
        kill,
      })
      if (kill) killRun = result
      else results.push({ instances, run: result })
    } finally {
      await Promise.all(servers.map((server) => server.stop()))
      // The run's simulated calls never connect: they end here, so that the next run's
      // servers do not begin by ending hundreds of calls whose interpreters left with this run.
      await handle.db.execute(
        sql`update calls set status = 'ended', ended_at = now(), ended_by = 'system'
          where status in ('waiting', 'connecting', 'connected')`,
      )
    }
  }
} finally {
  await handle.close()
  await database.drop()
  rmSync(workDir, { recursive: true, force: true })
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)
const rows = results.map(({ instances, run }) => {
  const p50 = percentile(run.ringTimes, 0.5)
  const p95 = percentile(run.ringTimes, 0.95)
  const rss = Math.max(...run.processes.map((process) => process.maxRssBytes))
  const delay = Math.max(...run.processes.map((process) => process.loopDelayP99Ms))
  const met = p95 <= 250 && run.lost === 0 && run.takenTwice === 0 && mb(rss) <= 300 && delay <= 100
  return `| ${instances} | ${run.calls} | ${run.ringTimes.length} | ${Math.round(p50)} | ${Math.round(p95)} | ${run.lost}${run.lostBy ? ` (${run.lostBy})` : ''} | ${run.takenTwice} | ${run.processes.map((process) => mb(process.maxRssBytes)).join(', ')} | ${run.processes.map((process) => process.loopDelayP99Ms.toFixed(0)).join(', ')} | ${met ? 'met' : 'NOT met'} |`
})
const report = [
  `${machineDescription()}; ${loadAverageText()}. ${interpreterCount} simulated interpreter pages (WebSockets, heard from every 3 s, accepting every ring over HTTP) split between the instances; clients press Connect now ${callsPerSecond} times a second for ${seconds} s, alternately on each instance; PostgreSQL. Targets: ring p95 ≤ 250 ms, no call lost or taken twice, ≤ 300 MB and event-loop delay p99 ≤ 100 ms a process (scripts/bench-calls-scale.ts).`,
  '',
  '| instances | calls | rung | ring p50 (ms) | ring p95 (ms) | lost | taken twice | memory per process (MB) | event-loop delay p99 per process (ms) | targets |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows,
  ...(killRun?.kill ? ['', killReport(killRun.kill)] : []),
].join('\n')
console.log(report)
if (!values['dry-run'])
  appendBenchmarkSection('Connect now at scale, one and two instances', report)

/** The kill -9 figures: what the kill did to the calls under way and ringing at that moment. */
function killReport(kill: KillOutcome) {
  const met =
    kill.survivorsDisturbed === 0 &&
    kill.endedWithin20s === kill.onKilled &&
    kill.requeuedAndTaken === kill.ringingOnKilled &&
    kill.billedSeconds === 0
  return [
    `Kill -9 of the second instance halfway through the load (the clients then use the first). Targets: calls under way on the first instance undisturbed; calls under way with an interpreter on the killed one end within 20 s and bill nothing they did not connect; calls ringing only the killed instance's pages are rung again and taken.`,
    '',
    '| under way on the survivor | of them disturbed | under way on the killed | of them ended within 20 s | slowest end (s) | ringing only the killed | of them taken by others | seconds billed for the ended | targets |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    `| ${kill.onSurvivor} | ${kill.survivorsDisturbed} | ${kill.onKilled} | ${kill.endedWithin20s} | ${kill.slowestEndSeconds === Infinity ? 'not ended' : kill.slowestEndSeconds.toFixed(1)} | ${kill.ringingOnKilled} | ${kill.requeuedAndTaken} | ${kill.billedSeconds} | ${met ? 'met' : 'NOT met'} |`,
  ].join('\n')
}
