import type { InvoiceStatus } from '~/domain/billing'
import type { StatusTone } from '~/domain/statuses'
import { invoiceStatusText } from '~/lib/billing/invoice-display'
import { ToneBadge } from '~/components/ui/tone-badge'

const tones: Record<InvoiceStatus, StatusTone> = {
  open: 'yellow',
  sent: 'blue',
  paid: 'green',
}

/** An invoice's status as a coloured label; an open one reads "Open (not final)". */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <ToneBadge tone={tones[status]}>{invoiceStatusText(status)}</ToneBadge>
}
