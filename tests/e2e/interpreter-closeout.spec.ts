import type { Page } from '@playwright/test'
import { and, eq } from 'drizzle-orm'
import {
  bookings,
  clientContracts,
  closeoutExpenses,
  mailOutbox,
  statementLines,
} from '../../db/schema'
import { todayIn } from '../../app/domain/availability'
import { addDays } from '../../app/domain/onboarding'
import { returnCloseout } from '../../app/models/billing/closeout-review.server'
import { submitCloseout } from '../../app/models/billing/closeouts.server'
import { MILEAGE_MESSAGE } from '../../app/lib/validation/closeout'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { pdfDocument } from '../support/document-fixtures'
import { htmlErrors, type HtmlDocument } from '../support/html-checker'
import { createEndedAssignment } from '../support/booking-fixtures'
import { createAccount, signIn } from './auth-helpers'
import { checkPage, expect, test, type TestApp } from './fixtures'

/** The toast a page shows after an action. */
const toast = (page: Page, text: string) => page.getByRole('status').getByText(text).first()

/** What approving a booking's closeout posted on the interpreter's statement. */
const statementLinesOf = (app: TestApp, bookingId: string) =>
  app.db.select().from(statementLines).where(eq(statementLines.bookingId, bookingId))

test('an on-site assignment closed out with mileage and a receipt, returned, corrected and approved', async ({
  page,
  browser,
  app,
}) => {
  test.setTimeout(240_000)
  const stamp = Date.now()
  const organizationName = `Closeout Clinic ${stamp}`
  const staff = await createAccount('admin', 'Cora Closeouts')
  const actor = { id: staff.id, name: staff.name }
  // Yesterday 10:00 to 11:00 in New York: ended, not yet overdue.
  const yesterday = addDays(todayIn('America/New_York', new Date()), -1)
  const { interpreter, bookingId } = await createEndedAssignment(
    app.db,
    actor,
    { firstName: 'Olga', lastName: `Onsite${stamp}` },
    organizationName,
    '12 Harbor Road, Boston, MA',
  )
  const title = 'Spanish, On-site, Medical'
  const documents: HtmlDocument[] = []
  // The clinic's contract: the default on-site terms, with travel time billed at $0.50 a
  // minute (written as in force long before, as a contract signed earlier would be).
  const [booked] = await app.db.select().from(bookings).where(eq(bookings.id, bookingId))
  await app.db.insert(clientContracts).values({
    organizationId: booked!.organizationId,
    modality: 'on_site',
    clientRateUnits: 11_667,
    minimumMinutes: 120,
    incrementMinutes: 1,
    rareLanguagePremiumPercent: 0,
    rushPremiumPercent: 0,
    afterHoursPremiumPercent: 0,
    cancellationWindowHours: 24,
    mileageCentsPerMile: 70,
    travelRateUnits: 5_000,
    effectiveFrom: new Date('2020-01-01T00:00:00Z'),
  })

  // The interpreter finds it under Closeouts due and closes it out.
  const portal = await browser.newContext()
  await signIn(portal, app.url, toPublicUser((await findUserByEmail(interpreter.email))!))
  const interpreterPage = await portal.newPage()
  await interpreterPage.goto(`${app.url}/interpreter/assignments`)
  const due = interpreterPage.getByRole('region', { name: 'Closeouts due' })
  await expect(due).toContainText(title)
  await expect(due).toContainText(organizationName)
  await expect(due).toContainText('Due by')
  await due.getByRole('link', { name: new RegExp(`^Close out ${title}`) }).click()
  await expect(interpreterPage).toHaveURL(
    new RegExp(`/interpreter/assignments/${bookingId}/closeout$`),
  )
  const form = interpreterPage.getByRole('form', { name: 'Closeout' })
  await expect(form.getByText('Actual times, in America/New_York')).toBeVisible()
  await expect(form.getByLabel('Start date')).toHaveValue(yesterday)
  await expect(form.getByLabel('End time')).toHaveValue('11:00')
  await checkPage(interpreterPage, 'interpreter-closeout')
  documents.push({
    name: '/interpreter/assignments/{id}/closeout',
    html: await interpreterPage.content(),
  })

  // The amounts carry the schema's format: the browser refuses a decimal comma in its words.
  const mileage = form.getByLabel('Mileage (miles)')
  await expect(mileage).toHaveAttribute('pattern', /.+/)
  await expect(form.getByLabel('Amount of expense 1')).toHaveAttribute('pattern', /.+/)
  await mileage.fill('12,5')
  await mileage.blur()
  await expect(form.getByText(MILEAGE_MESSAGE)).toBeVisible()

  // An expense without its receipt is refused next to the field, in the browser.
  await mileage.fill('12.4')
  await expect(form.getByText(MILEAGE_MESSAGE)).toBeHidden()
  await form.getByLabel('Expense 1', { exact: true }).fill('Parking')
  await form.getByLabel('Amount of expense 1').fill('12.50')
  await form.getByRole('button', { name: 'Send closeout' }).click()
  await expect(form.getByText('Please add the receipt: a PDF, JPEG or PNG file.')).toBeVisible()
  documents.push({ name: 'closeout form refused (DOM)', html: await interpreterPage.content() })
  await form.getByLabel('Travel time (minutes)').fill('40')
  await form.getByLabel('Receipt of expense 1').setInputFiles({
    name: 'parking.pdf',
    mimeType: 'application/pdf',
    buffer: pdfDocument('Harbor garage receipt'),
  })
  await form.getByRole('button', { name: 'Send closeout' }).click()
  await expect(interpreterPage).toHaveURL(/\/interpreter\/assignments$/)
  await expect(toast(interpreterPage, 'Closeout sent: it is waiting for approval.')).toBeVisible()
  await expect(due).toContainText('No closeouts due.')
  await expect(interpreterPage.getByRole('region', { name: 'Past' })).toContainText(
    'Waiting for approval',
  )

  // Staff see it waiting, with what approving it posts, and return it with a reason.
  await signIn(page.context(), app.url, staff)
  await page.goto('/admin/closeouts')
  const waiting = page.getByRole('region', { name: /Waiting for approval/ })
  const review = waiting.getByRole('link', {
    name: new RegExp(`Review the closeout of Olga Onsite${stamp}`),
  })
  await expect(review).toBeVisible()
  await checkPage(page, 'admin-closeouts')
  documents.push({ name: '/admin/closeouts', html: await page.content() })
  await review.click()
  const dialog = page.getByRole('dialog', { name: `Closeout: Olga Onsite${stamp}` })
  await expect(dialog).toContainText('Waiting for approval')
  await expect(dialog).toContainText('12.4 miles')
  await expect(dialog).toContainText('Parking: $12.50')
  await expect(dialog).toContainText('40 minutes')
  // 60 minutes on site bill the 120-minute minimum: $90 pay, $140 charge; travel $8.68 + $12.50;
  // the 40 minutes on the road are billed at the contract's $0.50 and paid at the default (none).
  const pay = dialog.getByRole('region', { name: 'Interpreter pay' })
  await expect(pay).toContainText('$90.00')
  await expect(pay).toContainText('40 min, $0.00')
  await expect(pay).toContainText('$111.18')
  const charge = dialog.getByRole('region', { name: 'Client charge' })
  await expect(charge).toContainText('$140.00')
  await expect(charge).toContainText('40 min, $20.00')
  await expect(charge).toContainText('$181.18')
  const receipt = await page.request.get(
    `${app.url}${await dialog.getByRole('link', { name: /Receipt of Parking/ }).getAttribute('href')}`,
  )
  expect(receipt.status()).toBe(200)
  expect(receipt.headers()['content-type']).toContain('application/pdf')
  await checkPage(page, 'admin-closeout')
  documents.push({ name: '/admin/closeouts/{id}', html: await page.content() })
  await dialog.getByRole('button', { name: 'Return', exact: true }).click()
  await expect(dialog.getByText('This field is required.')).toBeVisible()
  await dialog.getByLabel('Reason for returning it').fill('Please give the time you really left.')
  await dialog.getByRole('button', { name: 'Return', exact: true }).click()
  await expect(
    toast(page, 'Closeout returned; the interpreter was e-mailed the reason.'),
  ).toBeVisible()
  const [returned] = await app.db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.template, 'closeout-returned'),
        eq(mailOutbox.toAddress, interpreter.email),
      ),
    )
  expect(returned!.text).toContain('Please give the time you really left.')

  // The interpreter sees the reason and corrects the end; the receipt on file is kept.
  await interpreterPage.goto(`${app.url}/interpreter/assignments`)
  await expect(due).toContainText('Returned')
  await expect(due).toContainText('Please give the time you really left.')
  await due.getByRole('link', { name: new RegExp(`^Close out ${title}`) }).click()
  await expect(form.getByLabel('Expense 1', { exact: true })).toHaveValue('Parking')
  await expect(form.getByText('On file: parking.pdf')).toBeVisible()
  await form.getByLabel('End time').fill('11:20')
  await form.getByRole('button', { name: 'Send closeout' }).click()
  await expect(toast(interpreterPage, 'Closeout sent: it is waiting for approval.')).toBeVisible()
  const [expense] = await app.db
    .select()
    .from(closeoutExpenses)
    .where(eq(closeoutExpenses.bookingId, bookingId))
  expect(expense).toMatchObject({ description: 'Parking', amountCents: 1250 })

  // Staff approve; a second approval from a stale page is told it was decided already.
  await page.goto(`/admin/closeouts/${bookingId}`)
  const stale = await browser.newContext()
  await signIn(stale, app.url, staff)
  const stalePage = await stale.newPage()
  await stalePage.goto(`${app.url}/admin/closeouts/${bookingId}`)
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await expect(
    toast(page, 'Closeout approved: it is on the statement and the invoice.'),
  ).toBeVisible()
  await stalePage.getByRole('button', { name: 'Approve' }).click()
  await expect(
    stalePage.getByText('This closeout was already decided: nothing was changed.'),
  ).toBeVisible()
  await stale.close()
  expect(await statementLinesOf(app, bookingId)).toHaveLength(1)
  const [booking] = await app.db.select().from(bookings).where(eq(bookings.id, bookingId))
  expect(booking!.status).toBe('completed')
  await page.goto(`/admin/bookings/${bookingId}`)
  await expect(page.getByText('Status: Completed')).toBeVisible()

  // The interpreter's form is read-only now.
  await interpreterPage.goto(`${app.url}/interpreter/assignments/${bookingId}/closeout`)
  await expect(interpreterPage.getByText('It is on your pay statement.')).toBeVisible()
  await expect(interpreterPage.getByRole('button', { name: 'Send closeout' })).toHaveCount(0)
  await checkPage(interpreterPage, 'interpreter-closeout-approved')
  documents.push({
    name: '/interpreter/assignments/{id}/closeout (approved)',
    html: await interpreterPage.content(),
  })
  await portal.close()
  expect(await htmlErrors(documents)).toEqual([])
})

