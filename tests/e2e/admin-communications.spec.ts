import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { and, eq, like } from 'drizzle-orm'
import { interpreterApplications, mailOutbox, mailUnsubscribes, messages } from '../../db/schema'
import { createLead } from '../../app/models/leads/intake.server'
import { createOrganizationMember } from '../support/organization-fixtures'
import { createApplicant } from '../support/people-fixtures'
import type { ReceivedMail } from '../support/smtp-peer'
import { createAccount, signIn } from './auth-helpers'
import { eventually, expect, expectNoAxeViolations, test, type TestApp } from './fixtures'

// This file's worker delivers mail to a real SMTP server (tests/support/smtp-peer.ts).
test.use({ smtp: true })

/** The mails the SMTP peer received whose subject line contains `subject`. */
function receivedWith(app: TestApp, subject: string): ReceivedMail[] {
  return app.smtpPeer!.received.filter((mail) => decoded(mail.raw).includes(subject))
}

/** The raw message with quoted-printable soft breaks and folded headers undone. */
function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
    .replace(/\r?\n[ \t]+/g, ' ')
}

/** The outbox rows of staff messages (not acknowledgements) addressed to `to`. */
function bulkMailsTo(app: TestApp, to: string) {
  return app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), like(mailOutbox.reference, 'message:%')))
}

/** How many staff messages were queued, and how many e-mails for them. */
async function staffMailCounts(app: TestApp) {
  return {
    messages: await app.db.$count(messages),
    mails: await app.db.$count(mailOutbox, like(mailOutbox.reference, 'message:%')),
  }
}

async function statValue(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Message statistics' })
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::dd[1]')
}

/** The number a group's option shows, e.g. 3 for 'Active Interpreters (3)'. */
async function groupCount(page: Page, group: string): Promise<number> {
  const text = await page.getByLabel('Recipients').locator(`option[value="${group}"]`).textContent()
  return Number(/\((\d+)\)$/.exec(text ?? '')![1])
}

/** Presses Send Message and expects the 'Send to N people?' step; returns its dialog. */
async function sendAndExpectConfirmation(page: Page, count: number) {
  await page.getByRole('button', { name: 'Send Message' }).click()
  const people = count === 1 ? '1 person' : `${count} people`
  const dialog = page.getByRole('alertdialog', { name: `Send to ${people}?` })
  await expect(dialog).toBeVisible()
  return dialog
}

