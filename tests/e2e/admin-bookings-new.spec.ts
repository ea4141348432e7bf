import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { auditLog, bookings, organizations } from '../../db/schema'
import { addDays, calendarDate } from '../../app/domain/onboarding'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { createOrganizationMember } from '../support/organization-fixtures'
import { createAccount, signIn } from './auth-helpers'
import {
  checkPage,
  expect,
  expectNoAxeViolations,
  keepScreenshot,
  test,
  type TestApp,
} from './fixtures'

/** A client user of `organizationName` (made with it when new), signed up and ready. */
async function clientUser(
  organizationName: string,
  name: string,
  role: 'manager' | 'requester',
  staff: { id: string; name: string },
) {
  const email = `${name.split(' ')[0]!.toLowerCase()}-${randomUUID().slice(0, 6)}@clinic.example`
  const outcome = await createOrganizationMember({ organizationName, name, email, role }, staff)
  if (outcome.state !== 'invited') throw new Error('not invited')
  return toPublicUser((await findUserByEmail(email))!)
}

async function organizationIdOf(app: TestApp, name: string) {
  const [row] = await app.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, name))
  return row!.id
}

test('staff enter a booking for a client who called; a refused form keeps what was typed; the requester sees it in their portal', async ({
  page,
  browser,
  app,
}) => {
  // A whole journey through several pages and e-mails: more than the default minute on a busy machine.
  test.setTimeout(240_000)
  const staff = await createAccount('admin', 'Dana Dispatcher')
  const actor = { id: staff.id, name: staff.name }
  const organization = `Riverside Clinic ${randomUUID().slice(0, 6)}`
  await clientUser(organization, 'Mia Manager', 'manager', actor)
  const requester = await clientUser(organization, 'Rob Requester', 'requester', actor)
  const stranger = await clientUser(
    `Harbor Law ${randomUUID().slice(0, 6)}`,
    'Hal Stranger',
    'manager',
    actor,
  )
  const organizationId = await organizationIdOf(app, organization)
  // The run shares one database: count this organization's bookings only.
  const stored = () => app.db.$count(bookings, eq(bookings.organizationId, organizationId))

  await signIn(page.context(), app.url, staff)
  await page.goto('/admin/bookings')
  await keepScreenshot(page, 'admin-bookings-with-new-booking-1280')
  await page.getByRole('link', { name: 'New booking' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New booking' })).toBeVisible()
  await checkPage(page, 'admin-bookings-new-organization')

  // Step 1, a GET form: the organization, then its users to choose from.
  await page.getByLabel('Organization', { exact: true }).selectOption({ label: organization })
  await page.getByRole('button', { name: 'Show its users' }).click()
  await expect(page).toHaveURL(
    new RegExp(`/admin/bookings/new\\?organizationId=${organizationId}$`),
  )
  const form = page.getByRole('form', { name: `2. The booking for ${organization}` })
  await expect(form).toBeVisible()
  const requesterField = form.getByLabel('Requester')
  // Its users only, managers first.
  await expect(requesterField.getByRole('option')).toHaveText([
    'Choose who asked',
    /^Mia Manager/,
    /^Rob Requester/,
  ])
  // Hydrated: the form checks itself before it is sent.
  await expect(form).toHaveAttribute('novalidate', '')

  // The same fields and checks as the client's form: a start in the past is refused.
  const lastWeek = addDays(calendarDate(new Date()), -7)
  const nextWeek = addDays(calendarDate(new Date()), 7)
  await requesterField.selectOption({ label: `Rob Requester (${requester.email})` })
  await form.getByLabel('Language').fill('Spanish')
  await form.getByLabel('How the interpreter works').selectOption('on_site')
  await form.getByLabel('Setting').selectOption('medical')
  await form.getByLabel('Date').fill(lastWeek)
  await form.getByLabel('Start time').fill('09:00')
  await form.getByLabel('Expected duration (minutes)').fill('90')
  await form
    .getByLabel('On-site address, video link or call-in number')
    .fill('1 Clinic Way, Austin, TX 78701')
  await form.getByLabel('Contact on the day').fill('Nurse Joy')
  await form.getByLabel('Contact phone').fill('+1 512 555 0100')
  await form.getByLabel('Notes for the interpreter (optional)').fill('Called in by Rob at 9:05.')
  await expect(form.getByLabel('Preparation files (optional)')).toHaveCount(0)
  await form.getByRole('button', { name: 'Enter the booking' }).click()
  await expect(form.getByRole('group', { name: /Please correct/ })).toBeVisible()
  await expect(form.getByLabel('Date')).toHaveAccessibleDescription(
    /Please choose a date and time in the future\./,
  )
  // Everything typed is still there.
  await expect(requesterField).toHaveValue(requester.id)
  await expect(form.getByLabel('Language')).toHaveValue('Spanish')
  await expect(form.getByLabel('Date')).toHaveValue(lastWeek)
  await expect(form.getByLabel('Notes for the interpreter (optional)')).toHaveValue(
    'Called in by Rob at 9:05.',
  )
  expect(await stored()).toBe(0)
  await checkPage(page, 'admin-bookings-new-refused')

  // A requester of another organization (a stale or altered form) is refused on the field.
  await requesterField.evaluate((select: HTMLSelectElement, id) => {
    select.add(new Option('Someone else', id))
    select.value = id
  }, stranger.id)
  await form.getByLabel('Date').fill(nextWeek)
  await form.getByRole('button', { name: 'Enter the booking' }).click()
  await expect(requesterField).toHaveAccessibleDescription(
    /Please choose one of this organization's users: the requester must belong to it\./,
  )
  await expect(form.getByLabel('Notes for the interpreter (optional)')).toHaveValue(
    'Called in by Rob at 9:05.',
  )
  await expect(form.getByLabel('Date')).toHaveValue(nextWeek)
  expect(await stored()).toBe(0)

  await requesterField.selectOption({ label: `Rob Requester (${requester.email})` })
  await form.getByRole('button', { name: 'Enter the booking' }).click()
  await expect(page).toHaveURL(/\/admin\/bookings\/[0-9a-f-]{36}#booking-heading$/)
  await expect(page.getByText('Booking entered.').first()).toBeVisible()
  // Focus is on the booking just entered.
  const title = page.getByRole('heading', { level: 1, name: 'Spanish, On-site, Medical' })
  await expect(title).toBeFocused()
  const bookingId = /\/admin\/bookings\/([0-9a-f-]{36})/.exec(page.url())![1]!
  const [row] = await app.db.select().from(bookings).where(eq(bookings.id, bookingId))
  expect(row).toMatchObject({
    organizationId,
    requestedById: requester.id,
    enteredById: staff.id,
    notes: 'Called in by Rob at 9:05.',
  })
  const [entry] = await app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'booking'), eq(auditLog.entityId, bookingId)))
  expect(entry).toMatchObject({ action: 'create', actorId: staff.id })
  const details = page.getByRole('main').locator('dl')
  await expect(details).toContainText('Requested byRob Requester')
  await expect(details).toContainText('Entered byDana Dispatcher')
  await checkPage(page, 'admin-booking-entered')

  // The requester finds it in their portal like one they made.
  const clientContext = await browser.newContext({ baseURL: app.url })
  const clientPage = await clientContext.newPage()
  await signIn(clientContext, app.url, requester)
  await clientPage.goto('/client/bookings')
  await expect(
    clientPage.getByRole('listitem').filter({ hasText: 'Spanish, On-site, Medical' }),
  ).toHaveCount(1)
  await clientPage.goto(`/client/bookings/${bookingId}`)
  const clientDetails = clientPage.getByRole('region', { name: 'Details' })
  await expect(clientDetails).toContainText('Booked byRob Requester')
  await expect(clientDetails).toContainText("Entered byOur staff, on Rob Requester's behalf")
  await expectNoAxeViolations(clientPage, 'client booking entered by staff')
  await clientContext.close()
})

