import { CalendarClock } from 'lucide-react'
import { Link } from 'react-router'
import { EmptyState } from '~/components/admin/empty-state'
import {
  FilterSelect,
  ListCount,
  ListFilterForm,
  Pagination,
} from '~/components/admin/list-controls'
import { BookingTimeline } from '~/components/client/booking-timeline'
import {
  bookingPeriodLabels,
  bookingPeriods,
  bookingStatuses,
  bookingStatusLabels,
  settingLabel,
  type BookingStatus,
} from '~/domain/bookings'
import { formatInZone } from '~/domain/format'
import { modalityLabel } from '~/domain/interpreter-profile'
import { requireClient } from '~/auth/client.server'
import { choiceOrAll, parseListFilters } from '~/lib/admin/list-filters'
import { seoMeta } from '~/lib/seo/meta'
import { listClientBookings } from '~/models/bookings.server'
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
  const params = new URL(request.url).searchParams
  const filters = {
    ...parseListFilters(params, {
      statuses: bookingStatuses,
      sorts: ['startsAt'] as const,
      defaultSort: 'startsAt',
    }),
    when: choiceOrAll(params.get('when'), bookingPeriods),
  }
  const page = await listClientBookings(client, filters)
  return {
    isManager: client.client.role === 'manager',
    filters,
    total: page.total,
    pageSize: page.pageSize,
    bookings: page.items.map(
      ({ booking, requesterName, interpreterFirstName, offers, invoiced, awaitingNewTime }) => ({
        id: booking.id,
        title: `${booking.language}, ${modalityLabel(booking.modality)}, ${settingLabel(booking.setting)}`,
        when: formatInZone(booking.startsAt, booking.timeZone),
        urgent: booking.urgent && ['requested', 'offered'].includes(booking.status),
        // A team booking is listed once per interpreter (app/domain/booking-teams.ts).
        inTeam: booking.teamId !== null,
        requesterName,
        timeline: {
          status: booking.status,
          offers,
          interpreterFirstName,
          invoiced,
          awaitingNewTime,
        },
      }),
    ),
  }
}

/** The client's bookings, 25 a page, searched and filtered, each with its timeline. */
export default function ClientBookings({ loaderData }: Route.ComponentProps) {
  const { bookings, isManager, filters, total, pageSize } = loaderData
  const filtered = filters.q !== '' || filters.status !== 'all' || filters.when !== 'all'
  return (
    <div className="mx-auto max-w-4xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Bookings</h1>
        <Link to="/client/book" className="btn-primary max-sm:min-h-11">
          Book an interpreter
        </Link>
      </div>
      <p className="mt-1 text-slate-600">
        {isManager ? 'Every booking of your organization.' : 'The bookings you made.'}
      </p>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <ListFilterForm
          q={filters.q}
          status={filters.status}
          statuses={bookingStatuses}
          labelOf={(status) => bookingStatusLabels[status as BookingStatus]}
          searchLabel={
            isManager
              ? 'Search by language, place, contact or who booked'
              : 'Search by language, place or contact'
          }
        >
          <FilterSelect
            id="bookings-when"
            name="when"
            label="When"
            value={filters.when}
            options={[
              { value: 'all', label: 'Any time' },
              ...bookingPeriods.map((value) => ({ value, label: bookingPeriodLabels[value] })),
            ]}
          />
        </ListFilterForm>
      </div>
      <ListCount total={total} one="booking" many="bookings" />
      {bookings.length === 0 ? (
        filtered ? (
          <EmptyState icon={CalendarClock} title="No bookings match">
            No booking matches this search or these filters.{' '}
            <Link
              to="/client/bookings"
              className="inline-flex min-h-11 items-center text-brand-700 underline sm:min-h-0"
            >
              Show all bookings
            </Link>
          </EmptyState>
        ) : (
          <EmptyState title="No bookings yet">Book an interpreter and follow it here.</EmptyState>
        )
      ) : (
        <ul aria-label="Bookings" className="mt-3 space-y-4">
          {bookings.map((booking) => (
            <li key={booking.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-center justify-between gap-x-2">
                <h2 className="font-semibold text-slate-900">
                  {/* A fingertip's height on a phone: the link is the row's one way in. */}
                  <Link
                    to={`/client/bookings/${booking.id}`}
                    className="inline-flex min-h-11 items-center text-brand-700 underline sm:min-h-0"
                  >
                    {booking.title}
                  </Link>
                </h2>
                {booking.urgent ? (
                  <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-medium text-red-900 ring-1 ring-red-300 ring-inset">
                    Urgent
                  </span>
                ) : null}
              </div>
              <p className="text-sm text-slate-700">
                {booking.when}
                {booking.inTeam ? ' · one seat of a team of two interpreters' : ''}
                {isManager && booking.requesterName ? ` · booked by ${booking.requesterName}` : ''}
              </p>
              <div className="mt-2">
                <BookingTimeline booking={booking.timeline} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={filters.page} pageSize={pageSize} total={total} />
    </div>
  )
}
