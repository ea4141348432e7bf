import type { InvoiceStatus } from '~/domain/billing'
import { toneClasses, type StatusTone } from '~/domain/statuses'
import { invoiceStatusText } from '~/lib/billing/invoice-display'

const tones: Record<InvoiceStatus, StatusTone> = {
  open: 'yellow',
  sent: 'blue',
  paid: 'green',
}

/** An invoice's status as a coloured label; an open one reads "Open (not final)". */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${toneClasses[tones[status]]}`}
    >
      {invoiceStatusText(status)}
    </span>
  )
}
