import { and, desc, eq, lte, sql } from 'drizzle-orm'
import {
  type bookings,
  clientInvoices,
  interpreterStatements,
  invoiceLines,
  rates,
  statementLines,
  type translationQuotes,
} from '../../../db/schema'
import {
  assignmentAmounts,
  invoicePeriodOf,
  minutesBetween,
  nextInvoicePeriod,
  nextStatementPeriod,
  outcomeLabel,
  statementPeriodOf,
  type CloseoutOutcome,
  type Period,
} from '../../domain/billing'
import { modalityLabel, type Modality } from '../../domain/interpreter-profile'
import type { IsoDate } from '../../domain/onboarding'
import type { Database } from '../../platform/db.server'

/**
 * Posting finished work to documents (docs/product.md#closeouts-statements-and-invoices):
 * an approved closeout becomes one statement line for the interpreter and one invoice line
 * for the client; a delivered translation job becomes an invoice line. Each runs inside the
 * caller's transaction; the unique booking and quote columns on the lines make a second
 * posting fail, so work is paid and billed once.
 */

export type Rate = typeof rates.$inferSelect

/** The rate row in force for a modality at an instant (the latest one that started by then). */
export async function rateInForce(tx: Database, modality: Modality, at: Date): Promise<Rate> {
  const [rate] = await tx
    .select()
    .from(rates)
    .where(and(eq(rates.modality, modality), lte(rates.effectiveFrom, at)))
    .orderBy(desc(rates.effectiveFrom), desc(rates.createdAt))
    .limit(1)
  if (!rate) throw new Error(`no ${modality} rate in force at ${at.toISOString()}`)
  return rate
}

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
  expenseCents: number[]
  organizationName: string
}

/** Posts an approved closeout: one statement line and one invoice line, at the rate in force. */
export async function postAssignment(tx: Database, work: ClosedOutAssignment) {
  const { booking } = work
  const rate = await rateInForce(tx, booking.modality, booking.startsAt)
  const amounts = assignmentAmounts({
    outcome: work.outcome,
    actualMinutes: minutesBetween(work.actualStart, work.actualEnd),
    bookedMinutes: booking.durationMinutes,
    mileageTenths: work.mileageTenths,
    expenseCents: work.expenseCents,
    rates: rate,
  })
  const what = `${booking.language}, ${modalityLabel(booking.modality).toLowerCase()}`
  const outcome =
    work.outcome === 'completed' ? '' : ` (${outcomeLabel(work.outcome).toLowerCase()})`
  const statement = await lockStatement(tx, work.interpreterId, booking.localDate)
  await tx.insert(statementLines).values({
    statementId: statement.id,
    bookingId: booking.id,
    rateId: rate.id,
    workDate: booking.localDate,
    description: `${what}, ${work.organizationName}${outcome}`,
    minutes: amounts.minutes,
    rateUnits: amounts.interpreterRateUnits,
    amountCents: amounts.payCents,
    mileageCents: amounts.mileageCents,
    expensesCents: amounts.expensesCents,
    totalCents: amounts.payTotalCents,
  })
  const invoice = await lockInvoice(tx, booking.organizationId, booking.localDate)
  await tx.insert(invoiceLines).values({
    invoiceId: invoice.id,
    bookingId: booking.id,
    rateId: rate.id,
    workDate: booking.localDate,
    description: `${what} interpreting${outcome}`,
    minutes: amounts.minutes,
    rateUnits: amounts.clientRateUnits,
    amountCents: amounts.chargeCents,
    travelCents: amounts.mileageCents + amounts.expensesCents,
    totalCents: amounts.chargeTotalCents,
  })
  return { amounts, statementId: statement.id, invoiceId: invoice.id }
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
