import { and, eq, sql } from 'drizzle-orm'
import {
  type bookings,
  type calls,
  clientInvoices,
  interpreterStatements,
  invoiceLines,
  statementLines,
  type translationQuotes,
} from '../../../db/schema'
import {
  invoicePeriodOf,
  minutesBetween,
  nextInvoicePeriod,
  nextStatementPeriod,
  outcomeLabel,
  statementPeriodOf,
  type CloseoutOutcome,
  type Period,
} from '../../domain/billing'
import {
  billableSeconds,
  callAmounts,
  CLIENT_GRACE_SECONDS,
  type CallAmounts,
} from '../../domain/call-billing'
import { minutesAndSeconds } from '../../domain/calls'
import { wallClock } from '../../domain/dispatch'
import { modalityLabel } from '../../domain/interpreter-profile'
import { officeTimeZone } from '../../domain/office'
import type { IsoDate } from '../../domain/onboarding'
import type { Database } from '../../platform/db.server'
import { priceAssignment } from './assignment-pricing.server'
import { ratesForCall } from './call-rates.server'

/**
 * Posting finished work to documents (docs/product.md#closeouts-statements-and-invoices):
 * an approved closeout becomes one statement line for the interpreter and one invoice line
 * for the client; a delivered translation job becomes an invoice line; an ended on-demand
 * call becomes a statement line and, when the client is billed, an invoice line. Each runs inside the
 * caller's transaction; the unique booking, quote and call columns on the lines make a second
 * posting fail, so work is paid and billed once.
 */

/**
 * The open document a line for `workDate` goes into, made when missing and locked. The
 * document of the work's period when it is still open, else the first later one that is: a
 * late closeout never lands in a closed document. The row lock makes staff's "approve" or
 * "send" (a conditional update of the same row) wait for this line, or this find the
 * document closed and move on.
 */
async function lockOpenDocument(
  workDate: IsoDate,
  periodOf: (date: IsoDate) => Period,
  next: (period: Period) => Period,
  findOrCreate: (period: Period) => Promise<{ id: string; status: string }>,
): Promise<{ id: string; period: Period }> {
  let period = periodOf(workDate)
  for (;;) {
    const document = await findOrCreate(period)
    if (document.status === 'open') return { id: document.id, period }
    period = next(period)
  }
}

function lockStatement(tx: Database, interpreterId: string, workDate: IsoDate) {
  return lockOpenDocument(workDate, statementPeriodOf, nextStatementPeriod, async (period) => {
    await tx
      .insert(interpreterStatements)
      .values({ interpreterId, periodStart: period.start, periodEnd: period.end })
      .onConflictDoNothing()
    const [statement] = await tx
      .select({ id: interpreterStatements.id, status: interpreterStatements.status })
      .from(interpreterStatements)
      .where(
        and(
          eq(interpreterStatements.interpreterId, interpreterId),
          eq(interpreterStatements.periodStart, period.start),
        ),
      )
      .for('update')
    return statement!
  })
}

/** Serialises the numbering of new invoices (any constant; see `lockInvoice`). */
const INVOICE_NUMBER_LOCK = 4_607_046

function lockInvoice(tx: Database, organizationId: string, workDate: IsoDate) {
  return lockOpenDocument(workDate, invoicePeriodOf, nextInvoicePeriod, async (period) => {
    const find = () =>
      tx
        .select({ id: clientInvoices.id, status: clientInvoices.status })
        .from(clientInvoices)
        .where(
          and(
            eq(clientInvoices.organizationId, organizationId),
            eq(clientInvoices.periodStart, period.start),
          ),
        )
        .for('update')
    const [existing] = await find()
    if (existing) return existing
    // Invoice numbers run without gaps, as accounts-payable departments expect: a new invoice
    // takes the highest number plus one while holding a lock that every new invoice takes, so
    // two numbering at once cannot take the same number, and a posting that rolls back gives
    // its number back (a sequence would burn it). After the lock, another posting may have
    // made this very invoice: look again before making it.
    await tx.execute(sql`select pg_advisory_xact_lock(${INVOICE_NUMBER_LOCK})`)
    const [madeMeanwhile] = await find()
    if (madeMeanwhile) return madeMeanwhile
    const [made] = await tx
      .insert(clientInvoices)
      .values({
        organizationId,
        periodStart: period.start,
        periodEnd: period.end,
        number: sql`(select coalesce(max(${clientInvoices.number}), 0) + 1 from ${clientInvoices})`,
      })
      .returning({ id: clientInvoices.id, status: clientInvoices.status })
    return made!
  })
}

export interface ClosedOutAssignment {
  booking: typeof bookings.$inferSelect
  interpreterId: string
  outcome: CloseoutOutcome
  actualStart: Date
  actualEnd: Date
  mileageTenths: number
  travelMinutes: number
  expenseCents: number[]
  organizationName: string
}

/**
 * Posts an approved closeout: one statement line at the interpreter's pay rate and one invoice
 * line under the organization's terms, both as in force at the assignment's start.
 */
