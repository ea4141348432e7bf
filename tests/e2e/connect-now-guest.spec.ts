import type { Browser, Page } from '@playwright/test'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { createDispatchInterpreter } from '../support/booking-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { clientAccount } from './client-helpers'
import { checkPage, expect, test } from './fixtures'
import { videoPlays } from './call-helpers'

/** A context whose pages keep every peer connection they make, for the test to read. */
async function contextKeepingPeers(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL })
  await context.addInitScript(() => {
    const Original = window.RTCPeerConnection
    const peers: RTCPeerConnection[] = []
    Object.assign(window, { peers })
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config)
        peers.push(this)
      }
    }
  })
  return context
}

/** How many of the page's open peer connections receive sound (bytes of inbound audio). */
function connectionsHearing(page: Page) {
  return page.evaluate(async () => {
    const peers = (window as unknown as { peers: RTCPeerConnection[] }).peers
    let hearing = 0
    for (const peer of peers.filter((peer) => peer.connectionState === 'connected')) {
      const stats = await peer.getStats()
      let bytes = 0
      stats.forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
        if (report.type === 'inbound-rtp' && report.kind === 'audio')
          bytes += report.bytesReceived ?? 0
      })
      if (bytes > 0) hearing++
    }
    return hearing
  })
}

/**
 * A third participant (docs/product.md#call-guests): during a connected video call the client
 * makes a link; a guest with no account opens it on another device and joins; all three see
 * and hear the other two. The link works once, and dies with the call.
 */
test('the client adds a guest by a single-use link; all three see and hear each other; the link dies with the call', async ({
  browser,
  app,
}) => {
  test.setTimeout(240_000)
  const staff = await createAccount('admin', 'Guest Staff')
  const { user: clientUser } = await clientAccount('Guest Clinic', 'requester')
  const rosa = await createDispatchInterpreter(
    app.db,
    { id: staff.id, name: staff.name },
    { firstName: 'Rosa', lastName: 'Quillfeather', languages: ['Swahili'] },
  )
  const interpreterContext = await contextKeepingPeers(browser, app.url)
  await signIn(interpreterContext, app.url, toPublicUser((await findUserByEmail(rosa.email))!))
  const interpreter = await interpreterContext.newPage()
  await interpreter.goto('/interpreter/dashboard')
  await interpreter.getByRole('button', { name: 'Available for calls' }).click()
  await expect(interpreter.getByText('On: calls can ring here.')).toBeVisible()

  const clientContext = await contextKeepingPeers(browser, app.url)
  await signIn(clientContext, app.url, clientUser)
  const client = await clientContext.newPage()
  await client.goto('/client/connect')
  await client.getByLabel('Language').fill('Swahili')
  await client.getByLabel('Setting').selectOption('business')
  await client.getByRole('button', { name: 'Connect now' }).click()
  await interpreter
    .getByRole('alertdialog', { name: 'Incoming call' })
    .getByRole('button', { name: 'Accept call' })
    .click()
  for (const page of [client, interpreter])
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({
      timeout: 30_000,
    })

  // The client makes the link.
  const invite = client.getByRole('region', { name: 'Add a participant' })
  await invite.getByRole('button', { name: 'Create a link' }).click()
  const linkField = invite.getByLabel('Link for the participant')
  await expect(linkField).toHaveValue(/\/call-guest\/[\w-]{40,}$/)
  const linkPath = new URL(await linkField.inputValue()).pathname
  await checkPage(client, 'client-call-guest-link')

  // The guest, signed in nowhere, opens it and joins.
  const guestContext = await contextKeepingPeers(browser, app.url)
  const guest = await guestContext.newPage()
  const opened = await guest.goto(linkPath)
  expect(opened!.status()).toBe(200)
  expect(opened!.headers()['referrer-policy']).toBe('no-referrer')
  await expect(guest.getByRole('heading', { level: 1, name: 'Join a call' })).toBeVisible()
  await checkPage(guest, 'call-guest-join')
  await guest.getByRole('button', { name: 'Join the call' }).click()
  await expect(guest.getByText('Swahili, video')).toBeVisible()
  await expect(guest.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({
    timeout: 30_000,
  })
  // Nothing of the client's account or the interpreter's surname reaches the guest.
  await expect(guest.locator('body')).not.toContainText('Guest Clinic')
  await expect(guest.locator('body')).not.toContainText('Quillfeather')

  // Everyone sees the other two…
  await videoPlays(guest, 'interpreter-video')
  await videoPlays(guest, 'client-video')
  await videoPlays(client, 'remote-video')
  await videoPlays(client, 'guest-video')
  await videoPlays(interpreter, 'remote-video')
  await videoPlays(interpreter, 'guest-video')
  // …and hears them: each page receives sound on its two connections.
  for (const page of [guest, client, interpreter])
    await expect.poll(() => connectionsHearing(page), { timeout: 20_000 }).toBe(2)
  await checkPage(guest, 'call-guest-joined')

  // The link works once: another browser is turned away, and no new link while the guest is in.
  const otherContext = await browser.newContext({ baseURL: app.url })
  const other = await otherContext.newPage()
  expect((await other.goto(linkPath))!.status()).toBe(410)
  await expect(other.getByText('This link has already been used.')).toBeVisible()
  await invite.getByRole('button', { name: 'Make a new link' }).click()
  await expect(invite.getByRole('alert')).toHaveText('A participant has already joined this call.')

  // The call ends: the guest's page says so, and the link is dead for everyone.
  // Three pages sending and decoding video on a loaded machine: ending may take a while.
  await client.getByRole('button', { name: 'End call' }).click()
  await expect(client.getByText('Call ended')).toBeVisible({ timeout: 30_000 })
  await expect(guest.getByText('This call has ended. The link no longer works.')).toBeVisible({
    timeout: 30_000,
  })
  expect((await guest.goto(linkPath))!.status()).toBe(410)
  expect((await other.goto(linkPath))!.status()).toBe(410)
  await expect(other.getByText('This call has ended. The link no longer works.')).toBeVisible()
  await checkPage(other, 'call-guest-over')

  for (const context of [guestContext, otherContext, clientContext, interpreterContext])
    await context.close()
})
