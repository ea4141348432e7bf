import {
  formatRateUnits,
  invoiceStatusLabels,
  periodLabel,
  type InvoiceStatus,
} from '../../domain/billing'
import { formatCents } from '../../domain/money'
import { formatCalendarDate } from '../../domain/format'

/**
 * How an invoice reads, the same on the screens and in the PDF (docs/product.md#invoices).
 */

export interface InvoiceLineValues {
  workDate: string
  description: string
  minutes: number | null
  rateUnits: number | null
  amountCents: number
  travelCents: number
  totalCents: number
}

/** One line's columns as text; a translation job has no minutes nor rate. */
export function invoiceLineCells(line: InvoiceLineValues) {
  return {
    date: formatCalendarDate(line.workDate),
    description: line.description,
    minutes: line.minutes === null ? '—' : String(line.minutes),
    rate: line.rateUnits === null ? '—' : formatRateUnits(line.rateUnits),
    amount: formatCents(line.amountCents),
    travel: formatCents(line.travelCents),
    total: formatCents(line.totalCents),
  }
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
    travelCents: number
    totalCents: number
  }
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
    },
    lines: found.lines.map((line) => ({ id: line.id, ...invoiceLineCells(line) })),
    totals: {
      amount: formatCents(invoice.amountCents),
      travel: formatCents(invoice.travelCents),
      total: formatCents(invoice.totalCents),
    },
  }
}
