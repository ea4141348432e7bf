import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { mailOutbox, organizations } from '../../db/schema'
import { wallClock } from '../../app/domain/dispatch'
import { runBookingReminders } from '../../app/models/dispatch/reminders.server'
import { clientContextOf } from '../../app/models/organizations.server'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { createBookingRow, createDispatchInterpreter } from '../support/booking-fixtures'
import { createOrganizationMember } from '../support/organization-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { checkPage, eventually, expect, test } from './fixtures'

/** A new organization with its manager, signed in on `page`. */
async function managerOfNewOrganization(tag: string) {
  const staff = await createAccount('admin', 'Sasha Settings')
  const actor = { id: staff.id, name: staff.name }
  const email = `mona-${tag}@settings.example`
  await createOrganizationMember(
    { organizationName: `Settings Clinic ${tag}`, name: 'Mona Manager', email, role: 'manager' },
    actor,
  )
  const manager = toPublicUser((await findUserByEmail(email))!)
  const { organizationId } = (await clientContextOf(manager.id))!
  return { manager, organizationId, actor }
}

test('a client manager chooses the reminders the person who booked receives; a refused value shows next to its box', async ({
  page,
  app,
}) => {
  const tag = Date.now().toString(36)
  const { manager, organizationId, actor } = await managerOfNewOrganization(tag)
  await signIn(page.context(), app.url, manager)

  await page.goto('/client/dashboard')
  await page.getByRole('link', { name: 'Settings' }).first().click()
  await expect(page).toHaveURL(/\/client\/settings$/)
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  const form = page
    .locator('form[method="post"]')
    .filter({ hasText: 'E-mail the person who booked' })
  await expect(form).toHaveAttribute('novalidate', '')
  const dayBefore = page.getByRole('checkbox', { name: 'Remind them 24 hours before' })
  const twoHours = page.getByRole('checkbox', { name: 'Remind them 2 hours before' })
  // Both on by default.
  await expect(dayBefore).toBeChecked()
  await expect(twoHours).toBeChecked()
  await checkPage(page, 'client-settings')

  // Saved: the toast, the boxes as saved after a reload, the organization's row.
  await dayBefore.uncheck()
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Settings saved.')).toBeVisible()
  await page.reload()
  await expect(dayBefore).not.toBeChecked()
  await expect(twoHours).toBeChecked()
  const [saved] = await app.db
    .select({
      remind24h: organizations.requesterReminder24h,
      remind2h: organizations.requesterReminder2h,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  expect(saved).toEqual({ remind24h: false, remind2h: true })

  // A value no box sends (a tampered form) is refused with 400; the error is next to the box
  // that sent it, named by it, and the summary lists it; nothing is saved.
  await dayBefore.evaluate((box: HTMLInputElement) => {
    box.value = 'maybe'
    box.checked = true
  })
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().includes('/client/settings'),
  )
  await page.getByRole('button', { name: 'Save settings' }).click()
  expect((await answer).status()).toBe(400)
  const error = page.getByText('Please tick the box or leave it empty.').last()
  await expect(error).toBeVisible()
  await expect(dayBefore).toHaveAttribute('aria-invalid', 'true')
  const describedBy = (await dayBefore.getAttribute('aria-describedby')) ?? ''
  const errorId = await error.getAttribute('id')
  expect(errorId).toBeTruthy()
  expect(describedBy.split(' ')).toContain(errorId)
  const summary = page.getByRole('group', { name: 'Please correct 1 field' })
  await expect(summary).toBeFocused()
  await expect(summary.getByRole('link', { name: 'Remind them 24 hours before' })).toBeVisible()
  await checkPage(page, 'client-settings-error')
  await page.reload()
  await expect(dayBefore).not.toBeChecked()

  // A requester of the organization has neither the link nor the screen.
  const requesterEmail = `rita-${tag}@settings.example`
  await createOrganizationMember(
    {
      organizationName: `Settings Clinic ${tag}`,
      name: 'Rita Requester',
      email: requesterEmail,
      role: 'requester',
    },
    actor,
  )
  expect((await clientContextOf((await findUserByEmail(requesterEmail))!.id))?.organizationId).toBe(
    organizationId,
  )
  await signIn(page.context(), app.url, toPublicUser((await findUserByEmail(requesterEmail))!))
  await page.goto('/client/dashboard')
  await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0)
  const response = await page.request.get('/client/settings')
  expect(response.status()).toBe(404)
})

test('a reminder 2 hours before a confirmed booking reaches the interpreter and, as the settings say, the person who booked', async ({
  app,
}) => {
  const tag = Date.now().toString(36)
  const { manager, organizationId, actor } = await managerOfNewOrganization(tag)
  // The manager turned the client's 24-hour reminder off.
  await app.db
    .update(organizations)
    .set({ requesterReminder24h: false })
    .where(eq(organizations.id, organizationId))
  const interpreter = await createDispatchInterpreter(app.db, actor, {
    firstName: 'Ines',
    lastName: `Reminder${tag}`,
  })
  const booking = async (minutesFromNow: number) => {
    const start = wallClock(new Date(Date.now() + minutesFromNow * 60 * 1000), 'America/New_York')
    const hhmm = `${String(Math.floor(start.minute / 60)).padStart(2, '0')}:${String(start.minute % 60).padStart(2, '0')}`
    return createBookingRow(app.db, {
      organizationId,
      requestedById: manager.id,
      localDate: start.date,
      localTime: hhmm,
      status: 'confirmed',
      interpreterId: interpreter.profileId,
    })
  }
  const soon = await booking(90)
  const tomorrow = await booking(20 * 60)

  // The maintenance task, as two instances would run it.
  await Promise.all([runBookingReminders(app.db), runBookingReminders(app.db)])
  const mailsOf = (bookingId: string) =>
    app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.reference, `booking:${bookingId}`))
      .orderBy(mailOutbox.template)
  const soonMails = await mailsOf(soon)
  expect(soonMails.map((mail) => `${mail.template} ${mail.toAddress}`)).toEqual([
    `assignment-reminder-2h ${interpreter.email}`,
    `booking-reminder-2h ${manager.email}`,
  ])
  // The 24-hour reminder is off for the client: the interpreter alone hears.
  expect((await mailsOf(tomorrow)).map((mail) => mail.template)).toEqual([
    'assignment-reminder-24h',
  ])

  // Delivered: the client's as written, the interpreter's with the calendar file.
  const delivered = (id: string) =>
    eventually(async () => {
      const file = readdirSync(app.mailDir).find((name) => name.endsWith(`${id}.eml`))
      expect(file).toBeDefined()
      return readFileSync(path.join(app.mailDir, file!), 'utf8')
    })
  const forInterpreter = await delivered(soonMails[0]!.id)
  expect(forInterpreter).toContain('Subject: Reminder:')
  expect(forInterpreter).toContain('filename=booking.ics')
  const forClient = await delivered(soonMails[1]!.id)
  expect(forClient).toMatch(/Subject: Reminder: Ines will interpret/)
})
