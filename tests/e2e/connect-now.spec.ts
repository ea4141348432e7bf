import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import {
  bookings,
  calls,
  interpreterCallPresence,
  interpreterProfiles,
  invoiceLines,
  statementLines,
} from '../../db/schema'
import { formatCents } from '../../app/domain/money'
import { minutesAndSeconds } from '../../app/domain/calls'
import { IN_FORCE_PAST_MESSAGE } from '../../app/lib/validation/rates'
import { INCIDENT_NOTE_MESSAGE } from '../../app/lib/validation/calls'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { now, setClock } from '../../app/platform/clock.server'
import { createDispatchInterpreter } from '../support/booking-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { clientAccount } from './client-helpers'
import { htmlErrors, type HtmlDocument } from '../support/html-checker'
import { checkPage, expect, test } from './fixtures'
import { videoPlays } from './call-helpers'

test.afterEach(() => setClock())

/**
 * Runs `steps` with the app's clock stopped, and lets it go on afterwards from where it stopped:
 * a ring lasts 20 s of the app's time, and an axe check at two widths on this loaded machine
 * can take longer than that.
 */
async function whileClockStopped(steps: () => Promise<void>) {
  const stoppedAt = now().getTime()
  setClock(() => new Date(stoppedAt))
  try {
    await steps()
  } finally {
    const behind = Date.now() - stoppedAt
    setClock(() => new Date(Date.now() - behind))
  }
}

/** Axe at both widths, and the page's HTML kept for the W3C checker at the end of the test. */
async function checkAndKeep(page: Page, name: string, documents: HtmlDocument[]) {
  await checkPage(page, name)
  documents.push({ name, html: await page.content() })
}

/**
 * Staff set the video call rates on the Rates screen: $2.40 a minute for the client, $0.80 for
 * the interpreter, each started minute. A start in the past is refused in that form.
 */
async function setVideoCallRates(page: Page) {
  await page.goto('/admin/rates')
  const video = page.getByRole('form', { name: 'Video call rates' })
  await video.getByLabel('Client rate per minute (USD)').fill('2.40')
  await video.getByLabel('Interpreter rate per minute (USD)').fill('0.80')
  await video.getByLabel('Minimum billable minutes').fill('1')
  await video.getByLabel('Rounding').selectOption({ label: 'Each started minute' })
  const inForceFrom = video.getByLabel('In force from')
  const now = await inForceFrom.inputValue()
  await inForceFrom.fill('2020-01-01T09:00')
  await video.getByRole('button', { name: 'Save video call rates' }).click()
  await expect(video.getByText(IN_FORCE_PAST_MESSAGE)).toBeVisible()
  await expect(video.getByLabel('Client rate per minute (USD)')).toHaveValue('2.40')
  await checkPage(page, 'admin-rates-call-errors')
  await inForceFrom.fill(now)
  await video.getByRole('button', { name: 'Save video call rates' }).click()
  await expect(page.getByText(/^Video call rates saved, in force from/)).toBeVisible()
  const history = page.getByRole('table', { name: 'Call rate history, the latest 20' })
  await expect(history.getByRole('row').filter({ hasText: 'by Call Staff' })).toContainText(
    '$2.4000',
  )
}

/**
 * Connect now end to end (docs/product.md#on-demand-calls), in two browser contexts with
 * Chromium's fake camera and microphone: staff set the video call rates; the client asks for a
 * Spanish video call, the available Spanish interpreter's page rings, they accept, both pages
 * are connected and each plays the other's video, the client hangs up after a measured time
 * and both see the call ended; the call's line is on the interpreter's statement and on the
 * organization's invoice at those rates.
 */
