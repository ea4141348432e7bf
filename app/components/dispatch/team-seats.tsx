import { Link } from 'react-router'
import type { BookingStatus } from '~/domain/bookings'
import { BookingStatusBadge } from './booking-status-badge'

export interface TeamSeatRow {
  id: string
  status: BookingStatus
  /** Who holds the seat, as the viewer may see them; null while nobody does. */
  interpreterName: string | null
}

/**
 * A team booking's seats (app/domain/booking-teams.ts), on the page of each: how far the team
 * is filled and who holds each seat, each seat linking to its own page (this one marked).
 */
export function TeamSeats({
  seats,
  currentId,
  progress,
  hrefOf,
}: {
  seats: readonly TeamSeatRow[]
  currentId: string
  progress: { filled: boolean; label: string }
  hrefOf: (seatId: string) => string
}) {
  return (
    <section
      aria-labelledby="team-heading"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id="team-heading" className="font-semibold text-slate-900">
        Team of {seats.length} interpreters
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {progress.label}.{' '}
        {progress.filled
          ? 'The team is filled.'
          : 'The booking is filled when every interpreter has accepted.'}
      </p>
      <ol className="mt-3 space-y-2">
        {seats.map((seat, index) => (
          <li key={seat.id} className="flex flex-wrap items-center gap-2 text-sm">
            <Link
              to={hrefOf(seat.id)}
              aria-current={seat.id === currentId ? 'page' : undefined}
              className="font-medium text-brand-700 underline aria-[current=page]:font-bold aria-[current=page]:text-slate-900 aria-[current=page]:no-underline"
            >
              Interpreter {index + 1}
              {seat.id === currentId ? ' (this page)' : ''}
            </Link>
            <BookingStatusBadge status={seat.status} />
            <span className="text-slate-700">{seat.interpreterName ?? 'Not yet confirmed'}</span>
          </li>
        ))}
      </ol>
    </section>
  )
}
