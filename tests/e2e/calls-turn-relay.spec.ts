import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { callRings, calls } from '../../db/schema'
import { iceSettingsFor, type IceServer } from '../../app/lib/calls/ice-servers.server'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import type { Database } from '../../app/platform/db.server'
import { createDispatchInterpreter } from '../support/booking-fixtures'
import { coturnInstalled, startCoturn, type Coturn } from '../support/coturn'
import { startServerProcess, waitUntilReady } from '../support/server-process'
import { createAccount, signIn } from './auth-helpers'
import { clientAccount } from './client-helpers'
import { expect, test } from './fixtures'
import { videoPlays } from './call-helpers'

// The relay is Debian's coturn; .ci/run installs it when missing.
const NEEDS_COTURN = 'needs Debian’s coturn (turnserver), which .ci/run installs'

let coturn: Coturn | undefined
test.beforeAll(async () => {
  if (coturnInstalled()) coturn = await startCoturn()
})
test.afterAll(async () => {
  await coturn?.stop()
})

/**
 * Connects two peer connections in the page with relay-only ICE through the given TURN servers
 * and a data channel; resolves with the offering side's connection state after at most `ms`.
 */
function relayOnlyConnection(page: Page, iceServers: IceServer[], ms = 8_000) {
  return page.evaluate(
    async ({ iceServers, ms }) => {
      const config: RTCConfiguration = { iceServers, iceTransportPolicy: 'relay' }
      const a = new RTCPeerConnection(config)
      const b = new RTCPeerConnection(config)
      a.onicecandidate = (event) => event.candidate && void b.addIceCandidate(event.candidate)
      b.onicecandidate = (event) => event.candidate && void a.addIceCandidate(event.candidate)
      a.createDataChannel('probe')
      await a.setLocalDescription(await a.createOffer())
      await b.setRemoteDescription(a.localDescription!)
      await b.setLocalDescription(await b.createAnswer())
      await a.setRemoteDescription(b.localDescription!)
      const deadline = Date.now() + ms
      while (Date.now() < deadline && !['connected', 'failed'].includes(a.connectionState))
        await new Promise((resolve) => setTimeout(resolve, 100))
      const state = a.connectionState
      a.close()
      b.close()
      return state
    },
    { iceServers, ms },
  )
}

/**
 * TURN credentials of the REST scheme (app/lib/calls/ice-servers.server.ts) against a real
 * coturn, in Chromium with relay-only ICE, so that nothing but the relay can connect: a valid
 * credential connects; a tampered or an expired one does not.
 */
test('the relay takes a call page’s TURN credential, and refuses it tampered or expired', async ({
  page,
  app,
}) => {
  test.skip(!coturn, NEEDS_COTURN)
  const config = {
    stunUrls: [],
    turnUrls: [coturn!.url],
    turnSecret: coturn!.secret,
    turnTtlSeconds: 600,
    relayOnly: true,
  }
  const valid = iceSettingsFor('user-1', new Date(), config).iceServers
  const tampered = valid.map((server) => ({ ...server, credential: `x${server.credential}` }))
  // Issued two hours ago for ten minutes: its expiry has passed.
  const expired = iceSettingsFor('user-1', new Date(Date.now() - 7_200_000), config).iceServers
  await page.goto(app.url)
  expect(await relayOnlyConnection(page, valid)).toBe('connected')
  expect(await relayOnlyConnection(page, tampered)).not.toBe('connected')
  expect(await relayOnlyConnection(page, expired)).not.toBe('connected')
  expect(coturn!.output()).toMatch(/401|Unauthorized|wrong|expired/i)
})

/** A server process of its own, configured relay-only with the given coturn, on the test's database. */
async function relayOnlyServer(
  app: { databaseUrl?: string; sessionSecret: string },
  relay: Coturn,
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'calls-relay-'))
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: app.databaseUrl!,
    SESSION_SECRET: app.sessionSecret,
    LOG_LEVEL: 'warn',
    CALL_TURN_URLS: relay.url,
    CALL_TURN_SECRET: relay.secret,
    CALL_RELAY_ONLY: 'true',
  })
  await waitUntilReady(server)
  return {
    url: server.url,
    async stop() {
      expect(await server.stop()).toBe(0)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A client and an available interpreter of `language` on the relay-only server, the call asked
 * for, accepted and connected: both pages say so and the client's page plays the interpreter's
 * video. The client's page keeps what each of its peer connections was asked for.
 */
async function connectedRelayCall(
  browser: Browser,
  app: { db: Database },
  serverUrl: string,
  language: string,
) {
  const staff = await createAccount('admin', `${language} Relay Staff`)
  const { user: clientUser } = await clientAccount(`${language} Relay Clinic`, 'requester')
  const interpreterProfile = await createDispatchInterpreter(
    app.db,
    { id: staff.id, name: staff.name },
    { firstName: 'Rosa', languages: [language] },
  )
  const interpreterContext = await browser.newContext({ baseURL: serverUrl })
  await signIn(
    interpreterContext,
    serverUrl,
    toPublicUser((await findUserByEmail(interpreterProfile.email))!),
  )
  const interpreter = await interpreterContext.newPage()
  await interpreter.goto('/interpreter/dashboard')
  await interpreter.getByRole('button', { name: 'Available for calls' }).click()
  await expect(interpreter.getByText('On: calls can ring here.')).toBeVisible()

  const clientContext = await browser.newContext({ baseURL: serverUrl })
  await clientContext.addInitScript(() => {
    const Original = window.RTCPeerConnection
    const seen: RTCConfiguration[] = []
    Object.assign(window, { peerConfigs: seen })
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        seen.push(config ?? {})
        super(config)
      }
    }
  })
  await signIn(clientContext, serverUrl, clientUser)
  const client = await clientContext.newPage()
  await client.goto('/client/connect')
  await client.getByLabel('Language').fill(language)
  await client.getByLabel('Setting').selectOption('business')
  await client.getByRole('button', { name: 'Connect now' }).click()
  await interpreter
    .getByRole('alertdialog', { name: 'Incoming call' })
    .getByRole('button', { name: 'Accept call' })
    .click()
  // Through the relay, on a loaded machine, the connection takes longer than direct.
  for (const page of [client, interpreter])
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({
      timeout: 60_000,
    })
  await videoPlays(client)
  return {
    client,
    interpreter,
    callId: client.url().split('/').pop()!,
    async close() {
      await clientContext.close()
      await interpreterContext.close()
    },
  }
}

