import {
  formatRateUnits,
  invoiceLineRule,
  sumCents,
  travelTimeNote,
  invoiceStatusLabels,
  periodLabel,
  type CloseoutOutcome,
  type InvoiceStatus,
} from '../../domain/billing'
import { callLineRule } from '../../domain/call-billing'
import { modalityLabel, type Modality } from '../../domain/interpreter-profile'
import { formatCents } from '../../domain/money'
import { premiumLabel, type Premium } from '../../domain/contracts'
import { formatCalendarDate } from '../../domain/format'
import {
  balanceCents,
  daysBetween,
  paymentMethodLabel,
  paymentTermsLabel,
} from '../../domain/receivables'

/**
 * How an invoice reads, the same on the screens and in the PDF (docs/product.md#invoices).
 */

export interface InvoiceLineValues {
  workDate: string
  description: string
  minutes: number | null
  rateUnits: number | null
  amountCents: number
  /** Each premium the line was charged, as posted (app/domain/contracts.ts). */
  premiums?: Premium[]
  /** Mileage, expenses and travel time. */
  travelCents: number
  /** The travel time billed, in minutes (its amount is part of `travelCents`). */
  travelMinutes?: number
  totalCents: number
  /** The booking's, for an assignment; null for a translation job. */
  requesterName?: string | null
  interpreterFirstName?: string | null
  language?: string | null
  modality?: Modality | null
  outcome?: CloseoutOutcome | null
  actualMinutes?: number | null
  /** The contract's billing increment, for a line charged under one. */
  incrementMinutes?: number | null
  /** An on-demand call's billable seconds; null for other lines. */
  callSeconds?: number | null
  /** A call billed under the organization's contract for calls. */
  callUnderContract?: boolean | null
}

/**
 * What an accounts-payable clerk checks an assignment's line against, as short phrases:
 * language and modality, who asked, who interpreted, and the billing rule that applied.
 */
export function invoiceLineDetails(line: InvoiceLineValues): string[] {
  const rule =
    line.callSeconds === null || line.callSeconds === undefined
      ? invoiceLineRule({
          outcome: line.outcome ?? null,
          actualMinutes: line.actualMinutes ?? null,
          minutes: line.minutes,
          incrementMinutes: line.incrementMinutes ?? null,
        })
      : callLineRule({
          seconds: line.callSeconds,
          minutes: line.minutes,
          underContract: line.callUnderContract ?? false,
        })
  return [
    line.language && line.modality ? `${line.language}, ${modalityLabel(line.modality)}` : '',
    line.requesterName ? `Requested by ${line.requesterName}` : '',
    // The first name only, as the client portal names interpreters everywhere.
    line.interpreterFirstName ? `Interpreter: ${line.interpreterFirstName}` : '',
    rule ?? '',
    travelTimeNote(line.travelMinutes ?? 0),
  ].filter(Boolean)
}

/**
 * One line's rows as text: the work, then one row per premium, so each premium reads as its
 * own line and the rows' totals add up to the invoice's. A translation job has no minutes nor
 * rate.
 */
export function invoiceLineCells(line: InvoiceLineValues) {
  const premiums = line.premiums ?? []
  const premiumCents = sumCents(premiums.map((premium) => premium.cents))
  const work = {
    key: 'work',
    date: formatCalendarDate(line.workDate),
    description: line.description,
    details: invoiceLineDetails(line),
    minutes: line.minutes === null ? '—' : String(line.minutes),
    rate:
      line.rateUnits === null
        ? line.minutes === null && line.outcome === 'late_cancellation'
          ? 'Fee'
          : '—'
        : formatRateUnits(line.rateUnits),
    amount: formatCents(line.amountCents),
    travel: formatCents(line.travelCents),
    total: formatCents(line.totalCents - premiumCents),
  }
  return [
    work,
    ...premiums.map((premium) => ({
      key: premium.kind,
      date: work.date,
      description: premiumLabel(premium),
      details: [] as string[],
      minutes: '—',
      rate: '—',
      amount: formatCents(premium.cents),
      travel: '—',
      total: formatCents(premium.cents),
    })),
  ]
}

