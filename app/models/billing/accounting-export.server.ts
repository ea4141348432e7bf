import { and, asc, gte, lte, eq } from 'drizzle-orm'
import {
  clientInvoices,
  interpreterProfiles,
  interpreterStatements,
  invoiceLines,
  organizations,
  statementLines,
} from '../../../db/schema'
import {
  invoiceNumber,
  invoiceStatusLabels,
  periodLabel,
  statementStatusLabels,
  type InvoiceStatus,
  type StatementStatus,
} from '../../domain/billing'
import type { IsoDate } from '../../domain/onboarding'
import { db } from '../../platform/runtime.server'

/**
 * The accounting export (docs/product.md#accounting-export): every statement line and every
 * invoice line of the documents whose period overlaps a date range, in one list, so the
 * bookkeeper's spreadsheet gets money out (statements) and money in (invoices) together.
 */

export interface AccountingLine {
  type: 'statement' | 'invoice'
  /** The statement's half-month, or the invoice's number. */
  document: string
  period: string
  /** The interpreter (statement) or the organization (invoice). */
  party: string
  status: string
  workDate: IsoDate
  description: string
  minutes: number | null
  rateUnits: number | null
  amountCents: number
  travelCents: number
  totalCents: number
}

export async function accountingLines(from: IsoDate, to: IsoDate): Promise<AccountingLine[]> {
  const [statements, invoices] = await Promise.all([
    db()
      .select({
        periodStart: interpreterStatements.periodStart,
        periodEnd: interpreterStatements.periodEnd,
        status: interpreterStatements.status,
        firstName: interpreterProfiles.firstName,
        lastName: interpreterProfiles.lastName,
        line: statementLines,
      })
      .from(statementLines)
      .innerJoin(interpreterStatements, eq(interpreterStatements.id, statementLines.statementId))
      .innerJoin(
        interpreterProfiles,
        eq(interpreterProfiles.id, interpreterStatements.interpreterId),
      )
      .where(
        and(lte(interpreterStatements.periodStart, to), gte(interpreterStatements.periodEnd, from)),
      )
      .orderBy(
        asc(interpreterStatements.periodStart),
        asc(interpreterProfiles.lastName),
        asc(interpreterProfiles.firstName),
        asc(interpreterStatements.id),
        asc(statementLines.workDate),
        asc(statementLines.id),
      ),
    db()
      .select({
        number: clientInvoices.number,
        periodStart: clientInvoices.periodStart,
        periodEnd: clientInvoices.periodEnd,
        status: clientInvoices.status,
        organizationName: organizations.name,
        line: invoiceLines,
      })
      .from(invoiceLines)
      .innerJoin(clientInvoices, eq(clientInvoices.id, invoiceLines.invoiceId))
      .innerJoin(organizations, eq(organizations.id, clientInvoices.organizationId))
      .where(and(lte(clientInvoices.periodStart, to), gte(clientInvoices.periodEnd, from)))
      .orderBy(
        asc(clientInvoices.periodStart),
        asc(clientInvoices.number),
        asc(invoiceLines.workDate),
        asc(invoiceLines.id),
      ),
  ])
  return [
    ...statements.map(({ line, ...statement }): AccountingLine => {
      const period = periodLabel({ start: statement.periodStart, end: statement.periodEnd })
      return {
        type: 'statement',
        document: period,
        period,
        party: `${statement.firstName} ${statement.lastName}`,
        status: statementStatusLabels[statement.status as StatementStatus],
        workDate: line.workDate,
        description: line.description,
        minutes: line.minutes,
        rateUnits: line.rateUnits,
        amountCents: line.amountCents,
        travelCents: line.mileageCents + line.expensesCents + line.travelTimeCents,
        totalCents: line.totalCents,
      }
    }),
    ...invoices.map(({ line, ...invoice }): AccountingLine => ({
      type: 'invoice',
      document: invoiceNumber(invoice.number),
      period: periodLabel({ start: invoice.periodStart, end: invoice.periodEnd }),
      party: invoice.organizationName,
      status: invoiceStatusLabels[invoice.status as InvoiceStatus],
      workDate: line.workDate,
      description: line.description,
      minutes: line.minutes,
      rateUnits: line.rateUnits,
      // A contract's premiums are part of what the work is charged: Amount + Travel = Total.
      amountCents: line.amountCents + line.premiumCents,
      travelCents: line.travelCents,
      totalCents: line.totalCents,
    })),
  ]
}
