import { Receipt } from 'lucide-react'
import { Link } from 'react-router'
import { DataTable } from '~/components/admin/data-table'
import { EmptyState } from '~/components/admin/empty-state'
import { InvoiceStatusBadge } from '~/components/billing/invoice-status-badge'
import { formatCents } from '~/domain/money'
import { requireClient } from '~/auth/client.server'
import { invoicePeriodText, OPEN_INVOICE_NOTE } from '~/lib/billing/invoice-display'
import { formatCalendarDate, formatDate } from '~/domain/format'
import { balanceCents } from '~/domain/receivables'
import { seoMeta } from '~/lib/seo/meta'
import { listClientInvoices } from '~/models/billing/invoices.server'
import type { Route } from './+types/invoices'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Invoices',
      description: "Your organization's monthly invoices.",
      path: '/client/invoices',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  // A requester has no Invoices screen: 404, as if it did not exist.
  const manager = await requireClient(request, { manager: true })
  const invoices = await listClientInvoices(manager.client)
  return {
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      period: invoicePeriodText(invoice),
      status: invoice.status,
      sentAt: invoice.sentAt,
      lineCount: invoice.lineCount,
      total: formatCents(invoice.totalCents),
      // An open invoice is not due yet: it has no due date and nothing is owed on it.
      due: invoice.dueOn ? formatCalendarDate(invoice.dueOn) : 'When sent',
      balance:
        invoice.status === 'open'
          ? '—'
          : formatCents(balanceCents(invoice.totalCents, invoice.paidCents)),
    })),
  }
}

/** The organization's invoices, the latest month first (managers only). */
export default function ClientInvoices({ loaderData }: Route.ComponentProps) {
  const { invoices } = loaderData
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold text-slate-900">Invoices</h1>
      <p className="mt-1 text-slate-600">
        One invoice a month with every assignment, late cancellation and translation job.
      </p>
      {invoices.some((invoice) => invoice.status === 'open') ? (
        <p className="mt-3 text-sm text-slate-700">{OPEN_INVOICE_NOTE}</p>
      ) : null}
      <div className="mt-6">
        {invoices.length === 0 ? (
          <EmptyState icon={Receipt} title="No invoices yet">
            Completed work appears here on the month&apos;s invoice.
          </EmptyState>
        ) : (
          <DataTable
            caption="Invoices"
            rows={invoices}
            rowKey={(invoice) => invoice.id}
            columns={[
              {
                header: 'Invoice',
                rowHeader: true,
                cell: (invoice) => (
                  <>
                    <p className="font-medium text-slate-900">{invoice.number}</p>
                    <p className="text-slate-600">{invoice.period}</p>
                  </>
                ),
              },
              {
                header: 'Sent',
                className: 'whitespace-nowrap text-slate-800',
                cell: (invoice) => (invoice.sentAt ? formatDate(invoice.sentAt) : 'Not yet'),
              },
              {
                header: 'Lines',
                className: 'tabular-nums',
                cell: (invoice) => invoice.lineCount,
              },
              {
                header: 'Total',
                className: 'tabular-nums font-medium text-slate-900',
                cell: (invoice) => invoice.total,
              },
              {
                header: 'Due',
                className: 'whitespace-nowrap text-slate-800',
                cell: (invoice) => invoice.due,
              },
              {
                header: 'Balance',
                className: 'tabular-nums text-slate-900',
                cell: (invoice) => invoice.balance,
              },
              {
                header: 'Status',
                cell: (invoice) => <InvoiceStatusBadge status={invoice.status} />,
              },
              {
                header: 'Actions',
                cell: (invoice) => (
                  <Link
                    to={`/client/invoices/${invoice.id}`}
                    className="font-medium text-brand-700 underline hover:text-brand-800"
                    aria-label={`View invoice ${invoice.number} for ${invoice.period}`}
                  >
                    View invoice
                  </Link>
                ),
              },
            ]}
          />
        )}
      </div>
    </div>
  )
}
