import { bookingStatusLabels, type BookingStatus } from '~/domain/bookings'
import type { StatusTone } from '~/domain/statuses'
import { ToneBadge } from '~/components/ui/tone-badge'

const tones: Record<BookingStatus, StatusTone> = {
  requested: 'yellow',
  offered: 'blue',
  confirmed: 'green',
  completed: 'green',
  cancelled: 'grey',
  unfilled: 'red',
}

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <ToneBadge tone={tones[status]}>{bookingStatusLabels[status]}</ToneBadge>
}
