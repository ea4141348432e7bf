import { and, eq } from 'drizzle-orm'
import { auditLog, bookings, mailOutbox } from '../../db/schema'
import { todayIn } from '../../app/domain/availability'
import { addDays } from '../../app/domain/onboarding'
import { htmlErrors, type HtmlDocument } from '../support/html-checker'
import {
  createBookingRow,
  createDispatchInterpreter,
  createOrganization,
} from '../support/booking-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { checkPage, expect, test } from './fixtures'

test('nobody is eligible for a business booking: staff assign an interpreter over the rule with a reason, and the interpreter confirms', async ({
  page,
  browser,
  app,
}) => {
  // A language no other test's interpreter has, so the lists hold only this one.
  const language = 'Khmer'
  const staff = await createAccount('admin', 'Dario Dispatcher')
  const organizationId = await createOrganization(app.db, 'Lakeside Partners LLP')
  const marta = await createDispatchInterpreter(
    app.db,
    { id: staff.id, name: staff.name },
    { firstName: 'Marta', lastName: 'Medina', languages: [language], specializations: ['medical'] },
  )
  const bookingId = await createBookingRow(app.db, {
    organizationId,
    language,
    modality: 'video',
    setting: 'business',
    localDate: addDays(todayIn('America/New_York', new Date()), 7),
    localTime: '10:00',
    location: 'https://meet.example/board',
  })
  const documents: HtmlDocument[] = []

  await signIn(page.context(), app.url, staff)
  await page.goto(`/admin/bookings/${bookingId}`)
  await expect(page.getByRole('heading', { name: /Eligible interpreters \(0\)/ })).toBeVisible()
  await expect(page.getByText('No interpreter meets every rule for this booking.')).toBeVisible()
  const assign = page.getByRole('form', { name: 'Assign an interpreter' })
  await expect(assign).toHaveAttribute('novalidate', '')
  await checkPage(page, 'admin-booking-assign')
  documents.push({ name: '/admin/bookings/{id} (nobody eligible)', html: await page.content() })

  // Chosen without a reason: the server names the rule next to the reason field, keeps the choice.
  await page.setViewportSize({ width: 1280, height: 900 })
  await assign
    .getByLabel('Interpreter')
    .selectOption({ label: 'Marta Medina (not eligible: No specialization for this setting)' })
  await assign.getByRole('button', { name: 'Assign and ask to confirm' }).click()
  const reason = assign.getByLabel('Reason for the override')
  await expect(reason).toHaveAttribute('aria-invalid', 'true')
  await expect(
    assign.getByText(/^Not eligible: No specialization for this setting\./),
  ).toBeVisible()
  await expect(assign.getByLabel('Interpreter')).toHaveValue(marta.profileId)
  await checkPage(page, 'admin-booking-assign-error')
  documents.push({ name: '/admin/bookings/{id} (override refused)', html: await page.content() })

  await page.setViewportSize({ width: 1280, height: 900 })
  await reason.fill('Marta has interpreted this client’s board meetings for two years.')
  await assign.getByRole('button', { name: 'Assign and ask to confirm' }).click()
  await expect(
    page.getByText('Assigned to Marta Medina: waiting for their confirmation.'),
  ).toBeVisible()
  // Focus goes to the offers, where the assignment now shows with its reason.
  const offers = page.getByRole('region', { name: 'Offers' })
  await expect(page.getByRole('heading', { level: 2, name: 'Offers' })).toBeFocused()
  await expect(offers).toContainText('Marta Medina')
  await expect(offers).toContainText('Waiting for an answer, assigned')
  await expect(offers).toContainText(
    'Override reason: Marta has interpreted this client’s board meetings for two years.',
  )
  await expect(page.getByText(/^Held for Marta Medina, assigned directly/)).toBeVisible()
  const [audit] = await app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'booking_assigned'), eq(auditLog.entityId, bookingId)))
  expect(audit).toMatchObject({ actorId: staff.id })
  documents.push({ name: '/admin/bookings/{id} (assigned)', html: await page.content() })

  // Marta confirms through her e-mail's link, as with an offer.
  const [mail] = await app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, 'booking-offer'), eq(mailOutbox.toAddress, marta.email)))
  expect(mail!.subject).toMatch(/^Assigned to you, please confirm: /)
  const link = /(\/offers\/accept\?token=[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!
  const visitor = await browser.newContext()
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(`${app.url}${link}`)
  await visitorPage.getByRole('button', { name: 'Accept this assignment' }).click()
  await expect(visitorPage.getByText('You have the assignment')).toBeVisible()
  await visitor.close()

  await page.reload()
  await expect(page.getByText('Status: Confirmed')).toBeVisible()
  const [row] = await app.db.select().from(bookings).where(eq(bookings.id, bookingId))
  expect(row).toMatchObject({ status: 'confirmed', interpreterId: marta.profileId })
  expect(await htmlErrors(documents)).toEqual([])
})
