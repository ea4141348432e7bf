import { statementStatusLabels, type StatementStatus } from '~/domain/billing'
import { toneClasses, type StatusTone } from '~/domain/statuses'

const tones: Record<StatementStatus, StatusTone> = {
  open: 'yellow',
  approved: 'blue',
  paid: 'green',
}

/** A pay statement's status: Open, Approved or Paid. */
export function StatementStatusBadge({ status }: { status: StatementStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${toneClasses[tones[status]]}`}
    >
      {statementStatusLabels[status]}
    </span>
  )
}
