import { Link } from 'react-router'
import { DataTable } from '~/components/admin/data-table'
import { requireAdmin } from '~/auth/session.server'
import { formatCalendarDate } from '~/domain/format'
import { formatCents } from '~/domain/money'
import { ageingBuckets, type Ageing, type AgeingBucket } from '~/domain/receivables'
import { seoMeta } from '~/lib/seo/meta'
import { receivables } from '~/models/billing/receivables.server'
import type { Route } from './+types/receivables'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Accounts receivable',
      description: 'What each client organization still owes, by days past due.',
      path: '/admin/receivables',
      noindex: true,
    },
    matches,
  )

const bucketLabel = (key: AgeingBucket) => ageingBuckets.find((bucket) => bucket.key === key)!.label

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const { today, organizations, totals } = await receivables()
  const money = (ageing: Ageing): Record<AgeingBucket, string> & { total: string } => ({
    ...(Object.fromEntries(
      ageingBuckets.map(({ key }) => [key, formatCents(ageing[key])]),
    ) as Record<AgeingBucket, string>),
    total: formatCents(ageing.totalCents),
  })
  return {
    today: formatCalendarDate(today),
    rows: organizations.map((entry) => ({
      id: entry.organizationId,
      organizationName: entry.organizationName,
      ...money(entry),
    })),
    totals: money(totals),
    invoices: organizations.flatMap((entry) =>
      entry.invoices.map((invoice) => ({
        id: invoice.id,
        number: invoice.number,
        organizationName: entry.organizationName,
        dueOn: formatCalendarDate(invoice.dueOn),
        age: bucketLabel(invoice.bucket),
        balance: formatCents(invoice.balanceCents),
      })),
    ),
  }
}

const numeric = 'whitespace-nowrap tabular-nums @4xl:text-right'

/** Open balances per organization, aged by days past the due date, and the open invoices. */
export default function ReceivablesPage({ loaderData }: Route.ComponentProps) {
  const { today, rows, totals, invoices } = loaderData
  type Row = (typeof rows)[number]
  return (
    <div className="max-w-6xl">
      <p>
        <Link to="/admin/invoices" className="text-sm font-medium text-brand-700 underline">
          Back to Invoices
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Accounts receivable</h1>
      <p className="mt-1 text-slate-600">
        What each organization still owes on its sent invoices, as of {today}, by days past the due
        date. Current means not yet due.
      </p>
      <p className="mt-3">
        <a href="/admin/receivables/export" className="btn-secondary inline-block" download>
          Export CSV
        </a>
      </p>
      <section aria-labelledby="ageing-heading" className="mt-6">
        <h2 id="ageing-heading" className="text-lg font-semibold text-slate-900">
          Ageing by organization
        </h2>
        <DataTable
          caption="Open balance and ageing by organization"
          dense
          className="mt-3"
          rows={rows}
          rowKey={(row) => row.id}
          empty="Nothing is owed: every sent invoice is paid."
          columns={[
            {
              header: 'Organization',
              rowHeader: true,
              cell: (row: Row) => (
                <Link
                  to={`/admin/organizations/${row.id}/billing`}
                  className="font-medium text-brand-700 underline"
                >
                  {row.organizationName}
                </Link>
              ),
            },
            ...ageingBuckets.map((bucket) => ({
              header: bucket.label,
              width: 'w-28',
              className: numeric,
              cell: (row: Row) => row[bucket.key],
            })),
            {
              header: 'Open balance',
              width: 'w-32',
              className: `${numeric} font-medium text-slate-900`,
              cell: (row: Row) => row.total,
            },
          ]}
        />
        {rows.length > 0 ? (
          <dl
            aria-label="Totals"
            className="mt-4 grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 sm:grid-cols-3 lg:grid-cols-6"
          >
            {ageingBuckets.map((bucket) => (
              <div key={bucket.key}>
                <dt className="text-slate-600">{bucket.label}</dt>
                <dd className="tabular-nums text-slate-900">{totals[bucket.key]}</dd>
              </div>
            ))}
            <div>
              <dt className="font-semibold text-slate-900">Open balance</dt>
              <dd className="font-semibold tabular-nums text-slate-900">{totals.total}</dd>
            </div>
          </dl>
        ) : null}
      </section>
      <section aria-labelledby="open-invoices-heading" className="mt-8">
        <h2 id="open-invoices-heading" className="text-lg font-semibold text-slate-900">
          Open invoices
        </h2>
        <DataTable
          caption="Sent invoices with a balance"
          dense
          className="mt-3"
          rows={invoices}
          rowKey={(invoice) => invoice.id}
          empty="No sent invoice has a balance."
          columns={[
            {
              header: 'Invoice',
              rowHeader: true,
              width: 'w-32',
              cell: (invoice) => (
                <Link
                  to={`/admin/invoices/${invoice.id}`}
                  className="font-medium text-brand-700 underline"
                >
                  {invoice.number}
                </Link>
              ),
            },
            { header: 'Organization', cell: (invoice) => invoice.organizationName },
            { header: 'Due', width: 'w-32', cell: (invoice) => invoice.dueOn },
            { header: 'Past due', width: 'w-28', cell: (invoice) => invoice.age },
            {
              header: 'Balance',
              width: 'w-28',
              className: numeric,
              cell: (invoice) => invoice.balance,
            },
          ]}
        />
      </section>
    </div>
  )
}
