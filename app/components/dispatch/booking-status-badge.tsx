import { bookingStatusLabels, type BookingStatus } from '~/domain/bookings'
import { toneClasses, type StatusTone } from '~/domain/statuses'

const tones: Record<BookingStatus, StatusTone> = {
  requested: 'yellow',
  offered: 'blue',
  confirmed: 'green',
  completed: 'green',
  cancelled: 'grey',
  unfilled: 'red',
}

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${toneClasses[tones[status]]}`}
    >
      {bookingStatusLabels[status]}
    </span>
  )
}
