import { Download } from 'lucide-react'
import { Link } from 'react-router'
import { StatementLines } from '~/components/billing/statement-lines'
import { StatementStatusBadge } from '~/components/billing/statement-status-badge'
import { periodLabel } from '~/domain/billing'
import { requireUser } from '~/auth/session.server'
import { formatDate } from '~/domain/format'
import { requireUuidParam } from '~/lib/http/params'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { statementOfUser } from '~/models/billing/statements.server'
import type { Route } from './+types/statements.detail'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Pay statement',
      description: 'One pay statement with its assignments.',
      path: '/interpreter/payouts',
      noindex: true,
    },
    matches,
  )

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, { role: 'interpreter' })
  // Found through the signed-in interpreter: another's statement is the same 404 as none.
  const found = await statementOfUser(user.id, requireUuidParam(params, 'statementId'))
  if (!found) throw notFound()
  const { statement, lines } = found
  return {
    statement: {
      id: statement.id,
      period: periodLabel({ start: statement.periodStart, end: statement.periodEnd }),
      status: statement.status,
      approvedAt: statement.approvedAt,
      paidAt: statement.paidAt,
      totalCents: statement.totalCents,
    },
    lines,
  }
}

/** One of the interpreter's statements: each assignment, the total, and the PDF. */
export default function StatementDetailPage({ loaderData }: Route.ComponentProps) {
  const { statement, lines } = loaderData
  return (
    <div className="mx-auto max-w-5xl">
      <p className="text-sm">
        <Link to="/interpreter/payouts" className="text-brand-700 underline">
          Payouts
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Statement: {statement.period}</h1>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-slate-700">
        <span className="flex items-center gap-2">
          Status: <StatementStatusBadge status={statement.status} />
        </span>
        {statement.paidAt ? (
          <span>Paid {formatDate(statement.paidAt)}</span>
        ) : statement.approvedAt ? (
          <span>Approved {formatDate(statement.approvedAt)}</span>
        ) : (
          <span>Open: approved work of this period is still added.</span>
        )}
      </div>
      <p className="mt-4">
        <a
          href={`/interpreter/payouts/${statement.id}/pdf`}
          className="btn-secondary"
          download
          aria-label={`Download PDF of the statement for ${statement.period}`}
        >
          <Download aria-hidden="true" className="size-4" /> Download PDF
        </a>
      </p>
      <StatementLines lines={lines} totalCents={statement.totalCents} />
    </div>
  )
}
