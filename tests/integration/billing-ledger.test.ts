import { eq, gt, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  bookings,
  clientInvoices,
  closeoutExpenses,
  closeouts,
  interpreterStatements,
  invoiceLines,
  rates,
  statementLines,
  storedFiles,
  translationQuotes,
  users,
} from '../../db/schema'
import type { Actor } from '../../app/models/audit.server'
import { returnCloseout } from '../../app/models/billing/closeout-review.server'
import { postTranslationJob } from '../../app/models/billing/ledger.server'
import { setClock } from '../../app/platform/clock.server'
import {
  createBookingRow,
  createDispatchInterpreter,
  createOrganization,
  type DispatchInterpreter,
} from '../support/booking-fixtures'
import { approveCurrentCloseout, emptyBillingWorld } from '../support/billing-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

describe.each(testDatabaseKinds())('posting approved work on %s', (kind) => {
  let staff: Actor
  let organizationId: string
  let interpreter: DispatchInterpreter
  const test = testRuntimeFor(kind)
  afterEach(() => setClock())
  beforeEach(async () => {
    await emptyBillingWorld(test.db)
    // The seeded rates stay; rates a test added go.
    await test.db.delete(rates).where(gt(rates.effectiveFrom, new Date('2000-01-02T00:00:00Z')))
    await test.db.delete(users)
    staff = await createStaffActor()
    setClock(() => new Date('2026-03-20T15:00:00Z'))
    organizationId = await createOrganization(test.db, 'Riverside Clinic')
    interpreter = await createDispatchInterpreter(test.db, staff, { firstName: 'Zoe' })
  })

  /** A confirmed booking on `localDate` with a submitted closeout, as the interpreter sent it. */
  async function closedOutBooking(
    localDate: string,
    closeout: {
      modality?: 'on_site' | 'video' | 'phone'
      outcome?: 'completed' | 'client_no_show' | 'late_cancellation'
      minutes?: number
      mileageTenths?: number
      expenseCents?: number[]
    } = {},
  ) {
    const bookingId = await createBookingRow(test.db, {
      organizationId,
      localDate,
      localTime: '10:00',
      modality: closeout.modality ?? 'on_site',
      durationMinutes: 120,
      status: 'confirmed',
      interpreterId: interpreter.profileId,
    })
    const [booking] = await test.db.select().from(bookings).where(eq(bookings.id, bookingId))
    const start = booking!.startsAt
    await test.db.insert(closeouts).values({
      bookingId,
      interpreterId: interpreter.profileId,
      actualStart: start,
      actualEnd: new Date(start.getTime() + (closeout.minutes ?? 150) * 60_000),
      outcome: closeout.outcome ?? 'completed',
      mileageTenths: closeout.mileageTenths ?? 0,
    })
    for (const amountCents of closeout.expenseCents ?? []) {
      const [file] = await test.db
        .insert(storedFiles)
        .values({
          storageKey: `receipts/${bookingId}-${amountCents}.pdf`,
          originalName: 'receipt.pdf',
          mediaType: 'application/pdf',
          byteSize: 10,
          sha256: 'a'.repeat(64),
        })
        .returning({ id: storedFiles.id })
      await test.db
        .insert(closeoutExpenses)
        .values({ bookingId, description: 'Parking', amountCents, receiptFileId: file!.id })
    }
    return bookingId
  }

  async function statementOf(periodStart: string) {
    const [statement] = await test.db
      .select()
      .from(interpreterStatements)
      .where(eq(interpreterStatements.periodStart, periodStart))
    if (!statement) return undefined
    const lines = await test.db
      .select()
      .from(statementLines)
      .where(eq(statementLines.statementId, statement.id))
    return { ...statement, lines }
  }

  async function invoiceOf(periodStart: string) {
    const [invoice] = await test.db
      .select()
      .from(clientInvoices)
      .where(eq(clientInvoices.periodStart, periodStart))
    if (!invoice) return undefined
    const lines = await test.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice.id))
    return { ...invoice, lines }
  }

  it('posts one statement line and one invoice line at the rates in force, and completes the booking', async () => {
    const bookingId = await closedOutBooking('2026-03-04', {
      minutes: 150,
      mileageTenths: 340,
      expenseCents: [1250],
    })
    expect(await approveCurrentCloseout(test.db, bookingId, staff)).toBe('done')

    const statement = await statementOf('2026-03-01')
    expect(statement).toMatchObject({ periodEnd: '2026-03-15', status: 'open' })
    expect(statement!.lines).toEqual([
      expect.objectContaining({
        bookingId,
        workDate: '2026-03-04',
        minutes: 150,
        rateUnits: 7_500,
        amountCents: 11_250,
        mileageCents: 2_380,
        expensesCents: 1_250,
        totalCents: 14_880,
      }),
    ])
    const invoice = await invoiceOf('2026-03-01')
    expect(invoice).toMatchObject({ periodEnd: '2026-03-31', status: 'open' })
    expect(invoice!.lines).toEqual([
      expect.objectContaining({
        bookingId,
        minutes: 150,
        rateUnits: 11_667,
        amountCents: 17_501,
        travelCents: 3_630,
        totalCents: 21_131,
      }),
    ])
    const [booking] = await test.db.select().from(bookings).where(eq(bookings.id, bookingId))
    expect(booking!.status).toBe('completed')
    const [closeout] = await test.db
      .select()
      .from(closeouts)
      .where(eq(closeouts.bookingId, bookingId))
    expect(closeout).toMatchObject({ status: 'approved', reviewedById: staff.id })
  })

  it('bills a late cancellation at the minimum, without travel', async () => {
    const bookingId = await closedOutBooking('2026-03-05', {
      modality: 'video',
      outcome: 'late_cancellation',
      minutes: 0,
    })
    await approveCurrentCloseout(test.db, bookingId, staff)
    const statement = await statementOf('2026-03-01')
    expect(statement!.lines[0]).toMatchObject({ minutes: 30, amountCents: 600, totalCents: 600 })
    const invoice = await invoiceOf('2026-03-01')
    expect(invoice!.lines[0]).toMatchObject({ minutes: 30, amountCents: 1_050, totalCents: 1_050 })
  })

  it('posts a closeout approved twice at the same moment once; the second is told', async () => {
    const bookingId = await closedOutBooking('2026-03-06')
    const secondStaff = { id: staff.id, name: 'Another Admin' }
    const results = await Promise.all([
      approveCurrentCloseout(test.db, bookingId, staff),
      approveCurrentCloseout(test.db, bookingId, secondStaff),
    ])
    expect(results.sort()).toEqual(['done', 'not-waiting'])
    expect(await test.db.select().from(statementLines)).toHaveLength(1)
    expect(await test.db.select().from(invoiceLines)).toHaveLength(1)
    expect(await approveCurrentCloseout(test.db, bookingId, staff)).toBe('not-waiting')
    expect(await returnCloseout(bookingId, 'too late', staff)).toBe('not-waiting')
    expect(
      await approveCurrentCloseout(test.db, '00000000-0000-4000-8000-000000000000', staff),
    ).toBe('missing')
  })

  it('puts late work into the next open period, never into a closed statement or a sent invoice', async () => {
    const first = await closedOutBooking('2026-03-04')
    await approveCurrentCloseout(test.db, first, staff)
    await test.db
      .update(interpreterStatements)
      .set({ status: 'approved' })
      .where(eq(interpreterStatements.periodStart, '2026-03-01'))
    await test.db
      .update(clientInvoices)
      .set({ status: 'sent' })
      .where(eq(clientInvoices.periodStart, '2026-03-01'))
    // A second period already paid: the late closeout skips it too.
    await test.db.insert(interpreterStatements).values({
      interpreterId: interpreter.profileId,
      periodStart: '2026-03-16',
      periodEnd: '2026-03-31',
      status: 'paid',
    })

    const late = await closedOutBooking('2026-03-05')
    await approveCurrentCloseout(test.db, late, staff)

    expect((await statementOf('2026-03-01'))!.lines.map((line) => line.bookingId)).toEqual([first])
    expect((await statementOf('2026-03-16'))!.lines).toEqual([])
    expect((await statementOf('2026-04-01'))!.lines.map((line) => line.bookingId)).toEqual([late])
    expect((await invoiceOf('2026-03-01'))!.lines.map((line) => line.bookingId)).toEqual([first])
    expect((await invoiceOf('2026-04-01'))!.lines.map((line) => line.bookingId)).toEqual([late])
  })

  it('leaves past statements and invoices unchanged when a rate changes; later work uses the new rate', async () => {
    const before = await closedOutBooking('2026-03-04', { modality: 'phone', minutes: 10 })
    await approveCurrentCloseout(test.db, before, staff)
    const statementBefore = await statementOf('2026-03-01')
    const invoiceBefore = await invoiceOf('2026-03-01')

    await test.db.insert(rates).values({
      modality: 'phone',
      clientRateUnits: 9_000,
      interpreterRateUnits: 6_000,
      minimumMinutes: 5,
      mileageCentsPerMile: 0,
      effectiveFrom: new Date('2026-03-10T00:00:00Z'),
    })
    const after = await closedOutBooking('2026-03-12', { modality: 'phone', minutes: 10 })
    await approveCurrentCloseout(test.db, after, staff)

    const statement = await statementOf('2026-03-01')
    const invoice = await invoiceOf('2026-03-01')
    expect(statement!.lines.find((line) => line.bookingId === before)).toEqual(
      statementBefore!.lines[0],
    )
    expect(invoice!.lines.find((line) => line.bookingId === before)).toEqual(
      invoiceBefore!.lines[0],
    )
    expect(statement!.lines.find((line) => line.bookingId === after)).toMatchObject({
      rateUnits: 6_000,
      amountCents: 600,
    })
    expect(invoice!.lines.find((line) => line.bookingId === after)).toMatchObject({
      rateUnits: 9_000,
      amountCents: 900,
    })
  })

  it('bills a delivered translation job once, at its accepted price', async () => {
    const [quote] = await test.db
      .insert(translationQuotes)
      .values({
        organizationId,
        sourceLanguage: 'Spanish',
        targetLanguages: ['English'],
        deadline: '2026-03-30',
        certified: true,
        purchaseOrder: 'PO-7',
        status: 'delivered',
        priceCents: 48_000,
      })
      .returning()
    await test.db.transaction((tx) => postTranslationJob(tx, quote!, '2026-03-20'))
    await test.db.transaction((tx) => postTranslationJob(tx, quote!, '2026-03-21'))
    const invoice = await invoiceOf('2026-03-01')
    expect(invoice!.lines).toEqual([
      expect.objectContaining({
        quoteId: quote!.id,
        description: 'Translation, Spanish into English (certified), PO PO-7',
        amountCents: 48_000,
        totalCents: 48_000,
      }),
    ])
  })

  it('never lets a line total disagree with its parts (the database refuses it)', async () => {
    const bookingId = await closedOutBooking('2026-03-04')
    await approveCurrentCloseout(test.db, bookingId, staff)
    await expect(
      test.db.execute(sql`update statement_lines set total_cents = total_cents + 1`),
    ).rejects.toThrow()
  })
})