test('compose to active interpreters with a template: one e-mail each, delivered over SMTP; history and stats follow', async ({
  page,
  context,
  app,
}) => {
  // Three approved interpreters (one of them applied twice), one pending, one rejected.
  await createApplicant(app.db, {
    firstName: 'Ana',
    email: 'ana@interpreters.example',
    status: 'approved',
  })
  await createApplicant(app.db, {
    firstName: 'Ana',
    email: 'ANA@interpreters.example',
    status: 'approved',
  })
  await createApplicant(app.db, {
    firstName: 'Bao',
    email: 'bao@interpreters.example',
    status: 'approved',
  })
  await createApplicant(app.db, {
    firstName: 'Chen',
    email: 'chen@interpreters.example',
    status: 'approved',
  })
  await createApplicant(app.db, { firstName: 'Dara', email: 'dara@interpreters.example' })
  await createApplicant(app.db, {
    firstName: 'Eli',
    email: 'eli@interpreters.example',
    status: 'rejected',
  })

  const admin = await createAccount('admin', 'Morgan Messages')
  await signIn(context, app.url, admin)
  await page.goto('/admin/communications')
  await expect(page.getByRole('heading', { level: 1, name: 'Communications' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Compose Message' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  // No group is chosen until staff choose one; every group's rule is shown meanwhile.
  const recipients = page.getByLabel('Recipients')
  await expect(recipients).toHaveValue('')
  await expect(recipients.locator('option').first()).toHaveText('Choose recipients')
  await expect(recipients).toHaveAccessibleDescription(
    /All Interpreters: Everyone who applied, except rejected applicants\..*Active Interpreters: Applicants whose application is approved\./,
  )
  // The rejected applicant is not one of All Interpreters.
  await expect(recipients.locator('option[value="all-interpreters"]')).toHaveText(
    'All Interpreters (4)',
  )
  await expect(recipients.locator('option[value="active-interpreters"]')).toHaveText(
    'Active Interpreters (3)',
  )
  await expect(recipients.locator('option[value="pending-interpreters"]')).toHaveText(
    'Pending Interpreters (1)',
  )
  await expect(recipients.locator('option[value="all-clients"]')).toHaveText('All Clients (0)')
  await expect(recipients.locator('option[value="prospects"]')).toHaveText(
    'Prospects (contact form) (0)',
  )
  await expect(await statValue(page, 'Messages Sent')).toHaveText('0')
  await expectNoAxeViolations(page, 'compose message')

  // Recipients, subject and message are required.
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(recipients).toHaveJSProperty('validity.valueMissing', true)
  await expect(page.getByLabel('Subject', { exact: true })).toHaveJSProperty(
    'validity.valueMissing',
    true,
  )

  // The template selects the group it was written for, and its rule shows beside it.
  await page.getByRole('button', { name: 'Welcome Message' }).click()
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(
    'Welcome to our interpreter network, {{firstName}}!',
  )
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(/^Hello \{\{firstName\}\},/)
  await expect(page.getByLabel('Recipients')).toHaveValue('active-interpreters')
  await expect(page.getByLabel('Recipients')).toHaveAccessibleDescription(
    'Active Interpreters: Applicants whose application is approved. One e-mail per address; addresses that unsubscribed are left out.',
  )
  await page.getByLabel('Recipients').selectOption('pending-interpreters')
  await expect(page.getByLabel('Recipients')).toHaveAccessibleDescription(
    /^Pending Interpreters: Applicants whose application is pending review\./,
  )
  await page.getByLabel('Recipients').selectOption('active-interpreters')

  await page.getByRole('button', { name: 'Preview' }).click()
  const preview = page.getByRole('region', { name: 'Preview' })
  await expect(preview).toContainText('As Ana Applicant <')
  await expect(preview).toContainText('one of 3 recipients')
  await expect(preview).toContainText('Welcome to our interpreter network, Ana!')
  await expect(preview).toContainText('Hello Ana,')
  await expectNoAxeViolations(page, 'compose message with preview')

  // A group send asks first, with the number, and queues nothing until confirmed.
  let confirm = await sendAndExpectConfirmation(page, 3)
  await expect(confirm).toContainText('Active Interpreters (3 people)')
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await expectNoAxeViolations(page, 'send confirmation')
  expect(await staffMailCounts(app)).toEqual({ messages: 0, mails: 0 })
  await page.keyboard.press('Escape')
  await expect(confirm).toBeHidden()
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeFocused()
  expect(await staffMailCounts(app)).toEqual({ messages: 0, mails: 0 })

  // The group grows between the question and the answer: it asks again with the new number.
  confirm = await sendAndExpectConfirmation(page, 3)
  await createApplicant(app.db, {
    firstName: 'Gia',
    email: 'gia@interpreters.example',
    status: 'approved',
  })
  await confirm.getByRole('button', { name: 'Send to 3 people' }).click()
  confirm = page.getByRole('alertdialog', { name: 'Send to 4 people?' })
  await expect(confirm).toContainText('The group changed since you confirmed 3')
  expect(await staffMailCounts(app)).toEqual({ messages: 0, mails: 0 })
  await app.db
    .update(interpreterApplications)
    .set({ status: 'rejected' })
    .where(eq(interpreterApplications.email, 'gia@interpreters.example'))
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()

  confirm = await sendAndExpectConfirmation(page, 3)
  await confirm.getByRole('button', { name: 'Send to 3 people' }).click()
  await expect(page.getByText('Message sent successfully!')).toBeVisible()
  await expect(page.getByText('It is queued for 3 recipients')).toBeVisible()

  const welcome = await eventually(async () => {
    const mails = receivedWith(app, 'Welcome to our interpreter network')
    expect(mails).toHaveLength(3)
    return mails
  })
  expect(welcome.flatMap((mail) => mail.to).sort()).toEqual([
    'ANA@interpreters.example',
    'bao@interpreters.example',
    'chen@interpreters.example',
  ])
  const toBao = decoded(welcome.find((mail) => mail.to[0] === 'bao@interpreters.example')!.raw)
  expect(toBao).toContain('Subject: Welcome to our interpreter network, Bao!')
  expect(toBao).toContain('Hello Bao,')
  expect(toBao).toMatch(/List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=/)
  expect(toBao).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')

  // An individual message to a person found by search.
  await page.getByLabel('Or find one person by name or email').fill('dara@')
  const scrolledTo = await page.evaluate(() => window.scrollY)
  await page.getByRole('button', { name: 'Find' }).click()
  await expect(page.getByText('1 person matches')).toBeVisible()
  // The staff member stays where they were: on the search field, which reads what was found.
  const search = page.getByLabel('Or find one person by name or email')
  await expect(search).toBeFocused()
  await expect(search).toHaveAccessibleDescription(/1 person matches/)
  await expect(search).toBeInViewport()
  if (scrolledTo > 0) expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  await expect(page.getByLabel('Recipients')).toHaveValue(/^application:/)
  await page.getByLabel('Subject', { exact: true }).fill('Your interview, {{firstName}}')
  await page
    .getByLabel('Message', { exact: true })
    .fill('Hello {{firstName}},\n\nCan we talk on Monday?')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Message sent successfully!')).toBeVisible()
  const toDara = await eventually(async () => {
    const [mail] = receivedWith(app, 'Your interview, Dara')
    expect(mail).toBeDefined()
    return decoded(mail!.raw)
  })
  expect(toDara).not.toContain('List-Unsubscribe')

  await page.getByRole('link', { name: 'Message History' }).click()
  await expect(page).toHaveURL(/tab=history/)
  const rows = page.getByRole('row')
  await expect(rows).toHaveCount(3)
  const bulkRow = rows.filter({ hasText: 'Welcome to our interpreter network' })
  await expect(bulkRow).toContainText('Active Interpreters')
  await expect(bulkRow).toContainText('Bulk')
  await expect(bulkRow).toContainText('Delivered: 3')
  await expect(bulkRow).toContainText('Pending: 0')
  await expect(bulkRow).toContainText('Failed: 0')
  const individualRow = rows.filter({ hasText: 'Your interview' })
  await expect(individualRow).toContainText('Dara Applicant <dara@interpreters.example>')
  await expect(individualRow).toContainText('Individual')
  await expect(await statValue(page, 'Messages Sent')).toHaveText('2')
  await expect(await statValue(page, 'Bulk Messages')).toHaveText('1')
  await expect(await statValue(page, 'Individual Messages')).toHaveText('1')
  await expect(await statValue(page, 'Delivery Rate')).toHaveText('100%')
  await expect(page.getByLabel('Type').locator('option')).toHaveText([
    'All types (2)',
    'Bulk (1)',
    'Individual (1)',
    'Client (0)',
  ])
  await expectNoAxeViolations(page, 'message history')

  await page.getByLabel('Type').selectOption('individual')
  await expect(page).toHaveURL(/type=individual/)
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText('Your interview')
  await page.getByLabel('Type').selectOption('all')
  await page.getByLabel('Search by subject or recipient').fill('WELCOME')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText('Welcome to our interpreter network')
  await page.getByLabel('Search by subject or recipient').fill('no such message')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { name: 'No Messages Found' })).toBeVisible()
})

test('the unsubscribe link leaves a client out of the next bulk send; failed deliveries can be retried', async ({
  page,
  context,
  playwright,
  app,
}) => {
  for (const [name, email] of [
    ['Flora Fields', 'flora@clinic.example'],
    ['Gus Grant', 'gus@court.example'],
    ['Hana Hill', 'hana@school.example'],
  ]) {
    await createLead({
      name: name!,
      email: email!,
      company: 'Example Org',
      message: 'We need interpreters.',
      type: 'contact',
    })
  }
  const admin = await createAccount('admin', 'Uma Unsubscribe')
  await signIn(context, app.url, admin)
  await page.goto('/admin/communications')
  await expect(page.getByLabel('Recipients').locator('option[value="prospects"]')).toHaveText(
    'Prospects (contact form) (3)',
  )
  // The Client Follow-up template answers a contact or demo request: it chooses Prospects.
  await page.getByRole('button', { name: 'Client Follow-up' }).click()
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(/reply within 2 hours/)
  await expect(page.getByLabel('Recipients')).toHaveValue('prospects')
  await expect(page.getByLabel('Recipients')).toHaveAccessibleDescription(
    /^Prospects \(contact form\): People who sent the contact or demo form and have no client portal account\./,
  )
  const confirm = await sendAndExpectConfirmation(page, 3)
  await confirm.getByRole('button', { name: 'Send to 3 people' }).click()
  await expect(page.getByText('Message sent successfully!')).toBeVisible()

  const followUps = await eventually(async () => {
    const mails = receivedWith(app, 'Following up on your language services request')
    expect(mails).toHaveLength(3)
    return mails
  })
  const firstNames: Record<string, string> = {
    'flora@clinic.example': 'Flora',
    'gus@court.example': 'Gus',
    'hana@school.example': 'Hana',
  }
  const linkFor = (to: string) => {
    const raw = decoded(followUps.find((mail) => mail.to[0] === to)!.raw)
    expect(raw).toContain(`Hello ${firstNames[to]},`)
    expect(raw).toContain('reply within 2 hours')
    return /List-Unsubscribe: <([^>]+)>/.exec(raw)![1]!
  }

  // Flora opens the link: it only asks, then the button unsubscribes her.
  await page.goto(linkFor('flora@clinic.example'))
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible()
  await expect(page.getByText('flora@clinic.example')).toBeVisible()
  await expectNoAxeViolations(page, 'unsubscribe page')
  expect(await app.db.$count(mailUnsubscribes)).toBe(0)
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(
    page.getByText(
      'You are unsubscribed. flora@clinic.example will no longer receive our bulk e-mails.',
    ),
  ).toBeVisible()

  // Gus's mail program uses one-click unsubscribe: a POST without cookies or Origin.
  const mailProgram = await playwright.request.newContext()
  const oneClick = await mailProgram.post(linkFor('gus@court.example'), {
    form: { 'List-Unsubscribe': 'One-Click' },
  })
  expect(oneClick.status()).toBe(200)
  // A forged token does nothing.
  const forged = await mailProgram.post(
    `${app.url}/unsubscribe?token=aGFuYUBzY2hvb2wuZXhhbXBsZQ.forged`,
    {
      form: { 'List-Unsubscribe': 'One-Click' },
    },
  )
  expect(forged.status()).toBe(400)
  await mailProgram.dispose()
  expect(
    (await app.db.select().from(mailUnsubscribes))
      .map((row) => `${row.email} ${row.source}`)
      .sort(),
  ).toEqual(['flora@clinic.example link', 'gus@court.example one-click'])

  // The next bulk send goes to Hana only, and to a new client whose server refuses mail.
  await createLead({
    name: 'Ivo Invalid',
    email: 'ivo@refuse.example',
    company: 'Nowhere',
    message: 'Please call.',
    type: 'demo',
  })
  await page.goto('/admin/communications')
  await expect(page.getByLabel('Recipients').locator('option[value="prospects"]')).toHaveText(
    'Prospects (contact form) (2)',
  )
  await page.getByLabel('Recipients').selectOption('prospects')
  await page.getByLabel('Subject', { exact: true }).fill('Holiday hours, {{firstName}}')
  await page
    .getByLabel('Message', { exact: true })
    .fill('Hello {{firstName}},\n\nWe are open 24/7, holidays included.')
  const again = await sendAndExpectConfirmation(page, 2)
  await again.getByRole('button', { name: 'Send to 2 people' }).click()
  await expect(page.getByText('It is queued for 2 recipients')).toBeVisible()
  await eventually(async () => {
    expect(receivedWith(app, 'Holiday hours').flatMap((mail) => mail.to)).toEqual([
      'hana@school.example',
    ])
    // Ivo also got the demo request's acknowledgement: look at the bulk message's e-mail only.
    const [failed] = await bulkMailsTo(app, 'ivo@refuse.example')
    expect(failed?.status).toBe('failed')
  })

  await page.goto('/admin/communications?tab=history')
  const row = page.getByRole('row').filter({ hasText: 'Holiday hours' })
  await expect(row).toContainText('Prospects (contact form)')
  await expect(row).toContainText('Client')
  await expect(row).toContainText('Delivered: 1')
  await expect(row).toContainText('Failed: 1')
  // The cards and the type filter count the same types.
  for (const [card, type] of [
    ['Bulk Messages', 'bulk'],
    ['Individual Messages', 'individual'],
  ] as const) {
    const value = (await (await statValue(page, card)).textContent())!
    await expect(page.getByLabel('Type').locator(`option[value="${type}"]`)).toHaveText(
      new RegExp(`\\(${value}\\)$`),
    )
  }
  await expect(page.getByLabel('Type').locator('option[value="client"]')).toHaveText(
    /^Client \([1-9]\d*\)$/,
  )
  // One of this test's e-mails failed for good, so the rate is below 100%.
  await expect(await statValue(page, 'Delivery Rate')).toHaveText(/^\d{1,2}(\.\d)?%$/)
  await row
    .getByRole('button', { name: 'Retry failed deliveries of Holiday hours, {{firstName}}' })
    .click()
  await expect(page.getByText('1 failed delivery was queued again.')).toBeVisible()
  // The refusing server refuses again: the retry was a real new attempt.
  await eventually(async () => {
    const attempts = await bulkMailsTo(app, 'ivo@refuse.example')
    expect(attempts[0]).toMatchObject({ status: 'failed', attempts: 1 })
  })
})

test("All Clients reaches client portal users, Prospects the contact form's senders: checked on the delivered mail", async ({
  page,
  context,
  app,
}) => {
  // This test's own people, at a domain of their own: other tests' leads and accounts in this
  // worker's database may be in the groups too, and are not looked at.
  const domain = `groups-${randomBytes(4).toString('hex')}.example`
  const pat = `pat@${domain}` // a portal user who never sent the form
  const quinn = `quinn@${domain}` // sent the demo form, no account
  const rae = `rae@${domain}` // sent the form, then became a portal user
  const admin = await createAccount('admin', 'Gil Groups')
  await createOrganizationMember(
    { organizationName: `Pat Clinic ${domain}`, name: 'Pat Portal', email: pat, role: 'manager' },
    admin,
  )
  await createLead({
    name: 'Quinn Prospect',
    email: quinn,
    company: 'Quinn Court',
    message: 'Do you cover Somali?',
    type: 'demo',
  })
  await createLead({
    name: 'Rae Converted',
    email: rae,
    company: 'Rae School',
    message: 'Spanish, please.',
    type: 'contact',
  })
  await createOrganizationMember(
    { organizationName: `Rae School ${domain}`, name: 'Rae Client', email: rae, role: 'requester' },
    admin,
  )
  await signIn(context, app.url, admin)

  const sendToGroup = async (group: 'all-clients' | 'prospects', subject: string) => {
    await page.goto('/admin/communications')
    await page.getByLabel('Recipients').selectOption(group)
    await page.getByLabel('Subject', { exact: true }).fill(subject)
    await page.getByLabel('Message', { exact: true }).fill('Hello {{firstName}},\n\nNews.')
    const count = await groupCount(page, group)
    const confirm = await sendAndExpectConfirmation(page, count)
    await confirm
      .getByRole('button', { name: `Send to ${count} ${count === 1 ? 'person' : 'people'}` })
      .click()
    await expect(page.getByText('Message sent successfully!')).toBeVisible()
    return eventually(async () => {
      const [message] = await app.db.select().from(messages).where(eq(messages.subject, subject))
      const ours = await app.db
        .select({ to: mailOutbox.toAddress, status: mailOutbox.status })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.reference, `message:${message!.id}`),
            like(mailOutbox.toAddress, `%@${domain}`),
          ),
        )
      expect(ours.every((mail) => mail.status === 'sent')).toBe(true)
      return receivedWith(app, subject)
        .flatMap((mail) => mail.to)
        .filter((to) => to.endsWith(`@${domain}`))
        .sort()
    })
  }

  await page.goto('/admin/communications')
  await page.getByLabel('Recipients').selectOption('all-clients')
  await expect(page.getByLabel('Recipients')).toHaveAccessibleDescription(
    /^All Clients: Client portal users: people with an active account in a client organization\./,
  )
  await expectNoAxeViolations(page, 'compose to All Clients')
  expect(await sendToGroup('all-clients', `For clients ${domain}`)).toEqual([pat, rae])
  expect(await sendToGroup('prospects', `For prospects ${domain}`)).toEqual([quinn])

  await page.goto('/admin/communications?tab=history')
  await expect(page.getByRole('row').filter({ hasText: `For clients ${domain}` })).toContainText(
    'All Clients',
  )
  await expect(page.getByRole('row').filter({ hasText: `For prospects ${domain}` })).toContainText(
    'Prospects (contact form)',
  )
})

