import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { authTokens, bookings, invoiceLines, statementLines, users } from '../../db/schema'
import type { ContractTerms } from '../../app/domain/contracts'
import { setClock } from '../../app/platform/clock.server'
import type { Actor } from '../../app/models/audit.server'
import {
  cancellationNow,
  payRatesForBooking,
  setContract,
  setPayOverride,
} from '../../app/models/billing/contracts.server'
import { staffInvoice } from '../../app/models/billing/invoices.server'
import { accountingLines } from '../../app/models/billing/accounting-export.server'
import { statementForStaff } from '../../app/models/billing/statements.server'
import { statementPdfResponse } from '../../app/lib/billing/statement-pdf.server'
import { RateRuleError, setRates } from '../../app/models/billing/rates.server'
import { defaultRates } from '../../app/domain/billing'
import { invoiceLineDetails } from '../../app/lib/billing/invoice-display'
import type { ClientActor } from '../../app/models/bookings.server'
import { cancelBooking } from '../../app/models/dispatch/booking-changes.server'
import { clientContextOf } from '../../app/models/organizations.server'
import { findUserByEmail } from '../../app/models/users.server'
import { createBookingRow, createDispatchInterpreter } from '../support/booking-fixtures'
import {
  createApprovedAssignment,
  emptyBillingWorld,
  invoiceIdOf,
} from '../support/billing-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { createOrganizationMember } from '../support/organization-fixtures'
import { testDatabaseKinds } from '../support/test-database'
import { testRuntimeFor } from '../support/test-runtime'

/** On-site at $1.00 a minute, at least 60 minutes in 15-minute steps, rush 25%, after hours 15%. */
const riversideTerms: ContractTerms = {
  clientRateUnits: 10_000,
  minimumMinutes: 60,
  incrementMinutes: 15,
  rareLanguagePremiumPercent: 20,
  rushPremiumPercent: 25,
  afterHoursPremiumPercent: 15,
  cancellationWindowHours: 48,
  lateCancellationFeeCents: 7_500,
  mileageCentsPerMile: 80,
  travelRateUnits: 0,
}

