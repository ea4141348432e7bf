import {
  formatRateUnits,
  periodLabel,
  statementStatusLabels,
  sumCents,
  travelTimeNote,
  type StatementStatus,
} from '../../domain/billing'
import { payRateSourceShort, type PayRateSource } from '../../domain/contracts'
import { formatCents } from '../../domain/money'
import { runtime } from '../../platform/runtime.server'
import type { CompanyIdentity } from '../../domain/company'
import { formatCalendarDate, formatDate } from '../../domain/format'
import { renderBillingDocumentPdf, type BillingDocument } from './billing-document-pdf.server'

const columns: BillingDocument['columns'] = [
  { header: 'Date', share: 0.12 },
  { header: 'Assignment', share: 0.34 },
  { header: 'Minutes', share: 0.1, align: 'right' },
  { header: 'Rate / min', share: 0.11, align: 'right' },
  { header: 'Amount', share: 0.11, align: 'right' },
  { header: 'Travel and expenses', share: 0.11, align: 'right' },
  { header: 'Total', share: 0.11, align: 'right' },
]

/**
 * What the PDF prints of a pay statement. The statements model passes its statement detail,
 * which has all of it; the PDF names no model's type (app/lib imports only downward).
 */
export interface StatementForPdf {
  statement: {
    status: StatementStatus
    periodStart: string
    periodEnd: string
    approvedAt: Date | null
    paidAt: Date | null
    firstName: string
    lastName: string
    email: string
    totalCents: number
  }
  lines: {
    workDate: string
    description: string
    minutes: number
    rateUnits: number
    rateSource: PayRateSource
    amountCents: number
    mileageCents: number
    expensesCents: number
    travelMinutes: number
    travelTimeCents: number
    totalCents: number
  }[]
}

const travelAndExpenses = (line: StatementForPdf['lines'][number]) =>
  line.mileageCents + line.expensesCents + line.travelTimeCents

/** A pay statement as the interpreter and staff download it (docs/product.md#pay-statements). */
export function statementDocument(
  { statement, lines }: StatementForPdf,
  company: CompanyIdentity,
): BillingDocument {
  const period = periodLabel({ start: statement.periodStart, end: statement.periodEnd })
  const facts: BillingDocument['facts'] = [['Period', period]]
  if (statement.approvedAt) facts.push(['Approved', formatDate(statement.approvedAt)])
  if (statement.paidAt) facts.push(['Paid', formatDate(statement.paidAt)])
  return {
    title: 'Pay statement',
    reference: period,
    status: statementStatusLabels[statement.status],
    company,
    party: {
      heading: 'Payee',
      lines: [`${statement.firstName} ${statement.lastName}`, statement.email],
    },
    facts,
    columns,
    rows: lines.map((line) => [
      formatCalendarDate(line.workDate),
      [
        line.description,
        line.rateSource === 'default' ? '' : payRateSourceShort[line.rateSource],
        travelTimeNote(line.travelMinutes),
      ]
        .filter(Boolean)
        .join(' · '),
      String(line.minutes),
      formatRateUnits(line.rateUnits),
      formatCents(line.amountCents),
      formatCents(travelAndExpenses(line)),
      formatCents(line.totalCents),
    ]),
    totals: [
      ['Interpreting', formatCents(sumCents(lines.map((line) => line.amountCents)))],
      ['Travel and expenses', formatCents(sumCents(lines.map(travelAndExpenses)))],
      ['Total', formatCents(statement.totalCents)],
    ],
    emptyText: 'No approved assignments in this period yet.',
    footnote: 'Amounts are rounded to the cent once per line; the total is the sum of the lines.',
  }
}

/** The statement's PDF as a download, never cached by the browser or a proxy. */
export async function statementPdfResponse(detail: StatementForPdf): Promise<Response> {
  const bytes = await renderBillingDocumentPdf(statementDocument(detail, runtime().config.company))
  const name = `statement-${detail.statement.periodStart}.pdf`
  return new Response(Buffer.from(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
