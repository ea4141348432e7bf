import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { mailOutbox } from '../../db/schema'
import { todayIn } from '../../app/domain/availability'
import { addDays } from '../../app/domain/onboarding'
import { createLead } from '../../app/models/leads/intake.server'
import {
  createBookingRow,
  createDispatchInterpreter,
  createOrganization,
} from '../support/booking-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { eventually, expect, test, type TestApp } from './fixtures'

const mailTo = (app: TestApp, template: string, email: string) =>
  eventually(async () => {
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, template), eq(mailOutbox.toAddress, email)))
    expect(mail).toBeDefined()
    return mail!
  })

/**
 * The handovers of a booking between its parties, each through the screens people use: staff
 * invite a client from a contact request; the client sets a password and books a medical
 * on-site interpreter for next week; staff offer it to an eligible interpreter, who accepts
 * from the e-mail's link; the client sees each step on the timeline and is e-mailed the
 * confirmation. The detail of each step is in its own spec: eligibility and its reasons, a
 * second interpreter told the booking is filled and the calendar file in dispatch.spec.ts,
 * booking, moving and cancelling in client-bookings.spec.ts, the invitation in
 * client-portal.spec.ts.
 */
test('from a contact request to a confirmed interpreter', async ({ page, browser, app }) => {
  test.setTimeout(240_000)
  const tag = randomUUID().slice(0, 6)
  // A language no other test's interpreter has.
  const language = 'Amharic'
  const company = `Harbor Hospital ${tag}`
  const email = `hana-${tag}@harbor.example`
  const { id: requestId } = await createLead({
    name: 'Hana Harbor',
    email,
    company,
    phone: undefined,
    message: 'We need Amharic interpreters for our cardiology clinic.',
    type: 'contact',
  })
  const admin = await createAccount('admin', 'Dora Dispatch')
  const staff = await browser.newContext()
  await signIn(staff, app.url, admin)
  const staffPage = await staff.newPage()
  await staffPage.goto(`${app.url}/admin/clients/${requestId}`)
  await staffPage.getByRole('button', { name: 'Invite to portal' }).click()
  await expect(
    staffPage.getByRole('status').getByText('Portal invitation sent.').first(),
  ).toBeVisible()

  // The client chooses a password and books.
  const invitation = await mailTo(app, 'client-invitation', email)
  await page.goto(/\/accept-invite\?token=\S+/.exec(invitation.text)![0])
  await page.getByLabel('Password', { exact: true }).fill('harbor hospital password 2026')
  await page.getByLabel('Repeat the password').fill('harbor hospital password 2026')
  await page.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(page).toHaveURL(/\/client\/dashboard$/)
  await page.goto('/client/book')
  await page.getByLabel('Language').fill(language)
  await page.getByLabel('How the interpreter works').selectOption('on_site')
  await page.getByLabel('Setting').selectOption('medical')
  await page.getByLabel('Date').fill(addDays(todayIn('America/New_York', new Date()), 7))
  await page.getByLabel('Start time').fill('10:00')
  await page.getByLabel('Expected duration (minutes)').fill('60')
  await page
    .getByLabel('On-site address, video link or call-in number')
    .fill('9 Harbor Road, Boston, MA')
  await page.getByLabel('Contact on the day').fill('Nurse Nia')
  await page.getByLabel('Contact phone').fill('+1 617 555 0100')
  await page.getByRole('button', { name: 'Book the interpreter' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: `${language} interpreter, On-site` }),
  ).toBeVisible()
  // The redirect names the booking title by fragment, for focus.
  const bookingId = /\/client\/bookings\/([0-9a-f-]{36})(?:#[\w-]*)?$/.exec(page.url())![1]!

  // A qualified interpreter for it; staff offer the booking to her.
  const actor = { id: admin.id, name: admin.name }
  const abeba = await createDispatchInterpreter(app.db, actor, {
    firstName: 'Abeba',
    lastName: `Tesfaye${tag}`,
    languages: [language],
  })
  await staffPage.goto(`${app.url}/admin/bookings/${bookingId}`)
  await staffPage
    .getByRole('region', { name: /Eligible interpreters/ })
    .getByRole('checkbox', { name: new RegExp(`Abeba Tesfaye${tag}`) })
    .check()
  await staffPage.getByRole('button', { name: 'Offer to selected' }).click()
  await expect(staffPage.getByText('Offer sent to 1 interpreter.')).toBeVisible()

  // The client's timeline says it was offered.
  await page.reload()
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText(
    'Offered to 1 interpreter',
  )

  // Abeba accepts from her e-mail, without signing in.
  const offer = await mailTo(app, 'booking-offer', abeba.email)
  const visitor = await browser.newContext()
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(
    `${app.url}${/(\/offers\/accept\?token=[A-Za-z0-9_-]+)/.exec(offer.text)![1]!}`,
  )
  await visitorPage.getByRole('button', { name: 'Accept this assignment' }).click()
  await expect(visitorPage.getByText('You have the assignment')).toBeVisible()
  await visitor.close()

  // The client sees Confirmed with Abeba's first name, and is e-mailed so.
  await page.reload()
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Confirmed: Abeba')
  const confirmation = await mailTo(app, 'booking-confirmed', email)
  expect(confirmation.text).toContain('Abeba')
  await staff.close()
})

test('a booking still unfilled close to its start is flagged on the admin dashboard', async ({
  page,
  app,
}) => {
  const tag = randomUUID().slice(0, 6)
  const admin = await createAccount('admin', 'Una Unfilled')
  const organizationId = await createOrganization(app.db, `Night Court ${tag}`)
  const soon = new Date(Date.now() + 60 * 60 * 1000)
  const local = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(soon)
  const part = (type: string) => local.find((entry) => entry.type === type)!.value
  await createBookingRow(app.db, {
    organizationId,
    language: 'Tigrinya',
    modality: 'video',
    setting: 'legal',
    localDate: `${part('year')}-${part('month')}-${part('day')}`,
    localTime: `${part('hour')}:${part('minute')}`,
    timeZone: 'UTC',
    urgent: true,
  })
  await signIn(page.context(), app.url, admin)
  await page.goto('/admin/dashboard')
  const flag = page.getByRole('region', { name: /Unfilled and starting soon/ })
  await expect(flag).toContainText(`for Night Court ${tag}`)
  await expect(flag).toContainText('(urgent)')
})
