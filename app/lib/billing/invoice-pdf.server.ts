import { formatCents } from '../../domain/money'
import type { InvoiceStatus } from '../../domain/billing'
import { balanceCents } from '../../domain/receivables'
import {
  invoiceBillingFacts,
  invoiceLineCells,
  invoicePeriodText,
  invoiceStatusText,
  type InvoiceBilling,
  type InvoiceLineValues,
} from './invoice-display'
import type { CompanyIdentity } from '../../domain/company'
import { formatDate } from '../../domain/format'
import {
  renderBillingDocumentPdf,
  type BillingDocument,
  type DocumentColumn,
} from './billing-document-pdf.server'

/** An invoice as the PDF the client downloads and receives by e-mail (docs/product.md#invoices). */

/**
 * What the PDF prints of an invoice. The invoices model passes its invoice detail, which has
 * all of it; the PDF does not import that model, which imports the PDF.
 */
export interface InvoiceForPdf {
  invoice: {
    number: string
    status: InvoiceStatus
    organizationName: string
    periodStart: string
    periodEnd: string
    sentAt: Date | null
    paidAt: Date | null
    amountCents: number
    premiumCents: number
    travelCents: number
    totalCents: number
  } & InvoiceBilling
  lines: InvoiceLineValues[]
}

const columns: DocumentColumn[] = [
  { header: 'Date', share: 0.12 },
  { header: 'Description', share: 0.34 },
  { header: 'Minutes', share: 0.09, align: 'right' },
  { header: 'Rate / min', share: 0.11, align: 'right' },
  { header: 'Amount', share: 0.12, align: 'right' },
  { header: 'Travel', share: 0.1, align: 'right' },
  { header: 'Total', share: 0.12, align: 'right' },
]

export function invoiceDocument(
  { invoice, lines }: InvoiceForPdf,
  company: CompanyIdentity,
): BillingDocument {
  const period = invoicePeriodText(invoice)
  const billing = invoiceBillingFacts(invoice)
  // The address prints under "Bill to", a line of the PDF per line typed; the rest are facts.
  const facts = billing.filter(([label]) => label !== 'Bill to')
  const address = invoice.billingAddress
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
  return {
    title: 'Invoice',
    reference: invoice.number,
    status: invoiceStatusText(invoice.status),
    company,
    party: { heading: 'Bill to', lines: [invoice.organizationName, ...address] },
    facts: [
      ['Invoice number', invoice.number],
      ...facts,
      ['Period', period],
      ...(invoice.sentAt ? [['Sent', formatDate(invoice.sentAt)] as [string, string]] : []),
      ...(invoice.paidAt ? [['Paid', formatDate(invoice.paidAt)] as [string, string]] : []),
    ],
    columns,
    rows: lines.flatMap((line) =>
      invoiceLineCells(line).map((cells) => [
        cells.date,
        [cells.description, ...cells.details].join(' · '),
        cells.minutes,
        cells.rate,
        cells.amount,
        cells.travel,
        cells.total,
      ]),
    ),
    totals: [
      ['Interpreting and translation', formatCents(invoice.amountCents)],
      ...(invoice.premiumCents > 0
        ? [['Premiums', formatCents(invoice.premiumCents)] as [string, string]]
        : []),
      ['Travel and expenses', formatCents(invoice.travelCents)],
      ['Total', formatCents(invoice.totalCents)],
      ['Paid and credited', formatCents(invoice.paidCents)],
      ['Balance due', formatCents(balanceCents(invoice.totalCents, invoice.paidCents))],
    ],
    emptyText: 'No work on this invoice yet.',
    footnote:
      invoice.status === 'open'
        ? 'Not final: this month is still open and work is added as it is approved.'
        : 'Amounts are rounded to the cent once per line; the total is the sum of the lines. Late cancellations are billed at the minimum for their modality, or the fee the contract sets; a premium is a share of its line’s amount.',
  }
}

export async function invoicePdf(found: InvoiceForPdf, company: CompanyIdentity): Promise<Buffer> {
  const bytes = await renderBillingDocumentPdf(invoiceDocument(found, company))
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}
