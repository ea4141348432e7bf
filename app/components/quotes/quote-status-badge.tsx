import { quoteDisplayLabels, type QuoteDisplayStatus } from '~/domain/quotes'
import { toneClasses, type StatusTone } from '~/domain/statuses'

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
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${toneClasses[tones[status]]}`}
    >
      {quoteDisplayLabels[status]}
    </span>
  )
}
