// npm run bench runs this too; alone: npx tsx scripts/bench-calls.ts [--postgres] [--calls 20]
// Connect now, timed end to end in Chromium with fake media (docs/product.md#on-demand-calls):
// the production build in this process, an interpreter's Calls page that accepts every ring at
// once, and a client who presses Connect now `--calls` times. Each call is cut into stages
// from the pages' own clocks (the machine's): the ring (the click to the ring on the
// interpreter's page), the accept (to the call taken, in the database), signalling (to the
// client's offer answered) and ICE (to both peer connections up). Against floors measured in
// the same run: a bare two-page RTCPeerConnection connect (no server) for the connect time, a
// bare WebSocket round trip for the ring. Targets: connect p50 ≤ 1.0 s, p95 ≤ 2.5 s and at
// most twice the floor's; ring p95 ≤ 250 ms. Appends the figures to docs/benchmarks.md.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { WebSocket, WebSocketServer } from 'ws'
import { calls } from '../db/schema'
import { createSession } from '../app/auth/session.server'
import { setAvailableForCalls } from '../app/models/calls/call-presence.server'
import { createOrganizationMember } from '../tests/support/organization-fixtures'
import { createUser, findUserByEmail } from '../app/models/users.server'
import { loadConfig } from '../app/platform/config.server'
import type { DatabaseTarget } from '../app/platform/db.server'
import { createLogger } from '../app/platform/logger.server'
import { projectPath } from '../app/platform/project-path.server'
import { startHost } from '../server/host'
import { createDispatchInterpreter } from '../tests/support/booking-fixtures'
import { freePort } from '../tests/support/free-port'
import { createPostgresTestDatabase } from '../tests/support/postgres-database'
import {
  appendBenchmarkSection,
  loadAverageText,
  machineDescription,
  percentile,
} from './bench-report'

const { values } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    calls: { type: 'string', default: '20' },
    'dry-run': { type: 'boolean', default: false },
  },
})
const callCount = Number(values.calls)
const databaseLabel = values.postgres ? 'PostgreSQL (local)' : 'PGlite (embedded)'

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const executablePath =
  process.env.CHROME_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

/**
 * In every page, before its scripts: the times the page's peer connection finished signalling
 * (its remote description set) and got connected, and the time a ring appeared (which the
 * interpreter's page then accepts at once).
 */
const PAGE_CLOCKS = `
  window.__times = {}
  const Original = window.RTCPeerConnection
  window.RTCPeerConnection = class extends Original {
    constructor(...args) {
      super(...args)
      this.addEventListener('signalingstatechange', () => {
        if (this.signalingState === 'stable' && this.remoteDescription && !window.__times.signalled)
          window.__times.signalled = Date.now()
      })
      this.addEventListener('connectionstatechange', () => {
        if (this.connectionState === 'connected' && !window.__times.connected)
          window.__times.connected = Date.now()
      })
    }
  }
  new MutationObserver(() => {
      const accept = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Accept call')
      if (accept && !accept.dataset.clicked) {
        accept.dataset.clicked = '1'
        window.__times.rang = Date.now()
        accept.click()
      }
    }).observe(document, { childList: true, subtree: true })
`

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-calls-'))
const postgres = values.postgres ? await createPostgresTestDatabase() : undefined
const database: DatabaseTarget = postgres?.target ?? { kind: 'pglite', dataDir }
const port = await freePort()
const url = `http://127.0.0.1:${port}`
const config = loadConfig({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  SITE_URL: url,
  SESSION_SECRET: 'benchmark-session-secret-long-enough',
  LOG_LEVEL: 'warn',
})
const host = await startHost({
  root: projectPath(),
  runtime: { config, database, logger: createLogger(config) },
})
const browser = await chromium.launch({
  executablePath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ],
})

async function signedIn(userId: string): Promise<BrowserContext> {
  const [pair] = (await createSession(userId)).split(';')
  const [name, value] = pair!.split('=')
  const context = await browser.newContext({ baseURL: url })
  await context.addCookies([{ name: name!, value: value!, url, httpOnly: true, sameSite: 'Lax' }])
  await context.addInitScript(PAGE_CLOCKS)
  return context
}

const times = (page: Page) =>
  page.evaluate(() => (window as unknown as { __times: Record<string, number> }).__times)

interface CallStages {
  ring: number
  accept: number
  signalling: number
  ice: number
  connect: number
}

