import { mkdirSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { and, eq } from 'drizzle-orm'
import {
  interpreterProfileChanges,
  interpreterProfiles,
  interpreterTimeOff,
  mailOutbox,
} from '../../db/schema'
import { decideApplication } from '../../app/models/interpreter-applications/review.server'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { createSession } from '../../app/auth/session.server'
import { createApplicant } from '../support/people-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { eventually, expect, expectNoAxeViolations, test, type TestApp } from './fixtures'

// Set SCREENSHOT_DIR to keep the pages' screenshots for a look.
const SHOTS = process.env.SCREENSHOT_DIR

async function shoot(page: Page, name: string) {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

/** An approved applicant's portal account, languages Spanish, and its user. */
async function approvedInterpreter(app: TestApp, firstName: string) {
  const tag = randomUUID().slice(0, 6)
  const email = `${firstName.toLowerCase()}-${tag}@example.org`
  const admin = await createAccount('admin', 'Rita Recruiter')
  const applicationId = await createApplicant(app.db, {
    firstName,
    lastName: `Profile${tag}`,
    email,
  })
  await decideApplication(
    applicationId,
    'approved',
    { sendEmail: false },
    { id: admin.id, name: admin.name },
  )
  const user = toPublicUser((await findUserByEmail(email))!)
  return { user, admin, name: `${firstName} Profile${tag}`, email }
}

const profileOf = async (app: TestApp, userId: string) =>
  (
    await app.db.select().from(interpreterProfiles).where(eq(interpreterProfiles.userId, userId))
  )[0]!

test('an interpreter edits the profile; staff approve a language change, then reject one with a reason', async ({
  page,
  browser,
  app,
}) => {
  test.setTimeout(240_000)
  const { user, admin, name, email } = await approvedInterpreter(app, 'Pia')
  await signIn(page.context(), app.url, user)
  await page.goto('/interpreter/dashboard')
  await page
    .getByRole('navigation', { name: 'Interpreter portal' })
    .getByRole('link', { name: 'Profile' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await expectNoAxeViolations(page, 'profile at 1280 px')

  // Contact details and time zone.
  const contact = page.getByRole('region', { name: 'Contact details' })
  await contact.getByLabel('Phone').fill('+1 312 555 0142')
  await contact.getByLabel('City').fill('Chicago')
  await contact.getByLabel('State').fill('IL')
  await contact.getByLabel('ZIP code').fill('60601')
  await contact.getByLabel('Time zone').selectOption('America/Chicago')
  await contact.getByRole('button', { name: 'Save contact details' }).click()
  await expect(contact.getByText('Contact details saved.')).toBeVisible()
  await page.reload()
  await expect(contact).toContainText('Time zone: America/Chicago (Central Time)')
  await expect(contact.getByLabel('City')).toHaveValue('Chicago')

  // Availability: an overlap is refused, then the corrected week is saved.
  const week = page.getByRole('region', { name: 'Weekly availability' })
  await week.getByRole('button', { name: 'Add a range' }).click()
  await week.getByLabel('Day of range 1').selectOption('monday')
  await week.getByRole('button', { name: 'Add a range' }).click()
  await week.getByLabel('Day of range 2').selectOption('monday')
  await week.getByLabel('Start of range 2').fill('12:00')
  await week.getByLabel('End of range 2').fill('13:00')
  await week.getByRole('button', { name: 'Save availability' }).click()
  await expect(week.getByText('This overlaps another range on Monday.')).toBeVisible()
  // The summary names the field and takes focus, as after any refused submit.
  const summary = week.getByRole('group', { name: /^Please correct 1 field/ })
  await expect(summary).toContainText('Start of range 2')
  await expect(summary).toBeFocused()
  await week.getByLabel('Day of range 2').selectOption('tuesday')
  await week.getByRole('button', { name: 'Save availability' }).click()
  await expect(week.getByText('Weekly availability saved.')).toBeVisible()
  await page.reload()
  await expect(week.getByLabel('Day of range 1')).toHaveValue('monday')
  await expect(week.getByLabel('End of range 1')).toHaveValue('17:00')
  await expect(week.getByLabel('Day of range 2')).toHaveValue('tuesday')

  // Time off: added, then an overlapping period is refused.
  const away = page.getByRole('region', { name: 'Time off' })
  await away.getByLabel('First day').fill('2031-07-01')
  await away.getByLabel('Last day').fill('2031-07-10')
  await away.getByRole('button', { name: 'Add time off' }).click()
  await expect(away.getByText('Time off added: 07/01/2031 to 07/10/2031.')).toBeVisible()
  await expect(away.getByRole('button', { name: /^Remove time off/ })).toHaveCount(1)
  await away.getByLabel('First day').fill('2031-07-10')
  await away.getByLabel('Last day').fill('2031-07-12')
  await away.getByRole('button', { name: 'Add time off' }).click()
  await expect(
    away.getByText('This overlaps your time off from 07/01/2031 to 07/10/2031.'),
  ).toBeVisible()
  await expect(away.getByRole('button', { name: /^Remove time off/ })).toHaveCount(1)

  // A language change goes to staff; the profile keeps Spanish alone meanwhile.
  const languages = page.getByRole('region', { name: 'Languages and specializations' })
  await languages.getByLabel('Proficiency of language 1').selectOption('native')
  await languages.getByRole('button', { name: 'Add a language' }).click()
  await languages.getByLabel('Language 2', { exact: true }).selectOption('Korean')
  await languages.getByLabel('Proficiency of language 2').selectOption('fluent')
  await languages.getByLabel('Medical (HIPAA compliant)').check()
  await languages.getByRole('button', { name: 'Send for approval' }).click()
  await expect(languages.getByText('Your change was sent to our team for approval.')).toBeVisible()
  await expect(languages.getByText('Waiting for staff approval')).toBeVisible()
  expect((await profileOf(app, user.id)).languages).toEqual(['Spanish'])
  await shoot(page, 'interpreter-profile-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoAxeViolations(page, 'profile at 390 px')
  await shoot(page, 'interpreter-profile-390')
  await page.setViewportSize({ width: 1280, height: 720 })

  // Staff approve it in the Interpreter manager.
  const staff = await browser.newContext({ baseURL: app.url })
  await signIn(staff, app.url, admin)
  const adminPage = await staff.newPage()
  await adminPage.goto('/admin/interpreter-manager')
  const changes = adminPage.getByRole('region', { name: 'Profile changes to approve' })
  const request = changes.getByRole('listitem', { name })
  await expect(request).toContainText('Spanish–English: Not stated')
  await expect(request).toContainText('Korean–English: Fluent')
  await expectNoAxeViolations(adminPage, 'profile changes to approve at 1280 px')
  await shoot(adminPage, 'profile-changes-1280')
  await adminPage.setViewportSize({ width: 390, height: 844 })
  await expectNoAxeViolations(adminPage, 'profile changes to approve at 390 px')
  await shoot(adminPage, 'profile-changes-390')
  await adminPage.setViewportSize({ width: 1280, height: 720 })
  await request.getByRole('button', { name: `Approve the change of ${name}` }).click()
  await expect(
    adminPage
      .getByRole('status')
      .getByText('Profile change approved; the interpreter was e-mailed.'),
  ).toBeVisible()
  await expect(request).toHaveCount(0)

  await page.reload()
  await expect(languages.getByText('Waiting for staff approval')).toHaveCount(0)
  await expect(languages).toContainText('Korean–English: Fluent')
  await expect(languages).toContainText('Specializations: Medical (HIPAA compliant)')
  expect(await profileOf(app, user.id)).toMatchObject({
    languages: ['Spanish', 'Korean'],
    specializations: ['medical'],
  })

  // A second request is rejected with a reason, which the interpreter is e-mailed.
  await languages.getByRole('button', { name: 'Remove language 2' }).click()
  await languages.getByRole('button', { name: 'Send for approval' }).click()
  await expect(languages.getByText('Waiting for staff approval')).toBeVisible()
  await adminPage.reload()
  await request.getByRole('button', { name: `Reject the change of ${name}` }).click()
  // The reason is required (by the browser here; the server's 400 is checked below).
  await expect(adminPage.getByText('Profile change rejected')).toHaveCount(0)
  await request
    .getByLabel(`Reason for rejecting ${name}'s change`)
    .fill('Please keep Korean: your test result is on file.')
  await request.getByRole('button', { name: `Reject the change of ${name}` }).click()
  await expect(
    adminPage
      .getByRole('status')
      .getByText('Profile change rejected; the interpreter was e-mailed the reason.'),
  ).toBeVisible()
  const mails = await eventually(async () => {
    const found = await app.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.template, 'profile-change-decision'), eq(mailOutbox.toAddress, email)),
      )
    expect(found).toHaveLength(2)
    return found
  })
  const rejection = mails.find((mail) => /not approved/.test(mail.subject))!
  expect(rejection.text).toContain('Reason: Please keep Korean: your test result is on file.')
  expect((await profileOf(app, user.id)).languages).toEqual(['Spanish', 'Korean'])
  await staff.close()
})

test('bad input is refused next to its field and another interpreter’s records answer 404', async ({
  page,
  playwright,
  app,
}) => {
  const changesOf = (profileId: string) =>
    app.db
      .select()
      .from(interpreterProfileChanges)
      .where(eq(interpreterProfileChanges.profileId, profileId))
  const timeOffOf = (profileId: string) =>
    app.db.select().from(interpreterTimeOff).where(eq(interpreterTimeOff.profileId, profileId))
  const owner = await approvedInterpreter(app, 'Olu')
  const other = await approvedInterpreter(app, 'Max')
  await signIn(page.context(), app.url, owner.user)
  await page.goto('/interpreter/profile')

  // The radius carries the schema's range: the browser refuses 501 itself, in the schema's
  // words (the server's answer to it is among the crafted posts below).
  const work = page.getByRole('region', { name: 'How you work' })
  const radius = work.getByLabel('Travel radius (miles)')
  await expect(radius).toHaveAttribute('max', '500')
  await radius.fill('501')
  await work.getByRole('button', { name: 'Save how you work' }).click()
  await expect(work.getByText('Please enter a whole number of miles from 0 to 500.')).toBeVisible()
  // A rule across fields is the server's, as a browser without its own checks would send it.
  await page.$$eval('form', (forms) => forms.forEach((form) => form.setAttribute('novalidate', '')))
  const away = page.getByRole('region', { name: 'Time off' })
  await away.getByLabel('First day').fill('2031-08-10')
  await away.getByLabel('Last day').fill('2031-08-01')
  await away.getByRole('button', { name: 'Add time off' }).click()
  await expect(away.getByText('The last day must be on or after the first day.')).toBeVisible()
  // What was typed stays.
  await expect(away.getByLabel('First day')).toHaveValue('2031-08-10')

  // Crafted posts: each refused with its field's error, nothing stored.
  const post = (form: Record<string, string>, cookieOf = page) =>
    cookieOf.request.post('/interpreter/profile', {
      form,
      headers: { Origin: app.url },
      maxRedirects: 0,
    })
  for (const [form, message] of [
    [
      { intent: 'contact', phone: '+1 512 555 0100', timeZone: 'Mars/Olympus_Mons' },
      'Please choose a time zone from the list.',
    ],
    [{ intent: 'work', travelRadiusMiles: '12.5' }, 'whole number of miles'],
    [{ intent: 'work', travelRadiusMiles: '501' }, 'whole number of miles'],
    [
      {
        intent: 'availability',
        'ranges[0].day': 'monday',
        'ranges[0].start': '17:00',
        'ranges[0].end': '08:00',
      },
      'The end must be after the start.',
    ],
    [
      {
        intent: 'languages',
        'languages[0].language': 'Klingon',
        'languages[0].proficiency': 'native',
      },
      'Please choose a language from the list.',
    ],
  ] as const) {
    const answer = await post(form)
    expect(answer.status(), form.intent).toBe(400)
    expect(await answer.text()).toContain(message)
  }
  const stored = await profileOf(app, owner.user.id)
  expect(stored).toMatchObject({ timeZone: 'America/New_York', travelRadiusMiles: null })
  expect(await changesOf(stored.id)).toHaveLength(0)

  // The other interpreter's time off and change request, by id: 404 and both stay.
  await signIn(page.context(), app.url, other.user)
  await page.goto('/interpreter/profile')
  const otherAway = page.getByRole('region', { name: 'Time off' })
  await otherAway.getByLabel('First day').fill('2031-09-01')
  await otherAway.getByLabel('Last day').fill('2031-09-02')
  await otherAway.getByRole('button', { name: 'Add time off' }).click()
  await expect(otherAway.getByText(/Time off added/)).toBeVisible()
  const otherLanguages = page.getByRole('region', { name: 'Languages and specializations' })
  await otherLanguages.getByLabel('Proficiency of language 1').selectOption('fluent')
  await otherLanguages.getByRole('button', { name: 'Send for approval' }).click()
  await expect(otherLanguages.getByText('Waiting for staff approval')).toBeVisible()
  const otherProfile = await profileOf(app, other.user.id)
  const [timeOff] = await timeOffOf(otherProfile.id)
  const [change] = await changesOf(otherProfile.id)

  await page.context().clearCookies()
  await signIn(page.context(), app.url, owner.user)
  expect((await post({ intent: 'remove-time-off', timeOffId: timeOff!.id })).status()).toBe(404)
  expect((await post({ intent: 'withdraw-change', changeId: change!.id })).status()).toBe(404)
  expect(await timeOffOf(otherProfile.id)).toHaveLength(1)
  expect((await changesOf(otherProfile.id))[0]!.status).toBe('pending')

  // Other roles: staff reading the page go home, a client's post is refused.
  const clientContext = await playwright.request.newContext({ baseURL: app.url })
  const client = await createAccount('client')
  const clientCookie = (await createSession(client.id)).split(';')[0]!
  const refused = await clientContext.post('/interpreter/profile', {
    form: { intent: 'remove-time-off', timeOffId: timeOff!.id },
    headers: { Origin: app.url, Cookie: clientCookie },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(403)
  await clientContext.dispose()
  expect(await timeOffOf(otherProfile.id)).toHaveLength(1)

  // Staff decide only with a reason to reject: 400 from the server, nothing decided.
  await page.context().clearCookies()
  await signIn(page.context(), app.url, owner.admin)
  const noReason = await page.request.post(
    `/admin/interpreter-manager/profile-changes/${change!.id}`,
    { form: { intent: 'reject', reason: '  ' }, headers: { Origin: app.url }, maxRedirects: 0 },
  )
  expect(noReason.status()).toBe(400)
  expect(await noReason.text()).toContain('Please give the interpreter a reason.')
  const missing = await page.request.post(
    '/admin/interpreter-manager/profile-changes/00000000-0000-4000-8000-000000000000',
    { form: { intent: 'approve' }, headers: { Origin: app.url }, maxRedirects: 0 },
  )
  expect(missing.status()).toBe(404)
  expect((await changesOf(otherProfile.id))[0]!.status).toBe('pending')
  const home = await page.request.get('/interpreter/profile', { maxRedirects: 0 })
  expect(home.status()).toBe(302)
  expect(home.headers()['location']).toBe('/admin/dashboard')
})
