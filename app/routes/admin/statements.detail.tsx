import { Download } from 'lucide-react'
import { Form, Link, useNavigation } from 'react-router'
import { z } from 'zod'
import { StatementLines } from '~/components/billing/statement-lines'
import { StatementStatusBadge } from '~/components/billing/statement-status-badge'
import { periodLabel, statementStatusLabels } from '~/domain/billing'
import { requireAdmin } from '~/auth/session.server'
import { formatDateTime } from '~/domain/format'
import { requireUuidParam } from '~/lib/http/params'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { redirectWithToast } from '~/lib/toast.server'
import {
  approveStatement,
  markStatementPaid,
  statementForStaff,
  type StatementDecision,
} from '~/models/billing/statements.server'
import type { Route } from './+types/statements.detail'

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seoMeta(
    {
      title: 'Statement',
      description: 'One interpreter pay statement.',
      path: `/admin/statements/${params.statementId}`,
      noindex: true,
    },
    matches,
  )

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const found = await statementForStaff(requireUuidParam(params, 'statementId'))
  if (!found) throw notFound()
  const { statement, lines } = found
  return {
    statement: {
      ...statement,
      interpreter: `${statement.firstName} ${statement.lastName}`,
      period: periodLabel({ start: statement.periodStart, end: statement.periodEnd }),
    },
    lines,
  }
}

const decisionSchema = z.object({ intent: z.enum(['approve', 'paid']) })

const done = { approve: 'Statement approved.', paid: 'Marked paid; the interpreter was e-mailed.' }

/** What staff are told when the statement was not in the status the button expects. */
function refusal(intent: 'approve' | 'paid', decision: StatementDecision): string {
  if (decision.outcome !== 'wrong-status') return ''
  const status = statementStatusLabels[decision.status]
  if (intent === 'approve')
    return `This statement is no longer open (it is ${status}): someone approved it already.`
  return decision.status === 'open'
    ? 'Approve the statement before marking it paid.'
    : 'This statement was marked paid already.'
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const statementId = requireUuidParam(params, 'statementId')
  const parsed = decisionSchema.safeParse(Object.fromEntries(await request.formData()))
  const here = `/admin/statements/${statementId}`
  if (!parsed.success) return redirectWithToast(here, 'Choose Approve or Mark paid.', 'error')
  const { intent } = parsed.data
  const decision =
    intent === 'approve'
      ? await approveStatement(statementId, admin.actor)
      : await markStatementPaid(statementId, admin.actor)
  if (decision.outcome === 'missing') throw notFound()
  if (decision.outcome === 'done') return redirectWithToast(here, done[intent])
  return redirectWithToast(here, refusal(intent, decision), 'error')
}

/** One statement for staff: its lines and total, Approve (open) or Mark paid (approved). */
export default function StatementDetailPage({ loaderData }: Route.ComponentProps) {
  const { statement, lines } = loaderData
  const busy = useNavigation().state === 'submitting'
  return (
    <div className="max-w-5xl">
      <p className="text-sm">
        <Link to="/admin/statements" className="font-medium text-brand-700 underline">
          Back to Statements
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">
        {statement.interpreter}: {statement.period}
      </h1>
      <p className="mt-1 flex items-center gap-2 text-slate-700">
        Status: <StatementStatusBadge status={statement.status} />
      </p>
      {statement.approvedAt ? (
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {statement.approvedAt ? (
            <div>
              <dt className="font-medium text-slate-600">Approved</dt>
              <dd className="text-slate-900">
                {formatDateTime(statement.approvedAt)}
                {statement.approvedByName ? ` by ${statement.approvedByName}` : ''}
              </dd>
            </div>
          ) : null}
          {statement.paidAt ? (
            <div>
              <dt className="font-medium text-slate-600">Paid</dt>
              <dd className="text-slate-900">
                {formatDateTime(statement.paidAt)}
                {statement.paidByName ? ` by ${statement.paidByName}` : ''}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {statement.status === 'open' ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="approve" />
            <button type="submit" className="btn-primary" disabled={busy}>
              Approve
            </button>
          </Form>
        ) : null}
        {statement.status === 'approved' ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="paid" />
            <button type="submit" className="btn-primary" disabled={busy}>
              Mark paid
            </button>
          </Form>
        ) : null}
        <a
          href={`/admin/statements/${statement.id}/pdf`}
          className="btn-secondary"
          download
          aria-label={`Download PDF of the statement of ${statement.interpreter} for ${statement.period}`}
        >
          <Download aria-hidden="true" className="size-4" /> Download PDF
        </a>
      </div>
      {statement.status === 'open' ? (
        <p className="mt-2 text-sm text-slate-600">
          Once approved, the statement takes no more lines: work approved later goes on the
          interpreter’s next open statement.
        </p>
      ) : null}
      <StatementLines lines={lines} totalCents={statement.totalCents} />
    </div>
  )
}