test('choosing the organization works without JavaScript; an unknown one answers 400, a foreign requester 400', async ({
  browser,
  page,
  app,
}) => {
  // A whole journey through several pages and e-mails: more than the default minute on a busy machine.
  test.setTimeout(240_000)
  const staff = await createAccount('admin', 'Nora Nojs')
  const actor = { id: staff.id, name: staff.name }
  const organization = `Quiet Clinic ${randomUUID().slice(0, 6)}`
  const requester = await clientUser(organization, 'Quinn Quiet', 'requester', actor)
  const stranger = await clientUser(`Loud Law ${randomUUID().slice(0, 6)}`, 'Lou', 'manager', actor)
  const organizationId = await organizationIdOf(app, organization)

  const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false })
  const noScript = await context.newPage()
  await signIn(context, app.url, staff)
  await noScript.goto('/admin/bookings/new')
  await noScript.getByLabel('Organization', { exact: true }).selectOption({ label: organization })
  await noScript.getByRole('button', { name: 'Show its users' }).click()
  await expect(
    noScript.getByLabel('Requester').getByRole('option', { name: /Quinn Quiet/ }),
  ).toHaveCount(1)
  await context.close()

  const cookie = await signIn(page.context(), app.url, staff)
  const unknown = await page.request.get(
    '/admin/bookings/new?organizationId=00000000-0000-4000-8000-000000000000',
  )
  expect(unknown.status()).toBe(400)
  expect(await unknown.text()).toContain('Please choose an organization from the list.')

  const nextWeek = addDays(calendarDate(new Date()), 7)
  const booking = {
    language: 'Spanish',
    modality: 'phone',
    setting: 'business',
    date: nextWeek,
    time: '10:00',
    timeZone: 'America/New_York',
    durationMinutes: '30',
    location: '+1 512 555 0199',
    contactName: 'Desk',
    contactPhone: '+1 512 555 0199',
  }
  const post = (form: Record<string, string>) =>
    page.request.post(`/admin/bookings/new?organizationId=${organizationId}`, {
      form,
      headers: { Origin: app.url, Cookie: cookie },
    })
  const foreign = await post({ ...booking, organizationId, requesterId: stranger.id })
  expect(foreign.status()).toBe(400)
  expect(await foreign.text()).toContain('the requester must belong to it.')
  const gone = await post({
    ...booking,
    organizationId: '00000000-0000-4000-8000-000000000000',
    requesterId: requester.id,
  })
  expect(gone.status()).toBe(400)
  expect(await gone.text()).toContain('This organization no longer exists.')
  expect(await app.db.$count(bookings, eq(bookings.organizationId, organizationId))).toBe(0)
})
