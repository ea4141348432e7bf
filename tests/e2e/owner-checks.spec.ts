import type { APIRequestContext } from '@playwright/test'
import { eq } from 'drizzle-orm'
import {
  bookingFiles,
  calls,
  closeoutExpenses,
  interpreterProfiles,
  translationQuoteFiles,
} from '../../db/schema'
import { createSession } from '../../app/auth/session.server'
import { submitCloseout } from '../../app/models/billing/closeouts.server'
import { sendInvoice, staffInvoice } from '../../app/models/billing/invoices.server'
import { createBooking } from '../../app/models/bookings.server'
import { decideApplication } from '../../app/models/interpreter-applications/review.server'
import { uploadDocument } from '../../app/models/onboarding/documents.server'
import { clientContextOf } from '../../app/models/organizations.server'
import { requestQuote } from '../../app/models/quotes/request.server'
import { createResource } from '../../app/models/resources.server'
import { findUserByEmail } from '../../app/models/users.server'
import { docxQuoteFile, pdfDocument } from '../support/document-fixtures'
import { createApplicant } from '../support/people-fixtures'
import {
  attachPreparationFile,
  createBookingRow,
  createDispatchInterpreter,
  createOrganization,
} from '../support/booking-fixtures'
import { createApprovedAssignment, invoiceIdOf, parkingExpense } from '../support/billing-fixtures'
import { createAccount } from './auth-helpers'
import { expect, test } from './fixtures'
import { builtRoutes } from './route-table'
import { createOrganizationMember } from '../support/organization-fixtures'

/**
 * Who owns what each URL parameter of the interpreter portal names: one interpreter's
 * record (`owner`), or something no interpreter may open (`nobody`, a staff-only resource).
 * A new `/interpreter` route with a parameter not listed here fails the test below until its
 * owner check is added.
 */
type Owned = { id: string; owner: 'first' | 'nobody'; secret: string }

/**
 * The owner checks of the interpreter portal, generated from the route table of the build:
 * every `/interpreter` route with a record in its URL, opened by the record's owner, by
 * another interpreter (404 for a page, 403 for a resource route, 404 for a booking's
 * preparation file) and by nobody for staff-only records; the refusal says nothing of the
 * record.
 */
