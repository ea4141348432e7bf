import { Link } from 'react-router'
import { EmptyState } from '~/components/admin/empty-state'
import { BookingTimeline } from '~/components/client/booking-timeline'
import { settingLabel } from '~/domain/bookings'
import { formatInZone } from '~/domain/format'
import { modalityLabel } from '~/domain/interpreter-profile'
import { requireClient } from '~/auth/client.server'
import { seoMeta } from '~/lib/seo/meta'
import { clientBookings } from '~/models/bookings.server'
import type { Route } from './+types/bookings'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Bookings',
      description: 'Your interpreter bookings and where each stands.',
      path: '/client/bookings',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const client = await requireClient(request)
  const rows = await clientBookings(client)
  return {
    isManager: client.client.role === 'manager',
    bookings: rows.map(({ booking, requesterName, interpreterFirstName, offers, invoiced }) => ({
      id: booking.id,
      title: `${booking.language}, ${modalityLabel(booking.modality)}, ${settingLabel(booking.setting)}`,
      when: formatInZone(booking.startsAt, booking.timeZone),
      urgent: booking.urgent && ['requested', 'offered'].includes(booking.status),
      requesterName,
      timeline: { status: booking.status, offers, interpreterFirstName, invoiced },
    })),
  }
}

/** Every booking the client may see, newest start first, each with its timeline. */
export default function ClientBookings({ loaderData }: Route.ComponentProps) {
  const { bookings, isManager } = loaderData
  return (
    <div className="mx-auto max-w-4xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Bookings</h1>
        <Link to="/client/book" className="btn-primary">
          Book an interpreter
        </Link>
      </div>
      <p className="mt-1 text-slate-600">
        {isManager ? 'Every booking of your organization.' : 'The bookings you made.'}
      </p>
      {bookings.length === 0 ? (
        <EmptyState title="No bookings yet">Book an interpreter and follow it here.</EmptyState>
      ) : (
        <ul className="mt-6 space-y-4">
          {bookings.map((booking) => (
            <li key={booking.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="font-semibold text-slate-900">
                  <Link to={`/client/bookings/${booking.id}`} className="text-brand-700 underline">
                    {booking.title}
                  </Link>
                </h2>
                {booking.urgent ? (
                  <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-medium text-red-900 ring-1 ring-red-300 ring-inset">
                    Urgent
                  </span>
                ) : null}
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {booking.when}
                {isManager && booking.requesterName ? ` · booked by ${booking.requesterName}` : ''}
              </p>
              <div className="mt-2">
                <BookingTimeline booking={booking.timeline} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
