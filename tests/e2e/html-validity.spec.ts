import type { Browser, Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { calls, erasureRequests, interpreterProfiles, users } from '../../db/schema'
import { careersLanguages, languageSlug } from '../../app/content/marketing/careers'
import { applicationStatusToken } from '../../app/emails/application-status-token.server'
import { unsubscribeToken } from '../../app/emails/unsubscribe-token.server'
import { createAuthToken } from '../../app/models/auth-tokens.server'
import { createGuestLink } from '../../app/models/calls/call-guests.server'
import { hashToken } from '../../app/platform/tokens.server'
import { createLead } from '../../app/models/leads/intake.server'
import { clientContextOf } from '../../app/models/organizations.server'
import { createBooking } from '../../app/models/bookings.server'
import { decideQuote } from '../../app/models/quotes/decision.server'
import { priceQuote } from '../../app/models/quotes/pricing.server'
import { flatFeePricing } from '../../app/domain/quote-pricing'
import { requestQuote } from '../../app/models/quotes/request.server'
import { submitCloseout } from '../../app/models/billing/closeouts.server'
import { sendInvoice } from '../../app/models/billing/invoices.server'
import { decideApplication } from '../../app/models/interpreter-applications/review.server'
import { interpreterOfApplication } from '../../app/models/onboarding/overview.server'
import { setResourceAudience } from '../../app/models/resources.server'
import { findUserByEmail, INVITED_PASSWORD_HASH, toPublicUser } from '../../app/models/users.server'
import { requestProfileChange } from '../../app/models/profile-changes.server'
import { createBookingRow, createOrganization } from '../support/booking-fixtures'
import { docxQuoteFile } from '../support/document-fixtures'
import { htmlErrors, type HtmlDocument } from '../support/html-checker'
import { createApprovedAssignment, invoiceIdOf, parkingExpense } from '../support/billing-fixtures'
import { createApplicant, createRequiredReading } from '../support/people-fixtures'
import { publicPageSamples } from '../support/public-page-samples'
import { createAccount, signIn } from './auth-helpers'
import { expect, test, type TestApp } from './fixtures'
import { createOrganizationMember } from '../support/organization-fixtures'

/** The HTML the server sends for `path`, for the browser context of `page` (its cookies). */
async function served(page: Page, path: string, expectedStatus = 200): Promise<HtmlDocument> {
  const response = await page.request.get(path)
  expect(response.status(), `GET ${path}`).toBe(expectedStatus)
  return { name: `GET ${path}`, html: await response.text() }
}

/**
 * The HTML the server answers when the form on `path` is sent empty by a browser without
 * JavaScript: the page in its error state.
 */
async function afterFailedSubmit(
  page: Page,
  path: string,
  submit: string,
  /** Where the button is, when the page has two of that name (a dialog over its list). */
  within = 'body',
): Promise<HtmlDocument> {
  await page.goto(path)
  // The server's answer is the point here, not the browser's own checks.
  await page.$$eval('form', (forms) => forms.forEach((form) => form.setAttribute('novalidate', '')))
  const response = page.waitForResponse((res) => res.request().method() === 'POST')
  await page.locator(within).getByRole('button', { name: submit, exact: true }).click()
  const answer = await response
  expect(answer.status(), `POST ${path}`).toBeGreaterThanOrEqual(400)
  return { name: `POST ${path} (failed)`, html: await answer.text() }
}

async function noScriptPage(browser: Browser, app: TestApp) {
  const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false })
  return { context, page: await context.newPage() }
}

