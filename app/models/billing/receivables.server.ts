import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import { clientInvoices, invoiceLines, invoicePayments, organizations } from '../../../db/schema'
import { invoiceNumber } from '../../domain/billing'
import { formatCalendarDate } from '../../domain/format'
import { formatCents } from '../../domain/money'
import { calendarDate } from '../../domain/onboarding'
import {
  addDays,
  ageBalances,
  ageingBucket,
  OVERDUE_REMINDER_DAYS,
  type Ageing,
  type AgeingBucket,
} from '../../domain/receivables'
import { invoiceOverdueMail } from '../../emails/invoices.server'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { db, runtime } from '../../platform/runtime.server'
import { invoiceDetail, mailSummary, managersOf } from './invoices.server'

/**
 * Accounts receivable (docs/product.md#accounts-receivable): what each organization still
 * owes on its sent invoices, aged by days past the due date. Paid invoices owe nothing and
 * open ones are not issued yet, so only sent invoices count.
 */

const linesTotal = sql<number>`(select coalesce(sum(${invoiceLines.totalCents}), 0) from ${invoiceLines} where ${invoiceLines.invoiceId} = ${clientInvoices.id})`
const paymentsTotal = sql<number>`(select coalesce(sum(${invoicePayments.amountCents}), 0) from ${invoicePayments} where ${invoicePayments.invoiceId} = ${clientInvoices.id})`

export interface OpenInvoice {
  id: string
  number: string
  dueOn: string
  balanceCents: number
  bucket: AgeingBucket
}

export interface OrganizationReceivable extends Ageing {
  organizationId: string
  organizationName: string
  invoices: OpenInvoice[]
}

/** Every organization with a balance, by name, with its ageing and its open invoices. */
export async function receivables(today = calendarDate(now())) {
  const rows = await db()
    .select({
      id: clientInvoices.id,
      sequence: clientInvoices.number,
      organizationId: clientInvoices.organizationId,
      organizationName: organizations.name,
      dueOn: clientInvoices.dueOn,
      totalCents: linesTotal.mapWith(Number),
      paidCents: paymentsTotal.mapWith(Number),
    })
    .from(clientInvoices)
    .innerJoin(organizations, eq(organizations.id, clientInvoices.organizationId))
    .where(and(eq(clientInvoices.status, 'sent'), isNotNull(clientInvoices.dueOn)))
    .orderBy(asc(organizations.name), asc(clientInvoices.dueOn), asc(clientInvoices.number))
  const byOrganization = new Map<string, OrganizationReceivable>()
  for (const row of rows) {
    const balanceCents = row.totalCents - row.paidCents
    if (balanceCents <= 0) continue
    const invoice: OpenInvoice = {
      id: row.id,
      number: invoiceNumber(row.sequence),
      dueOn: row.dueOn!,
      balanceCents,
      bucket: ageingBucket(row.dueOn!, today),
    }
    const entry = byOrganization.get(row.organizationId)
    if (entry) entry.invoices.push(invoice)
    else
      byOrganization.set(row.organizationId, {
        organizationId: row.organizationId,
        organizationName: row.organizationName,
        invoices: [invoice],
        ...ageBalances([], today),
      })
  }
  const organizationsOwing = [...byOrganization.values()].map((entry) => ({
    ...entry,
    ...ageBalances(entry.invoices, today),
  }))
  return {
    today,
    organizations: organizationsOwing,
    totals: ageBalances(
      organizationsOwing.flatMap((entry) => entry.invoices),
      today,
    ),
  }
}

/**
 * E-mails the organization's managers, once, about each sent invoice still unpaid a week
 * after its due date (`OVERDUE_REMINDER_DAYS`). Run by the maintenance loop on every
 * instance: the conditional update of `overdue_reminder_at` and the e-mails share one
 * transaction, so only the instance whose update wins sends them. An invoice paid meanwhile
 * (status no longer sent) is not updated, so not reminded.
 */
export async function runOverdueInvoiceReminders(database: Database): Promise<number> {
  const at = now()
  const reminderCutoff = addDays(calendarDate(at), -OVERDUE_REMINDER_DAYS)
  const due = await database
    .select({ id: clientInvoices.id })
    .from(clientInvoices)
    .where(overdueCondition(reminderCutoff))
  let sent = 0
  for (const { id } of due) {
    const reminded = await database.transaction(async (tx) => {
      const [claimed] = await tx
        .update(clientInvoices)
        .set({ overdueReminderAt: at })
        .where(and(eq(clientInvoices.id, id), overdueCondition(reminderCutoff)))
        .returning({ id: clientInvoices.id })
      if (!claimed) return false
      const { invoice } = (await invoiceDetail(eq(clientInvoices.id, id), tx))!
      const balance = invoice.totalCents - invoice.paidCents
      // Settled by payments but not yet marked (cannot happen through the model): no reminder.
      if (balance <= 0) return false
      const recipients = await managersOf(tx, invoice.organizationId)
      const { config } = runtime()
      await enqueueMail(
        tx,
        recipients.map((person) => ({
          template: 'invoice-overdue',
          to: person.email,
          replyTo: config.mailReplyTo,
          reference: `client_invoice:${invoice.id}`,
          ...invoiceOverdueMail({
            name: person.name,
            invoice: mailSummary(invoice),
            balance: formatCents(balance),
            dueOn: formatCalendarDate(invoice.dueOn!),
            invoiceUrl: `${config.siteUrl}/client/invoices/${invoice.id}`,
            company: config.company,
          }),
        })),
      )
      return true
    })
    if (reminded) sent += 1
  }
  return sent
}

/** Sent, not yet reminded, and due on or before `cutoff` (a week before today). */
function overdueCondition(cutoff: string) {
  return and(
    eq(clientInvoices.status, 'sent'),
    isNull(clientInvoices.overdueReminderAt),
    lte(clientInvoices.dueOn, cutoff),
  )
}