test('staff approving a closeout that was sent again after they opened it are refused and shown it as it is now', async ({
  page,
  app,
}) => {
  const stamp = Date.now()
  const staff = await createAccount('admin', 'Vera Versions')
  const actor = { id: staff.id, name: staff.name }
  const { interpreter, bookingId } = await createEndedAssignment(
    app.db,
    actor,
    { firstName: 'Ivan', lastName: `Inflated${stamp}` },
    `Version Clinic ${stamp}`,
  )
  const interpreterActor = { id: interpreter.userId, name: `Ivan Inflated${stamp}` }
  const [booking] = await app.db.select().from(bookings).where(eq(bookings.id, bookingId))
  const hour = 3_600_000
  const startsAt = booking!.startsAt
  await submitCloseout(
    interpreter.userId,
    bookingId,
    {
      outcome: 'completed',
      actualStart: startsAt,
      actualEnd: new Date(startsAt.getTime() + hour),
      mileageTenths: 0,
      note: null,
      expenses: [],
    },
    interpreterActor,
  )

  // Staff open it: the 120-minute minimum at $0.75, $90.00.
  await signIn(page.context(), app.url, staff)
  await page.goto(`/admin/closeouts/${bookingId}`)
  const dialog = page.getByRole('dialog', { name: `Closeout: Ivan Inflated${stamp}` })
  const pay = dialog.getByRole('region', { name: 'Interpreter pay' })
  await expect(pay).toContainText('$90.00')

  // Meanwhile a colleague returns it and the interpreter sends it again: 16 hours, 999.9
  // miles and ten expenses of $1,000.
  await returnCloseout(bookingId, 'Please check the times.', actor)
  await submitCloseout(
    interpreter.userId,
    bookingId,
    {
      outcome: 'completed',
      actualStart: new Date(startsAt.getTime() - 5 * hour),
      actualEnd: new Date(startsAt.getTime() + 11 * hour),
      mileageTenths: 9_999,
      note: null,
      expenses: Array.from({ length: 10 }, (_, index) => ({
        description: `Parking ${index + 1}`,
        amountCents: 100_000,
        receipt: {
          bytes: pdfDocument(`Receipt ${index + 1}`),
          mediaType: 'application/pdf',
          extension: 'pdf',
          originalName: `receipt-${index + 1}.pdf`,
        },
      })),
    },
    interpreterActor,
  )

  // Approving what they saw is refused; the dialog shows the closeout as it is now.
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await expect(
    dialog.getByText(
      'This closeout was sent again after you opened it: nothing was approved. Please check it as it is now before you approve it.',
    ),
  ).toBeVisible()
  await expect(pay).toContainText('$11,419.93')
  await expect(dialog).toContainText('999.9 miles')
  expect(await statementLinesOf(app, bookingId)).toHaveLength(0)
  await checkPage(page, 'admin-closeout-changed')

  // Seen, it can be approved (or returned).
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await expect(
    toast(page, 'Closeout approved: it is on the statement and the invoice.'),
  ).toBeVisible()
  const [line] = await statementLinesOf(app, bookingId)
  expect(line!.totalCents).toBe(1_141_993)
})
