import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { and, eq, inArray } from 'drizzle-orm'
import { bookingOffers, bookings, closeouts, mailOutbox } from '../../db/schema'
import { todayIn } from '../../app/domain/availability'
import { weekdayOf } from '../../app/domain/booking-series'
import { addDays } from '../../app/domain/onboarding'
import { runBookingReminders } from '../../app/models/dispatch/reminders.server'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { setClock } from '../../app/platform/clock.server'
import { approveCurrentCloseout } from '../support/billing-fixtures'
import { htmlErrors, type HtmlDocument } from '../support/html-checker'
import { createDispatchInterpreter } from '../support/booking-fixtures'
import { createOrganizationMember } from '../support/organization-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { checkPage, eventually, expect, test, type TestApp } from './fixtures'

test.afterEach(() => setClock())

/** Every e-mail of a template to an address, oldest first. */
const mailsTo = (app: TestApp, template: string, email: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, template), eq(mailOutbox.toAddress, email)))
    .orderBy(mailOutbox.createdAt)

const linkIn = (text: string) => /(\/offers\/accept\?token=[A-Za-z0-9_-]+)/.exec(text)![1]!

/**
 * The dispatcher's day end to end (docs/product.md#bookings): a booking taken by phone, an
 * interpreter assigned by hand over a rule with a reason, their confirmation, the client's
 * move and the interpreter's confirmation of the new time (the calendar event updated),
 * reminders sent once, the work closed out and rated by the client.
 */
