import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  bookings,
  callRates,
  calls,
  clientContracts,
  clientInvoices,
  clientMemberships,
  closeouts,
  interpreterProfiles,
  invoiceLines,
  invoicePayments,
  organizations,
  users,
} from '../../../db/schema'
import { calendarDate } from '../../domain/onboarding'
import { dueDate } from '../../domain/receivables'
import { invoiceNumber, periodLabel, type InvoiceStatus } from '../../domain/billing'
import { formatCents } from '../../domain/money'
import type { OrganizationRole } from '../../domain/organizations'
import { invoiceSentMail } from '../../emails/invoices.server'
import { PAGE_SIZE } from '../../lib/admin/list-filters'
import type { InvoiceFilters } from '../../lib/validation/invoices'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { db, runtime } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { invoicePdf } from '../../lib/billing/invoice-pdf.server'

/**
 * Client invoices (docs/product.md#invoices): staff's list and detail, "Send", and what an organization's managers see. The lines are posted by the ledger
 * (`ledger.server.ts`); an invoice's total is always the SUM of its lines, never stored.
 */

/** The signed-in client: only an organization's managers see its invoices. */
export interface InvoiceViewer {
  organizationId: string
  role: OrganizationRole
}

const invoiceColumns = {
  id: clientInvoices.id,
  sequence: clientInvoices.number,
  organizationId: clientInvoices.organizationId,
  organizationName: organizations.name,
  periodStart: clientInvoices.periodStart,
  periodEnd: clientInvoices.periodEnd,
  status: clientInvoices.status,
  sentAt: clientInvoices.sentAt,
  paidAt: clientInvoices.paidAt,
  issuedOn: clientInvoices.issuedOn,
  dueOn: clientInvoices.dueOn,
  // An issued invoice keeps the address and purchase order it was sent with; an open one
  // shows the organization's current ones, which it will be sent with.
  billingAddress: sql<string>`coalesce(${clientInvoices.billingAddress}, ${organizations.billingAddress})`,
  purchaseOrder: sql<string>`coalesce(${clientInvoices.purchaseOrder}, ${organizations.purchaseOrder})`,
  paymentTermsDays: organizations.paymentTermsDays,
  /** Payments and credit notes, summed by the database. */
  paidCents:
    sql<number>`(select coalesce(sum(${invoicePayments.amountCents}), 0) from ${invoicePayments} where ${invoicePayments.invoiceId} = ${clientInvoices.id})`.mapWith(
      Number,
    ),
}

/** The lines' count and total, summed by the database. */
const lineTotals = {
  lineCount: sql<number>`count(${invoiceLines.id})::int`,
  totalCents: sql<number>`coalesce(sum(${invoiceLines.totalCents}), 0)`.mapWith(Number),
}

/** Invoices with their organization and their lines' totals, one row per invoice. */
function invoicesWithTotals(where: SQL | undefined) {
  return db()
    .select({ ...invoiceColumns, ...lineTotals })
    .from(clientInvoices)
    .innerJoin(organizations, eq(organizations.id, clientInvoices.organizationId))
    .leftJoin(invoiceLines, eq(invoiceLines.invoiceId, clientInvoices.id))
    .where(where)
    .groupBy(clientInvoices.id, organizations.id)
}

export type InvoiceRow = Awaited<ReturnType<typeof invoicesWithTotals>>[number] & {
  number: string
}

const withNumber = <Row extends { sequence: number }>(row: Row) => ({
  ...row,
  number: invoiceNumber(row.sequence),
})

function filterConditions(filters: InvoiceFilters): SQL | undefined {
  return and(
    filters.month ? eq(clientInvoices.periodStart, `${filters.month}-01`) : undefined,
    filters.status === 'all' ? undefined : eq(clientInvoices.status, filters.status),
  )
}

