import { eq } from 'drizzle-orm'
import {
  bookingOffers,
  bookings,
  callRatings,
  calls,
  erasureRequests,
  interpreterCallPresence,
  interpreterProfiles,
  mailOutbox,
  users,
} from '../../db/schema'
import { wallClockIn } from '../../app/domain/closeouts'
import { applicationStatusToken } from '../../app/emails/application-status-token.server'
import { unsubscribeToken } from '../../app/emails/unsubscribe-token.server'
import { createSession } from '../../app/auth/session.server'
import { createAuthToken } from '../../app/models/auth-tokens.server'
import { rateBooking } from '../../app/models/booking-ratings.server'
import { submitCloseout } from '../../app/models/billing/closeouts.server'
import { sendInvoice } from '../../app/models/billing/invoices.server'
import { createBooking } from '../../app/models/bookings.server'
import { createGuestLink } from '../../app/models/calls/call-guests.server'
import { createLead } from '../../app/models/leads/intake.server'
import { decideApplication } from '../../app/models/interpreter-applications/review.server'
import { clientContextOf } from '../../app/models/organizations.server'
import { requestProfileChange } from '../../app/models/profile-changes.server'
import { decideQuote } from '../../app/models/quotes/decision.server'
import { priceQuote } from '../../app/models/quotes/pricing.server'
import { flatFeePricing } from '../../app/domain/quote-pricing'
import { requestQuote } from '../../app/models/quotes/request.server'
import { findUserByEmail, INVITED_PASSWORD_HASH } from '../../app/models/users.server'
import { hashToken, randomToken } from '../../app/platform/tokens.server'
import { createApprovedAssignment, invoiceIdOf, parkingExpense } from '../support/billing-fixtures'
import { createBookingRow, createDispatchInterpreter } from '../support/booking-fixtures'
import { docxQuoteFile, pdfDocument } from '../support/document-fixtures'
import { createOrganizationMember } from '../support/organization-fixtures'
import { createApplicant, createRequiredReading } from '../support/people-fixtures'
import { createAccount } from './auth-helpers'
import type { TestApp } from './fixtures'

/** Who opens the pages: each signed-in role by its session cookie, or nobody. */
export type Visitor =
  'public' | 'applicant' | 'interpreter' | 'client member' | 'client manager' | 'staff admin'

export interface CraftedWorld {
  /** The session cookie of each signed-in visitor. */
  cookies: Partial<Record<Visitor, string>>
  /**
   * The path to open for each route pattern that names a record or needs a link's token: a
   * record of the right kind and state, so that the page shows its forms.
   */
  paths: Record<string, string>
}

const DAY_MS = 24 * 60 * 60 * 1000

/** A calendar date `days` from now in New York, where the world's bookings take place. */
function dateInDays(days: number) {
  return wallClockIn(new Date(Date.now() + days * DAY_MS), 'America/New_York').date
}

const cookieOf = async (userId: string) => (await createSession(userId)).split(';')[0]!

/**
 * One of every record a page with a form needs, each in the state in which the page offers
 * its forms: an applicant with a status link, a pending application and client request, an
 * interpreter with an assignment to close out, a closeout waiting for approval, a statement
 * and a sent invoice, an organization with a manager and a member, an open booking with an
 * offer and a preparation file, a completed booking to rate and another rated low, quotes waiting for a price, for an answer and for delivery, a resource, a profile
 * change, and the links of invitation, password reset, erasure and unsubscribe e-mails.
 */
