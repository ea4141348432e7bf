import { Wallet } from 'lucide-react'
import { Link } from 'react-router'
import { DataTable } from '~/components/admin/data-table'
import { EmptyState } from '~/components/admin/empty-state'
import { StatementStatusBadge } from '~/components/billing/statement-status-badge'
import { periodLabel } from '~/domain/billing'
import { formatCents } from '~/domain/money'
import { requireUser } from '~/auth/session.server'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { statementsOfUser } from '~/models/billing/statements.server'
import type { Route } from './+types/statements'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Payouts',
      description: 'Your pay statements.',
      path: '/interpreter/payouts',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { role: 'interpreter' })
  const statements = await statementsOfUser(user.id)
  if (!statements) throw notFound()
  return {
    statements: statements.map((statement) => ({
      id: statement.id,
      period: periodLabel({ start: statement.periodStart, end: statement.periodEnd }),
      status: statement.status,
      lineCount: statement.lineCount,
      total: formatCents(statement.totalCents),
    })),
  }
}

/** The interpreter's pay statements, one per half-month with approved work (newest first). */
export default function StatementsPage({ loaderData }: Route.ComponentProps) {
  const { statements } = loaderData
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold text-slate-900">Payouts</h1>
      <p className="mt-1 text-slate-600">
        Approved closeouts become pay lines; each half-month (the 1st to the 15th, the 16th to the
        end of the month) forms a statement. Staff approve it, then pay it.
      </p>
      {statements.length === 0 ? (
        <EmptyState icon={Wallet} title="No statements yet">
          Your first statement appears here once staff approve a closeout of yours.
        </EmptyState>
      ) : (
        <DataTable
          caption="Your pay statements"
          rows={statements}
          rowKey={(statement) => statement.id}
          columns={[
            {
              header: 'Period',
              rowHeader: true,
              className: 'font-medium text-slate-900',
              cell: (statement) => statement.period,
            },
            {
              header: 'Assignments',
              cell: (statement) => statement.lineCount,
            },
            {
              header: 'Status',
              cell: (statement) => <StatementStatusBadge status={statement.status} />,
            },
            { header: 'Total', cell: (statement) => statement.total },
            {
              header: 'Statement',
              cell: (statement) => (
                <Link
                  to={`/interpreter/payouts/${statement.id}`}
                  className="font-medium text-brand-700 underline hover:text-brand-800"
                  aria-label={`Open the statement for ${statement.period}`}
                >
                  Open
                </Link>
              ),
            },
          ]}
        />
      )}
    </div>
  )
}