/**
 * A whole call with CALL_RELAY_ONLY: the server (a process of its own, configured with the
 * relay) gives both pages relay-only ICE with their credentials, and the video reaches each
 * side through coturn.
 */
test('a call configured relay-only connects through the TURN relay', async ({ browser, app }) => {
  test.skip(!coturn, NEEDS_COTURN)
  test.skip(!app.databaseUrl, 'needs TEST_DATABASE_URL: the relay-configured server shares it')
  test.setTimeout(240_000)
  const server = await relayOnlyServer(app, coturn!)
  try {
    const call = await connectedRelayCall(browser, app, server.url, 'Mongolian')
    const configs = await call.client.evaluate(
      () => (window as unknown as { peerConfigs: RTCConfiguration[] }).peerConfigs,
    )
    expect(configs.length).toBeGreaterThan(0)
    for (const config of configs) {
      expect(config.iceTransportPolicy).toBe('relay')
      expect(config.iceServers?.[0]).toMatchObject({ urls: [coturn!.url] })
    }
    const [row] = await app.db.select().from(calls).where(eq(calls.id, call.callId))
    expect(row!.connectedAt).not.toBeNull()
    // Both browsers allocated on the relay: relay-only leaves no other way.
    expect(coturn!.output().match(/ALLOCATE processed, success/g)?.length ?? 0).toBeGreaterThan(1)
    await call.client.getByRole('button', { name: 'End call' }).click()
    await expect(call.client.getByText('Call ended')).toBeVisible()
    await call.close()
  } finally {
    await server.stop()
  }
})

/**
 * A network change mid-call, made real: the only path between the pages is the relay, and the
 * relay stops. Both pages say Reconnecting; the relay starts again in its place; the client's
 * page restarts ICE and the same call is connected again, without a new ring, and the seconds
 * both pages were down are not billed.
 */
test('a call whose relay stops mid-call reconnects by ICE restart, and the gap is not billed', async ({
  browser,
  app,
}) => {
  test.skip(!coturnInstalled(), NEEDS_COTURN)
  test.skip(!app.databaseUrl, 'needs TEST_DATABASE_URL: the relay-configured server shares it')
  test.setTimeout(300_000)
  // A relay of this test's own, which it stops and starts again.
  let relay = await startCoturn()
  const server = await relayOnlyServer(app, relay)
  try {
    const call = await connectedRelayCall(browser, app, server.url, 'Amharic')
    const callRow = async () =>
      (await app.db.select().from(calls).where(eq(calls.id, call.callId)))[0]!

    await relay.stop()
    for (const page of [call.client, call.interpreter])
      await expect(page.getByRole('status').filter({ hasText: 'Reconnecting' })).toBeVisible({
        timeout: 60_000,
      })
    // Both pages have said so: the interruption runs from here.
    await expect
      .poll(async () => {
        const row = await callRow()
        return row.clientDroppedAt !== null && row.interpreterDroppedAt !== null
      })
      .toBe(true)
    const bothDown = Date.now()
    await new Promise((resolve) => setTimeout(resolve, 6_000))
    relay = await startCoturn({ port: relay.port, secret: relay.secret })
    for (const page of [call.client, call.interpreter])
      await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({
        timeout: 60_000,
      })
    await videoPlays(call.client)
    const back = Date.now()
    // The same call, rung once: a reconnection is not a new call.
    expect(call.client.url()).toContain(call.callId)
    const rings = await app.db.select().from(callRings).where(eq(callRings.callId, call.callId))
    expect(rings).toHaveLength(1)
    await expect.poll(async () => (await callRow()).interruptedSeconds).toBeGreaterThanOrEqual(6)
    const interrupted = (await callRow()).interruptedSeconds
    expect(interrupted).toBeLessThanOrEqual(Math.ceil((back - bothDown) / 1000) + 1)

    await call.client.getByRole('button', { name: 'End call' }).click()
    await expect(call.client.getByText('Call ended')).toBeVisible()
    const ended = await callRow()
    expect(ended.status).toBe('ended')
    const connectedSeconds = Math.floor(
      (ended.endedAt!.getTime() - ended.connectedAt!.getTime()) / 1000,
    )
    expect(ended.billableSeconds).toBe(connectedSeconds - ended.interruptedSeconds)
    await call.close()
  } finally {
    await server.stop()
    await relay.stop()
  }
})