test('the communications screens pass axe at phone width', async ({ page, context, app }) => {
  await createApplicant(app.db, { firstName: 'Jo', email: 'jo@interpreters.example' })
  const admin = await createAccount('admin')
  await signIn(context, app.url, admin)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/admin/communications')
  await expectNoAxeViolations(page, 'compose at 390px')
  await page.getByLabel('Recipients').selectOption('all-interpreters')
  await page.getByLabel('Subject', { exact: true }).fill('Hello {{firstName}}')
  await page.getByLabel('Message', { exact: true }).fill('A short note.')
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('As ')
  await expectNoAxeViolations(page, 'compose with preview at 390px')
  const confirm = await sendAndExpectConfirmation(page, await groupCount(page, 'all-interpreters'))
  await expectNoAxeViolations(page, 'send confirmation at 390px')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await page.goto('/admin/communications?tab=history')
  await expectNoAxeViolations(page, 'history at 390px')
})

test('without JavaScript the templates, preview, the confirmation and send still work', async ({
  browser,
  app,
}) => {
  for (const [firstName, email] of [
    ['Kai', 'kai@interpreters.example'],
    ['Lee', 'lee@interpreters.example'],
  ])
    await createApplicant(app.db, { firstName: firstName!, email: email!, status: 'approved' })
  const admin = await createAccount('admin', 'Nico NoScript')
  const context = await browser.newContext({ javaScriptEnabled: false })
  await signIn(context, app.url, admin)
  const page = await context.newPage()
  await page.goto(`${app.url}/admin/communications`)
  await page.getByLabel('Recipients').selectOption('pending-interpreters')
  // Training Update is for approved interpreters: it chooses Active Interpreters.
  await page.getByRole('button', { name: 'Training Update' }).click()
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(
    'Training update: new materials available',
  )
  await expect(page.getByLabel('Recipients')).toHaveValue('active-interpreters')
  await expect(page.getByLabel('Recipients')).toHaveAccessibleDescription(
    /^Active Interpreters: Applicants whose application is approved\./,
  )
  const active = await groupCount(page, 'active-interpreters')
  expect(active).toBeGreaterThanOrEqual(2)
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('Hello ')

  // The server answers Send with the confirmation step; nothing is queued yet.
  const before = await staffMailCounts(app)
  let confirm = await sendAndExpectConfirmation(page, active)
  expect(await staffMailCounts(app)).toEqual(before)
  // Cancel goes back to the message as it was.
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByLabel('Recipients')).toHaveValue('active-interpreters')
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(
    'Training update: new materials available',
  )
  expect(await staffMailCounts(app)).toEqual(before)

  confirm = await sendAndExpectConfirmation(page, active)
  await confirm.getByRole('button', { name: `Send to ${active} people` }).click()
  await expect(page.getByText('Message sent successfully!')).toBeVisible()
  await eventually(async () => {
    expect(
      receivedWith(app, 'Training update: new materials available').flatMap((mail) => mail.to),
    ).toEqual(expect.arrayContaining(['kai@interpreters.example', 'lee@interpreters.example']))
  })
  await context.close()
})

test('the confirmation step as the server renders it passes axe at 1280 and 390 px', async ({
  page,
  context,
  app,
}) => {
  await createApplicant(app.db, { firstName: 'Mo', email: 'mo@interpreters.example' })
  const admin = await createAccount('admin')
  await signIn(context, app.url, admin)
  // The app's scripts never load: the page stays as the server sent it (axe itself needs
  // JavaScript, so a context with JavaScript off cannot run it).
  await page.route('**/*.js', (route) => route.abort())
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 720 })
    await page.goto('/admin/communications')
    await page.getByLabel('Recipients').selectOption('pending-interpreters')
    await page.getByLabel('Subject', { exact: true }).fill('Documents, {{firstName}}')
    await page.getByLabel('Message', { exact: true }).fill('Please send your certificates.')
    const count = await groupCount(page, 'pending-interpreters')
    await sendAndExpectConfirmation(page, count)
    await expectNoAxeViolations(page, `server-rendered confirmation at ${width}px`)
  }
})