test('a phone booking is assigned over a rule, confirmed, moved by the client, reconfirmed, reminded once and rated', async ({
  page,
  browser,
  app,
}) => {
  test.setTimeout(300_000)
  const tag = randomUUID().slice(0, 6)
  // A language no other test's interpreter has, so the lists hold only this one.
  const language = 'Tigrinya'
  const staff = await createAccount('admin', 'Dee Dispatcher')
  const actor = { id: staff.id, name: staff.name }
  const organizationName = `Summit Partners ${tag}`
  const clientEmail = `sam-${tag}@summit.example`
  const member = await createOrganizationMember(
    { organizationName, name: 'Sam Summit', email: clientEmail, role: 'manager' },
    actor,
  )
  if (member.state !== 'invited') throw new Error('the client was not invited')
  // Medical only: a business booking excludes her ("No specialization for this setting").
  const tess = await createDispatchInterpreter(app.db, actor, {
    firstName: 'Tess',
    lastName: `Tesfaye ${tag}`,
    languages: [language],
    modalities: ['video'],
    specializations: ['medical'],
  })
  const date = addDays(todayIn('America/New_York', new Date()), 6)

  // 1. The client calls; the dispatcher enters the booking for them.
  await signIn(page.context(), app.url, staff)
  await page.goto(`/admin/bookings/new?organizationId=${member.organizationId}`)
  const form = page.getByRole('form', { name: `2. The booking for ${organizationName}` })
  await expect(form).toHaveAttribute('novalidate', '')
  await form.getByLabel('Requester').selectOption({ label: `Sam Summit (${clientEmail})` })
  await form.getByLabel('Language').fill(language)
  await form.getByLabel('How the interpreter works').selectOption('video')
  await form.getByLabel('Setting').selectOption('business')
  await form.getByLabel('Date').fill(date)
  await form.getByLabel('Start time').fill('10:00')
  await form.getByLabel('Expected duration (minutes)').fill('60')
  await form
    .getByLabel('On-site address, video link or call-in number')
    .fill('https://meet.example/summit')
  await form.getByLabel('Contact on the day').fill('Sam Summit')
  await form.getByLabel('Contact phone').fill('+1 212 555 0100')
  await form.getByRole('button', { name: 'Enter the booking' }).click()
  await expect(page.getByText('Booking entered.').first()).toBeVisible()
  const bookingId = /\/admin\/bookings\/([0-9a-f-]{36})/.exec(page.url())![1]!

  // 2. Nobody meets every rule: the dispatcher assigns Tess over it, with a reason.
  await expect(page.getByRole('heading', { name: /Eligible interpreters \(0\)/ })).toBeVisible()
  const assign = page.getByRole('form', { name: 'Assign an interpreter' })
  await assign.getByLabel('Interpreter').selectOption({
    label: `Tess Tesfaye ${tag} (not eligible: No specialization for this setting)`,
  })
  await assign
    .getByLabel('Reason for the override')
    .fill('Tess interpreted this client’s last three board meetings.')
  await assign.getByRole('button', { name: 'Assign and ask to confirm' }).click()
  await expect(
    page.getByText(`Assigned to Tess Tesfaye ${tag}: waiting for their confirmation.`),
  ).toBeVisible()

  // 3. Tess confirms through her e-mail's link.
  const [assigned] = await mailsTo(app, 'booking-offer', tess.email)
  const visitor = await browser.newContext()
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(`${app.url}${linkIn(assigned!.text)}`)
  await visitorPage.getByRole('button', { name: 'Accept this assignment' }).click()
  await expect(visitorPage.getByText('You have the assignment')).toBeVisible()

  // 4. The client moves it to 14:00 in their portal: Tess can make it and is asked to confirm.
  const client = await browser.newContext()
  await signIn(client, app.url, toPublicUser((await findUserByEmail(clientEmail))!))
  const clientPage = await client.newPage()
  await clientPage.goto(`${app.url}/client/bookings/${bookingId}`)
  await expect(clientPage.getByText('Entered by')).toBeVisible()
  await clientPage.getByLabel('New start time').fill('14:00')
  await clientPage.getByRole('button', { name: 'Move the booking' }).click()
  await expect(
    clientPage
      .getByText('Your interpreter can make the new time and has been asked to confirm it.')
      .first(),
  ).toBeVisible()

  // The dispatcher sees the new time waiting for Tess, and flagged once its link lapses.
  await page.reload()
  await expect(page.getByText(/^New time sent: waiting for Tess Tesfaye/)).toBeVisible()
  // (Its link is made to lapse for a moment; moving the clock would end the sessions.)
  const reconfirm = and(
    eq(bookingOffers.bookingId, bookingId),
    eq(bookingOffers.status, 'reconfirm'),
  )
  const [pending] = await app.db.select().from(bookingOffers).where(reconfirm)
  await app.db
    .update(bookingOffers)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(reconfirm)
  await page.reload()
  await expect(page.getByText(/^New time not confirmed: Tess Tesfaye/)).toBeVisible()
  await app.db.update(bookingOffers).set({ expiresAt: pending!.expiresAt }).where(reconfirm)

  // 5. Tess confirms the new time by its link: the event moves in her calendar (same UID,
  // higher SEQUENCE), and the client is sent the confirmation again.
  const [newTime] = await mailsTo(app, 'assignment-new-time', tess.email)
  const moved = newTime!.attachments![0]!.content
  const accepted = (await mailsTo(app, 'booking-confirmed', clientEmail))[0]!
  const original = accepted.attachments![0]!.content
  const uid = /UID:(\S+)/.exec(original)![1]
  expect(moved).toContain(`UID:${uid}`)
  expect(moved).toContain('METHOD:REQUEST')
  expect(moved).toContain('SEQUENCE:1')
  expect(original).toContain('SEQUENCE:0')
  await visitorPage.goto(`${app.url}${linkIn(newTime!.text)}`)
  await expect(
    visitorPage.getByRole('button', { name: 'I cannot make the new time' }),
  ).toBeVisible()
  await visitorPage.getByRole('button', { name: 'Confirm the new time' }).click()
  await expect(visitorPage.getByText('You have the assignment')).toBeVisible()
  await visitor.close()
  await eventually(async () =>
    expect(await mailsTo(app, 'booking-confirmed', clientEmail)).toHaveLength(2),
  )
  await clientPage.reload()
  const timeline = clientPage
    .getByRole('region', { name: 'Status' })
    .getByRole('list', { name: 'Timeline' })
  await expect(timeline.locator('[aria-current="step"]')).toContainText('Confirmed: Tess')

  // 6. A day before: two instances run the reminders at once; each goes out once.
  const [row] = await app.db.select().from(bookings).where(eq(bookings.id, bookingId))
  expect(row).toMatchObject({ localTime: '14:00', status: 'confirmed' })
  setClock(() => new Date(row!.startsAt.getTime() - 23 * 60 * 60 * 1000))
  await Promise.all([runBookingReminders(app.db), runBookingReminders(app.db)])
  await runBookingReminders(app.db)
  expect(await mailsTo(app, 'assignment-reminder-24h', tess.email)).toHaveLength(1)
  expect(await mailsTo(app, 'booking-reminder-24h', clientEmail)).toHaveLength(1)

  // 7. After the work Tess's closeout is approved (closeouts.spec.ts covers its screens);
  // the client rates the assignment.
  setClock()
  await app.db.insert(closeouts).values({
    bookingId,
    interpreterId: tess.profileId,
    actualStart: row!.startsAt,
    actualEnd: new Date(row!.startsAt.getTime() + 60 * 60_000),
    outcome: 'completed',
    mileageTenths: 0,
  })
  expect(await approveCurrentCloseout(app.db, bookingId, actor)).toBe('done')
  await clientPage.reload()
  const rating = clientPage.getByRole('region', { name: 'Rate this assignment' })
  await rating.getByRole('radio', { name: '5 – Excellent' }).check()
  await rating.getByRole('button', { name: 'Send rating' }).click()
  await expect(clientPage.getByRole('region', { name: 'Your rating' })).toContainText('5 out of 5')
  await client.close()
})

