import { Link } from 'react-router'
import { InvoiceBillingFacts } from '~/components/billing/invoice-billing-facts'
import { InvoiceLines } from '~/components/billing/invoice-lines'
import { InvoicePayments } from '~/components/billing/invoice-payments'
import { InvoiceStatusBadge } from '~/components/billing/invoice-status-badge'
import { requireClient } from '~/auth/client.server'
import { invoicePaymentCells, invoiceView, OPEN_INVOICE_NOTE } from '~/lib/billing/invoice-display'
import { formatDate } from '~/domain/format'
import { requireUuidParam } from '~/lib/http/params'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { paymentsOf } from '~/models/billing/invoice-payments.server'
import { clientInvoice } from '~/models/billing/invoices.server'
import type { Route } from './+types/invoices.detail'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Invoice',
      description: 'One monthly invoice and its lines.',
      path: '/client/invoices',
      noindex: true,
    },
    matches,
  )

export async function loader({ request, params }: Route.LoaderArgs) {
  const manager = await requireClient(request, { manager: true })
  const found = await clientInvoice(requireUuidParam(params, 'invoiceId'), manager.client)
  if (!found) throw notFound()
  const payments = await paymentsOf(found.invoice.id)
  return { ...invoiceView(found), payments: payments.map(invoicePaymentCells) }
}

/** One invoice for a manager: its lines and totals, and the PDF once it is sent. */
export default function ClientInvoice({ loaderData }: Route.ComponentProps) {
  const { invoice, lines, totals, billing, payments } = loaderData
  return (
    <div className="mx-auto max-w-5xl">
      <p className="text-sm">
        <Link to="/client/invoices" className="text-brand-700 underline">
          All invoices
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Invoice {invoice.number}</h1>
        <InvoiceStatusBadge status={invoice.status} />
      </div>
      <p className="mt-1 text-slate-700">
        {invoice.period}
        {invoice.sentAt ? `, sent ${formatDate(invoice.sentAt)}` : ''}
        {invoice.paidAt ? `, paid ${formatDate(invoice.paidAt)}` : ''}
      </p>
      {invoice.status === 'open' ? (
        <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950">
          {OPEN_INVOICE_NOTE}
        </p>
      ) : (
        <p className="mt-4">
          <a
            href={`/client/invoices/${invoice.id}/pdf`}
            className="btn-secondary inline-block"
            download
          >
            Download PDF
          </a>
        </p>
      )}
      <InvoiceBillingFacts facts={billing} />
      <InvoiceLines lines={lines} totals={totals} />
      {invoice.status !== 'open' ? <InvoicePayments payments={payments} /> : null}
    </div>
  )
}
