import { CalendarClock } from 'lucide-react'
import { Form, Link } from 'react-router'
import { DataTable } from '~/components/admin/data-table'
import { EmptyState } from '~/components/admin/empty-state'
import { Pagination } from '~/components/admin/list-controls'
import { BookingStatusBadge } from '~/components/dispatch/booking-status-badge'
import { bookingStatuses, bookingStatusLabels } from '~/domain/bookings'
import { formatInZone } from '~/domain/format'
import { bookingTitle } from '~/domain/dispatch'
import { requireAdmin } from '~/auth/session.server'
import { seoMeta } from '~/lib/seo/meta'
import { bookingFiltersSchema } from '~/lib/validation/dispatch'
import { listBookings, unfilledSoon } from '~/models/dispatch/bookings.server'
import { UnfilledBookings } from '~/components/admin/unfilled-bookings'
import type { Route } from './+types/bookings'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Bookings',
      description: 'Every booking by status and date.',
      path: '/admin/bookings',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const filters = bookingFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const [page, unfilled] = await Promise.all([listBookings(filters), unfilledSoon()])
  return { filters, page, unfilled }
}

export default function BookingsPage({ loaderData }: Route.ComponentProps) {
  const { filters, page, unfilled } = loaderData
  const filtered = filters.status !== 'all' || filters.from || filters.to
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Bookings</h1>
          <p className="mt-1 text-slate-600">
            Every booking by status and date; open one to offer it to eligible interpreters.
          </p>
        </div>
        {/* For a client who asks by phone or e-mail. */}
        <Link to="/admin/bookings/new" className="btn-primary">
          New booking
        </Link>
      </div>
      <UnfilledBookings unfilled={unfilled} />
      <div className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <Form
          method="get"
          role="search"
          aria-label="Filter bookings"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <div>
            <label htmlFor="bookings-status" className="field-label">
              Status
            </label>
            <select
              id="bookings-status"
              name="status"
              defaultValue={filters.status}
              className="field-input"
            >
              <option value="all">All statuses</option>
              {bookingStatuses.map((status) => (
                <option key={status} value={status}>
                  {bookingStatusLabels[status]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="bookings-from" className="field-label">
              From
            </label>
            <input
              id="bookings-from"
              type="date"
              name="from"
              defaultValue={filters.from}
              className="field-input"
            />
          </div>
          <div>
            <label htmlFor="bookings-to" className="field-label">
              To
            </label>
            <input
              id="bookings-to"
              type="date"
              name="to"
              defaultValue={filters.to}
              className="field-input"
            />
          </div>
          <button type="submit" className="btn-primary">
            Filter
          </button>
        </Form>
      </div>
      {page.items.length === 0 ? (
        <EmptyState icon={CalendarClock} title="No Bookings Found">
          {filtered
            ? 'No booking matches these filters.'
            : 'Bookings clients make in their portal, and those staff enter for them, appear here.'}
        </EmptyState>
      ) : (
        <DataTable
          caption="Bookings"
          rows={page.items}
          rowKey={(booking) => booking.id}
          columns={[
            {
              header: 'Booking',
              rowHeader: true,
              cell: (booking) => (
                <>
                  <p className="font-medium text-slate-900">{bookingTitle(booking)}</p>
                  <p className="text-slate-600">{booking.organizationName}</p>
                </>
              ),
            },
            {
              header: 'Starts',
              className: 'text-slate-800',
              cell: (booking) => (
                <>
                  {formatInZone(booking.startsAt, booking.timeZone)}
                  {booking.urgent ? <span className="ml-1 font-medium">(urgent)</span> : null}
                </>
              ),
            },
            {
              header: 'Interpreter',
              className: 'text-slate-800',
              cell: (booking) =>
                booking.interpreterFirstName
                  ? `${booking.interpreterFirstName} ${booking.interpreterLastName}`
                  : 'None yet',
            },
            {
              header: 'Status',
              width: 'w-32',
              cell: (booking) => <BookingStatusBadge status={booking.status} />,
            },
            {
              header: 'Actions',
              width: 'w-32',
              cell: (booking) => (
                <Link
                  to={`/admin/bookings/${booking.id}`}
                  className="font-medium text-brand-700 underline hover:text-brand-800"
                  aria-label={`Open the booking ${bookingTitle(booking)} for ${booking.organizationName}`}
                >
                  Open
                </Link>
              ),
            },
          ]}
        />
      )}
      <Pagination page={filters.page} pageSize={page.pageSize} total={page.total} />
    </>
  )
}
