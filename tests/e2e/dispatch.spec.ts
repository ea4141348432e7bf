import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { bookings, mailOutbox } from '../../db/schema'
import { todayIn } from '../../app/domain/availability'
import { addDays } from '../../app/domain/onboarding'
import { createUser, findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { htmlErrors, type HtmlDocument } from '../support/html-checker'
import {
  createBookingRow,
  createDispatchInterpreter,
  createOrganization,
} from '../support/booking-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { checkPage, eventually, expect, test } from './fixtures'

test('staff offer a medical booking to eligible interpreters; the first to accept gets it', async ({
  page,
  browser,
  app,
}) => {
  // A whole journey through several pages and e-mails: more than the default minute on a busy machine.
  test.setTimeout(240_000)
  // A language no other test's interpreter has (tests/e2e/admin-long-data.ts uses Haitian
  // Creole), so the lists hold only these four.
  const language = 'Burmese'
  const staff = await createAccount('admin', 'Dina Dispatcher')
  const actor = { id: staff.id, name: staff.name }
  const organizationId = await createOrganization(app.db, 'Lakeside Hospital')
  const client = await createUser({
    email: `lena-${Date.now()}@lakeside.example`,
    name: 'Lena Lakeside',
    role: 'client',
    password: 'a long client password',
  })
  const person = (firstName: string, lastName: string) => ({
    firstName,
    lastName,
    languages: [language],
  })
  // Anaïs lives in Medford, 4 miles from the booking; Bertrand's profile has no ZIP code.
  const ana = await createDispatchInterpreter(app.db, actor, {
    ...person('Anaïs', 'Auguste'),
    zipCode: '02155',
    travelRadiusMiles: 30,
  })
  const ben = await createDispatchInterpreter(app.db, actor, person('Bertrand', 'Baptiste'))
  await createDispatchInterpreter(app.db, actor, {
    ...person('Claude', 'Charles'),
    medicalCredential: 'none',
  })
  // Austin is 1,693 miles from Boston, far beyond her 50.
  await createDispatchInterpreter(app.db, actor, {
    ...person('Dolores', 'Delacroix'),
    zipCode: '78701',
    travelRadiusMiles: 50,
  })
  const bookingDate = addDays(todayIn('America/New_York', new Date()), 7)
  const bookingId = await createBookingRow(app.db, {
    organizationId,
    requestedById: client.id,
    language,
    modality: 'on_site',
    setting: 'medical',
    localDate: bookingDate,
    localTime: '10:00',
    location: '40 Lakeside Drive, Boston, MA 02114',
  })
  const documents: HtmlDocument[] = []

  // Staff see two eligible interpreters, with how far each is, and the others excluded, each
  // with the reason.
  await signIn(page.context(), app.url, staff)
  // The list of that day (other tests in this worker book other days too).
  await page.goto(`/admin/bookings?view=all&from=${bookingDate}&to=${bookingDate}`)
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible()
  await page
    .getByRole('link', {
      name: `Open the booking ${language}, On-site, Medical for Lakeside Hospital`,
    })
    .click()
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${bookingId}$`))
  const eligible = page.getByRole('region', { name: /Eligible interpreters/ })
  await expect(eligible.getByRole('checkbox')).toHaveCount(2)
  await expect(
    eligible.getByRole('checkbox', { name: /Anaïs Auguste.* · 4 mi, about 10 min travel/ }),
  ).toBeVisible()
  await expect(
    eligible.getByRole('checkbox', { name: /Bertrand Baptiste.* · distance unknown/ }),
  ).toBeVisible()
  const excluded = page.getByRole('region', { name: /Not eligible/ })
  const claude = excluded.getByRole('listitem').filter({ hasText: 'Claude Charles' })
  await expect(claude).toHaveCount(1)
  await expect(claude).toContainText('No current HIPAA/medical credential')
  const dolores = excluded.getByRole('listitem').filter({ hasText: 'Dolores Delacroix' })
  await expect(dolores).toContainText('Outside travel radius (1,693 mi, radius 50 mi)')
  await checkPage(page, 'admin-booking')
  documents.push({ name: '/admin/bookings/{id} (open)', html: await page.content() })

  // Nothing ticked: the error is next to the list.
  await page.getByRole('button', { name: 'Offer to selected' }).click()
  await expect(
    page.getByText('Choose at least one interpreter, or offer to all eligible.'),
  ).toBeVisible()

  await eligible.getByRole('checkbox', { name: /Anaïs Auguste/ }).check()
  await eligible.getByRole('checkbox', { name: /Bertrand Baptiste/ }).check()
  await page.getByRole('button', { name: 'Offer to selected' }).click()
  await expect(page.getByText('Offer sent to 2 interpreters.')).toBeVisible()
  await expect(page.getByText('Status: Offered')).toBeVisible()
  // Focus is on the offers just sent, not on the button that sent them.
  await expect(page.getByRole('heading', { level: 2, name: 'Offers' })).toBeFocused()
  await expect(page.getByRole('heading', { level: 2, name: 'Offers' })).toBeInViewport()

  const offerLink = async (email: string) => {
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'booking-offer'), eq(mailOutbox.toAddress, email)))
    return /(\/offers\/accept\?token=[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!
  }

  // Anaïs accepts from the e-mail's link, without signing in.
  const visitor = await browser.newContext()
  const visitorPage = await visitor.newPage()
  const anaLink = await offerLink(ana.email)
  await visitorPage.goto(`${app.url}${anaLink}`)
  await expect(visitorPage.getByText('40 Lakeside Drive, Boston, MA 02114')).toBeVisible()
  await checkPage(visitorPage, 'offer-accept')
  documents.push({ name: '/offers/accept (open)', html: await visitorPage.content() })
  await visitorPage.getByRole('button', { name: 'Accept this assignment' }).click()
  await expect(visitorPage.getByText('You have the assignment')).toBeVisible()
  documents.push({ name: '/offers/accept (accepted)', html: await visitorPage.content() })

  // The link works once; Bertrand's says the booking is filled, and he is e-mailed so.
  await visitorPage.goto(`${app.url}${anaLink}`)
  await expect(visitorPage.getByText('This link has been used already')).toBeVisible()
  await visitorPage.goto(`${app.url}${await offerLink(ben.email)}`)
  await expect(visitorPage.getByText('filled by another interpreter')).toBeVisible()
  await expect(visitorPage.getByRole('button', { name: 'Accept this assignment' })).toHaveCount(0)
  documents.push({ name: '/offers/accept (filled)', html: await visitorPage.content() })
  await visitor.close()
  const filledMails = await app.db
    .select()
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.template, 'booking-offer-filled'), eq(mailOutbox.toAddress, ben.email)),
    )
  expect(filledMails).toHaveLength(1)

  // Staff see the booking Confirmed with Anaïs.
  await page.reload()
  await expect(page.getByText('Status: Confirmed')).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: 'Anaïs Auguste' })).toBeVisible()
  const [row] = await app.db.select().from(bookings).where(eq(bookings.id, bookingId))
  expect(row).toMatchObject({ status: 'confirmed', interpreterId: ana.profileId })

  // The client's confirmation names Anaïs and carries the calendar file, as delivered.
  const [confirmation] = await app.db
    .select()
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.template, 'booking-confirmed'), eq(mailOutbox.toAddress, client.email)),
    )
  expect(confirmation!.text).toContain('Anaïs will be your interpreter')
  const delivered = await eventually(async () => {
    const file = readdirSync(app.mailDir).find((name) => name.endsWith(`${confirmation!.id}.eml`))
    expect(file).toBeDefined()
    return readFileSync(path.join(app.mailDir, file!), 'utf8')
  })
  expect(delivered).toContain('Content-Type: text/calendar')
  expect(delivered).toContain('filename=booking.ics')

  // Anaïs's Assignments shows it, with the calendar file to download.
  const portal = await browser.newContext()
  await signIn(portal, app.url, toPublicUser((await findUserByEmail(ana.email))!))
  const portalPage = await portal.newPage()
  await portalPage.goto(`${app.url}/interpreter/assignments`)
  const upcoming = portalPage.getByRole('region', { name: 'Upcoming' })
  await expect(upcoming).toContainText(`${language}, On-site, Medical`)
  await expect(upcoming).toContainText('40 Lakeside Drive, Boston, MA 02114')
  await expect(portalPage.getByText(/America\/New_York/).first()).toBeVisible()
  const download = upcoming.getByRole('link', { name: /Download the calendar file/ })
  const ics = await portalPage.request.get(`${app.url}${await download.getAttribute('href')}`)
  expect(ics.status()).toBe(200)
  expect(ics.headers()['content-type']).toContain('text/calendar')
  expect(await ics.text()).toContain('LOCATION:40 Lakeside Drive\\, Boston\\, MA 02114')
  await checkPage(portalPage, 'interpreter-assignments')
  documents.push({ name: '/interpreter/assignments', html: await portalPage.content() })
  await portal.close()

  // The list with its alert and filters, for the HTML check.
  await page.goto('/admin/bookings?status=confirmed')
  await checkPage(page, 'admin-bookings')
  documents.push({ name: '/admin/bookings', html: await page.content() })
  expect(await htmlErrors(documents)).toEqual([])
})