test('an interpreter opens only their own records, whatever the URL names', async ({
  playwright,
  app,
}) => {
  const staff = await createAccount('admin', 'Owner Check Staff')
  const actor = { id: staff.id, name: staff.name }
  const interpreters: { applicationId: string; userId: string; cookie: string }[] = []
  for (const name of ['First', 'Second']) {
    const email = `owner-${name.toLowerCase()}-${Date.now()}@example.org`
    const applicationId = await createApplicant(app.db, {
      firstName: name,
      lastName: 'Owner',
      email,
    })
    await decideApplication(applicationId, 'approved', { sendEmail: false }, actor)
    const user = await findUserByEmail(email)
    interpreters.push({
      applicationId,
      userId: user!.id,
      cookie: (await createSession(user!.id)).split(';')[0]!,
    })
  }
  const [first, second] = interpreters as [(typeof interpreters)[0], (typeof interpreters)[0]]
  const documentId = await uploadDocument(
    {
      applicationId: first.applicationId,
      step: 'medical_training',
      language: null,
      issuedOn: '2026-01-05',
      expiresOn: null,
      file: {
        bytes: pdfDocument('First Owner private certificate'),
        mediaType: 'application/pdf',
        extension: 'pdf',
        originalName: 'first-owner-certificate.pdf',
      },
    },
    actor,
  )
  const staffOnly = await createResource(
    { title: 'Staff only pay rates', type: 'document', url: 'https://example.org/rates' },
    actor,
  )
  // A booking confirmed with the first interpreter: its calendar file is theirs alone.
  const [firstProfile] = await app.db
    .select({ id: interpreterProfiles.id })
    .from(interpreterProfiles)
    .where(eq(interpreterProfiles.userId, first.userId))
  const organizationId = await createOrganization(app.db, `Owner Check Clinic ${Date.now()}`)
  // In the past, so that it also waits for the first interpreter's closeout.
  const bookingId = await createBookingRow(app.db, {
    organizationId,
    localDate: '2020-03-04',
    status: 'confirmed',
    interpreterId: firstProfile!.id,
    location: '9 Private Lane, Owner Check',
  })
  // The client's preparation file of it: the first interpreter's, as its confirmed interpreter.
  const fileId = await attachPreparationFile(bookingId, 'first-owner-preparation.pdf')
  // The first interpreter's closeout of it, with a receipt.
  const firstActor = { id: first.userId, name: 'First Owner' }
  await submitCloseout(
    first.userId,
    bookingId,
    {
      outcome: 'completed',
      actualStart: new Date('2020-03-04T15:00:00Z'),
      actualEnd: new Date('2020-03-04T16:00:00Z'),
      mileageTenths: 10,
      note: null,
      expenses: [
        parkingExpense(900, {
          name: 'first-owner-receipt.pdf',
          text: 'First Owner parking receipt',
        }),
      ],
    },
    firstActor,
  )
  const [expense] = await app.db
    .select({ id: closeoutExpenses.id })
    .from(closeoutExpenses)
    .where(eq(closeoutExpenses.bookingId, bookingId))
  // Earlier work of theirs, closed out and approved: a pay statement of the first interpreter's.
  const { statementId } = await createApprovedAssignment(app.db, actor, {
    organizationId,
    interpreterProfileId: firstProfile!.id,
    localDate: '2026-01-05',
  })
  // An on-demand call the first interpreter took.
  const [call] = await app.db
    .insert(calls)
    .values({
      organizationId,
      requestedById: staff.id,
      language: 'Spanish',
      media: 'audio',
      setting: 'legal',
      reference: 'Owner secret case 41',
      status: 'ended',
      interpreterId: firstProfile!.id,
      startedAt: new Date('2026-01-06T15:00:00Z'),
      acceptedAt: new Date('2026-01-06T15:00:10Z'),
      connectedAt: new Date('2026-01-06T15:00:12Z'),
      endedAt: new Date('2026-01-06T15:10:12Z'),
      endedBy: 'client',
    })
    .returning({ id: calls.id })
  const owned: Record<string, Owned> = {
    callId: { id: call!.id, owner: 'first', secret: 'Owner secret case 41' },
    bookingId: { id: bookingId, owner: 'first', secret: '9 Private Lane' },
    expenseId: { id: expense!.id, owner: 'first', secret: 'first-owner-receipt' },
    fileId: { id: fileId, owner: 'first', secret: 'first-owner-preparation' },
    statementId: { id: statementId, owner: 'first', secret: 'Owner Check Clinic' },
    documentId: { id: documentId, owner: 'first', secret: 'first-owner-certificate' },
    resourceId: { id: staffOnly, owner: 'nobody', secret: 'example.org/rates' },
  }

  const contextFor = (cookie: string): Promise<APIRequestContext> =>
    playwright.request.newContext({
      baseURL: app.url,
      extraHTTPHeaders: { Cookie: cookie, Origin: app.url },
    })
  const asFirst = await contextFor(first.cookie)
  const asSecond = await contextFor(second.cookie)

  const routes = (await builtRoutes()).filter(
    (route) => route.pattern.startsWith('/interpreter/') && route.pattern.includes(':'),
  )
  expect(routes.map((route) => route.pattern)).toEqual(
    expect.arrayContaining([
      '/interpreter/documents/:documentId/file',
      '/interpreter/assignments/:bookingId/receipts/:expenseId',
      '/interpreter/assignments/:bookingId/files/:fileId',
      '/interpreter/payouts/:statementId',
      '/interpreter/payouts/:statementId/pdf',
    ]),
  )
  const problems: string[] = []
  for (const route of routes) {
    const names = [...route.pattern.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!)
    const missing = names.filter((name) => !(name in owned))
    if (missing.length > 0) {
      problems.push(`${route.pattern}: no owner check for ${missing.join(', ')}`)
      continue
    }
    const path = route.pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => owned[name]!.id)
    const ownerless = names.some((name) => owned[name]!.owner === 'nobody')
    // A booking's preparation file answers 404 to anyone else, as the client's does
    // (docs/product.md#assignments); every other resource route answers 403.
    const refusal =
      !route.isResource || route.pattern === '/interpreter/assignments/:bookingId/files/:fileId'
        ? 404
        : 403
    for (const [who, context] of [
      ['first', asFirst],
      ['second', asSecond],
    ] as const) {
      const response = await context.get(path, { maxRedirects: 0 })
      const expected = ownerless ? 404 : who === 'first' ? 200 : refusal
      if (response.status() !== expected)
        problems.push(
          `GET ${route.pattern} as the ${who} interpreter: ${response.status()}, expected ${expected}`,
        )
      if (expected !== 200) {
        const body = await response.text()
        for (const name of names)
          if (body.includes(owned[name]!.secret))
            problems.push(
              `GET ${route.pattern} as the ${who} interpreter leaks ${owned[name]!.secret}`,
            )
      }
    }
  }
  expect(problems).toEqual([])
  await asFirst.dispose()
  await asSecond.dispose()
})

