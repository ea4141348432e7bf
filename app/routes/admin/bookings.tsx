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
import { listBookings, unfilledSoon } from '~/models/dispatch/bookings.server'
import { UnfilledBookings } from '~/components/admin/unfilled-bookings'
import { BookingBoard, boardHref } from '~/components/dispatch/booking-board'
import { boardFiltersSchema, bookingFiltersSchema } from '~/lib/validation/dispatch'
import { calendarDate } from '~/domain/onboarding'
import { now } from '~/platform/clock.server'
import { bookingBoard } from '~/models/dispatch/board.server'
import type { Route } from './+types/bookings'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Bookings',
      description: 'The bookings of a day or a week by hour, or every booking by status and date.',
      path: '/admin/bookings',
      noindex: true,
    },
    matches,
  )

/**
 * The screen opens on today's board. `view=all` is the list of every booking; so is an
 * address with the list's own filters and no view (the list's addresses from before the
 * board, in e-mails and bookmarks).
 */
function isListAddress(searchParams: URLSearchParams): boolean {
  const view = searchParams.get('view')
  if (view) return view === 'all'
  return ['status', 'from', 'to', 'page'].some((name) => searchParams.has(name))
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const searchParams = new URL(request.url).searchParams
  const today = calendarDate(now())
  if (isListAddress(searchParams)) {
    const filters = bookingFiltersSchema.parse(Object.fromEntries(searchParams))
    const [page, unfilled] = await Promise.all([listBookings(filters), unfilledSoon()])
    return { view: 'all' as const, today, filters, page, unfilled }
  }
  const filters = boardFiltersSchema(today).parse(Object.fromEntries(searchParams))
  const [board, unfilled] = await Promise.all([bookingBoard(filters), unfilledSoon()])
  return { view: 'board' as const, today, filters, board, unfilled }
}

export default function BookingsPage({ loaderData }: Route.ComponentProps) {
  const { today, unfilled } = loaderData
  const current = loaderData.view === 'all' ? 'all' : loaderData.filters.view
  const views = [
    { id: 'day', label: 'Day', to: `/admin/bookings?view=day&date=${today}` },
    { id: 'week', label: 'Week', to: `/admin/bookings?view=week&date=${today}` },
    { id: 'all', label: 'All bookings', to: '/admin/bookings?view=all' },
  ]
  // From a day to its week and back, the date and filters stay.
  if (loaderData.view === 'board') {
    views[0]!.to = boardHref(loaderData.filters, { view: 'day' })
    views[1]!.to = boardHref(loaderData.filters, { view: 'week' })
  }
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Bookings</h1>
          <p className="mt-1 text-slate-600">
            The bookings of a day or a week by hour, or every booking; open one to offer it to
            eligible interpreters.
          </p>
        </div>
        {/* For a client who asks by phone or e-mail. */}
        <Link to="/admin/bookings/new" className="btn-primary">
          New booking
        </Link>
      </div>
      <UnfilledBookings unfilled={unfilled} />
      <nav aria-label="Bookings views" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {views.map((view) => (
            <li key={view.id}>
              <Link
                to={view.to}
                aria-current={current === view.id ? 'page' : undefined}
                className={`inline-flex rounded-md px-4 py-2 text-sm font-medium ring-1 ${
                  current === view.id
                    ? 'bg-brand-700 text-white ring-brand-700'
                    : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
                }`}
              >
                {view.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {loaderData.view === 'board' ? (
        <BookingBoard board={loaderData.board} filters={loaderData.filters} today={today} />
      ) : (
        <BookingList filters={loaderData.filters} page={loaderData.page} />
      )}
    </>
  )
}

type ListData = Extract<Route.ComponentProps['loaderData'], { view: 'all' }>

/** Every booking, at risk first, then soonest first, 25 a page. */
function BookingList({ filters, page }: Pick<ListData, 'filters' | 'page'>) {
  const filtered = filters.status !== 'all' || filters.from || filters.to
  return (
    <>
      <div className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <Form
          method="get"
          role="search"
          aria-label="Filter bookings"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <input type="hidden" name="view" value="all" />
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
