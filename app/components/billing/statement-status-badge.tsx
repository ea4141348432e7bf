import { statementStatusLabels, type StatementStatus } from '~/domain/billing'
import type { StatusTone } from '~/domain/statuses'
import { ToneBadge } from '~/components/ui/tone-badge'

const tones: Record<StatementStatus, StatusTone> = {
  open: 'yellow',
  approved: 'blue',
  paid: 'green',
}

/** A pay statement's status: Open, Approved or Paid. */
export function StatementStatusBadge({ status }: { status: StatementStatus }) {
  return <ToneBadge tone={tones[status]}>{statementStatusLabels[status]}</ToneBadge>
}