/**
 * A weekly series of team bookings: each date has two seats; two interpreters fill the first
 * date's team; a new time one of them cannot make releases their seat only.
 */
test('a client books a weekly team; two interpreters fill a date; one cannot make a new time and their seat is released', async ({
  page,
  browser,
  app,
}) => {
  test.setTimeout(300_000)
  const tag = randomUUID().slice(0, 6)
  const language = 'Pashto'
  const staff = await createAccount('admin', 'Tia Teams')
  const actor = { id: staff.id, name: staff.name }
  const clientEmail = `cal-${tag}@court.example`
  const member = await createOrganizationMember(
    {
      organizationName: `County Court ${tag}`,
      name: 'Cal Court',
      email: clientEmail,
      role: 'manager',
    },
    actor,
  )
  if (member.state !== 'invited') throw new Error('the client was not invited')
  const interpreter = (firstName: string) =>
    createDispatchInterpreter(app.db, actor, {
      firstName,
      lastName: `Team ${tag}`,
      languages: [language],
      modalities: ['video'],
      specializations: ['legal'],
    })
  const ama = await interpreter('Ama')
  const bo = await interpreter('Bo')

  // The client books a four-hour hearing for two interpreters, weekly for 2 weeks.
  await signIn(page.context(), app.url, toPublicUser((await findUserByEmail(clientEmail))!))
  await page.goto('/client/book')
  await expect(page.locator('form[novalidate]')).toHaveCount(1)
  await page.getByLabel('Language').fill(language)
  await page.getByLabel('How the interpreter works').selectOption('video')
  await page.getByLabel('Setting').selectOption('legal')
  const hearingDate = addDays(todayIn('America/New_York', new Date()), 8)
  await page.getByLabel('Date').fill(hearingDate)
  await page.getByLabel('Start time').fill('09:00')
  await page.getByLabel('Expected duration (minutes)').fill('240')
  await page.getByLabel('Interpreters needed').selectOption({ label: 'Two interpreters (a team)' })
  const weekday = weekdayOf(hearingDate)
  await page.getByRole('checkbox', { name: weekday[0]!.toUpperCase() + weekday.slice(1) }).check()
  await page.getByLabel('For how many weeks').fill('2')
  await page
    .getByLabel('On-site address, video link or call-in number')
    .fill('https://meet.example/court')
  await page.getByLabel('Contact on the day').fill('Clerk Cal')
  await page.getByLabel('Contact phone').fill('+1 212 555 0101')
  await page.getByRole('button', { name: 'Book the interpreter' }).click()
  await expect(page.getByText('Weekly series received').first()).toBeVisible()
  const firstId = /\/client\/bookings\/([0-9a-f-]{36})/.exec(page.url())![1]!
  const [first] = await app.db.select().from(bookings).where(eq(bookings.id, firstId))
  const seats = await app.db
    .select()
    .from(bookings)
    .where(eq(bookings.seriesId, first!.seriesId!))
    .orderBy(bookings.startsAt, bookings.id)
  expect(seats).toHaveLength(4)
  const team = seats.filter((seat) => seat.teamId === first!.teamId)
  expect(team).toHaveLength(2)
  await expect(teamRegion(page)).toContainText('0 of 2 interpreters confirmed')
  await checkPage(page, 'client-team-booking')
  const documents: HtmlDocument[] = [
    { name: '/client/bookings/{id} (team)', html: await page.content() },
  ]

  // Staff offer each seat: Ama takes one; the other seat no longer lists her.
  const staffContext = await browser.newContext()
  await signIn(staffContext, app.url, staff)
  const staffPage = await staffContext.newPage()
  const [seatA, seatB] = team
  await staffPage.goto(`${app.url}/admin/bookings/${seatA!.id}`)
  await staffPage.getByRole('checkbox', { name: new RegExp(`Ama Team ${tag}`) }).check()
  await staffPage.getByRole('button', { name: 'Offer to selected' }).click()
  // Sent before the next page is opened (CI found the offer still on its way).
  await expect(staffPage.getByText('Offer sent to 1 interpreter.').first()).toBeVisible()
  await staffPage.goto(`${app.url}/admin/bookings/${seatB!.id}`)
  await expect(
    staffPage.getByRole('region', { name: /Not eligible/ }).getByText(`Ama Team ${tag}`),
  ).toBeVisible()
  await expect(
    staffPage
      .getByRole('region', { name: /Not eligible/ })
      .getByText('Already on the other seat of this team'),
  ).toBeVisible()
  await staffPage.getByRole('checkbox', { name: new RegExp(`Bo Team ${tag}`) }).check()
  await staffPage.getByRole('button', { name: 'Offer to selected' }).click()
  await expect(staffPage.getByText('Offer sent to 1 interpreter.').first()).toBeVisible()
  await checkPage(staffPage, 'admin-team-booking')
  documents.push({ name: '/admin/bookings/{id} (team)', html: await staffPage.content() })

  const acceptBy = async (email: string) => {
    const [offer] = await mailsTo(app, 'booking-offer', email)
    const link = await browser.newContext()
    const linkPage = await link.newPage()
    await linkPage.goto(`${app.url}${linkIn(offer!.text)}`)
    await linkPage.getByRole('button', { name: 'Accept this assignment' }).click()
    await expect(linkPage.getByText('You have the assignment')).toBeVisible()
    await link.close()
  }
  await acceptBy(ama.email)
  await page.reload()
  await expect(teamRegion(page)).toContainText('1 of 2 interpreters confirmed')
  await acceptBy(bo.email)
  await page.reload()
  await expect(teamRegion(page)).toContainText('2 of 2 interpreters confirmed')
  await expect(teamRegion(page)).toContainText('The team is filled.')

  // The client moves that date to the afternoon: both seats move, both asked to confirm.
  await page.goto(`/client/bookings/${seatA!.id}`)
  await page.getByLabel('New start time').fill('13:00')
  await page.getByRole('button', { name: 'Move the booking' }).click()
  await expect(page.getByText('Booking moved.').first()).toBeVisible()
  // Bo cannot make it: he says so in his portal, and his seat goes back to dispatch.
  const portal = await browser.newContext()
  await signIn(portal, app.url, toPublicUser((await findUserByEmail(bo.email))!))
  const portalPage = await portal.newPage()
  await portalPage.goto(`${app.url}/interpreter/assignments`)
  await portalPage.getByRole('button', { name: /^I cannot make the new time/ }).click()
  await expect(portalPage.getByText('Thank you for telling us.')).toBeVisible()
  await portal.close()
  const after = await app.db
    .select()
    .from(bookings)
    .where(inArray(bookings.id, [seatA!.id, seatB!.id]))
  expect(after.map((seat) => [seat.localTime, seat.status, seat.interpreterId]).sort()).toEqual(
    [
      ['13:00', 'confirmed', ama.profileId],
      ['13:00', 'requested', null],
    ].sort(),
  )
  expect(await mailsTo(app, 'booking-new-time-declined', clientEmail)).toHaveLength(1)
  await page.reload()
  await expect(teamRegion(page)).toContainText('1 of 2 interpreters confirmed')
  await staffContext.close()
  expect(await htmlErrors(documents)).toEqual([])
})

const teamRegion = (page: Page) => page.getByRole('region', { name: 'Team of 2 interpreters' })