export async function createCraftedWorld(app: TestApp): Promise<CraftedWorld> {
  const tag = Date.now().toString(36)
  const { sessionSecret } = app.runtime.config
  const staff = await createAccount('admin', 'Crafted Staff')
  const actor = { id: staff.id, name: staff.name }

  // The interpreter role: approved, onboarding still open, with work of every kind.
  const interpreterEmail = `crafted-interpreter-${tag}@example.org`
  const interpreterApplicationId = await createApplicant(app.db, {
    firstName: 'Crafted',
    lastName: 'Interpreter',
    email: interpreterEmail,
  })
  await decideApplication(interpreterApplicationId, 'approved', { sendEmail: false }, actor)
  const interpreterUser = (await findUserByEmail(interpreterEmail))!
  const [profile] = await app.db
    .select({ id: interpreterProfiles.id })
    .from(interpreterProfiles)
    .where(eq(interpreterProfiles.userId, interpreterUser.id))
  const interpreterActor = { id: interpreterUser.id, name: 'Crafted Interpreter' }
  await requestProfileChange(interpreterActor, {
    languages: [{ language: 'Portuguese', proficiency: 'native' }],
    specializations: ['legal'],
  })
  // An interpreter the open booking can be offered to (dispatch lists the eligible ones).
  await createDispatchInterpreter(app.db, actor, { firstName: 'Dispatch' })

  // The organization, its manager and a member (a requester).
  const organizationName = `Crafted Clinic ${tag}`
  const clientUser = async (who: string, role: 'manager' | 'requester') => {
    const email = `crafted-${who}-${tag}@client.example`
    await createOrganizationMember({ organizationName, name: `Crafted ${who}`, email, role }, actor)
    return (await findUserByEmail(email))!
  }
  const manager = await clientUser('manager', 'manager')
  const member = await clientUser('member', 'requester')
  const managerActor = { id: manager.id, name: manager.name }
  const client = (await clientContextOf(manager.id))!
  const viewer = { userId: manager.id, ...client }

  // Work done and billed: a statement of the interpreter's and a sent invoice, which also
  // makes the interpreter one of the organization's past interpreters.
  const interpreterProfileId = profile!.id
  const billed = await createApprovedAssignment(app.db, actor, {
    organizationId: client.organizationId,
    requestedById: manager.id,
    interpreterProfileId,
    localDate: dateInDays(-20),
  })
  const invoiceId = await invoiceIdOf(app.db, billed.bookingId)
  await sendInvoice(invoiceId, actor)
  // Another completed assignment, rated low: a row in staff's Quality queue. The billed one
  // stays unrated, so its page offers the rating form.
  const ratedLow = await createApprovedAssignment(app.db, actor, {
    organizationId: client.organizationId,
    requestedById: manager.id,
    interpreterProfileId,
    localDate: dateInDays(-21),
  })
  await rateBooking(
    ratedLow.bookingId!,
    { stars: 2, comment: 'Crafted: the interpreter arrived late.' },
    { actor: managerActor, client },
  )

  // An on-demand call of the manager's that is under way: its pages offer End call and a link
  // for a guest; and a waiting one, whose page offers Leave. The routing tick keeps ringing
  // a waiting call, so it asks for a language no other test's interpreter speaks: a Spanish
  // one would ring (and so take) the Spanish interpreter of a later call test in this worker.
  const callOf = (requestedById: string, status: 'connecting' | 'waiting') => ({
    organizationId: client.organizationId,
    requestedById,
    language: status === 'waiting' ? 'Tok Pisin' : 'Spanish',
    media: 'video' as const,
    setting: 'medical' as const,
    reference: 'Crafted MRN 1',
    status,
    interpreterId: status === 'connecting' ? interpreterProfileId : null,
    startedAt: new Date(Date.now() - 60_000),
    acceptedAt: status === 'connecting' ? new Date(Date.now() - 30_000) : null,
  })
  const [call] = await app.db
    .insert(calls)
    .values({ ...callOf(manager.id, 'connecting'), status: 'connected', connectedAt: new Date() })
    .returning({ id: calls.id })
  // The client's link for a guest of that call (its page has the form to join).
  const guestLink = await createGuestLink(call!.id)
  if (typeof guestLink === 'string') throw new Error(`no guest link: ${guestLink}`)
  const [waitingCall] = await app.db
    .insert(calls)
    .values(callOf(manager.id, 'waiting'))
    .returning({ id: calls.id })
  // Two calls that connected and ended: the client rated one 2 stars (it waits in staff's
  // quality queue, and its interpreter's page offers the report), the other is not rated yet
  // (its client's page offers the rating).
  const endedCall = (minutesAgo: number) => ({
    ...callOf(manager.id, 'connecting'),
    status: 'ended' as const,
    startedAt: new Date(Date.now() - minutesAgo * 60_000),
    acceptedAt: new Date(Date.now() - minutesAgo * 60_000 + 5_000),
    connectedAt: new Date(Date.now() - minutesAgo * 60_000 + 8_000),
    endedAt: new Date(Date.now() - (minutesAgo - 5) * 60_000),
    endedBy: 'client' as const,
    billableSeconds: 292,
    chargeCents: 975,
    payCents: 300,
  })
  const [ratedCall, unratedCall] = await app.db
    .insert(calls)
    .values([endedCall(60), endedCall(30)])
    .returning({ id: calls.id })
  await app.db.insert(callRatings).values({
    callId: ratedCall!.id,
    rater: 'client',
    stars: 2,
    comment: 'Crafted: the sound dropped twice.',
    ratedById: manager.id,
  })

  // The interpreter of the call under way takes calls and is heard from (the routing tick ends
  // a call whose interpreter has not been heard from for 20 s): "heard from" a day ahead, so that
  // the call stays under way for the whole test, and staff's board offers End call and Set
  // unavailable.
  await app.db.insert(interpreterCallPresence).values({
    interpreterId: interpreterProfileId,
    available: true,
    lastSeenAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  })

  // An open booking of the manager's, offered to the interpreter.
  const openBooking = await createBooking(
    {
      language: 'Spanish',
      modality: 'on_site',
      date: dateInDays(30),
      time: '09:00',
      timeZone: 'America/New_York',
      durationMinutes: 60,
      location: '1 Crafted Court',
      setting: 'medical',
      contactName: 'Crafted Contact',
      contactPhone: '+1 512 555 0101',
      // A preparation file, so the booking's pages show their file lists.
      files: [
        {
          bytes: pdfDocument('Crafted preparation notes'),
          mediaType: 'application/pdf',
          extension: 'pdf',
          originalName: 'crafted-preparation.pdf',
        },
      ],
    },
    { actor: managerActor, client },
  )
  const offerToken = randomToken()
  await app.db.insert(bookingOffers).values({
    bookingId: openBooking.id,
    interpreterId: profile!.id,
    tokenHash: hashToken(offerToken),
    expiresAt: new Date(Date.now() + DAY_MS),
    offeredById: staff.id,
    offeredAt: new Date(),
  })
  await app.db.update(bookings).set({ status: 'offered' }).where(eq(bookings.id, openBooking.id))

  // The interpreter's ended assignment, waiting for its closeout, and one whose closeout
  // waits for staff.
  const dueBookingId = await createBookingRow(app.db, {
    organizationId: client.organizationId,
    localDate: dateInDays(-1),
    status: 'confirmed',
    interpreterId: interpreterProfileId,
  })
  const reviewedBookingId = await createBookingRow(app.db, {
    organizationId: client.organizationId,
    localDate: dateInDays(-2),
    status: 'confirmed',
    interpreterId: interpreterProfileId,
  })
  const [reviewed] = await app.db.select().from(bookings).where(eq(bookings.id, reviewedBookingId))
  await submitCloseout(
    interpreterUser.id,
    reviewedBookingId,
    {
      outcome: 'completed',
      actualStart: reviewed!.startsAt,
      actualEnd: new Date(reviewed!.startsAt.getTime() + 60 * 60_000),
      mileageTenths: 10,
      note: null,
      expenses: [parkingExpense(900, { name: 'receipt.pdf', text: 'Crafted parking receipt' })],
    },
    interpreterActor,
  )

  // Quotes waiting for a price, for the client's answer, and for the translation.
  const newQuote = () =>
    requestQuote(
      viewer,
      {
        sourceLanguage: 'English',
        targetLanguages: ['Spanish'],
        deadline: dateInDays(60),
        certified: false,
        purchaseOrder: null,
        files: [docxQuoteFile('contract.docx')],
      },
      managerActor,
    )
  const requestedQuoteId = await newQuote()
  const pricedQuoteId = await newQuote()
  await priceQuote(
    pricedQuoteId,
    { pricing: flatFeePricing(9900), expiresOn: dateInDays(30) },
    actor,
  )
  const acceptedQuoteId = await newQuote()
  await priceQuote(
    acceptedQuoteId,
    { pricing: flatFeePricing(9900), expiresOn: dateInDays(30) },
    actor,
  )
  await decideQuote(acceptedQuoteId, viewer, { decision: 'accept', priceCents: 9900 }, managerActor)

  // Work for the admin area: a pending application, a client request, a resource.
  const applicantEmail = `crafted-applicant-${tag}@example.org`
  const pendingApplicationId = await createApplicant(app.db, {
    firstName: 'Crafted',
    lastName: 'Applicant',
    email: applicantEmail,
  })
  const { id: requestId } = await createLead({
    type: 'contact',
    name: 'Crafted Requester',
    email: `crafted-request-${tag}@example.org`,
    company: 'Crafted Company',
    message: 'Hello',
  })
  const resourceId = await createRequiredReading('Crafted handbook', actor)
  // A message that could not be delivered, for staff to send again.
  await app.db.insert(mailOutbox).values({
    template: 'staff-message',
    toAddress: `crafted-bounce-${tag}@example.org`,
    subject: 'Crafted',
    html: '<p>Crafted</p>',
    text: 'Crafted',
    status: 'failed',
    lastError: '550 no such mailbox',
  })

  // The links people get by e-mail. The erasure link is another applicant's: confirming it
  // must not erase the applicant whose status page the test opens.
  const erasedApplicationId = await createApplicant(app.db, {
    firstName: 'Crafted',
    lastName: 'Erased',
    email: `crafted-erased-${tag}@example.org`,
  })
  const erasureCode = randomToken()
  await app.db.insert(erasureRequests).values({
    tokenHash: hashToken(erasureCode),
    applicationId: erasedApplicationId,
    expiresAt: new Date(Date.now() + DAY_MS),
  })
  // An invitation is for an account that has not chosen a password yet.
  const invited = await createAccount('admin', 'Crafted Invitee')
  await app.db
    .update(users)
    .set({ passwordHash: INVITED_PASSWORD_HASH })
    .where(eq(users.id, invited.id))
  const invitationToken = await createAuthToken('invitation', invited.id)
  // Another account's: a new link for an account ends its earlier ones.
  const forgetful = await createAccount('client', 'Crafted Forgetful')
  const resetToken = await createAuthToken('password_reset', forgetful.id)

  const cookies: CraftedWorld['cookies'] = {
    interpreter: await cookieOf(interpreterUser.id),
    'client member': await cookieOf(member.id),
    'client manager': await cookieOf(manager.id),
    'staff admin': await cookieOf(staff.id),
  }
  const statusPage = `/application-status/${applicationStatusToken(pendingApplicationId, 1, sessionSecret)}`
  const paths: CraftedWorld['paths'] = {
    '/jobs/:jobId': '/jobs/greek-english-remote-interpreter',
    '/apply/:jobId': '/apply/greek-english-remote-interpreter',
    '/application-status/:token': statusPage,
    '/application-erasure/:code': `/application-erasure/${erasureCode}`,
    '/accept-invite': `/accept-invite?token=${invitationToken}`,
    '/reset-password': `/reset-password?token=${resetToken}`,
    '/unsubscribe': `/unsubscribe?token=${unsubscribeToken(applicantEmail, sessionSecret)}`,
    '/offers/accept': `/offers/accept?token=${encodeURIComponent(offerToken)}`,
    '/application': '/application?language=korean-interpreter',
    '/admin/bookings/:bookingId': `/admin/bookings/${openBooking.id}`,
    // Step one chooses the organization; step two is the booking form that posts.
    '/admin/bookings/new': '/admin/bookings/new',
    '/admin/bookings/new (an organization chosen)': `/admin/bookings/new?organizationId=${client.organizationId}`,
    '/admin/clients/:requestId': `/admin/clients/${requestId}`,
    '/admin/closeouts/:bookingId': `/admin/closeouts/${reviewedBookingId}`,
    '/admin/interpreter-manager/:interpreterId': `/admin/interpreter-manager/${interpreterProfileId}`,
    '/admin/interpreters/:applicationId': `/admin/interpreters/${pendingApplicationId}`,
    '/admin/invoices/:invoiceId': `/admin/invoices/${invoiceId}`,
    '/admin/organizations/:organizationId/billing': `/admin/organizations/${client.organizationId}/billing`,
    '/admin/organizations/:organizationId/contract': `/admin/organizations/${client.organizationId}/contract`,
    '/admin/quotes/:quoteId': `/admin/quotes/${requestedQuoteId}`,
    '/admin/resources/:resourceId/audience': `/admin/resources/${resourceId}/audience`,
    '/admin/resources/:resourceId/delete': `/admin/resources/${resourceId}/delete`,
    '/admin/statements/:statementId': `/admin/statements/${billed.statementId}`,
    '/client/invoices/:invoiceId': `/client/invoices/${invoiceId}`,
    '/client/quotes/:quoteId': `/client/quotes/${pricedQuoteId}`,
    '/client/bookings/:bookingId': `/client/bookings/${openBooking.id}`,
    '/interpreter/assignments/:bookingId/closeout': `/interpreter/assignments/${dueBookingId}/closeout`,
    '/interpreter/payouts/:statementId': `/interpreter/payouts/${billed.statementId}`,
    '/interpreter/calls/:callId': `/interpreter/calls/${call!.id}`,
    '/client/connect/:callId': `/client/connect/${call!.id}`,
    '/call-guest/:link': `/call-guest/${guestLink.link}`,
  }
  paths['/client/connect/:callId (waiting)'] = `/client/connect/${waitingCall!.id}`
  paths['/client/connect/:callId (ended)'] = `/client/connect/${unratedCall!.id}`
  paths['/interpreter/calls/:callId (ended)'] = `/interpreter/calls/${ratedCall!.id}`
  // More pages of the same routes: another quote's state, the status page's two
  // confirmation steps.
  paths['/admin/quotes/:quoteId (accepted)'] = `/admin/quotes/${acceptedQuoteId}`
  // The client's answer to a price is a form only on its confirmation step.
  paths['/client/quotes/:quoteId (declining)'] = `/client/quotes/${pricedQuoteId}?answer=decline`
  paths['/client/bookings/:bookingId (completed)'] = `/client/bookings/${billed.bookingId}`
  paths['/application-status/:token (withdraw)'] = `${statusPage}?confirm=withdraw`
  paths['/application-status/:token (erase)'] = `${statusPage}?confirm=erase`
  return { cookies, paths }
}
