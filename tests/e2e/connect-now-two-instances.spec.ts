import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser } from '@playwright/test'
import { eq, sql } from 'drizzle-orm'
import { calls, invoiceLines, statementLines } from '../../db/schema'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { createDispatchInterpreter } from '../support/booking-fixtures'
import { startServerProcess, waitUntilReady, type ServerProcess } from '../support/server-process'
import { createAccount, signIn } from './auth-helpers'
import { clientAccount } from './client-helpers'
import { expect, test, type TestApp } from './fixtures'
import { videoPlays } from './call-helpers'

/** Instance B: the built server as a process of its own, on instance A's database. */
async function startInstanceB(app: TestApp) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'calls-instance-b-'))
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: app.databaseUrl!,
    SESSION_SECRET: app.sessionSecret,
    LOG_LEVEL: 'warn',
  })
  await waitUntilReady(server)
  return { server, cleanUp: () => rmSync(dataDir, { recursive: true, force: true }) }
}

/**
 * The interpreter, available on instance B, and the client, on instance A, connected by video
 * in `language`: the ring, the accept and every WebRTC message pass between the instances.
 */
async function connectAcross(
  browser: Browser,
  app: TestApp,
  instanceB: ServerProcess,
  language: string,
) {
  const staff = await createAccount('admin', 'Instance Staff')
  const { user: clientUser } = await clientAccount(`${language} Instance Clinic`, 'requester')
  const interpreterProfile = await createDispatchInterpreter(
    app.db,
    { id: staff.id, name: staff.name },
    { firstName: 'Rosa', languages: [language] },
  )
  const interpreterContext = await browser.newContext({ baseURL: instanceB.url })
  await signIn(
    interpreterContext,
    instanceB.url,
    toPublicUser((await findUserByEmail(interpreterProfile.email))!),
  )
  const interpreter = await interpreterContext.newPage()
  await interpreter.goto('/interpreter/dashboard')
  const callsCard = interpreter.getByRole('region', { name: 'On-demand calls' })
  await callsCard.getByRole('button', { name: 'Available for calls' }).click()
  await expect(callsCard.getByText('On: calls can ring here.')).toBeVisible()

  const clientContext = await browser.newContext({ baseURL: app.url })
  await signIn(clientContext, app.url, clientUser)
  const client = await clientContext.newPage()
  await client.goto('/client/connect')
  await client.getByLabel('Language').fill(language)
  await client.getByLabel('Setting').selectOption('business')
  await client.getByRole('button', { name: 'Connect now' }).click()
  await expect(client.getByText('Finding an interpreter')).toBeVisible()

  const ring = interpreter.getByRole('alertdialog', { name: 'Incoming call' })
  await expect(ring).toContainText(`${language}, video, business`)
  await ring.getByRole('button', { name: 'Accept call' }).click()
  await expect(interpreter.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(client.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({
    timeout: 20_000,
  })
  await videoPlays(client)
  await videoPlays(interpreter)
  return {
    client,
    interpreter,
    interpreterProfile,
    callId: client.url().split('/').pop()!,
    close: () => Promise.all([clientContext.close(), interpreterContext.close()]),
  }
}

// Two processes share a database only on PostgreSQL; the embedded one belongs to one process.
// CI runs the browser tests on PostgreSQL (TEST_DATABASE_URL, .ci/run).
const NEEDS_POSTGRES = 'needs TEST_DATABASE_URL: two instances share PostgreSQL only'

/**
 * Connect now across instances (docs/architecture.md#on-demand-calls): the test's own host is
 * instance A; a second server process on the same PostgreSQL database is instance B. The
 * client's browser talks to A only, the interpreter's to B only.
 */
test('a client on one instance connects to an interpreter on another, and the call is billed once', async ({
  browser,
  app,
}) => {
  test.skip(!app.databaseUrl, NEEDS_POSTGRES)
  test.setTimeout(360_000)
  const instanceB = await startInstanceB(app)
  try {
    const call = await connectAcross(browser, app, instanceB.server, 'Tagalog')
    // The client hangs up 95 s on (a call ended within 30 s is not billed). The clock cannot
    // move as in connect-now.spec.ts: instance B, a process of its own, keeps the real time and
    // writes the interpreter's heartbeats with it. The call's times move back instead.
    await app.db
      .update(calls)
      .set({
        startedAt: sql`${calls.startedAt} - interval '95 seconds'`,
        acceptedAt: sql`${calls.acceptedAt} - interval '95 seconds'`,
        connectedAt: sql`${calls.connectedAt} - interval '95 seconds'`,
      })
      .where(eq(calls.id, call.callId))
    await call.client.getByRole('button', { name: 'End call' }).click()
    await expect(call.client.getByText('Call ended')).toBeVisible()
    await expect(call.interpreter.getByText('Call ended')).toBeVisible()
    const [row] = await app.db.select().from(calls).where(eq(calls.id, call.callId))
    expect(row).toMatchObject({
      status: 'ended',
      interpreterId: call.interpreterProfile.profileId,
    })
    expect(row!.billableSeconds).toBeGreaterThanOrEqual(95)
    expect(await app.db.$count(invoiceLines, eq(invoiceLines.callId, call.callId))).toBe(1)
    expect(await app.db.$count(statementLines, eq(statementLines.callId, call.callId))).toBe(1)
    await call.close()
  } finally {
    expect(await instanceB.server.stop()).toBe(0)
    instanceB.cleanUp()
  }
})

/**
 * An instance killed mid-call (kill -9: no goodbye to anyone): the interpreter's page on it
 * falls silent, and within 20 s instance A ends the call and offers the client a new
 * interpreter; the call is billed to the interpreter's last heartbeat, not to the drop's
 * discovery.
 */
test('an instance killed mid-call: the other side is told within 20 s and the call ends there', async ({
  browser,
  app,
}) => {
  test.skip(!app.databaseUrl, NEEDS_POSTGRES)
  test.setTimeout(360_000)
  const instanceB = await startInstanceB(app)
  try {
    const call = await connectAcross(browser, app, instanceB.server, 'Ilocano')
    const killedAt = Date.now()
    expect(await instanceB.server.stop('SIGKILL')).toBeNull()
    const dropped = call.client.getByRole('status').filter({ hasText: 'connection dropped' })
    await expect(dropped).toContainText('Your interpreter’s connection dropped', {
      timeout: 30_000,
    })
    // Told within the 20 s of silence the rules allow, and a few seconds of heartbeat before.
    expect(Date.now() - killedAt).toBeLessThan(30_000)
    const [row] = await app.db.select().from(calls).where(eq(calls.id, call.callId))
    expect(row).toMatchObject({ status: 'ended', endedBy: 'system' })
    expect(row!.endedAt!.getTime()).toBeLessThanOrEqual(killedAt + 1_000)
    await call.close()
  } finally {
    await instanceB.server.stop()
    instanceB.cleanUp()
  }
})