test('every page, dialog and form error state is valid HTML (W3C checker)', async ({
  page,
  context,
  browser,
  app,
}) => {
  test.setTimeout(480_000)
  const documents: HtmlDocument[] = []

  // Public pages, every flavour of the recruiting pages and the pages without a match.
  const languageSlugs = careersLanguages.map(languageSlug)
  for (const path of [
    ...publicPageSamples.map((sample) => sample.path),
    '/apply/not-a-posting',
    '/application',
    ...languageSlugs.map((slug) => `/application?language=${slug}`),
    '/application?language=unknown-slug',
    `/unsubscribe?token=${unsubscribeToken('reader@example.org', app.runtime.config.sessionSecret)}`,
  ])
    documents.push(await served(page, path))
  documents.push(await served(page, '/unsubscribe?token=not-a-token', 400))
  documents.push(await served(page, '/jobs/not-a-posting', 404))
  documents.push(await served(page, '/no-such-page', 404))

  // Authentication pages, with and without a valid token.
  const resetToken = await createAuthToken('password_reset', (await createAccount('admin')).id)
  // An invitation is for an account that has not chosen a password yet.
  const invitation = await createAccount('interpreter')
  await app.db
    .update(users)
    .set({ passwordHash: INVITED_PASSWORD_HASH })
    .where(eq(users.id, invitation.id))
  const inviteToken = await createAuthToken('invitation', invitation.id)
  for (const path of [
    '/interpreter-login',
    '/client-login',
    '/forgot-password',
    `/reset-password?token=${resetToken}`,
    `/accept-invite?token=${inviteToken}`,
  ])
    documents.push(await served(page, path))
  // A link that no longer works (or never did) is gone: 410.
  for (const path of ['/reset-password?token=not-a-token', '/accept-invite?token=not-a-token'])
    documents.push(await served(page, path, 410))

  // Every form after a submission the server refused, as a browser without JavaScript sees it.
  const noScript = await noScriptPage(browser, app)
  for (const [path, submit] of [
    ['/contact', 'Send Message'],
    ['/demo', 'Request Demo'],
    ['/jobs/greek-english-remote-interpreter', 'Submit Application'],
    ['/apply/contract-interpreter', 'Submit Application'],
    ['/application?language=cantonese-interpreter', 'Submit Application'],
    ['/interpreter-login', 'Sign In'],
    ['/forgot-password', 'Send reset link'],
    [`/reset-password?token=${resetToken}`, 'Save new password'],
    [`/accept-invite?token=${inviteToken}`, 'Set password and sign in'],
  ] as const)
    documents.push(await afterFailedSubmit(noScript.page, path, submit))

  // What the browser holds after a submission its own checks refused (JavaScript on).
  for (const [path, submit] of [
    ['/contact', 'Send Message'],
    ['/apply/contract-interpreter', 'Submit Application'],
    ['/interpreter-login', 'Sign In'],
  ] as const) {
    await page.goto(path)
    const button = page.getByRole('button', { name: submit, exact: true })
    // Before hydration the browser's own checks would refuse the submission instead.
    await expect(page.locator('form', { has: button })).toHaveAttribute('novalidate', '')
    await button.click()
    await expect(page.getByRole('group', { name: /^Please correct/ })).toBeFocused()
    documents.push({ name: `${path} after a refused submit (DOM)`, html: await page.content() })
  }

  // The staff area, signed in as an admin, with something in every list.
  const admin = await createAccount('admin', 'Hana Checker')
  const actor = { id: admin.id, name: admin.name }
  await signIn(context, app.url, admin)
  await signIn(noScript.context, app.url, admin)
  const pendingId = await createApplicant(app.db, {
    firstName: 'Vera',
    lastName: 'Valid',
    email: 'vera-valid@example.org',
  })
  // The applicant's own status page and erasure confirmation, reached by private links.
  const statusToken = applicationStatusToken(pendingId, 1, app.runtime.config.sessionSecret)
  documents.push(await served(page, `/application-status/${statusToken}`))
  documents.push(await served(page, '/application-status/not-a-token', 404))
  const erasureCode = 'html-checker-erasure-code'
  await app.db.insert(erasureRequests).values({
    tokenHash: hashToken(erasureCode),
    applicationId: pendingId,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  })
  documents.push(await served(page, `/application-erasure/${erasureCode}`))
  const approvedId = await createApplicant(app.db, {
    firstName: 'Abel',
    lastName: 'Approved',
    email: 'abel-approved@example.org',
  })
  await decideApplication(approvedId, 'approved', { sendEmail: false }, actor)
  const { id: requestId } = await createLead({
    name: 'Clara Client',
    email: 'clara-client@example.org',
    company: 'Valid Clinic',
    message: 'We need Spanish interpreting on Mondays.',
    type: 'contact',
  })
  // Required reading shows in the interpreter manager, the audience dialog and the portal.
  const resourceId = await createRequiredReading('Interpreter handbook', actor)
  // A profile change waits, so the Interpreter manager shows its "Profile changes to approve".
  const approvedUser = toPublicUser((await findUserByEmail('abel-approved@example.org'))!)
  const changingId = await createApplicant(app.db, {
    firstName: 'Cara',
    lastName: 'Changes',
    email: 'cara-changes@example.org',
  })
  await decideApplication(changingId, 'approved', { sendEmail: false }, actor)
  await requestProfileChange(toPublicUser((await findUserByEmail('cara-changes@example.org'))!), {
    languages: [{ language: 'Korean', proficiency: 'fluent' }],
    specializations: ['legal'],
  })
  for (const path of [
    '/account',
    '/admin',
    '/admin/dashboard',
    '/admin/dashboard?tab=contacts',
    '/admin/calls',
    '/admin/search?q=valid',
    '/admin/users',
    '/admin/interpreters',
    `/admin/interpreters/${pendingId}`,
    `/admin/interpreters/${pendingId}?decide=approved`,
    `/admin/interpreters/${approvedId}`,
    '/admin/interpreter-manager',
    `/admin/interpreter-manager/${await interpreterOfApplication(approvedId)}`,
    '/admin/clients',
    '/admin/clients/new-organization',
    `/admin/clients/${requestId}`,
    '/admin/resources',
    '/admin/resources/new',
    `/admin/resources/${resourceId}/delete`,
    `/admin/resources/${resourceId}/audience`,
    '/admin/communications',
    '/admin/communications?tab=history',
    '/admin/mail',
    // Statement pages with lines are checked in tests/e2e/interpreter-statements.spec.ts.
    '/admin/statements',
    '/admin/statements?status=paid',
    '/admin/rates',
  ])
    documents.push(await served(page, path))
  // Two ended on-site assignments of the approved interpreter: one to close out, one whose
  // closeout waits for staff.
  const [abelProfile] = await app.db
    .select({ id: interpreterProfiles.id })
    .from(interpreterProfiles)
    .where(eq(interpreterProfiles.userId, approvedUser.id))
  const closeoutClinic = await createOrganization(app.db, 'Valid Closeout Clinic')
  // An organization's contract and billing settings (docs/product.md#contracts-and-pay).
  for (const path of [
    `/admin/organizations/${closeoutClinic}/contract`,
    `/admin/organizations/${closeoutClinic}/billing`,
  ])
    documents.push(await served(page, path))
  const [toCloseOut, closedOut] = await Promise.all(
    ['08:00', '13:00'].map((localTime) =>
      createBookingRow(app.db, {
        organizationId: closeoutClinic,
        localDate: '2020-06-01',
        localTime,
        status: 'confirmed',
        interpreterId: abelProfile!.id,
      }),
    ),
  )
  await submitCloseout(
    approvedUser.id,
    closedOut!,
    {
      outcome: 'client_no_show',
      actualStart: new Date('2020-06-01T17:00:00Z'),
      actualEnd: new Date('2020-06-01T17:30:00Z'),
      mileageTenths: 55,
      note: 'Waited 30 minutes at the front desk.',
      expenses: [parkingExpense(800, { name: 'parking.pdf', text: 'Valid parking receipt' })],
    },
    { id: approvedUser.id, name: approvedUser.name },
  )
  for (const path of ['/admin/closeouts', `/admin/closeouts/${closedOut}`])
    documents.push(await served(page, path))
  // A guest's page (docs/product.md#call-guests): a connected call's link, then the call over,
  // and a link that never was.
  const [guestedCall] = await app.db
    .insert(calls)
    .values({
      organizationId: closeoutClinic,
      language: 'Spanish',
      media: 'video',
      setting: 'business',
      status: 'connected',
      interpreterId: abelProfile!.id,
      startedAt: new Date(),
      acceptedAt: new Date(),
      connectedAt: new Date(),
    })
    .returning({ id: calls.id })
  const guestLink = await createGuestLink(guestedCall!.id)
  if (typeof guestLink === 'string') throw new Error(`no guest link: ${guestLink}`)
  documents.push(await served(page, `/call-guest/${guestLink.link}`))
  await app.db
    .update(calls)
    .set({ status: 'ended', endedAt: new Date() })
    .where(eq(calls.id, guestedCall!.id))
  documents.push(await served(page, `/call-guest/${guestLink.link}`, 410))
  documents.push(await served(page, '/call-guest/not-a-link', 404))
  // The interpreter portal, signed in as the approved interpreter, with required reading.
  const portal = await browser.newContext()
  await signIn(portal, app.url, approvedUser)
  const portalPage = await portal.newPage()
  for (const path of [
    '/interpreter/dashboard',
    '/interpreter/onboarding',
    '/interpreter/resources',
    '/interpreter/profile',
    '/interpreter/assignments',
    `/interpreter/assignments/${toCloseOut}/closeout`,
    `/interpreter/assignments/${closedOut}/closeout`,
    '/interpreter/payouts',
  ]) {
    const response = await portalPage.request.get(`${app.url}${path}`)
    expect(response.status(), `GET ${path}`).toBe(200)
    documents.push({ name: `GET ${path} (interpreter)`, html: await response.text() })
  }
  // The profile's forms refused by the server, as a browser without JavaScript sees them
  // (Spanish, copied from the application, has no proficiency yet).
  const portalNoScript = await noScriptPage(browser, app)
  await signIn(portalNoScript.context, app.url, approvedUser)
  for (const submit of ['Send for approval', 'Add time off'])
    documents.push(await afterFailedSubmit(portalNoScript.page, '/interpreter/profile', submit))
  // A closeout whose mileage the server refuses (a browser without JavaScript).
  const closeoutPath = `/interpreter/assignments/${toCloseOut}/closeout`
  await portalNoScript.page.goto(closeoutPath)
  await portalNoScript.page.$$eval('form', (forms) =>
    forms.forEach((form) => form.setAttribute('novalidate', '')),
  )
  await portalNoScript.page.getByLabel('Mileage (miles)').fill('twelve')
  const refusedCloseout = portalNoScript.page.waitForResponse(
    (res) => res.request().method() === 'POST',
  )
  await portalNoScript.page.getByRole('button', { name: 'Send closeout' }).click()
  const refusedAnswer = await refusedCloseout
  expect(refusedAnswer.status(), `POST ${closeoutPath}`).toBe(400)
  documents.push({ name: `POST ${closeoutPath} (failed)`, html: await refusedAnswer.text() })
  await portalNoScript.context.close()
  await portal.close()
  // The client portal, signed in as an organization's manager.
  const clientPortal = await browser.newContext()
  const invited = await createOrganizationMember(
    {
      organizationName: 'Valid Clinic',
      name: 'Mona Manager',
      email: 'mona@valid.example',
      role: 'manager',
    },
    actor,
  )
  if (invited.state !== 'invited') throw new Error('the manager was not invited')
  const mona = toPublicUser((await findUserByEmail('mona@valid.example'))!)
  await signIn(clientPortal, app.url, mona)
  // Quotes in three states: to price, priced (accept or decline), accepted (to deliver).
  const monaContext = (await clientContextOf(mona.id))!
  const quoteIds: string[] = []
  for (let index = 0; index < 3; index++)
    quoteIds.push(
      await requestQuote(
        { userId: mona.id, ...monaContext },
        {
          sourceLanguage: 'English',
          targetLanguages: ['Spanish'],
          deadline: '2099-01-31',
          certified: index === 0,
          purchaseOrder: null,
          files: [docxQuoteFile('contract.docx')],
        },
        { id: mona.id, name: mona.name },
      ),
    )
  const [toPrice, priced, accepted] = quoteIds as [string, string, string]
  for (const id of [priced, accepted])
    await priceQuote(id, { pricing: flatFeePricing(125050), expiresOn: '2099-01-15' }, actor)
  await decideQuote(
    accepted,
    { userId: mona.id, ...monaContext },
    { decision: 'accept', priceCents: 125050 },
    {
      id: mona.id,
      name: mona.name,
    },
  )
  // Invoices: one open (October 2025) and one sent (September 2025), with a line each.
  const invoicedWork = async (localDate: string) => {
    const { bookingId } = await createApprovedAssignment(app.db, actor, {
      organizationId: monaContext.organizationId,
      requestedById: mona.id,
      interpreterProfileId: abelProfile!.id,
      localDate,
    })
    return invoiceIdOf(app.db, bookingId)
  }
  const sentInvoice = await invoicedWork('2025-09-08')
  const openInvoice = await invoicedWork('2025-10-06')
  await sendInvoice(sentInvoice, actor)
  const clientPage = await clientPortal.newPage()
  const clientUser = (await findUserByEmail('mona@valid.example'))!
  const validBooking = await createBooking(
    {
      language: 'Spanish',
      modality: 'on_site',
      date: '2099-03-02',
      time: '09:00',
      timeZone: 'America/New_York',
      durationMinutes: 90,
      location: '1 Valid Way, Austin, TX',
      setting: 'medical',
      contactName: 'Nurse Valid',
      contactPhone: '+1 512 555 0100',
      files: [],
    },
    {
      actor: { id: clientUser.id, name: clientUser.name },
      client: (await clientContextOf(clientUser.id))!,
    },
  )
  for (const path of [
    '/client/dashboard',
    '/client/users',
    '/client/settings',
    '/client/book',
    '/client/bookings',
    `/client/bookings/${validBooking.id}`,
    `/client/bookings/${validBooking.id}?cancel=1`,
    '/client/quotes',
    '/client/quotes/new',
    `/client/quotes/${priced}`,
    `/client/quotes/${accepted}`,
    '/client/invoices',
    `/client/invoices/${openInvoice}`,
    `/client/invoices/${sentInvoice}`,
  ]) {
    const response = await clientPage.request.get(`${app.url}${path}`)
    expect(response.status(), `GET ${path}`).toBe(200)
    documents.push({ name: `GET ${path} (client manager)`, html: await response.text() })
  }
  await clientPortal.close()
  const clientNoScript = await noScriptPage(browser, app)
  await signIn(clientNoScript.context, app.url, mona)
  documents.push(
    await afterFailedSubmit(clientNoScript.page, '/client/quotes/new', 'Request quote'),
  )
  await clientNoScript.context.close()
  for (const path of [
    '/admin/quotes',
    `/admin/quotes/${toPrice}`,
    `/admin/quotes/${accepted}`,
    '/admin/invoices',
    '/admin/invoices?month=2025-09&status=sent',
    '/admin/invoices?month=1999-01',
    `/admin/invoices/${openInvoice}`,
    `/admin/invoices/${sentInvoice}`,
  ])
    documents.push(await served(page, path))
  documents.push(
    await afterFailedSubmit(noScript.page, `/admin/quotes/${toPrice}`, 'Send price', 'dialog'),
  )
  await setResourceAudience(resourceId, 'staff', actor)
  // A dialog opened in the browser, as the page holds it then.
  await page.goto('/admin/resources')
  await page.getByRole('button', { name: 'Add Resource' }).click()
  await expect(page.getByRole('dialog', { name: 'Add Resource' })).toBeVisible()
  documents.push({ name: '/admin/resources with its dialog (DOM)', html: await page.content() })
  for (const [path, submit, within] of [
    ['/account', 'Change password'],
    ['/admin/users', 'Send invitation'],
    ['/admin/resources/new', 'Add Resource', 'dialog'],
    ['/admin/communications', 'Send Message'],
  ] as const)
    documents.push(await afterFailedSubmit(noScript.page, path, submit, within))

  // The confirmation a group send asks for, as the server answers it.
  await noScript.page.goto('/admin/communications')
  await noScript.page.getByRole('button', { name: 'Training Update' }).click()
  const confirmation = noScript.page.waitForResponse((res) => res.request().method() === 'POST')
  await noScript.page.getByRole('button', { name: 'Send Message' }).click()
  const confirmationPage = await confirmation
  await expect(noScript.page.getByRole('alertdialog')).toBeVisible()
  documents.push({
    name: 'POST /admin/communications (confirmation)',
    html: await confirmationPage.text(),
  })

  // The first-start set-up exists only while there is no admin at all, so it comes last.
  // Admins only: the run shares one database, and other specs' interpreters have pay
  // statements that keep their accounts.
  await app.db.delete(users).where(eq(users.role, 'admin'))
  const setupToken = await createAuthToken('first_admin_setup', null)
  documents.push(await served(page, `/setup?token=${setupToken}`))
  documents.push(
    await afterFailedSubmit(noScript.page, `/setup?token=${setupToken}`, 'Create admin account'),
  )
  await noScript.context.close()

  expect(await htmlErrors(documents)).toEqual([])
})
