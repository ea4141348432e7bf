import { eq } from 'drizzle-orm'
import { auditLog } from '../../db/schema'
import { todayIn } from '../../app/domain/availability'
import { addDays } from '../../app/domain/onboarding'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { createApprovedAssignment } from '../support/billing-fixtures'
import {
  createBookingRow,
  createDispatchInterpreter,
  type DispatchInterpreter,
} from '../support/booking-fixtures'
import { htmlErrors, type HtmlDocument } from '../support/html-checker'
import { createOrganizationMember } from '../support/organization-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { checkPage, expect, test } from './fixtures'

const accountOf = async (email: string) => toPublicUser((await findUserByEmail(email))!)

/**
 * A client rates a completed assignment once; a low rating waits in staff's Quality queue
 * until marked reviewed; the interpreter's average shows in a booking's eligible list
 * (docs/product.md#client-portal, #quality, #bookings).
 */
test('a client rates a completed assignment; staff review the low rating; the eligible list shows the average', async ({
  page,
  app,
}) => {
  test.setTimeout(240_000)
  const tag = Date.now().toString(36)
  // A language no other test's interpreter has, so the eligible list holds only these two.
  const language = 'Maltese'
  const staff = await createAccount('admin', 'Quinn Quality')
  const actor = { id: staff.id, name: staff.name }
  const organizationName = `Rating Clinic ${tag}`
  const requesterEmail = `rita-${tag}@rating.example`
  const member = await createOrganizationMember(
    { organizationName, name: 'Rita Rater', email: requesterEmail, role: 'manager' },
    actor,
  )
  if (member.state !== 'invited') throw new Error('the client was not invited')
  const organizationId = member.organizationId
  const interpreter = (firstName: string, lastName: string) =>
    createDispatchInterpreter(app.db, actor, {
      firstName,
      lastName: `${lastName} ${tag}`,
      languages: [language],
    })
  const ana: DispatchInterpreter = await interpreter('Aurora', 'Rated')
  await interpreter('Bruno', 'Unrated')
  const today = todayIn('America/New_York', new Date())
  const completed = async (day: number) =>
    (
      await createApprovedAssignment(app.db, actor, {
        organizationId,
        requestedById: member.userId,
        interpreterProfileId: ana.profileId,
        localDate: addDays(today, day),
      })
    ).bookingId!
  // Rated 5 before; the one the client rates now makes her average 3.5 from 2.
  const earlier = await completed(-9)
  const bookingId = await completed(-3)
  const documents: HtmlDocument[] = []

  await signIn(page.context(), app.url, await accountOf(requesterEmail))
  await page.goto(`/client/bookings/${earlier}`)
  const earlierForm = page.getByRole('region', { name: 'Rate this assignment' })
  await earlierForm.getByRole('radio', { name: '5 – Excellent' }).check()
  await earlierForm.getByRole('button', { name: 'Send rating' }).click()
  await expect(page.getByRole('region', { name: 'Your rating' })).toContainText('5 out of 5')

  // The completed assignment's page offers the form.
  await page.goto(`/client/bookings/${bookingId}`)
  const rating = page.getByRole('region', { name: 'Rate this assignment' })
  await expect(rating.getByRole('group', { name: 'How was the interpreter?' })).toBeVisible()
  await checkPage(page, 'client-booking-rate')
  documents.push({ name: '/client/bookings/{id} (to rate)', html: await page.content() })
  // Sent without a choice: the error is on the group, and the comment typed is kept.
  await expect(rating.locator('form')).toHaveAttribute('novalidate', '')
  const comment = `The interpreter arrived 40 minutes late ${tag}.`
  await rating.getByLabel('Comment (optional)').fill(comment)
  await rating.getByRole('button', { name: 'Send rating' }).click()
  const stars = rating.getByRole('group', { name: 'How was the interpreter?' })
  await expect(stars).toHaveAccessibleDescription('Please select an option.')
  await expect(rating.getByLabel('Comment (optional)')).toHaveValue(comment)
  documents.push({ name: '/client/bookings/{id} (refused)', html: await page.content() })
  await stars.getByRole('radio', { name: '2 – Fair' }).check()
  await rating.getByRole('button', { name: 'Send rating' }).click()
  await expect(page.getByText('Thank you: your rating was sent.')).toBeVisible()
  const given = page.getByRole('region', { name: 'Your rating' })
  await expect(given).toContainText('2 out of 5')
  await expect(given).toContainText(comment)
  await expect(page.getByRole('region', { name: 'Rate this assignment' })).toHaveCount(0)
  await checkPage(page, 'client-booking-rated')
  documents.push({ name: '/client/bookings/{id} (rated)', html: await page.content() })

  // Once per booking; only a completed booking; never another organization's.
  const rate = (id: string) =>
    page.request.post(`/client/bookings/${id}`, {
      form: { intent: 'rate', stars: '1' },
      headers: { Origin: app.url },
      maxRedirects: 0,
    })
  expect((await rate(bookingId)).status()).toBe(409)
  // Without JavaScript, a rating sent without stars comes back refused on its field.
  const unrated = await completed(-2)
  const refused = await page.request.post(`/client/bookings/${unrated}`, {
    form: { intent: 'rate', comment: 'Kept as typed' },
    headers: { Origin: app.url },
  })
  expect(refused.status()).toBe(400)
  const refusedHtml = await refused.text()
  expect(refusedHtml).toContain('Please select an option.')
  expect(refusedHtml).toContain('Kept as typed')
  documents.push({ name: 'POST /client/bookings/{id} (no stars)', html: refusedHtml })
  const upcoming = await createBookingRow(app.db, {
    organizationId,
    requestedById: member.userId,
    language,
    localDate: addDays(today, 5),
    status: 'confirmed',
    interpreterId: ana.profileId,
  })
  expect((await rate(upcoming)).status()).toBe(400)
  const other = await createOrganizationMember(
    {
      organizationName: `Other Clinic ${tag}`,
      name: 'Olga Other',
      email: `olga-${tag}@other.example`,
      role: 'manager',
    },
    actor,
  )
  if (other.state !== 'invited') throw new Error('the other client was not invited')
  const othersBooking = await createApprovedAssignment(app.db, actor, {
    organizationId: other.organizationId,
    interpreterProfileId: ana.profileId,
    localDate: addDays(today, -4),
  })
  expect((await rate(othersBooking.bookingId!)).status()).toBe(404)

  // Staff: the low rating is in the Quality queue, linked to its booking.
  await page.context().clearCookies()
  await signIn(page.context(), app.url, staff)
  await page.goto('/admin/dashboard')
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Quality' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Quality' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: comment })
  await expect(row).toContainText('2 out of 5')
  await expect(row).toContainText(organizationName)
  await expect(row).toContainText(`Aurora Rated ${tag}`)
  await expect(row.getByRole('link', { name: /^Spanish, On-site/ })).toHaveAttribute(
    'href',
    `/admin/bookings/${bookingId}`,
  )
  // The 5-star rating is not there.
  await expect(page.getByRole('row').filter({ hasText: organizationName })).toHaveCount(1)
  await checkPage(page, 'admin-quality')
  documents.push({ name: '/admin/quality', html: await page.content() })
  await row.getByRole('button', { name: /^Mark reviewed/ }).click()
  await expect(page.getByText('Rating marked reviewed.')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: comment })).toHaveCount(0)
  const [reviewed] = await app.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, bookingId))
    .then((entries) => entries.filter((entry) => entry.action === 'rating_reviewed'))
  expect(reviewed).toMatchObject({ actorId: staff.id })

  // The eligible list of an open booking in her language: her average, and Bruno's none.
  const open = await createBookingRow(app.db, {
    organizationId,
    requestedById: member.userId,
    language,
    modality: 'phone',
    localDate: addDays(today, 12),
    localTime: '10:00',
  })
  await page.goto(`/admin/bookings/${open}`)
  const eligible = page.getByRole('region', { name: /^Eligible interpreters/ })
  await expect(
    eligible.getByRole('checkbox', { name: new RegExp(`Aurora Rated ${tag}`) }),
  ).toHaveAccessibleName(new RegExp('Rated 3\\.5 from 2 ratings'))
  await expect(eligible.getByText('★ 3.5 (2 ratings)')).toBeVisible()
  await expect(
    eligible.getByRole('checkbox', { name: new RegExp(`Bruno Unrated ${tag}`) }),
  ).toHaveAccessibleName(/No ratings yet/)
  await checkPage(page, 'admin-booking-eligible-ratings')
  documents.push({ name: '/admin/bookings/{id} (ratings)', html: await page.content() })
  expect(await htmlErrors(documents)).toEqual([])
})