/** One call: the client presses Connect now; the interpreter's page accepts the ring. */
async function timeOneCall(client: Page, interpreter: Page): Promise<CallStages> {
  await client.goto('/client/connect')
  await client.getByLabel('Language').fill('Spanish')
  await client.getByLabel('Setting').selectOption('business')
  await interpreter.evaluate(() => {
    ;(window as unknown as { __times: object }).__times = {}
  })
  const clicked = await client.evaluate(() => {
    ;(window as unknown as { __times: object }).__times = {}
    const button = [...document.querySelectorAll('button')].find(
      (candidate) => candidate.textContent === 'Connect now',
    )!
    const at = Date.now()
    button.click()
    return at
  })
  const connected = async (page: Page) => {
    await page.waitForFunction(
      () => (window as unknown as { __times: { connected?: number } }).__times.connected,
      undefined,
      { timeout: 30_000 },
    )
    return times(page)
  }
  const [clientTimes, interpreterTimes] = await Promise.all([
    connected(client),
    connected(interpreter),
  ])
  const callId = client.url().split('/').pop()!
  const [call] = await host.runtime.database.db.select().from(calls).where(eq(calls.id, callId))
  const both = Math.max(clientTimes.connected!, interpreterTimes.connected!)
  const accepted = call!.acceptedAt!.getTime()
  const signalled = clientTimes.signalled!
  await client.getByRole('button', { name: 'End call' }).click()
  await client.getByText('Call ended').waitFor()
  await interpreter.getByText('Call ended').waitFor()
  await interpreter.goto('/interpreter/calls')
  return {
    ring: interpreterTimes.rang! - clicked,
    accept: accepted - interpreterTimes.rang!,
    signalling: signalled - accepted,
    ice: both - signalled,
    connect: both - clicked,
  }
}

/** The floor of a connect: two pages, the same fake media, SDP passed by this process. */
async function bareConnect(): Promise<number> {
  const context = await browser.newContext({ baseURL: url })
  const [a, b] = [await context.newPage(), await context.newPage()]
  // A document of this origin: media devices are offered to secure contexts only.
  await Promise.all([a.goto('/readyz'), b.goto('/readyz')])
  const setUp = `
    window.__pc = new RTCPeerConnection()
    window.__up = new Promise((resolve) => window.__pc.addEventListener('connectionstatechange', () => {
      if (window.__pc.connectionState === 'connected') resolve(Date.now())
    }))
    window.__candidates = []
    window.__pc.addEventListener('icecandidate', (event) => event.candidate && window.__candidates.push(event.candidate.toJSON()))
  `
  await a.evaluate(setUp)
  await b.evaluate(setUp)
  const started = Date.now()
  const offer = await a.evaluate(async () => {
    const w = window as unknown as { __pc: RTCPeerConnection }
    const media = await navigator.mediaDevices.getUserMedia({ video: true, audio: true })
    media.getTracks().forEach((track) => w.__pc.addTrack(track, media))
    await w.__pc.setLocalDescription(await w.__pc.createOffer())
    return w.__pc.localDescription!.toJSON()
  })
  const answer = await b.evaluate(async (description) => {
    const w = window as unknown as { __pc: RTCPeerConnection }
    await w.__pc.setRemoteDescription(description)
    const media = await navigator.mediaDevices.getUserMedia({ video: true, audio: true })
    media.getTracks().forEach((track) => w.__pc.addTrack(track, media))
    await w.__pc.setLocalDescription(await w.__pc.createAnswer())
    return w.__pc.localDescription!.toJSON()
  }, offer)
  await a.evaluate(async (description) => {
    await (window as unknown as { __pc: RTCPeerConnection }).__pc.setRemoteDescription(description)
  }, answer)
  // Candidates both ways (host candidates: enough on one machine).
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    const candidates = await from.evaluate(
      () => (window as unknown as { __candidates: RTCIceCandidateInit[] }).__candidates,
    )
    await to.evaluate(async (list) => {
      for (const candidate of list)
        await (window as unknown as { __pc: RTCPeerConnection }).__pc.addIceCandidate(candidate)
    }, candidates)
  }
  const ups = await Promise.all(
    [a, b].map((page) =>
      page.evaluate(() => (window as unknown as { __up: Promise<number> }).__up),
    ),
  )
  await context.close()
  return Math.max(...ups) - started
}

/** The floor of a ring: a message to a bare WebSocket server and back, from this process. */
async function bareWebSocketRoundTrips(count: number): Promise<number[]> {
  const server = createServer()
  const sockets = new WebSocketServer({ server })
  sockets.on('connection', (socket) => socket.on('message', (data) => socket.send(data)))
  const socketPort = await freePort()
  await new Promise<void>((resolve) => server.listen(socketPort, '127.0.0.1', resolve))
  const socket = new WebSocket(`ws://127.0.0.1:${socketPort}`)
  await new Promise((resolve) => socket.once('open', resolve))
  const trips: number[] = []
  for (let i = 0; i < count; i++) {
    const sent = performance.now()
    await new Promise((resolve) => {
      socket.once('message', resolve)
      socket.send(JSON.stringify({ type: 'ring', i }))
    })
    trips.push(performance.now() - sent)
  }
  socket.close()
  sockets.close()
  server.close()
  return trips
}