/** Staff's list: a month and a status (or all), the latest month first, a page at a time. */
export async function listInvoices(filters: InvoiceFilters) {
  const where = filterConditions(filters)
  const [items, [total]] = await Promise.all([
    invoicesWithTotals(where)
      .orderBy(desc(clientInvoices.periodStart), asc(organizations.name), desc(clientInvoices.id))
      .limit(PAGE_SIZE)
      .offset((filters.page - 1) * PAGE_SIZE),
    db().select({ total: count() }).from(clientInvoices).where(where),
  ])
  return { items: items.map(withNumber), total: total?.total ?? 0, pageSize: PAGE_SIZE }
}

/** An organization's invoices for its managers, the latest month first; none for a requester. */
export async function listClientInvoices(viewer: InvoiceViewer): Promise<InvoiceRow[]> {
  if (viewer.role !== 'manager') return []
  const rows = await invoicesWithTotals(
    eq(clientInvoices.organizationId, viewer.organizationId),
  ).orderBy(desc(clientInvoices.periodStart))
  return rows.map(withNumber)
}

const requesters = alias(users, 'requesters')

/**
 * An invoice's lines with what an accounts-payable department checks them against: who asked
 * for the work, who did it, the language and modality, and what the closeout said happened
 * (the billing rule that applied follows from it: `invoiceLineRule`).
 */
async function linesOf(invoiceId: string, tx?: Database) {
  return db(tx)
    .select({
      requesterName: requesters.name,
      interpreterFirstName: interpreterProfiles.firstName,
      language: bookings.language,
      modality: bookings.modality,
      callSeconds: calls.billableSeconds,
      callUnderContract: sql<boolean>`${callRates.organizationId} is not null`,
      outcome: closeouts.outcome,
      actualMinutes: sql<
        number | null
      >`floor(extract(epoch from (${closeouts.actualEnd} - ${closeouts.actualStart})) / 60)::int`,
      id: invoiceLines.id,
      workDate: invoiceLines.workDate,
      description: invoiceLines.description,
      minutes: invoiceLines.minutes,
      rateUnits: invoiceLines.rateUnits,
      amountCents: invoiceLines.amountCents,
      premiums: invoiceLines.premiums,
      incrementMinutes: clientContracts.incrementMinutes,
      travelCents: invoiceLines.travelCents,
      travelMinutes: invoiceLines.travelMinutes,
      totalCents: invoiceLines.totalCents,
      bookingId: invoiceLines.bookingId,
      quoteId: invoiceLines.quoteId,
    })
    .from(invoiceLines)
    .leftJoin(bookings, eq(bookings.id, invoiceLines.bookingId))
    .leftJoin(calls, eq(calls.id, invoiceLines.callId))
    .leftJoin(callRates, eq(callRates.id, invoiceLines.callRateId))
    .leftJoin(
      requesters,
      eq(requesters.id, sql`coalesce(${bookings.requestedById}, ${calls.requestedById})`),
    )
    .leftJoin(
      interpreterProfiles,
      eq(interpreterProfiles.id, sql`coalesce(${bookings.interpreterId}, ${calls.interpreterId})`),
    )
    .leftJoin(closeouts, eq(closeouts.bookingId, invoiceLines.bookingId))
    .leftJoin(clientContracts, eq(clientContracts.id, invoiceLines.contractId))
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.workDate), asc(invoiceLines.description), asc(invoiceLines.id))
}

/** One invoice with its lines and the sums of their columns (by the database). */
export async function invoiceDetail(where: SQL, tx?: Database) {
  const [invoice] = await db(tx)
    .select({
      ...invoiceColumns,
      ...lineTotals,
      amountCents: sql<number>`coalesce(sum(${invoiceLines.amountCents}), 0)`.mapWith(Number),
      premiumCents: sql<number>`coalesce(sum(${invoiceLines.premiumCents}), 0)`.mapWith(Number),
      travelCents: sql<number>`coalesce(sum(${invoiceLines.travelCents}), 0)`.mapWith(Number),
      sentByName: users.name,
    })
    .from(clientInvoices)
    .innerJoin(organizations, eq(organizations.id, clientInvoices.organizationId))
    .leftJoin(users, eq(users.id, clientInvoices.sentById))
    .leftJoin(invoiceLines, eq(invoiceLines.invoiceId, clientInvoices.id))
    .where(where)
    .groupBy(clientInvoices.id, organizations.id, users.name)
  if (!invoice) return undefined
  return { invoice: withNumber(invoice), lines: await linesOf(invoice.id, tx) }
}

