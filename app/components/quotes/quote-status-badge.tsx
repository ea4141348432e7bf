import { quoteDisplayLabels, type QuoteDisplayStatus } from '~/domain/quotes'
import type { StatusTone } from '~/domain/statuses'
import { ToneBadge } from '~/components/ui/tone-badge'

const tones: Record<QuoteDisplayStatus, StatusTone> = {
  requested: 'yellow',
  priced: 'blue',
  accepted: 'green',
  delivered: 'green',
  declined: 'red',
  expired: 'grey',
}

/** A quote's status as a coloured label; a priced quote past its date shows Price expired. */
export function QuoteStatusBadge({ status }: { status: QuoteDisplayStatus }) {
  return <ToneBadge tone={tones[status]}>{quoteDisplayLabels[status]}</ToneBadge>
}