const sorted = (list: number[]) => [...list].sort((a, b) => a - b)
const ms = (value: number) => `${Math.round(value)} ms`

try {
  const db = host.runtime.database.db
  const staff = await createUser({
    email: 'bench-staff@example.com',
    name: 'Bench Staff',
    role: 'admin',
    password: 'a long benchmark password',
  })
  const actor = { id: staff.id, name: staff.name }
  const interpreter = await createDispatchInterpreter(db, actor, {
    firstName: 'Bench',
    languages: ['Spanish'],
  })
  await createOrganizationMember(
    {
      organizationName: 'Bench Clinic',
      name: 'Bench Client',
      email: 'bench-client@example.com',
      role: 'manager',
    },
    actor,
  )
  const clientUser = (await findUserByEmail('bench-client@example.com'))!
  const interpreterUser = (await findUserByEmail(interpreter.email))!
  await setAvailableForCalls(interpreter.profileId, true)

  const interpreterPage = await (await signedIn(interpreterUser.id)).newPage()
  await interpreterPage.goto('/interpreter/calls')
  const clientPage = await (await signedIn(clientUser.id)).newPage()

  console.log(`Timing ${callCount} calls on ${databaseLabel} (and one to warm up)…`)
  await timeOneCall(clientPage, interpreterPage)
  const stages: CallStages[] = []
  for (let i = 0; i < callCount; i++) stages.push(await timeOneCall(clientPage, interpreterPage))
  const floors: number[] = []
  for (let i = 0; i < callCount; i++) floors.push(await bareConnect())
  const roundTrips = sorted(await bareWebSocketRoundTrips(200))

  const column = (key: keyof CallStages) => sorted(stages.map((stage) => stage[key]))
  const connect = column('connect')
  const ring = column('ring')
  const floor = sorted(floors)
  const rows = (['ring', 'accept', 'signalling', 'ice', 'connect'] as const).map((key) => {
    const values = column(key)
    return `| ${key === 'ice' ? 'ICE' : key} | ${ms(percentile(values, 0.5))} | ${ms(percentile(values, 0.95))} | ${ms(values.at(-1)!)} |`
  })
  rows.push(
    `| floor: bare two-page connect | ${ms(percentile(floor, 0.5))} | ${ms(percentile(floor, 0.95))} | ${ms(floor.at(-1)!)} |`,
    `| floor: bare WebSocket round trip | ${percentile(roundTrips, 0.5).toFixed(2)} ms | ${percentile(roundTrips, 0.95).toFixed(2)} ms | ${roundTrips.at(-1)!.toFixed(2)} ms |`,
  )
  const ratio = percentile(connect, 0.5) / percentile(floor, 0.5)
  const targets = [
    { name: 'Connect p50 ≤ 1.0 s', met: percentile(connect, 0.5) <= 1000 },
    { name: 'Connect p95 ≤ 2.5 s', met: percentile(connect, 0.95) <= 2500 },
    { name: `Connect p50 ≤ 2× the bare connect (${ratio.toFixed(1)}×)`, met: ratio <= 2 },
    { name: 'Ring p95 ≤ 250 ms', met: percentile(ring, 0.95) <= 250 },
  ]
  const table = `| stage | p50 | p95 | max |\n|---|---|---|---|\n${rows.join('\n')}`
  const targetText = targets.map((target) => `- ${target.name}: ${target.met ? 'met' : 'NOT met'}`)
  console.log(`${table}\n\n${targetText.join('\n')}`)
  if (!values['dry-run'])
    appendBenchmarkSection(
      `Connect now calls, ${databaseLabel}`,
      `\`scripts/bench-calls.ts\` (run by \`npm run bench\`): ${callCount} calls, each from the client's click to both peer connections up, the interpreter's page accepting every ring at once; Chromium with fake media and the server in one process. Stages: ring (the click to the ring on the interpreter's page), accept (to the call taken), signalling (to the client's offer answered), ICE (to both connected). Machine: ${machineDescription()}; load average at the end ${loadAverageText()}.\n\n${table}\n\n${targetText.join('\n')}`,
    )
} finally {
  await browser.close()
  await host.shutdown('benchmark finished')
  await postgres?.drop()
  rmSync(dataDir, { recursive: true, force: true })
}