test('a client connects to an available Spanish interpreter by video, and hangs up', async ({
  browser,
  app,
}) => {
  const documents: HtmlDocument[] = []
  test.setTimeout(360_000)
  const staff = await createAccount('admin', 'Call Staff')
  const { user: clientUser } = await clientAccount('Connect Clinic', 'requester')
  const rosa = await createDispatchInterpreter(
    app.db,
    { id: staff.id, name: staff.name },
    {
      firstName: 'Rosa',
      languages: ['Spanish'],
    },
  )
  const interpreterUser = toPublicUser((await findUserByEmail(rosa.email))!)
  const staffContext = await browser.newContext({ baseURL: app.url })
  await signIn(staffContext, app.url, staff)
  const staffPage = await staffContext.newPage()
  await setVideoCallRates(staffPage)
  // Nothing of the call's reference or of the parties' names reaches a log line.
  const log = app.log.record()

  const interpreterContext = await browser.newContext({ baseURL: app.url })
  await signIn(interpreterContext, app.url, interpreterUser)
  // The interpreter turns "Available for calls" on from the dashboard, and stays there.
  const interpreter = await interpreterContext.newPage()
  await interpreter.goto('/interpreter/dashboard')
  const callsCard = interpreter.getByRole('region', { name: 'On-demand calls' })
  await callsCard.getByRole('button', { name: 'Available for calls' }).click()
  await expect(callsCard.getByText('On: calls can ring here.')).toBeVisible()
  await expect(interpreter).toHaveURL(/\/interpreter\/dashboard$/)
  await expect(callsCard.getByRole('button', { name: 'Available for calls' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await checkAndKeep(interpreter, 'interpreter-dashboard-available', documents)

  const clientContext = await browser.newContext({ baseURL: app.url })
  await signIn(clientContext, app.url, clientUser)
  const client = await clientContext.newPage()
  await client.goto('/client/dashboard')
  await client.getByRole('link', { name: 'Connect now' }).first().click()
  await expect(client.getByRole('heading', { level: 1, name: 'Connect now' })).toBeVisible()
  await checkAndKeep(client, 'client-connect', documents)
  // Nothing chosen: the errors say what is missing, and nothing is sent.
  await client.getByRole('button', { name: 'Connect now' }).click()
  await expect(client.getByText('Please correct 2 fields')).toBeVisible()
  await client.getByLabel('Language').fill('Spanish')
  await expect(client.getByLabel('Video')).toBeChecked()
  await client.getByLabel('Setting').selectOption('business')
  await client.getByLabel('Reference (optional)').fill('MRN 5512-Q')
  await client.getByRole('button', { name: 'Connect now' }).click()
  await expect(client.getByText('Finding an interpreter')).toBeVisible()
  await checkAndKeep(client, 'client-connect-waiting', documents)

  const ring = interpreter.getByRole('alertdialog', { name: 'Incoming call' })
  await whileClockStopped(async () => {
    await expect(ring).toBeVisible()
    await expect(ring).toContainText('Spanish, video, business')
    await expect(ring.getByRole('button', { name: 'Accept call' })).toBeFocused()
    await checkAndKeep(interpreter, 'interpreter-ringing', documents)
    await ring.getByRole('button', { name: 'Accept call' }).click()
  })
  await expect(interpreter).toHaveURL(/\/interpreter\/calls\/[0-9a-f-]{36}$/)

  await expect(interpreter.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(client.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({
    timeout: 20_000,
  })
  // The first name and the ID number, never a surname.
  const [rosaProfile] = await app.db
    .select({ idNumber: interpreterProfiles.idNumber })
    .from(interpreterProfiles)
    .where(eq(interpreterProfiles.id, rosa.profileId))
  await expect(
    client.getByText(`Your interpreter: Rosa, ID ${rosaProfile!.idNumber}`),
  ).toBeVisible()
  await videoPlays(client)
  await videoPlays(interpreter)
  await checkAndKeep(client, 'client-call', documents)
  await checkAndKeep(interpreter, 'interpreter-call', documents)

  // The client hangs up a minute and a half on: the server's clock moves on 95 s. The
  // interpreter's presence moves with it first, or the routing tick, reading the moved clock
  // before her next heartbeat, would take her for gone and end the call at her last heartbeat.
  const callId = client.url().split('/').pop()!
  const movedAt = Date.now()
  await app.db
    .update(interpreterCallPresence)
    .set({ lastSeenAt: new Date(movedAt + 95_000) })
    .where(eq(interpreterCallPresence.interpreterId, rosa.profileId))
  setClock(() => new Date(Date.now() + 95_000))
  await client.getByRole('button', { name: 'End call' }).click()
  await expect(client.getByText('Call ended')).toBeVisible()
  await expect(interpreter.getByText('Call ended')).toBeVisible()
  setClock()
  const [call] = await app.db.select().from(calls).where(eq(calls.id, callId))
  const seconds = call!.billableSeconds!
  expect(seconds).toBeGreaterThanOrEqual(95)
  expect(seconds).toBeLessThan(95 + (Date.now() - call!.connectedAt!.getTime()) / 1000)
  expect(call!.connectedAt!.getTime()).toBeLessThan(movedAt)
  await expect(client.getByText(`Duration ${minutesAndSeconds(seconds)}`)).toBeVisible()

  // Each started minute at $2.40 for the client and $0.80 for the interpreter.
  const minutes = Math.ceil(seconds / 60)
  const [invoiceLine] = await app.db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.callId, callId))
  const [statementLine] = await app.db
    .select()
    .from(statementLines)
    .where(eq(statementLines.callId, callId))
  await staffPage.goto(`/admin/invoices/${invoiceLine!.invoiceId}`)
  const invoiceRow = staffPage
    .getByRole('table', { name: 'Invoice lines' })
    .getByRole('row')
    .filter({
      hasText: `Spanish, on-demand video call interpreting (${minutesAndSeconds(seconds)})`,
    })
  await expect(invoiceRow).toContainText(formatCents(minutes * 240))
  await expect(invoiceRow).toContainText('Interpreter: Rosa')
  await checkAndKeep(staffPage, 'admin-invoice-with-call', documents)
  // The board's connect times, and the calls behind Spanish's figures.
  await staffPage.goto('/admin/calls')
  await staffPage
    .getByRole('table', { name: 'Connect times per language' })
    .getByRole('link', { name: 'Spanish, video: the calls behind these figures' })
    .click()
  const behind = staffPage.getByRole('table', { name: 'Spanish video calls, the last 30 days' })
  await expect(
    behind
      .getByRole('row')
      .filter({ hasText: 'Connect Clinic' })
      .filter({ hasText: 'Rosa Interpreter' })
      .filter({ hasText: minutesAndSeconds(seconds) })
      .first(),
  ).toBeVisible()
  await expect(staffPage).toHaveURL(
    /\/admin\/calls\?days=30&language=Spanish&media=video#calls-behind$/,
  )
  await checkAndKeep(staffPage, 'admin-calls-behind', documents)
  // The last 7 days' figures, by the window's link.
  await staffPage
    .getByRole('navigation', { name: 'Connect times window' })
    .getByRole('link', { name: 'Last 7 days' })
    .click()
  await expect(
    staffPage.getByRole('table', { name: 'Connect times per language, the last 7 days' }),
  ).toContainText('Spanish')
  await interpreter.goto(`/interpreter/payouts/${statementLine!.statementId}`)
  const statementRow = interpreter
    .getByRole('table', { name: 'Work on this statement' })
    .getByRole('row')
    .filter({ hasText: 'Spanish, on-demand video call, Connect Clinic' })
  await expect(statementRow).toContainText(formatCents(minutes * 80))
  await checkAndKeep(interpreter, 'interpreter-statement-with-call', documents)

  // Both rate the call: the client 2 stars with a comment, the interpreter the call's quality
  // with an incident, which needs a few words.
  const clientRating = client.getByRole('region', { name: 'Rate this call' })
  await clientRating.getByRole('radio', { name: '2 – Fair' }).check()
  await clientRating.getByLabel('Comment (optional)').fill('The picture froze twice.')
  await clientRating.getByRole('button', { name: 'Send rating' }).click()
  await expect(client.getByRole('region', { name: 'Your rating' })).toContainText('2 out of 5')
  await checkAndKeep(client, 'client-call-rated', documents)
  await interpreter.goto(`/interpreter/calls/${callId}`)
  const report = interpreter.getByRole('region', { name: 'Rate the call' })
  await report.getByRole('radio', { name: '3 – Good' }).check()
  await report.getByLabel('Flag an incident for staff').check()
  await report.getByRole('button', { name: 'Send report' }).click()
  await expect(report.getByText(INCIDENT_NOTE_MESSAGE).first()).toBeVisible()
  await expect(report.getByLabel('Flag an incident for staff')).toBeChecked()
  await checkAndKeep(interpreter, 'interpreter-call-report-refused', documents)
  await report
    .getByLabel('What happened (optional unless you flag an incident)')
    .fill('The caller shouted at the patient.')
  await report.getByRole('button', { name: 'Send report' }).click()
  await expect(interpreter.getByRole('region', { name: 'Your report' })).toContainText(
    'Incident flagged for staff.',
  )

  // Staff find both in the quality queue and mark the incident reviewed.
  await staffPage.goto('/admin/quality')
  const queue = staffPage.getByRole('table', { name: 'Calls to review' })
  // (Other tests' calls may wait there too: each row is found by its words.)
  await expect(
    queue.getByRole('row').filter({ hasText: 'The picture froze twice.' }),
  ).toContainText('Client: 2 out of 5')
  const incidentRow = queue
    .getByRole('row')
    .filter({ hasText: 'Incident flagged' })
    .filter({ hasText: 'The caller shouted at the patient.' })
  await expect(incidentRow).toContainText('The caller shouted at the patient.')
  await checkAndKeep(staffPage, 'admin-quality-calls', documents)
  await incidentRow.getByRole('button', { name: /^Mark reviewed/ }).click()
  await expect(staffPage.getByText('Call marked reviewed.')).toBeVisible()
  await expect(incidentRow).toHaveCount(0)

  // The call is in both histories: how long it was connected, and the interpreter's pay.
  await client.goto('/client/connect')
  const clientHistory = client.getByRole('table', { name: 'Recent calls' })
  await expect(clientHistory.getByRole('row').filter({ hasText: 'Spanish, video' })).toContainText(
    minutesAndSeconds(seconds),
  )
  await interpreter.goto('/interpreter/calls')
  await expect(
    interpreter
      .getByRole('table', { name: 'Recent calls' })
      .getByRole('row')
      .filter({ hasText: 'Spanish, video' }),
  ).toContainText(formatCents(minutes * 80))
  await checkAndKeep(interpreter, 'interpreter-calls-history', documents)

  await clientContext.close()
  await interpreterContext.close()
  await staffContext.close()
  log.stop()
  expect(log.lines().length).toBeGreaterThan(0)
  for (const secret of ['MRN 5512-Q', 'Rosa', rosa.email, clientUser.name, clientUser.email])
    expect(log.lines().filter((line) => line.includes(secret))).toEqual([])
  expect(await htmlErrors(documents)).toEqual([])
})

/**
 * The rare paths: with nobody online the client is told at once and offered a booking; a
 * client who leaves while waiting cancels the call, and the interpreter's ring stops.
 */
test('nobody online: the client is offered a booking; leaving while waiting stops the ring', async ({
  browser,
  app,
}) => {
  const documents: HtmlDocument[] = []
  test.setTimeout(240_000)
  const staff = await createAccount('admin', 'Call Staff')
  const { user: clientUser } = await clientAccount('Leaving Clinic', 'requester')
  const clientContext = await browser.newContext({ baseURL: app.url })
  await signIn(clientContext, app.url, clientUser)
  const client = await clientContext.newPage()
  const connect = async (language: string) => {
    await client.goto('/client/connect')
    await client.getByLabel('Language').fill(language)
    await client.getByLabel('Audio only').check()
    await client.getByLabel('Setting').selectOption('legal')
    await client.getByLabel('Reference (optional)').fill('Case 88-A')
    await client.getByRole('button', { name: 'Connect now' }).click()
  }
  await connect('Tagalog')
  await expect(client.getByText('No Tagalog interpreter is online right now')).toBeVisible()
  await expect(client.getByRole('link', { name: 'Book an interpreter' }).last()).toHaveAttribute(
    'href',
    '/client/book',
  )
  await checkAndKeep(client, 'client-connect-unanswered', documents)

  const lena = await createDispatchInterpreter(
    app.db,
    { id: staff.id, name: staff.name },
    {
      firstName: 'Lena',
      lastName: 'Quisumbing',
      languages: ['Tagalog'],
    },
  )
  const log = app.log.record()
  const interpreterContext = await browser.newContext({ baseURL: app.url })
  await signIn(interpreterContext, app.url, toPublicUser((await findUserByEmail(lena.email))!))
  const interpreter = await interpreterContext.newPage()
  await interpreter.goto('/interpreter/dashboard')
  await interpreter
    .getByRole('navigation', { name: 'Interpreter portal' })
    .getByRole('link', { name: 'Calls' })
    .click()
  await expect(interpreter.getByRole('heading', { level: 1, name: 'Calls' })).toBeVisible()
  await interpreter.getByRole('button', { name: 'Available for calls' }).click()
  await expect(interpreter.getByText('On: calls can ring here.')).toBeVisible()
  await expect(interpreter).toHaveURL(/\/interpreter\/calls$/)
  await checkAndKeep(interpreter, 'interpreter-calls', documents)

  const staffContext = await browser.newContext({ baseURL: app.url })
  await signIn(staffContext, app.url, staff)
  const board = await staffContext.newPage()
  const lenaRow = board
    .getByRole('table', { name: 'Interpreters available for calls' })
    .getByRole('row', { name: /Lena Quisumbing/ })
  await connect('Tagalog')
  const ring = interpreter.getByRole('alertdialog', { name: 'Incoming call' })
  // Lena's page keeps ringing, whatever the time staff's pages and their checks take.
  await whileClockStopped(async () => {
    await expect(ring).toContainText('Tagalog, audio only, legal')
    await expect(ring).not.toContainText('88-A')

    // Staff's board shows the call waiting and Lena's page ringing.
    await board.goto('/admin/dashboard')
    await board.getByRole('link', { name: 'Calls' }).first().click()
    await expect(board.getByRole('heading', { level: 1, name: 'Calls' })).toBeVisible()
    await expect(
      board.getByRole('table', { name: 'Calls waiting for an interpreter' }).getByRole('row', {
        name: /Tagalog, audio only, legal/,
      }),
    ).toContainText('Leaving Clinic')
    await expect(lenaRow).toContainText('Ringing')
    await checkAndKeep(board, 'admin-calls', documents)
  })

  await client.getByRole('button', { name: 'Leave' }).click()
  await expect(client.getByText('Call cancelled')).toBeVisible()
  await expect(ring).toBeHidden()

  // The board follows by itself; staff turn Lena's calls off. (Another test in this worker may
  // have left calls and interpreters of its own on the board: only this test's are looked at.)
  await expect(
    board.getByRole('table', { name: 'Calls waiting for an interpreter' }).getByRole('row', {
      name: /Tagalog/,
    }),
  ).toHaveCount(0, { timeout: 10_000 })
  await expect(lenaRow).toContainText('Free')
  await expect(
    board.getByRole('table', { name: 'Free interpreters per language' }).getByRole('row', {
      name: /Tagalog/,
    }),
  ).toContainText('1')
  await lenaRow.getByRole('button', { name: 'Set unavailable: Lena Quisumbing' }).click()
  await expect(board.getByText('Calls turned off for the interpreter.')).toBeVisible()
  await expect(lenaRow).toHaveCount(0)
  await interpreter.reload()
  await expect(interpreter.getByRole('button', { name: 'Available for calls' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await clientContext.close()
  await interpreterContext.close()
  await staffContext.close()
  log.stop()
  for (const secret of ['88-A', 'Lena', 'Quisumbing'])
    expect(log.lines().filter((line) => line.includes(secret))).toEqual([])
  expect(await htmlErrors(documents)).toEqual([])
})

/**
 * A minute of waiting: the client is offered to keep waiting, to switch to audio only, or to
 * ask for a callback, which becomes an urgent booking dispatch fills.
 */
test('after a minute the client may switch to audio only or ask for a callback, which is booked', async ({
  browser,
  app,
}) => {
  const documents: HtmlDocument[] = []
  const { user: clientUser, client: clientContextRow } = await clientAccount(
    'Patient Clinic',
    'requester',
  )
  const [call] = await app.db
    .insert(calls)
    .values({
      organizationId: clientContextRow.organizationId,
      requestedById: clientUser.id,
      language: 'Amharic',
      media: 'video',
      setting: 'medical',
      reference: 'MRN 77-B',
      startedAt: new Date(Date.now() - 61_000),
    })
    .returning()
  const clientContext = await browser.newContext({ baseURL: app.url })
  await signIn(clientContext, app.url, clientUser)
  const client = await clientContext.newPage()
  await client.goto(`/client/connect/${call!.id}`)
  const choices = client.getByRole('region', { name: 'Still looking for an interpreter' })
  await expect(choices).toBeVisible()
  await checkAndKeep(client, 'client-connect-wait-choices', documents)

  // Keep waiting hides the choices; a minute on they are there again on the page's next read.
  await choices.getByRole('button', { name: 'Keep waiting' }).click()
  await expect(choices).toBeHidden()
  await client.reload()
  await choices.getByRole('button', { name: 'Switch to audio only' }).click()
  await expect(client.getByText('Amharic, audio only')).toBeVisible()
  await expect(choices.getByRole('button', { name: 'Switch to audio only' })).toHaveCount(0)
  const [switched] = await app.db.select().from(calls).where(eq(calls.id, call!.id))
  expect(switched).toMatchObject({ media: 'audio', status: 'waiting' })

  // A callback needs a number: refused next to the field, what was typed kept.
  const phone = choices.getByLabel('Phone number for the callback')
  await phone.fill('call me')
  await choices.getByRole('button', { name: 'Ask for a callback' }).click()
  await expect(choices.getByText('Please enter a valid phone number.').first()).toBeVisible()
  await expect(phone).toHaveValue('call me')
  await phone.fill('+1 512 555 0199')
  await choices.getByRole('button', { name: 'Ask for a callback' }).click()
  await expect(client).toHaveURL(/\/client\/bookings\/[0-9a-f-]{36}$/)
  await expect(client.getByText(/^Callback requested/)).toBeVisible()
  const bookingId = client.url().split('/').pop()!
  const [booking] = await app.db.select().from(bookings).where(eq(bookings.id, bookingId))
  expect(booking).toMatchObject({
    language: 'Amharic',
    modality: 'phone',
    setting: 'medical',
    contactPhone: '+1 512 555 0199',
    requestedById: clientUser.id,
  })
  expect(booking!.startsAt.getTime() - Date.now()).toBeLessThan(20 * 60_000)
  expect(booking!.notes).not.toContain('77-B')
  const [over] = await app.db.select().from(calls).where(eq(calls.id, call!.id))
  expect(over).toMatchObject({ status: 'unanswered', endedBy: 'client' })
  await clientContext.close()
  expect(await htmlErrors(documents)).toEqual([])
})

/**
 * The client's camera is denied: the video call goes on as audio only. Then the interpreter's
 * page closes mid-call: 20 seconds after it was last heard from the call ends,
 * billed to the drop, and the client is offered a new interpreter at the front of the queue.
 */
test('a denied camera makes the call audio only; an interpreter who drops mid-call: the client is offered a new interpreter', async ({
  browser,
  app,
}) => {
  const documents: HtmlDocument[] = []
  test.setTimeout(240_000)
  const staff = await createAccount('admin', 'Drop Staff')
  const { user: clientUser } = await clientAccount('Drop Clinic', 'requester')
  const tomas = await createDispatchInterpreter(
    app.db,
    { id: staff.id, name: staff.name },
    { firstName: 'Tomas', languages: ['Haitian Creole'] },
  )
  const interpreterContext = await browser.newContext({ baseURL: app.url })
  await signIn(interpreterContext, app.url, toPublicUser((await findUserByEmail(tomas.email))!))
  const interpreter = await interpreterContext.newPage()
  await interpreter.goto('/interpreter/calls')
  await interpreter.getByRole('button', { name: 'Available for calls' }).click()
  await expect(interpreter.getByText('On: calls can ring here.')).toBeVisible()

  // The client's camera is denied: the video call goes on as audio only, and is billed so.
  const clientContext = await browser.newContext({ baseURL: app.url })
  await clientContext.addInitScript(() => {
    const ask = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices)
    navigator.mediaDevices.getUserMedia = (constraints) =>
      constraints?.video
        ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
        : ask(constraints)
  })
  await signIn(clientContext, app.url, clientUser)
  const client = await clientContext.newPage()
  await client.goto('/client/connect')
  await client.getByLabel('Language').fill('Haitian Creole')
  await client.getByLabel('Setting').selectOption('education')
  await client.getByRole('button', { name: 'Connect now' }).click()
  await interpreter
    .getByRole('alertdialog', { name: 'Incoming call' })
    .getByRole('button', { name: 'Accept call' })
    .click()
  await expect(client.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({
    timeout: 20_000,
  })
  const callId = client.url().split('/').pop()!
  await expect(client.getByText('Haitian Creole, audio only')).toBeVisible()
  expect((await app.db.select().from(calls).where(eq(calls.id, callId)))[0]!.media).toBe('audio')

  // The interpreter's page closes; the server's clock moves on 25 s so the wait is short.
  await interpreterContext.close()
  setClock(() => new Date(Date.now() + 25_000))
  const dropped = client.getByRole('status').filter({ hasText: 'connection dropped' })
  await expect(dropped).toContainText('Your interpreter’s connection dropped', { timeout: 15_000 })
  await checkAndKeep(client, 'client-call-dropped', documents)
  const [over] = await app.db.select().from(calls).where(eq(calls.id, callId))
  expect(over).toMatchObject({ status: 'ended', endedBy: 'system' })
  // Billed to when the page was last heard from, not to the moved clock.
  expect(over!.endedAt!.getTime()).toBeLessThan(Date.now() + 5_000)
  expect(over!.billableSeconds).toBeLessThan(10)

  await dropped.getByRole('button', { name: 'Connect to a new interpreter' }).click()
  await expect(client).not.toHaveURL(new RegExp(callId))
  // Nobody else speaks Haitian Creole: the new call says so at once.
  await expect(client.getByText('No Haitian Creole interpreter is online right now')).toBeVisible()
  const [resumed] = await app.db.select().from(calls).where(eq(calls.resumesCallId, callId))
  expect(resumed).toMatchObject({ language: 'Haitian Creole', media: 'audio' })
  await clientContext.close()
  expect(await htmlErrors(documents)).toEqual([])
})
