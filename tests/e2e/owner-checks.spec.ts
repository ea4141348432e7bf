import type { APIRequestContext } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { closeoutExpenses, interpreterProfiles } from '../../db/schema'
import { createSession } from '../../app/lib/auth/session.server'
import { submitCloseout } from '../../app/models/billing/closeouts.server'
import { decideApplication } from '../../app/models/interpreter-applications/review.server'
import { uploadDocument } from '../../app/models/onboarding/documents.server'
import { createResource } from '../../app/models/resources.server'
import { findUserByEmail } from '../../app/models/users.server'
import { pdfDocument } from '../support/document-fixtures'
import { createApplicant } from '../support/people-fixtures'
import { createApprovedAssignment } from '../support/billing-fixtures'
import { createBookingRow, createOrganization } from '../support/booking-fixtures'
import { createAccount } from './auth-helpers'
import { expect, test } from './fixtures'
import { builtRoutes } from './route-table'

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
 * another interpreter (404 for a page, 403 for a resource route) and by nobody for
 * staff-only records; the refusal says nothing of the record.
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
        {
          description: 'Parking',
          amountCents: 900,
          receipt: {
            bytes: pdfDocument('First Owner parking receipt'),
            mediaType: 'application/pdf',
            extension: 'pdf',
            originalName: 'first-owner-receipt.pdf',
          },
        },
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
    localDate: '2020-02-05',
  })
  const owned: Record<string, Owned> = {
    bookingId: { id: bookingId, owner: 'first', secret: '9 Private Lane' },
    expenseId: { id: expense!.id, owner: 'first', secret: 'first-owner-receipt' },
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
    const refusal = route.isResource ? 403 : 404
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