/** "Open (not final)": an open invoice is still collecting the month's work. */
export function invoiceStatusText(status: InvoiceStatus): string {
  return status === 'open' ? 'Open (not final)' : invoiceStatusLabels[status]
}

export function invoicePeriodText(invoice: { periodStart: string; periodEnd: string }): string {
  return periodLabel({ start: invoice.periodStart, end: invoice.periodEnd })
}

/** Said wherever an open invoice is shown to a client. */
export const OPEN_INVOICE_NOTE =
  'This invoice is still open: work of this month is added as it is approved. It is final once we send it to you.'

/** An invoice and its lines as the screens show them (plain strings, ready to render). */
export function invoiceView(found: {
  invoice: {
    id: string
    number: string
    organizationName: string
    periodStart: string
    periodEnd: string
    status: InvoiceStatus
    sentAt: Date | null
    paidAt: Date | null
    lineCount: number
    amountCents: number
    premiumCents: number
    travelCents: number
    totalCents: number
  } & InvoiceBilling
  lines: (InvoiceLineValues & { id: string })[]
}) {
  const { invoice } = found
  return {
    invoice: {
      id: invoice.id,
      number: invoice.number,
      organizationName: invoice.organizationName,
      period: invoicePeriodText(invoice),
      status: invoice.status,
      sentAt: invoice.sentAt,
      paidAt: invoice.paidAt,
      lineCount: invoice.lineCount,
      balanceCents: balanceCents(invoice.totalCents, invoice.paidCents),
    },
    billing: invoiceBillingFacts(invoice),
    lines: found.lines.flatMap((line) =>
      invoiceLineCells(line).map((row) => ({ id: `${line.id}-${row.key}`, ...row })),
    ),
    totals: {
      amount: formatCents(invoice.amountCents),
      premiums: formatCents(invoice.premiumCents),
      travel: formatCents(invoice.travelCents),
      total: formatCents(invoice.totalCents),
      paid: formatCents(invoice.paidCents),
      balance: formatCents(balanceCents(invoice.totalCents, invoice.paidCents)),
    },
  }
}

/** What an accounts-payable department needs on an invoice besides its lines. */
export interface InvoiceBilling {
  status: InvoiceStatus
  issuedOn: string | null
  dueOn: string | null
  paymentTermsDays: number
  billingAddress: string
  purchaseOrder: string
  totalCents: number
  paidCents: number
}

/**
 * Issue date, due date, terms, purchase order and billing address as label and text, the same
 * on the pages and the PDF. An open invoice has neither date yet: its terms say when it will
 * be due. The terms of a sent invoice are the days between its dates, as it was sent with.
 */
export function invoiceBillingFacts(invoice: InvoiceBilling): [string, string][] {
  const terms =
    invoice.issuedOn && invoice.dueOn
      ? paymentTermsLabel(daysBetween(invoice.issuedOn, invoice.dueOn))
      : paymentTermsLabel(invoice.paymentTermsDays)
  return [
    ['Issue date', invoice.issuedOn ? formatCalendarDate(invoice.issuedOn) : 'When sent'],
    ['Due date', invoice.dueOn ? formatCalendarDate(invoice.dueOn) : `${terms} from sending`],
    ['Payment terms', terms],
    ['PO / cost centre', invoice.purchaseOrder || 'None'],
    ['Bill to', invoice.billingAddress || 'No billing address on file'],
  ]
}

/** A payment or credit note as the pages list it. */
export function invoicePaymentCells(payment: {
  id: string
  receivedOn: string
  method: string
  reference: string
  amountCents: number
  recordedByName: string | null
}) {
  return {
    id: payment.id,
    receivedOn: formatCalendarDate(payment.receivedOn),
    method: paymentMethodLabel(payment.method),
    reference: payment.reference,
    amount: formatCents(payment.amountCents),
    recordedBy: payment.recordedByName,
  }
}
