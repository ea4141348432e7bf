import type { CompanyIdentity } from '../lib/company'
import { renderMail, type RenderedMail } from './render.server'

/**
 * To each manager of the organisation: the month's invoice, its PDF attached
 * (docs/product.md#invoices).
 */
export function invoiceSentMail(options: {
  name: string
  invoice: { number: string; period: string; total: string; organizationName: string }
  invoiceUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { name, invoice, invoiceUrl, company } = options
  const summary = `Your invoice ${invoice.number} for ${invoice.period} (${invoice.organizationName}) comes to ${invoice.total}. The PDF is attached; every line is also in the client portal.`
  return renderMail({
    subject: `Invoice ${invoice.number} for ${invoice.period}: ${invoice.total}`,
    company,
    text: [`Hello ${name},`, summary, invoiceUrl].join('\n\n'),
    body: (
      <>
        <p>Hello {name},</p>
        <p>{summary}</p>
        <p>
          <a href={invoiceUrl}>See the invoice</a>
        </p>
      </>
    ),
  })
}

/** To each manager of the organisation when staff record the payment of an invoice. */
export function invoicePaidMail(options: {
  name: string
  invoice: { number: string; period: string; total: string; organizationName: string }
  invoiceUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { name, invoice, invoiceUrl, company } = options
  const summary = `We have received your payment of ${invoice.total} for invoice ${invoice.number} (${invoice.period}, ${invoice.organizationName}). Thank you. The invoice is marked paid in the client portal.`
  return renderMail({
    subject: `Payment received: invoice ${invoice.number}`,
    company,
    text: [`Hello ${name},`, summary, invoiceUrl].join('\n\n'),
    body: (
      <>
        <p>Hello {name},</p>
        <p>{summary}</p>
        <p>
          <a href={invoiceUrl}>See the invoice</a>
        </p>
      </>
    ),
  })
}
