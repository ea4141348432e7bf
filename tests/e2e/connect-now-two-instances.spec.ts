import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { calls, interpreterCallPresence, invoiceLines, statementLines } from '../../db/schema'
import { setClock } from '../../app/platform/clock.server'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { createDispatchInterpreter } from '../support/booking-fixtures'
import { startServerProcess, waitUntilReady, type ServerProcess } from '../support/server-process'
import { createAccount, signIn } from './auth-helpers'
import { clientAccount } from './client-helpers'
import { expect, test } from './fixtures'

/** Whether the page's remote video shows frames: it has a size and its time moves on. */
async function remoteVideoPlays(page: Page) {
  const video = page.getByTestId('remote-video')
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth))
    .toBeGreaterThan(0)
  const before = await video.evaluate((element: HTMLVideoElement) => element.currentTime)
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(before)
}

test.afterEach(() => setClock())

/**
 * Connect now across instances (docs/architecture.md#on-demand-calls): the test's own host is
 * instance A; a second server process on the same PostgreSQL database is instance B. The
 * client's browser talks to A only, the interpreter's to B only: the ring, the accept and every
 * WebRTC message pass between them through the database.
 */
test('a client on one instance connects to an interpreter on another, and the call is billed once', async ({
  browser,
  app,
}) => {
  // Two processes share a database only on PostgreSQL; the embedded one belongs to one
  // process. CI runs the browser tests on PostgreSQL (TEST_DATABASE_URL, .ci/run).
  test.skip(!app.databaseUrl, 'needs TEST_DATABASE_URL: two instances share PostgreSQL only')
  test.setTimeout(180_000)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'calls-instance-b-'))
  let instanceB: ServerProcess | undefined
  try {
    instanceB = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: app.databaseUrl!,
      SESSION_SECRET: app.sessionSecret,
      LOG_LEVEL: 'warn',
    })
    await waitUntilReady(instanceB)

    const staff = await createAccount('admin', 'Instance Staff')
    const { user: clientUser } = await clientAccount('Two Instance Clinic', 'requester')
    const rosa = await createDispatchInterpreter(
      app.db,
      { id: staff.id, name: staff.name },
      { firstName: 'Rosa', languages: ['Tagalog'] },
    )

    const interpreterContext = await browser.newContext({ baseURL: instanceB.url })
    await signIn(
      interpreterContext,
      instanceB.url,
      toPublicUser((await findUserByEmail(rosa.email))!),
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
    await client.getByLabel('Language').fill('Tagalog')
    await client.getByLabel('Setting').selectOption('business')
    await client.getByRole('button', { name: 'Connect now' }).click()
    await expect(client.getByText('Finding an interpreter')).toBeVisible()

    // The ring reaches instance B's page; the accept there reaches instance A's.
    const ring = interpreter.getByRole('alertdialog', { name: 'Incoming call' })
    await expect(ring).toContainText('Tagalog, video, business')
    await ring.getByRole('button', { name: 'Accept call' }).click()
    await expect(interpreter.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({
      timeout: 20_000,
    })
    await expect(client.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({
      timeout: 20_000,
    })
    await remoteVideoPlays(client)
    await remoteVideoPlays(interpreter)

    // The client hangs up 95 s on (a call ended within 30 s is not billed): instance A's clock
    // moves on, and the interpreter's presence with it, as in connect-now.spec.ts.
    const callId = client.url().split('/').pop()!
    await app.db
      .update(interpreterCallPresence)
      .set({ lastSeenAt: new Date(Date.now() + 95_000) })
      .where(eq(interpreterCallPresence.interpreterId, rosa.profileId))
    setClock(() => new Date(Date.now() + 95_000))
    await client.getByRole('button', { name: 'End call' }).click()
    await expect(client.getByText('Call ended')).toBeVisible()
    await expect(interpreter.getByText('Call ended')).toBeVisible()
    setClock()
    const [call] = await app.db.select().from(calls).where(eq(calls.id, callId))
    expect(call).toMatchObject({ status: 'ended', interpreterId: rosa.profileId })
    expect(call!.billableSeconds).toBeGreaterThanOrEqual(95)
    expect(await app.db.$count(invoiceLines, eq(invoiceLines.callId, callId))).toBe(1)
    expect(await app.db.$count(statementLines, eq(statementLines.callId, callId))).toBe(1)
    await clientContext.close()
    await interpreterContext.close()
  } finally {
    expect(await instanceB?.stop()).toBe(0)
    rmSync(dataDir, { recursive: true, force: true })
  }
})