export type InvoiceDetail = NonNullable<Awaited<ReturnType<typeof invoiceDetail>>>

/** One invoice for staff. */
export async function staffInvoice(invoiceId: string) {
  return invoiceDetail(eq(clientInvoices.id, invoiceId))
}

/**
 * One invoice as a manager of its organization sees it; undefined for another
 * organization's invoice or for a requester (the screen is not theirs).
 */
export async function clientInvoice(invoiceId: string, viewer: InvoiceViewer) {
  if (viewer.role !== 'manager') return undefined
  return invoiceDetail(
    and(
      eq(clientInvoices.id, invoiceId),
      eq(clientInvoices.organizationId, viewer.organizationId),
    )!,
  )
}

export interface InvoicePdfFile {
  filename: string
  bytes: Buffer
}

/** The PDF of any invoice, for staff (an open one is marked as not final). */
export async function staffInvoicePdf(invoiceId: string): Promise<InvoicePdfFile | undefined> {
  const found = await staffInvoice(invoiceId)
  return found && renderPdf(found)
}

/**
 * The PDF of an invoice for the client's download: 'forbidden' for another organization's
 * invoice or a requester, 'missing' when there is no such invoice or it is still open (the
 * document exists once the invoice is sent).
 */
export async function clientInvoicePdf(
  invoiceId: string,
  viewer: InvoiceViewer,
): Promise<'missing' | 'forbidden' | InvoicePdfFile> {
  const [owner] = await db()
    .select({ organizationId: clientInvoices.organizationId })
    .from(clientInvoices)
    .where(eq(clientInvoices.id, invoiceId))
  if (!owner) return 'missing'
  if (owner.organizationId !== viewer.organizationId || viewer.role !== 'manager')
    return 'forbidden'
  const found = await clientInvoice(invoiceId, viewer)
  if (!found || found.invoice.status === 'open') return 'missing'
  return renderPdf(found)
}

async function renderPdf(found: InvoiceDetail): Promise<InvoicePdfFile> {
  return {
    filename: `${found.invoice.number}.pdf`,
    bytes: await invoicePdf(found, runtime().config.company),
  }
}

/** The organization's managers who can still sign in: the invoice's recipients. */
export async function managersOf(tx: Database, organizationId: string) {
  return tx
    .select({ name: users.name, email: users.email })
    .from(clientMemberships)
    .innerJoin(users, eq(users.id, clientMemberships.userId))
    .where(
      and(
        eq(clientMemberships.organizationId, organizationId),
        eq(clientMemberships.role, 'manager'),
        eq(users.active, true),
      ),
    )
    .orderBy(asc(users.name))
}

async function statusOf(tx: Database, invoiceId: string): Promise<InvoiceStatus | undefined> {
  const [row] = await tx
    .select({ status: clientInvoices.status })
    .from(clientInvoices)
    .where(eq(clientInvoices.id, invoiceId))
  return row?.status
}

/** Rolls the sending back when the invoice turns out to have no line. */
class EmptyInvoiceError extends Error {
  override name = 'EmptyInvoiceError'
}

export type SendOutcome =
  | { outcome: 'sent'; recipients: number }
  | { outcome: 'missing' }
  | { outcome: 'empty' }
  | { outcome: 'not-open'; status: 'sent' | 'paid' }

