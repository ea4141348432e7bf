import { statusLabel, statusTone } from '~/domain/statuses'
import { ToneBadge } from '~/components/ui/tone-badge'

export function StatusBadge({ status }: { status: string }) {
  return <ToneBadge tone={statusTone(status)}>{statusLabel(status)}</ToneBadge>
}
