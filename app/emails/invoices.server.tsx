import type { CompanyIdentity } from '../domain/company'
import { MailButton, renderMail, type RenderedMail } from './render.server'

interface InvoiceMailOptions {
  name: string
  invoice: { number: string; period: string; total: string; organizationName: string }
  invoiceUrl: string
  company: CompanyIdentity
}

/** A greeting, one paragraph about the invoice and a link to it in the client portal. */
function invoiceMail(
  { name, invoiceUrl, company }: InvoiceMailOptions,
  subject: string,
  summary: string,
): RenderedMail {
  return renderMail({
    subject,
    company,
    text: [`Hello ${name},`, summary, invoiceUrl].join('\n\n'),
    body: (
      <>
        <p>Hello {name},</p>
        <p>{summary}</p>
        <MailButton href={invoiceUrl}>See the invoice</MailButton>
      </>
    ),
  })
}

/**
 * To each manager of the organization: the month's invoice, its PDF attached
 * (docs/product.md#invoices).
 */
export function invoiceSentMail(options: InvoiceMailOptions): RenderedMail {
  const { invoice } = options
  return invoiceMail(
    options,
    `Invoice ${invoice.number} for ${invoice.period}: ${invoice.total}`,
    `Your invoice ${invoice.number} for ${invoice.period} (${invoice.organizationName}) comes to ${invoice.total}. The PDF is attached; every line is also in the client portal.`,
  )
}

/** To each manager of the organization when staff record the payment of an invoice. */
export function invoicePaidMail(options: InvoiceMailOptions): RenderedMail {
  const { invoice } = options
  return invoiceMail(
    options,
    `Payment received: invoice ${invoice.number}`,
    `We have received your payment of ${invoice.total} for invoice ${invoice.number} (${invoice.period}, ${invoice.organizationName}). Thank you. The invoice is marked paid in the client portal.`,
  )
}

/**
 * To each manager of the organization, once, a week after an invoice's due date while a
 * balance is left (docs/product.md#accounts-receivable).
 */
export function invoiceOverdueMail(
  options: InvoiceMailOptions & { balance: string; dueOn: string },
): RenderedMail {
  const { invoice } = options
  return invoiceMail(
    options,
    `Overdue: invoice ${invoice.number}, ${options.balance} was due ${options.dueOn}`,
    `Invoice ${invoice.number} for ${invoice.period} (${invoice.organizationName}) was due on ${options.dueOn} and ${options.balance} of its ${invoice.total} is still unpaid. If you have sent the payment, thank you, and please disregard this reminder; otherwise please pass it to your accounts-payable department.`,
  )
}
