import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { calls } from '../../db/schema'
import { iceSettingsFor, type IceServer } from '../../app/lib/calls/ice-servers.server'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { createDispatchInterpreter } from '../support/booking-fixtures'
import { coturnInstalled, startCoturn, type Coturn } from '../support/coturn'
import { startServerProcess, waitUntilReady } from '../support/server-process'
import { createAccount, signIn } from './auth-helpers'
import { clientAccount } from './client-helpers'
import { expect, test } from './fixtures'

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

/**
 * A whole call with CALL_RELAY_ONLY: the server (a process of its own, configured with the
 * relay) gives both pages relay-only ICE with their credentials, and the video reaches each
 * side through coturn.
 */
test('a call configured relay-only connects through the TURN relay', async ({ browser, app }) => {
  test.skip(!coturn, NEEDS_COTURN)
  test.skip(!app.databaseUrl, 'needs TEST_DATABASE_URL: the relay-configured server shares it')
  test.setTimeout(240_000)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'calls-relay-'))
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: app.databaseUrl!,
    SESSION_SECRET: app.sessionSecret,
    LOG_LEVEL: 'warn',
    CALL_TURN_URLS: coturn!.url,
    CALL_TURN_SECRET: coturn!.secret,
    CALL_RELAY_ONLY: 'true',
  })
  try {
    await waitUntilReady(server)
    const staff = await createAccount('admin', 'Relay Staff')
    const { user: clientUser } = await clientAccount('Relay Clinic', 'requester')
    const interpreterProfile = await createDispatchInterpreter(
      app.db,
      { id: staff.id, name: staff.name },
      { firstName: 'Rosa', languages: ['Mongolian'] },
    )
    const interpreterContext = await browser.newContext({ baseURL: server.url })
    await signIn(
      interpreterContext,
      server.url,
      toPublicUser((await findUserByEmail(interpreterProfile.email))!),
    )
    const interpreter = await interpreterContext.newPage()
    await interpreter.goto('/interpreter/dashboard')
    await interpreter.getByRole('button', { name: 'Available for calls' }).click()
    await expect(interpreter.getByText('On: calls can ring here.')).toBeVisible()

    const clientContext = await browser.newContext({ baseURL: server.url })
    // What the call screen asks of its peer connection, kept for the test to read.
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
    await signIn(clientContext, server.url, clientUser)
    const client = await clientContext.newPage()
    await client.goto('/client/connect')
    await client.getByLabel('Language').fill('Mongolian')
    await client.getByLabel('Setting').selectOption('business')
    await client.getByRole('button', { name: 'Connect now' }).click()
    await interpreter
      .getByRole('alertdialog', { name: 'Incoming call' })
      .getByRole('button', { name: 'Accept call' })
      .click()
    // Through the relay, on a loaded machine, the connection takes longer than direct.
    await expect(client.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({
      timeout: 60_000,
    })
    const video = client.getByTestId('remote-video')
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0)
    const configs = await client.evaluate(
      () => (window as unknown as { peerConfigs: RTCConfiguration[] }).peerConfigs,
    )
    expect(configs.length).toBeGreaterThan(0)
    for (const config of configs) {
      expect(config.iceTransportPolicy).toBe('relay')
      expect(config.iceServers?.[0]).toMatchObject({ urls: [coturn!.url] })
    }
    const callId = client.url().split('/').pop()!
    const [row] = await app.db.select().from(calls).where(eq(calls.id, callId))
    expect(row!.connectedAt).not.toBeNull()
    // Both browsers allocated on the relay: relay-only leaves no other way.
    expect(coturn!.output().match(/ALLOCATE processed, success/g)?.length ?? 0).toBeGreaterThan(1)
    await client.getByRole('button', { name: 'End call' }).click()
    await expect(client.getByText('Call ended')).toBeVisible()
    await clientContext.close()
    await interpreterContext.close()
  } finally {
    expect(await server.stop()).toBe(0)
    rmSync(dataDir, { recursive: true, force: true })
  }
})
