import { Download, Wallet } from 'lucide-react'
import { Form, Link } from 'react-router'
import { DataTable } from '~/components/admin/data-table'
import { EmptyState } from '~/components/admin/empty-state'
import { FilterSelect, Pagination } from '~/components/admin/list-controls'
import { StatementStatusBadge } from '~/components/billing/statement-status-badge'
import { periodLabel, statementStatuses, statementStatusLabels } from '~/domain/billing'
import type { StatementStatus } from '~/domain/billing'
import { formatCents } from '~/domain/money'
import { calendarDate } from '~/domain/onboarding'
import { requireAdmin } from '~/auth/session.server'
import { seoMeta } from '~/lib/seo/meta'
import { listStatements, statementPeriods } from '~/models/billing/statements.server'
import { now } from '~/platform/clock.server'
import type { Route } from './+types/statements'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Statements',
      description: 'Interpreter pay statements: approve and mark paid.',
      path: '/admin/statements',
      noindex: true,
    },
    matches,
  )

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const params = new URL(request.url).searchParams
  const requested = params.get('status') ?? 'all'
  const status = (statementStatuses as readonly string[]).includes(requested)
    ? (requested as StatementStatus)
    : 'all'
  const period = params.get('period') ?? ''
  const periodStart = ISO_DATE.test(period) ? period : undefined
  const pageNumber = Number.parseInt(params.get('page') ?? '1', 10)
  const page = Number.isFinite(pageNumber) && pageNumber > 0 ? Math.min(pageNumber, 100_000) : 1
  const [list, periods] = await Promise.all([
    listStatements({ periodStart, status, page }),
    statementPeriods(),
  ])
  const today = calendarDate(now())
  return {
    status,
    period: periodStart ?? '',
    page,
    total: list.total,
    pageSize: list.pageSize,
    periods: periods.map((entry) => ({ value: entry.start, label: periodLabel(entry) })),
    exportRange: { from: `${today.slice(0, 8)}01`, to: today },
    statements: list.items.map((statement) => ({
      id: statement.id,
      interpreter: `${statement.firstName} ${statement.lastName}`,
      period: periodLabel({ start: statement.periodStart, end: statement.periodEnd }),
      status: statement.status,
      lineCount: statement.lineCount,
      total: formatCents(statement.totalCents),
    })),
  }
}

/** Staff's pay statements by period and status, with the accounting export. */
export default function StatementsPage({ loaderData }: Route.ComponentProps) {
  const { status, period, page, total, pageSize, periods, statements, exportRange } = loaderData
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Statements</h1>
      <p className="mt-1 text-slate-600">
        Interpreter pay statements, one per interpreter and half-month. Approve a statement when its
        period is over; mark it paid once the money is sent.
      </p>
      <Form
        method="get"
        preventScrollReset
        aria-label="Filter statements"
        className="mt-6 flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <FilterSelect
          id="statement-period"
          name="period"
          label="Period"
          value={period}
          options={[{ value: '', label: 'All periods' }, ...periods]}
        />
        <FilterSelect
          id="statement-status"
          name="status"
          label="Status"
          value={status}
          options={[
            { value: 'all', label: 'All statuses' },
            ...statementStatuses.map((value) => ({ value, label: statementStatusLabels[value] })),
          ]}
        />
        <button type="submit" className="btn-primary">
          Show
        </button>
      </Form>
      {statements.length === 0 ? (
        <EmptyState icon={Wallet} title="No Statements Found">
          {status === 'all' && !period
            ? 'A statement starts when staff approve an interpreter’s closeout.'
            : 'No statement matches these filters.'}
        </EmptyState>
      ) : (
        <DataTable
          caption="Interpreter pay statements"
          rows={statements}
          rowKey={(statement) => statement.id}
          columns={[
            {
              header: 'Interpreter',
              rowHeader: true,
              className: 'font-medium text-slate-900',
              cell: (statement) => statement.interpreter,
            },
            { header: 'Period', cell: (statement) => statement.period },
            { header: 'Assignments', cell: (statement) => statement.lineCount },
            {
              header: 'Status',
              cell: (statement) => <StatementStatusBadge status={statement.status} />,
            },
            { header: 'Total', cell: (statement) => statement.total },
            {
              header: 'Actions',
              cell: (statement) => (
                <Link
                  to={`/admin/statements/${statement.id}`}
                  className="font-medium text-brand-700 underline hover:text-brand-800"
                  aria-label={`Open the statement of ${statement.interpreter} for ${statement.period}`}
                >
                  Open
                </Link>
              ),
            },
          ]}
        />
      )}
      <Pagination page={page} pageSize={pageSize} total={total} />
      <section
        aria-labelledby="accounting-export-heading"
        className="mt-8 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="accounting-export-heading" className="text-lg font-semibold text-slate-900">
          Accounting export
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A CSV of every statement line and invoice line of the statements and invoices whose period
          overlaps these days.
        </p>
        {/* A plain form: the answer is a file to download, not a page. */}
        <form
          method="get"
          action="/admin/accounting-export"
          className="mt-3 flex flex-wrap items-end gap-3"
        >
          <div>
            <label htmlFor="export-from" className="field-label">
              From
            </label>
            <input
              id="export-from"
              type="date"
              name="from"
              required
              defaultValue={exportRange.from}
              className="field-input"
            />
          </div>
          <div>
            <label htmlFor="export-to" className="field-label">
              To
            </label>
            <input
              id="export-to"
              type="date"
              name="to"
              required
              defaultValue={exportRange.to}
              className="field-input"
            />
          </div>
          <button type="submit" className="btn-secondary">
            <Download aria-hidden="true" className="size-4" /> Export CSV
          </button>
        </form>
      </section>
    </>
  )
}
