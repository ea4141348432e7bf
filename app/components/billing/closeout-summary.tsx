import { closeoutStatusLabels, outcomeLabel, type CloseoutStatus } from '~/domain/billing'
import { formatCents, parsePriceToCents } from '~/domain/money'
import type { StatusTone } from '~/domain/statuses'
import { ToneBadge } from '~/components/ui/tone-badge'

const statusTones: Record<CloseoutStatus | 'overdue' | 'due', StatusTone> = {
  submitted: 'yellow',
  returned: 'red',
  approved: 'green',
  overdue: 'red',
  due: 'blue',
}

const extraLabels = { overdue: 'Overdue', due: 'Due' }

/** A closeout's state as a coloured label: Waiting for approval, Returned, Approved, Overdue. */
export function CloseoutBadge({ status }: { status: CloseoutStatus | 'overdue' | 'due' }) {
  const label =
    status === 'overdue' || status === 'due' ? extraLabels[status] : closeoutStatusLabels[status]
  return <ToneBadge tone={statusTones[status]}>{label}</ToneBadge>
}

/** What the interpreter needs to know about a closeout already sent. */
export function CloseoutStatusNote({
  status,
  returnReason,
}: {
  status: CloseoutStatus | null
  returnReason: string | null
}) {
  if (!status) return null
  const text = {
    submitted: 'Sent; our team reviews it and approves it or returns it to you.',
    approved: 'It is on your pay statement.',
    returned: 'Our team returned it for a correction: correct it below and send it again.',
  }[status]
  return (
    <div className="mt-4 rounded-md bg-slate-50 p-4 ring-1 ring-slate-200">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
        <CloseoutBadge status={status} /> {text}
      </p>
      {status === 'returned' && returnReason ? (
        <p className="mt-2 text-sm break-words text-slate-900">
          <strong>What to correct:</strong> {returnReason}
        </p>
      ) : null}
    </div>
  )
}

export interface SummaryExpense {
  id: string
  description: string
  /** Dollars and cents as typed ("12.50"). */
  amount: string
  receiptName: string
}

/**
 * A sent closeout, read-only: outcome, actual times, mileage, travel time, expenses with
 * receipts, note.
 */
export function CloseoutSummary({
  closeout,
  expenses,
  receiptHref,
}: {
  closeout: {
    outcome: string
    start: string
    end: string
    mileage: string
    travelMinutes: number
    note: string | null
  }
  expenses: readonly SummaryExpense[]
  receiptHref: (expense: SummaryExpense) => string
}) {
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-medium text-slate-600">Outcome</dt>
        <dd className="text-slate-900">{outcomeLabel(closeout.outcome)}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-600">Actual times</dt>
        <dd className="text-slate-900">
          {closeout.start} to {closeout.end}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-600">Mileage</dt>
        <dd className="text-slate-900">{closeout.mileage} miles</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-600">Travel time</dt>
        <dd className="text-slate-900">{closeout.travelMinutes} minutes</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="font-medium text-slate-600">Expenses</dt>
        <dd className="text-slate-900">
          {expenses.length === 0 ? (
            'None'
          ) : (
            <ul className="mt-1 space-y-1">
              {expenses.map((expense) => (
                <li key={expense.id} className="break-words">
                  {expense.description}: {formatCents(parsePriceToCents(expense.amount) ?? 0)} (
                  <a
                    href={receiptHref(expense)}
                    className="text-brand-700 underline"
                    aria-label={`Receipt of ${expense.description}: ${expense.receiptName}`}
                  >
                    receipt
                  </a>
                  )
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="font-medium text-slate-600">Note</dt>
        <dd className="break-words whitespace-pre-line text-slate-900">
          {closeout.note || 'None'}
        </dd>
      </div>
    </dl>
  )
}