describe.each(testDatabaseKinds())('client contracts and interpreter pay on %s', (kind) => {
  let staff: Actor
  let client: ClientActor
  let organizationId: string
  let ana: { profileId: string; email: string }
  let ben: { profileId: string }

  const test = testRuntimeFor(kind)
  afterEach(() => setClock())

  beforeEach(async () => {
    await emptyBillingWorld(test.db, [authTokens, users])
    setClock(() => new Date('2026-03-01T12:00:00Z'))
    staff = await createStaffActor()
    await createOrganizationMember(
      {
        organizationName: 'Riverside Clinic',
        name: 'Mia Manager',
        email: 'mia@riverside.example',
        role: 'manager',
      },
      staff,
    )
    const mia = (await findUserByEmail('mia@riverside.example'))!
    const context = (await clientContextOf(mia.id))!
    organizationId = context.organizationId
    client = { actor: { id: mia.id, name: mia.name }, client: context }
    const anaRow = await createDispatchInterpreter(test.db, staff, {
      firstName: 'Ana',
      lastName: 'Alvarez',
    })
    ana = { profileId: anaRow.profileId, email: anaRow.email }
    ben = await createDispatchInterpreter(test.db, staff, { firstName: 'Ben', lastName: 'Brook' })
  })

  const contractFrom = (effectiveFrom: Date, terms: Partial<ContractTerms> = {}) =>
    setContract(
      organizationId,
      { ...riversideTerms, ...terms, modality: 'on_site', effectiveFrom },
      staff,
    )

  const lineOf = async (bookingId: string) =>
    (await test.db.select().from(invoiceLines).where(eq(invoiceLines.bookingId, bookingId)))[0]!

  it('charges a rush booking under the contract: minutes in increments, then the premium as its own share', async () => {
    await contractFrom(new Date('2026-03-01T12:00:00Z'))
    // Booked at 20:00 UTC on 3 March for 10:00 in New York (15:00 UTC) on the 4th: a rush.
    const rush = await createApprovedAssignment(test.db, staff, {
      organizationId,
      interpreterProfileId: ana.profileId,
      localDate: '2026-03-04',
      bookedAt: new Date('2026-03-03T20:00:00Z'),
      minutes: 61,
      mileageTenths: 100,
    })
    const line = await lineOf(rush.bookingId)
    // 61 minutes → 75 at $1.00 = $75.00; rush 25% = $18.75; 10 miles at $0.80 = $8.00.
    expect(line).toMatchObject({
      minutes: 75,
      rateUnits: 10_000,
      amountCents: 7_500,
      premiumCents: 1_875,
      premiums: [{ kind: 'rush', percent: 25, cents: 1_875 }],
      travelCents: 800,
      totalCents: 7_500 + 1_875 + 800,
    })
    expect(line.contractId).not.toBeNull()
    // Ana is paid as ever: the default on-site minimum of 120 minutes at $0.75, mileage at $0.70.
    expect(rush).toMatchObject({
      minutes: 120,
      rateUnits: 7_500,
      rateSource: 'default',
      totalCents: 9_000 + 700,
    })

    // Booked a week ahead, at 19:00 on a weekday: after hours, not a rush.
    const evening = await createApprovedAssignment(test.db, staff, {
      organizationId,
      interpreterProfileId: ana.profileId,
      localDate: '2026-03-11',
      localTime: '19:00',
      bookedAt: new Date('2026-03-02T12:00:00Z'),
      minutes: 30,
    })
    expect(await lineOf(evening.bookingId)).toMatchObject({
      minutes: 60,
      amountCents: 6_000,
      premiums: [{ kind: 'after_hours', percent: 15, cents: 900 }],
      totalCents: 6_900,
    })
    // The accounting export counts the premium in the amount, so Amount + Travel = Total.
    const exported = (await accountingLines('2026-03-01', '2026-03-31')).find(
      (line) => line.type === 'invoice' && line.workDate === '2026-03-04',
    )
    expect(exported).toMatchObject({
      amountCents: 7_500 + 1_875,
      travelCents: 800,
      totalCents: 10_175,
    })
    const detail = (await staffInvoice(await invoiceIdOf(test.db, rush.bookingId)))!
    expect(detail.invoice.premiumCents).toBe(1_875 + 900)
    expect(detail.invoice.totalCents).toBe(7_500 + 1_875 + 800 + 6_900)
  })

  it('keeps posted invoice lines when the contract changes; later work uses the new terms', async () => {
    await contractFrom(new Date('2026-03-01T12:00:00Z'))
    const before = await createApprovedAssignment(test.db, staff, {
      organizationId,
      interpreterProfileId: ana.profileId,
      localDate: '2026-03-04',
      minutes: 90,
    })
    const posted = await lineOf(before.bookingId)
    const invoiceId = await invoiceIdOf(test.db, before.bookingId)
    const totalBefore = (await staffInvoice(invoiceId))!.invoice.totalCents

    setClock(() => new Date('2026-03-05T12:00:00Z'))
    await expect(contractFrom(new Date('2026-03-01T12:00:00Z'))).rejects.toThrow(RateRuleError)
    await contractFrom(new Date('2026-03-05T12:00:00Z'), {
      clientRateUnits: 20_000,
      incrementMinutes: 1,
    })
    expect(await lineOf(before.bookingId)).toEqual(posted)
    expect((await staffInvoice(invoiceId))!.invoice.totalCents).toBe(totalBefore)

    const after = await createApprovedAssignment(test.db, staff, {
      organizationId,
      interpreterProfileId: ana.profileId,
      localDate: '2026-03-09',
      minutes: 90,
    })
    expect(await lineOf(after.bookingId)).toMatchObject({ minutes: 90, amountCents: 18_000 })
    expect(posted).toMatchObject({ minutes: 90, amountCents: 9_000 })
  })

  it('pays travel time to the minute at the default rate and bills it rounded up to the contract’s increment', async () => {
    // The defaults: travel time billed at $0.50 and paid at $0.30 a minute.
    await setRates(
      {
        ...defaultRates.on_site,
        travelClientRateUnits: 5_000,
        travelInterpreterRateUnits: 3_000,
        modality: 'on_site',
        effectiveFrom: new Date('2026-03-01T12:00:00Z'),
      },
      staff,
    )
    const travelled = (localDate: string, extra: { outcome?: 'late_cancellation' } = {}) =>
      createApprovedAssignment(test.db, staff, {
        organizationId,
        interpreterProfileId: ana.profileId,
        localDate,
        bookedAt: new Date('2026-03-01T12:00:00Z'),
        mileageTenths: 100,
        travelMinutes: 47,
        ...extra,
      })

    // No contract yet: both sides to the minute, each rounded once.
    const plain = await travelled('2026-03-09')
    expect(plain).toMatchObject({
      travelMinutes: 47,
      travelTimeCents: 1_410,
      totalCents: 150 * 75 + 700 + 1_410,
    })
    expect(await lineOf(plain.bookingId)).toMatchObject({
      travelMinutes: 47,
      travelTimeCents: 2_350,
      travelCents: 700 + 2_350,
    })

    // Under a contract at $0.60 in 15-minute steps: 47 minutes bill as 60; Ana is paid as before.
    setClock(() => new Date('2026-03-02T12:00:00Z'))
    await contractFrom(new Date('2026-03-02T12:00:00Z'), { travelRateUnits: 6_000 })
    const contracted = await travelled('2026-03-10')
    expect(contracted).toMatchObject({ travelMinutes: 47, travelTimeCents: 1_410 })
    const line = await lineOf(contracted.bookingId)
    expect(line).toMatchObject({
      minutes: 150,
      premiumCents: 0,
      travelMinutes: 60,
      travelTimeCents: 3_600,
      travelCents: 800 + 3_600,
      totalCents: 15_000 + 800 + 3_600,
    })
    const invoice = (await staffInvoice(await invoiceIdOf(test.db, contracted.bookingId)))!
    const shown = invoice.lines.find((row) => row.bookingId === contracted.bookingId)!
    expect(invoiceLineDetails(shown)).toContain('60 min travel time')

    // A late cancellation: nobody travelled, so no travel time either side.
    const cancelled = await travelled('2026-03-11', { outcome: 'late_cancellation' })
    expect(cancelled).toMatchObject({ travelMinutes: 0, travelTimeCents: 0 })
    expect(await lineOf(cancelled.bookingId)).toMatchObject({ travelMinutes: 0, travelCents: 0 })

    // The statement's PDF and the accounting export carry it.
    const pdf = await statementPdfResponse((await statementForStaff(plain.statementId))!)
    const { text } = await extractText(
      await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())),
      { mergePages: true },
    )
    expect(text.replace(/\s+/g, ' ')).toContain('47 min travel time')
    const exported = await accountingLines('2026-03-01', '2026-03-31')
    expect(
      exported.find((row) => row.type === 'statement' && row.workDate === '2026-03-10'),
    ).toMatchObject({ travelCents: 700 + 1_410 })
  })

  it('pays the most specific override in force, and the statement line says which', async () => {
    const from = new Date('2026-03-01T12:00:00Z')
    await setPayOverride(
      { modality: 'on_site', language: 'Spanish', rateUnits: 8_000, effectiveFrom: from },
      staff,
    )
    await setPayOverride(
      {
        modality: 'on_site',
        interpreterEmail: ana.email.toUpperCase(),
        rateUnits: 8_500,
        effectiveFrom: from,
      },
      staff,
    )
    await setPayOverride(
      {
        modality: 'video',
        interpreterEmail: ana.email,
        language: 'Spanish',
        rateUnits: 9_900,
        effectiveFrom: from,
      },
      staff,
    )
    const post = (interpreterProfileId: string, localDate: string, language = 'Spanish') =>
      createApprovedAssignment(test.db, staff, {
        organizationId,
        interpreterProfileId,
        localDate,
        language,
      })

    expect(await post(ana.profileId, '2026-03-02')).toMatchObject({
      rateUnits: 8_500,
      rateSource: 'interpreter',
      amountCents: 150 * 85,
    })
    expect(await post(ben.profileId, '2026-03-03')).toMatchObject({
      rateUnits: 8_000,
      rateSource: 'language',
    })
    expect(await post(ben.profileId, '2026-03-04', 'French')).toMatchObject({
      rateUnits: 7_500,
      rateSource: 'default',
    })

    // The dispatch list's view of the same: each candidate's rate and its source.
    const rates = await payRatesForBooking(
      { language: 'Spanish', modality: 'on_site', startsAt: new Date('2026-03-04T15:00:00Z') },
      [ana.profileId, ben.profileId],
    )
    expect(rates.get(ana.profileId)).toEqual({ rateUnits: 8_500, source: 'interpreter' })
    expect(rates.get(ben.profileId)).toEqual({ rateUnits: 8_000, source: 'language' })

    // The statement's PDF says which rate applied.
    const first = await test.db
      .select()
      .from(statementLines)
      .where(eq(statementLines.workDate, '2026-03-02'))
    const pdf = await statementPdfResponse((await statementForStaff(first[0]!.statementId))!)
    const { text } = await extractText(
      await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())),
      { mergePages: true },
    )
    expect(text.replace(/\s+/g, ' ')).toContain('Personal rate')

    // Ana's own rate ends on the 5th: Spanish pays her the language's rate again.
    setClock(() => new Date('2026-03-05T12:00:00Z'))
    await setPayOverride(
      {
        modality: 'on_site',
        interpreterEmail: ana.email,
        effectiveFrom: new Date('2026-03-05T12:00:00Z'),
      },
      staff,
    )
    expect(await post(ana.profileId, '2026-03-06')).toMatchObject({
      rateUnits: 8_000,
      rateSource: 'language',
    })
    // Work before the end keeps the rate it was done at.
    const [early] = await test.db
      .select()
      .from(statementLines)
      .where(eq(statementLines.workDate, '2026-03-02'))
    expect(early!.rateUnits).toBe(8_500)

    await expect(
      setPayOverride(
        {
          modality: 'on_site',
          interpreterEmail: 'nobody@example.org',
          rateUnits: 1,
          effectiveFrom: new Date('2026-03-05T12:00:00Z'),
        },
        staff,
      ),
    ).rejects.toThrow('No interpreter has this e-mail address.')
  })

  it("takes the contract's cancellation window and bills its fee for a late cancellation", async () => {
    await contractFrom(new Date('2026-03-01T12:00:00Z'))
    // 30 hours before a start: inside the contract's 48 hours, outside the default 24.
    const bookingId = await createBookingRow(test.db, {
      organizationId,
      localDate: '2026-03-02',
      localTime: '13:00',
      status: 'confirmed',
      interpreterId: ana.profileId,
      durationMinutes: 120,
    })
    setClock(() => new Date('2026-03-01T12:00:00Z'))
    const [booking] = await test.db.select().from(bookings).where(eq(bookings.id, bookingId))
    expect(await cancellationNow(booking!)).toEqual({
      windowHours: 48,
      latePolicy:
        'This booking starts within 48 hours: a cancellation now is a late cancellation, billed a fee of $75.00.',
    })
    expect(await cancelBooking(bookingId, client)).toMatchObject({ late: true })

    const fee = await createApprovedAssignment(test.db, staff, {
      organizationId,
      interpreterProfileId: ana.profileId,
      localDate: '2026-03-10',
      outcome: 'late_cancellation',
    })
    expect(await lineOf(fee.bookingId)).toMatchObject({
      minutes: null,
      rateUnits: null,
      amountCents: 7_500,
      totalCents: 7_500,
    })
    // The interpreter is still paid the default minimum for the time they kept.
    expect(fee).toMatchObject({ minutes: 120, amountCents: 9_000 })
  })

  it('an organization without a contract keeps the 24-hour window and the minimum', async () => {
    const bookingId = await createBookingRow(test.db, {
      organizationId,
      localDate: '2026-03-02',
      localTime: '13:00',
      status: 'confirmed',
      interpreterId: ana.profileId,
    })
    const [booking] = await test.db.select().from(bookings).where(eq(bookings.id, bookingId))
    expect(await cancellationNow(booking!)).toEqual({ windowHours: 24, latePolicy: null })
    expect(await cancelBooking(bookingId, client)).toMatchObject({ late: false })
  })
})
