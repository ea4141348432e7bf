import { Receipt } from 'lucide-react'
import { Form, Link } from 'react-router'
import { DataTable } from '~/components/admin/data-table'
import { EmptyState } from '~/components/admin/empty-state'
import { FilterSelect, Pagination } from '~/components/admin/list-controls'
import { InvoiceStatusBadge } from '~/components/billing/invoice-status-badge'
import { invoiceStatuses, invoiceStatusLabels } from '~/domain/billing'
import { formatCents } from '~/domain/money'
import { requireAdmin } from '~/auth/session.server'
import { invoicePeriodText } from '~/lib/billing/invoice-display'
import { formatCalendarDate, formatDate } from '~/domain/format'
import { balanceCents } from '~/domain/receivables'
import { seoMeta } from '~/lib/seo/meta'
import { invoiceFiltersSchema } from '~/lib/validation/invoices'
import { listInvoices } from '~/models/billing/invoices.server'
import type { Route } from './+types/invoices'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Invoices',
      description: 'Monthly client invoices: send them and record payments.',
      path: '/admin/invoices',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const filters = invoiceFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const page = await listInvoices(filters)
  return {
    filters,
    total: page.total,
    pageSize: page.pageSize,
    invoices: page.items.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      organizationName: invoice.organizationName,
      period: invoicePeriodText(invoice),
      status: invoice.status,
      lineCount: invoice.lineCount,
      total: formatCents(invoice.totalCents),
      // What is still owed on an issued invoice, and by when; nothing for an open one.
      balance:
        invoice.status === 'open'
          ? '—'
          : formatCents(balanceCents(invoice.totalCents, invoice.paidCents)),
      dueOn: invoice.dueOn,
      sentAt: invoice.sentAt,
    })),
  }
}

/** Every client invoice by month and status; each opens on its own page. */
export default function InvoicesPage({ loaderData }: Route.ComponentProps) {
  const { filters, total, pageSize, invoices } = loaderData
  const filtered = filters.status !== 'all' || filters.month !== ''
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Invoices</h1>
      <p className="mt-1 text-slate-600">
        One invoice per organization and month; send it when the month is done, then record the
        payments.{' '}
        <Link to="/admin/receivables" className="font-medium text-brand-700 underline">
          Accounts receivable
        </Link>{' '}
        shows what each organization still owes, by age.
      </p>
      <div className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <Form
          method="get"
          role="search"
          aria-label="Filter invoices"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <div>
            <label htmlFor="invoices-month" className="field-label">
              Month
            </label>
            <input
              id="invoices-month"
              type="month"
              name="month"
              defaultValue={filters.month}
              className="field-input"
            />
          </div>
          <FilterSelect
            id="invoices-status"
            name="status"
            label="Status"
            value={filters.status}
            options={[
              { value: 'all', label: 'All statuses' },
              ...invoiceStatuses.map((value) => ({ value, label: invoiceStatusLabels[value] })),
            ]}
          />
          <button type="submit" className="btn-primary">
            Filter
          </button>
        </Form>
      </div>
      {invoices.length === 0 ? (
        <EmptyState icon={Receipt} title="No Invoices Found">
          {filtered
            ? 'No invoice matches these filters.'
            : 'Approved assignments and delivered translations start the month’s invoice.'}
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
                  <p className="font-medium text-slate-900">{invoice.organizationName}</p>
                  <p className="text-slate-600">{invoice.number}</p>
                </>
              ),
            },
            { header: 'Period', className: 'text-slate-800', cell: (invoice) => invoice.period },
            {
              header: 'Lines',
              width: 'w-20',
              className: 'tabular-nums',
              cell: (invoice) => invoice.lineCount,
            },
            {
              header: 'Total',
              width: 'w-32',
              className: 'tabular-nums font-medium text-slate-900',
              cell: (invoice) => invoice.total,
            },
            {
              header: 'Balance',
              width: 'w-32',
              className: 'tabular-nums text-slate-800',
              cell: (invoice) => (
                <>
                  <p>{invoice.balance}</p>
                  {invoice.dueOn && invoice.balance !== '$0.00' ? (
                    <p className="text-slate-600">due {formatCalendarDate(invoice.dueOn)}</p>
                  ) : null}
                </>
              ),
            },
            {
              header: 'Status',
              width: 'w-36',
              cell: (invoice) => <InvoiceStatusBadge status={invoice.status} />,
            },
            {
              header: 'Sent',
              width: 'w-28',
              className: 'whitespace-nowrap text-slate-700',
              cell: (invoice) => (invoice.sentAt ? formatDate(invoice.sentAt) : '—'),
            },
            {
              header: 'Actions',
              width: 'w-24',
              cell: (invoice) => (
                <Link
                  to={`/admin/invoices/${invoice.id}`}
                  className="font-medium text-brand-700 underline hover:text-brand-800"
                  aria-label={`Open invoice ${invoice.number} of ${invoice.organizationName}`}
                >
                  Open
                </Link>
              ),
            },
          ]}
        />
      )}
      <Pagination page={filters.page} pageSize={pageSize} total={total} />
    </>
  )
}
