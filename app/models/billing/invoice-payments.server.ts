import { asc, eq, sql } from 'drizzle-orm'
import { clientInvoices, invoiceLines, invoicePayments, users } from '../../../db/schema'
import { invoiceNumber } from '../../domain/billing'
import type { IsoDate } from '../../domain/onboarding'
import { balanceCents, paymentRefusal, type PaymentMethod } from '../../domain/receivables'
import { invoicePaidMail } from '../../emails/invoices.server'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { db, runtime } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { invoiceDetail, mailSummary, managersOf } from './invoices.server'

/**
 * Payments and credit notes on client invoices (docs/product.md#payments). Staff record what
 * came in, in parts if need be; an invoice is Paid once its balance reaches zero, and nothing
 * is ever recorded past the balance, whoever records at the same moment.
 */

export interface NewPayment {
  amountCents: number
  receivedOn: IsoDate
  method: PaymentMethod
  /** A check number or bank reference; a credit note's reason. */
  reference: string
}

export type PaymentOutcome =
  | { outcome: 'recorded'; balanceCents: number; paid: boolean }
  | { outcome: 'missing' }
  | { outcome: 'not-sent' }
  | { outcome: 'refused'; message: string; balanceCents: number }

/** An invoice's payments and credit notes, oldest first, with who recorded each. */
export async function paymentsOf(invoiceId: string, tx?: Database) {
  return db(tx)
    .select({
      id: invoicePayments.id,
      amountCents: invoicePayments.amountCents,
      receivedOn: invoicePayments.receivedOn,
      method: invoicePayments.method,
      reference: invoicePayments.reference,
      recordedByName: users.name,
      createdAt: invoicePayments.createdAt,
    })
    .from(invoicePayments)
    .leftJoin(users, eq(users.id, invoicePayments.recordedById))
    .where(eq(invoicePayments.invoiceId, invoiceId))
    .orderBy(asc(invoicePayments.receivedOn), asc(invoicePayments.createdAt))
}

async function sumOf(tx: Database, column: 'lines' | 'payments', invoiceId: string) {
  const [row] =
    column === 'lines'
      ? await tx
          .select({
            cents: sql<number>`coalesce(sum(${invoiceLines.totalCents}), 0)`.mapWith(Number),
          })
          .from(invoiceLines)
          .where(eq(invoiceLines.invoiceId, invoiceId))
      : await tx
          .select({
            cents: sql<number>`coalesce(sum(${invoicePayments.amountCents}), 0)`.mapWith(Number),
          })
          .from(invoicePayments)
          .where(eq(invoicePayments.invoiceId, invoiceId))
  return row?.cents ?? 0
}

/**
 * Records a payment (or a credit note) against a sent invoice. The invoice row is locked
 * first, so two staff recording at once are taken one after the other: the second sees the
 * first's payment in the balance and is refused if it would pay more than is left. The payment
 * that brings the balance to zero makes the invoice Paid and e-mails the managers their
 * receipt, in the same transaction as the payment and its audit entry.
 */
export async function recordInvoicePayment(
  invoiceId: string,
  payment: NewPayment,
  actor: Actor,
): Promise<PaymentOutcome> {
  return db().transaction(async (tx): Promise<PaymentOutcome> => {
    const [invoice] = await tx
      .select({
        status: clientInvoices.status,
        sequence: clientInvoices.number,
        organizationId: clientInvoices.organizationId,
      })
      .from(clientInvoices)
      .where(eq(clientInvoices.id, invoiceId))
      .for('update')
    if (!invoice) return { outcome: 'missing' }
    if (invoice.status === 'open') return { outcome: 'not-sent' }
    const before = balanceCents(
      await sumOf(tx, 'lines', invoiceId),
      await sumOf(tx, 'payments', invoiceId),
    )
    const message = paymentRefusal(payment.amountCents, before)
    if (message) return { outcome: 'refused', message, balanceCents: before }
    await tx.insert(invoicePayments).values({
      invoiceId,
      amountCents: payment.amountCents,
      receivedOn: payment.receivedOn,
      method: payment.method,
      reference: payment.reference,
      recordedById: actor.id,
    })
    const after = before - payment.amountCents
    const paid = after === 0
    if (paid) {
      await tx
        .update(clientInvoices)
        .set({ status: 'paid', paidById: actor.id, paidAt: now() })
        .where(eq(clientInvoices.id, invoiceId))
      await mailReceipts(tx, invoiceId)
    }
    await recordAudit(
      actor,
      {
        action: payment.method === 'credit_note' ? 'invoice_credit_note' : 'invoice_payment',
        entityType: 'client_invoice',
        entityId: invoiceId,
        before: { status: invoice.status, balanceCents: before },
        after: {
          status: paid ? 'paid' : invoice.status,
          number: invoiceNumber(invoice.sequence),
          balanceCents: after,
          amountCents: payment.amountCents,
          method: payment.method,
          receivedOn: payment.receivedOn,
          reference: payment.reference,
        },
      },
      tx,
    )
    return { outcome: 'recorded', balanceCents: after, paid }
  })
}

/** "Payment received": the receipt every active manager gets when the invoice is paid. */
async function mailReceipts(tx: Database, invoiceId: string) {
  const { invoice } = (await invoiceDetail(eq(clientInvoices.id, invoiceId), tx))!
  const recipients = await managersOf(tx, invoice.organizationId)
  const { config } = runtime()
  await enqueueMail(
    tx,
    recipients.map((person) => ({
      template: 'invoice-paid',
      to: person.email,
      replyTo: config.mailReplyTo,
      reference: `client_invoice:${invoice.id}`,
      ...invoicePaidMail({
        name: person.name,
        invoice: mailSummary(invoice),
        invoiceUrl: `${config.siteUrl}/client/invoices/${invoice.id}`,
        company: config.company,
      }),
    })),
  )
}
