import { AlertTriangle } from 'lucide-react'
import { Link } from 'react-router'
import { formatInZone } from '~/domain/format'
import { bookingTitle } from '~/domain/dispatch'
import type { unfilledSoon } from '~/models/dispatch/bookings.server'

/**
 * Bookings still without an interpreter close to their start (24 hours; urgent: 2 hours),
 * on the dashboard and the Bookings screen; nothing when there are none.
 */
export function UnfilledBookings({
  unfilled,
}: {
  unfilled: Awaited<ReturnType<typeof unfilledSoon>>
}) {
  if (unfilled.length === 0) return null
  return (
    <section
      aria-labelledby="unfilled-heading"
      className="mt-6 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300"
    >
      <h2 id="unfilled-heading" className="flex items-center gap-2 font-semibold text-amber-950">
        <AlertTriangle aria-hidden="true" className="size-5" />
        Unfilled and starting soon ({unfilled.length})
      </h2>
      <ul className="mt-2 space-y-1 text-sm text-amber-950">
        {unfilled.map((booking) => (
          <li key={booking.id}>
            <Link to={`/admin/bookings/${booking.id}`} className="font-medium underline">
              {bookingTitle(booking)}
            </Link>{' '}
            for {booking.organizationName}, {formatInZone(booking.startsAt, booking.timeZone)}
            {booking.urgent ? ' (urgent)' : ''}
          </li>
        ))}
      </ul>
    </section>
  )
}