/**
 * Staff send an open invoice: a conditional update from "open" (of two staff at once, one
 * sends and the other is told it went), its audit entry and an e-mail with the PDF to every
 * manager of the organization, in one transaction. The ledger locks the invoice row while it
 * adds a line, so the update waits for a line being posted, and a line posted afterwards finds
 * the invoice sent and goes to the next month's. An invoice with no line is not sent.
 */
export async function sendInvoice(invoiceId: string, actor: Actor): Promise<SendOutcome> {
  try {
    return await db().transaction(async (tx): Promise<SendOutcome> => {
      // Issued today (the office's calendar), due after the organization's terms, to the
      // address and purchase order the organization has now: all kept on the invoice, so a
      // later change of the organization's settings never rewrites an issued invoice.
      const [billing] = await tx
        .select({
          paymentTermsDays: organizations.paymentTermsDays,
          billingAddress: organizations.billingAddress,
          purchaseOrder: organizations.purchaseOrder,
        })
        .from(clientInvoices)
        .innerJoin(organizations, eq(organizations.id, clientInvoices.organizationId))
        .where(eq(clientInvoices.id, invoiceId))
      if (!billing) return { outcome: 'missing' }
      const issuedOn = calendarDate(now())
      const [updated] = await tx
        .update(clientInvoices)
        .set({
          status: 'sent',
          sentById: actor.id,
          sentAt: now(),
          issuedOn,
          dueOn: dueDate(issuedOn, billing.paymentTermsDays),
          billingAddress: billing.billingAddress,
          purchaseOrder: billing.purchaseOrder,
        })
        .where(and(eq(clientInvoices.id, invoiceId), eq(clientInvoices.status, 'open')))
        .returning({ id: clientInvoices.id })
      if (!updated) {
        const status = await statusOf(tx, invoiceId)
        if (!status) return { outcome: 'missing' }
        // Statuses only move forward: an invoice that could not be sent is sent or paid.
        return { outcome: 'not-open', status: status === 'paid' ? 'paid' : 'sent' }
      }
      const found = (await invoiceDetail(eq(clientInvoices.id, invoiceId), tx))!
      if (found.lines.length === 0) throw new EmptyInvoiceError()
      const { invoice } = found
      const pdf = await renderPdf(found)
      const recipients = await managersOf(tx, invoice.organizationId)
      const { config } = runtime()
      const summary = mailSummary(invoice)
      await enqueueMail(
        tx,
        recipients.map((person) => ({
          template: 'invoice-sent',
          to: person.email,
          replyTo: config.mailReplyTo,
          reference: `client_invoice:${invoice.id}`,
          ...invoiceSentMail({
            name: person.name,
            invoice: summary,
            invoiceUrl: `${config.siteUrl}/client/invoices/${invoice.id}`,
            company: config.company,
          }),
          attachments: [
            {
              filename: pdf.filename,
              contentType: 'application/pdf',
              content: pdf.bytes.toString('base64'),
              encoding: 'base64',
            },
          ],
        })),
      )
      await recordAudit(
        actor,
        {
          action: 'invoice_sent',
          entityType: 'client_invoice',
          entityId: invoice.id,
          before: { status: 'open' },
          after: {
            status: 'sent',
            number: invoice.number,
            issuedOn: invoice.issuedOn,
            dueOn: invoice.dueOn,
            lines: invoice.lineCount,
            totalCents: invoice.totalCents,
            recipients: recipients.map((person) => person.email),
          },
        },
        tx,
      )
      return { outcome: 'sent', recipients: recipients.length }
    })
  } catch (error) {
    if (error instanceof EmptyInvoiceError) return { outcome: 'empty' }
    throw error
  }
}

/** What the invoice e-mails say about the invoice. */
export function mailSummary(invoice: {
  number: string
  periodStart: string
  periodEnd: string
  totalCents: number
  organizationName: string
}) {
  return {
    number: invoice.number,
    period: periodLabel({ start: invoice.periodStart, end: invoice.periodEnd }),
    total: formatCents(invoice.totalCents),
    organizationName: invoice.organizationName,
  }
}