export async function postAssignment(tx: Database, work: ClosedOutAssignment) {
  const { booking } = work
  const price = await priceAssignment(tx, {
    ...work,
    actualMinutes: minutesBetween(work.actualStart, work.actualEnd),
  })
  const { pay, charge } = price
  const what = `${booking.language}, ${modalityLabel(booking.modality).toLowerCase()}`
  const outcome =
    work.outcome === 'completed' ? '' : ` (${outcomeLabel(work.outcome).toLowerCase()})`
  const statement = await lockStatement(tx, work.interpreterId, booking.localDate)
  await tx.insert(statementLines).values({
    statementId: statement.id,
    bookingId: booking.id,
    rateId: price.rateId,
    workDate: booking.localDate,
    description: `${what}, ${work.organizationName}${outcome}`,
    minutes: pay.minutes,
    rateUnits: pay.rateUnits,
    rateSource: pay.rateSource,
    amountCents: pay.amountCents,
    mileageCents: pay.mileageCents,
    expensesCents: pay.expensesCents,
    travelMinutes: pay.travelMinutes,
    travelTimeCents: pay.travelTimeCents,
    totalCents: pay.totalCents,
  })
  const invoice = await lockInvoice(tx, booking.organizationId, booking.localDate)
  await tx.insert(invoiceLines).values({
    invoiceId: invoice.id,
    bookingId: booking.id,
    rateId: price.rateId,
    contractId: price.contractId,
    workDate: booking.localDate,
    description: `${what} interpreting${outcome}`,
    minutes: charge.minutes,
    rateUnits: charge.rateUnits,
    amountCents: charge.amountCents,
    premiums: charge.premiums,
    premiumCents: charge.premiumCents,
    travelCents: charge.mileageCents + charge.expensesCents + charge.travelTimeCents,
    travelMinutes: charge.travelMinutes,
    travelTimeCents: charge.travelTimeCents,
    totalCents: charge.totalCents,
  })
  return { price, statementId: statement.id, invoiceId: invoice.id }
}

/** Posts a delivered translation job to its organization's invoice, at the accepted price. */
export async function postTranslationJob(
  tx: Database,
  quote: typeof translationQuotes.$inferSelect,
  deliveredOn: IsoDate,
) {
  if (quote.priceCents === null) throw new Error(`quote ${quote.id} has no price`)
  const invoice = await lockInvoice(tx, quote.organizationId, deliveredOn)
  const targets = quote.targetLanguages.join(', ')
  await tx
    .insert(invoiceLines)
    .values({
      invoiceId: invoice.id,
      quoteId: quote.id,
      workDate: deliveredOn,
      description: `Translation, ${quote.sourceLanguage} into ${targets}${quote.certified ? ' (certified)' : ''}${quote.purchaseOrder ? `, PO ${quote.purchaseOrder}` : ''}`,
      amountCents: quote.priceCents,
      totalCents: quote.priceCents,
    })
    .onConflictDoNothing({ target: invoiceLines.quoteId })
  return { invoiceId: invoice.id }
}

/**
 * Posts an ended call (docs/product.md#on-demand-call-billing) at the rates of its medium in
 * force when it started (the client's under the organization's contract for calls, if any):
 * the interpreter's statement line, and the organization's invoice line
 * unless the client is not billed. Dated on the office's calendar day the call connected.
 * Returns what the call came to; a call that never connected posts nothing.
 */
export async function postCall(
  tx: Database,
  work: { call: typeof calls.$inferSelect; organizationName: string },
): Promise<CallAmounts & { statementId?: string; invoiceId?: string }> {
  const { call } = work
  const { rates, clientRate, payRate } = await ratesForCall(tx, call)
  const amounts = callAmounts({
    seconds: billableSeconds(call),
    endedBy: call.endedBy ?? 'system',
    rates,
  })
  if (amounts.free || !call.interpreterId || !call.connectedAt) return amounts
  const workDate = wallClock(call.connectedAt, officeTimeZone()).date
  const what = `${call.language}, on-demand ${call.media === 'video' ? 'video' : 'audio'} call`
  const duration = minutesAndSeconds(amounts.seconds)
  const paidBySecond = amounts.payMinutes === null
  const statement = await lockStatement(tx, call.interpreterId, workDate)
  await tx.insert(statementLines).values({
    statementId: statement.id,
    callId: call.id,
    callRateId: payRate.id,
    workDate,
    description: paidBySecond
      ? `${what}, ${work.organizationName} (${duration}; the client hung up within ${CLIENT_GRACE_SECONDS} seconds: paid by the second)`
      : `${what}, ${work.organizationName} (${duration})`,
    minutes: amounts.payMinutes ?? 0,
    rateUnits: payRate.interpreterRateUnits,
    amountCents: amounts.payCents,
    mileageCents: 0,
    expensesCents: 0,
    totalCents: amounts.payCents,
  })
  if (amounts.clientMinutes === null) return { ...amounts, statementId: statement.id }
  const invoice = await lockInvoice(tx, call.organizationId, workDate)
  await tx.insert(invoiceLines).values({
    invoiceId: invoice.id,
    callId: call.id,
    callRateId: clientRate.id,
    workDate,
    description: `${what} interpreting (${duration})`,
    minutes: amounts.clientMinutes,
    rateUnits: clientRate.clientRateUnits,
    amountCents: amounts.chargeCents,
    totalCents: amounts.chargeCents,
  })
  return { ...amounts, statementId: statement.id, invoiceId: invoice.id }
}