/**
 * The owner checks of the client portal, generated from the route table of the build: every
 * `/client` route with a record in its URL, opened by a manager of the organization that owns
 * it (who made the booking and the quote), by a requester of the same organization (not their
 * booking nor quote; invoices are managers' only) and by another organization's manager: 404
 * for a page, 403 for a resource route (a booking's file: 404), and nothing of the record in
 * the answer. A new
 * `/client` route with a parameter not listed here fails until its owner check is added.
 */
test('a client opens only their organization’s records, and a requester only their own', async ({
  playwright,
  app,
}) => {
  const tag = Date.now().toString(36)
  const staff = await createAccount('admin', 'Client Owner Staff')
  const actor = { id: staff.id, name: staff.name }
  const organizationName = `Owner Check Firm ${tag}`
  /** A client user of `organization`, signed in: their id and session cookie. */
  const clientUser = async (
    who: string,
    organization: string,
    role: 'manager' | 'requester',
  ): Promise<{ id: string; cookie: string }> => {
    const email = `owner-${who}-${tag}@client.example`
    await createOrganizationMember(
      { organizationName: organization, name: `Owner ${who}`, email, role },
      actor,
    )
    const user = (await findUserByEmail(email))!
    return { id: user.id, cookie: (await createSession(user.id)).split(';')[0]! }
  }
  const people = {
    manager: await clientUser('manager', organizationName, 'manager'),
    requester: await clientUser('requester', organizationName, 'requester'),
    stranger: await clientUser('stranger', `Stranger Firm ${tag}`, 'manager'),
  }
  const manager = { id: people.manager.id, name: 'Owner manager' }
  const client = (await clientContextOf(manager.id))!
  const booking = await createBooking(
    {
      language: 'Spanish',
      modality: 'on_site',
      date: '2099-04-06',
      time: '09:00',
      timeZone: 'America/New_York',
      durationMinutes: 60,
      location: '7 Secret Court, Owner Check',
      setting: 'legal',
      contactName: 'Owner Contact',
      contactPhone: '+1 512 555 0101',
      files: [
        {
          bytes: pdfDocument('Owner preparation notes'),
          mediaType: 'application/pdf',
          extension: 'pdf',
          originalName: 'owner-secret-preparation.pdf',
        },
      ],
    },
    { actor: manager, client },
  )
  const [bookingFile] = await app.db
    .select({ id: bookingFiles.fileId })
    .from(bookingFiles)
    .where(eq(bookingFiles.bookingId, booking.id))
  const quoteId = await requestQuote(
    { userId: manager.id, ...client },
    {
      sourceLanguage: 'English',
      targetLanguages: ['Spanish'],
      deadline: '2099-04-30',
      certified: false,
      purchaseOrder: null,
      files: [docxQuoteFile('owner-secret-contract.docx')],
    },
    manager,
  )
  const [quoteFile] = await app.db
    .select({ id: translationQuoteFiles.fileId })
    .from(translationQuoteFiles)
    .where(eq(translationQuoteFiles.quoteId, quoteId))
  // A sent invoice of the organization, so that its PDF exists for its manager.
  const interpreter = await createDispatchInterpreter(app.db, actor, { firstName: 'Owner' })
  const posted = await createApprovedAssignment(app.db, actor, {
    organizationId: client.organizationId,
    requestedById: manager.id,
    interpreterProfileId: interpreter.profileId,
    localDate: '2025-08-04',
  })
  const invoiceId = await invoiceIdOf(app.db, posted.bookingId)
  await sendInvoice(invoiceId, actor)
  const invoice = (await staffInvoice(invoiceId))!.invoice

  // An on-demand call the manager made: theirs alone, not even their colleague's.
  const [call] = await app.db
    .insert(calls)
    .values({
      organizationId: client.organizationId,
      requestedById: manager.id,
      language: 'Spanish',
      media: 'video',
      setting: 'medical',
      reference: 'Owner secret MRN 77',
      status: 'ended',
      interpreterId: interpreter.profileId,
      startedAt: new Date('2026-01-06T15:00:00Z'),
      acceptedAt: new Date('2026-01-06T15:00:10Z'),
      connectedAt: new Date('2026-01-06T15:00:12Z'),
      endedAt: new Date('2026-01-06T15:10:12Z'),
      endedBy: 'client',
    })
    .returning({ id: calls.id })
  const records: Record<string, { id: string; secret: string }> = {
    callId: { id: call!.id, secret: 'Owner secret MRN 77' },
    bookingId: { id: booking.id, secret: '7 Secret Court' },
    quoteId: { id: quoteId, secret: 'owner-secret-contract' },
    invoiceId: { id: invoiceId, secret: invoice.number },
  }
  // A file is named by the record it belongs to (the parameter before it).
  const filesOf: Record<string, { id: string; secret: string }> = {
    bookingId: { id: bookingFile!.id, secret: 'owner-secret-preparation' },
    quoteId: { id: quoteFile!.id, secret: 'owner-secret-contract' },
  }
  const contexts = new Map<keyof typeof people, APIRequestContext>()
  for (const who of Object.keys(people) as (keyof typeof people)[])
    contexts.set(
      who,
      await playwright.request.newContext({
        baseURL: app.url,
        extraHTTPHeaders: { Cookie: people[who].cookie, Origin: app.url },
      }),
    )

  const routes = (await builtRoutes()).filter(
    (route) => route.pattern.startsWith('/client/') && route.pattern.includes(':'),
  )
  expect(routes.map((route) => route.pattern)).toEqual(
    expect.arrayContaining(['/client/invoices/:invoiceId', '/client/invoices/:invoiceId/pdf']),
  )
  // A booking's preparation file answers 404 to anyone else, as docs/product.md#client-portal
  // says of bookings and their files; every other resource route answers 403.
  const refusalOf = (route: { pattern: string; isResource: boolean }) =>
    !route.isResource || route.pattern === '/client/bookings/:bookingId/files/:fileId' ? 404 : 403
  const problems: string[] = []
  for (const route of routes) {
    const names = [...route.pattern.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!)
    const named = names.map((name, index) =>
      name === 'fileId' ? filesOf[names[index - 1] ?? ''] : records[name],
    )
    if (named.some((record) => !record)) {
      problems.push(`${route.pattern}: no owner check for ${names.join(', ')}`)
      continue
    }
    let index = 0
    const path = route.pattern.replace(/:([A-Za-z]+)/g, () => named[index++]!.id)
    for (const [who, context] of contexts) {
      const response = await context.get(path, { maxRedirects: 0 })
      const expected = who === 'manager' ? 200 : refusalOf(route)
      if (response.status() !== expected)
        problems.push(
          `GET ${route.pattern} as the ${who}: ${response.status()}, expected ${expected}`,
        )
      if (expected !== 200) {
        const body = await response.text()
        for (const record of named)
          if (body.includes(record!.secret))
            problems.push(`GET ${route.pattern} as the ${who} leaks ${record!.secret}`)
      }
    }
  }
  expect(problems).toEqual([])
  for (const context of contexts.values()) await context.dispose()
})
