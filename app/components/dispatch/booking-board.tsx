import { AlertTriangle, CalendarClock, ChevronLeft, ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { EmptyState } from '~/components/admin/empty-state'
import { Pagination } from '~/components/admin/list-controls'
import { BookingStatusBadge } from '~/components/dispatch/booking-status-badge'
import { bookingStatuses, bookingStatusLabels } from '~/domain/bookings'
import { bookingTitle } from '~/domain/dispatch'
import { hourLabel } from '~/domain/dispatch-board'
import { formatCalendarDay, formatCount, formatInZone, formatOfficeTime } from '~/domain/format'
import { modalities } from '~/domain/interpreter-profile'
import { officeTimeZone } from '~/domain/office'
import type { BoardFilters } from '~/lib/validation/dispatch'
import type { bookingBoard } from '~/models/dispatch/board.server'

type Board = Awaited<ReturnType<typeof bookingBoard>>
type Day = Board['days'][number]
type Row = Day['hours'][number]['bookings'][number]

/** The board's address for these filters with some changed; empty filters stay out of it. */
export function boardHref(filters: BoardFilters, change: Partial<BoardFilters> = {}): string {
  const next = { ...filters, ...change }
  const params = new URLSearchParams({ view: next.view, date: next.date })
  if (next.status !== 'all') params.set('status', next.status)
  if (next.language) params.set('language', next.language)
  if (next.modality !== 'all') params.set('modality', next.modality)
  if (next.organization) params.set('organization', next.organization)
  if (next.interpreter) params.set('interpreter', next.interpreter)
  return `/admin/bookings?${params}`
}

/**
 * The day and week views of the staff Bookings screen (docs/product.md#bookings): the
 * period with its previous and next links, the filters (a plain GET form), the counts per
 * status and the bookings by day and hour, those at risk first and marked in words.
 */
export function BookingBoard({
  board,
  filters,
  today,
}: {
  board: Board
  filters: BoardFilters
  today: string
}) {
  const { period } = board
  const unit = period.view === 'day' ? 'day' : 'week'
  const title =
    period.view === 'day'
      ? formatCalendarDay(period.firstDay)
      : `Week of ${formatCalendarDay(period.firstDay)}`
  const filtered =
    filters.status !== 'all' ||
    filters.language !== '' ||
    filters.modality !== 'all' ||
    filters.organization !== '' ||
    filters.interpreter !== ''
  return (
    <>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900" id="board-heading">
          {title}
          {period.view === 'day' && period.firstDay === today ? ' (today)' : ''}
        </h2>
        <nav aria-label={`Other ${unit}s`} className="flex flex-wrap items-center gap-2">
          <Link
            to={boardHref(filters, { date: period.previous })}
            className="btn-secondary"
            aria-label={`Previous ${unit}: ${formatCalendarDay(period.previous)}`}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous {unit}
          </Link>
          <Link to={boardHref(filters, { date: today })} className="btn-secondary">
            {period.view === 'day' ? 'Today' : 'This week'}
          </Link>
          <Link
            to={boardHref(filters, { date: period.next })}
            className="btn-secondary"
            aria-label={`Next ${unit}: ${formatCalendarDay(period.next)}`}
          >
            Next {unit}
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        </nav>
      </div>
      <p className="mt-1 text-sm text-slate-600">Office time ({officeTimeZone()}).</p>
      <BoardFiltersForm board={board} filters={filters} />
      <StatusCounts board={board} filters={filters} />
      {board.total === 0 ? (
        <EmptyState icon={CalendarClock} title="No Bookings Found">
          {filtered
            ? `No booking this ${unit} matches these filters.`
            : `No booking starts this ${unit}.`}
        </EmptyState>
      ) : (
        <div className="mt-4 space-y-6">
          {board.days
            .filter((day) => day.hours.length > 0)
            .map((day) =>
              period.view === 'day' ? (
                <BoardHours key={day.date} day={day} headingLevel={3} />
              ) : (
                <section
                  key={day.date}
                  aria-labelledby={`day-${day.date}`}
                  className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
                >
                  <h3 id={`day-${day.date}`} className="text-lg font-semibold text-slate-900">
                    {formatCalendarDay(day.date)}
                    {day.date === today ? ' (today)' : ''}{' '}
                    <span className="font-normal text-slate-600">
                      ({formatCount(day.count, 'booking', 'bookings')})
                    </span>
                  </h3>
                  <BoardHours day={day} headingLevel={4} />
                </section>
              ),
            )}
        </div>
      )}
      <Pagination page={filters.page} pageSize={board.pageSize} total={board.total} />
    </>
  )
}

function BoardFiltersForm({ board, filters }: { board: Board; filters: BoardFilters }) {
  const { choices } = board
  return (
    <div className="mt-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      {/* Keyed by the address: a link that changes the filters (a count, the next day)
          shows them in the form, which the browser would otherwise keep as first drawn. */}
      <Form
        key={boardHref(filters)}
        method="get"
        role="search"
        aria-label="Filter the board"
        className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:items-end"
      >
        <input type="hidden" name="view" value={filters.view} />
        <div>
          <label htmlFor="board-date" className="field-label">
            {filters.view === 'day' ? 'Day' : 'Week of'}
          </label>
          <input
            id="board-date"
            type="date"
            name="date"
            defaultValue={filters.date}
            className="field-input"
          />
        </div>
        <FilterSelect id="board-status" name="status" label="Status" value={filters.status}>
          <option value="all">All statuses</option>
          {bookingStatuses.map((status) => (
            <option key={status} value={status}>
              {bookingStatusLabels[status]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="board-language" name="language" label="Language" value={filters.language}>
          <option value="">All languages</option>
          {withCurrent(choices.languages, filters.language).map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="board-modality" name="modality" label="Modality" value={filters.modality}>
          <option value="all">All modalities</option>
          {modalities.map((modality) => (
            <option key={modality.value} value={modality.value}>
              {modality.label}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id="board-organization"
          name="organization"
          label="Organization"
          value={filters.organization}
        >
          <option value="">All organizations</option>
          {choices.organizations.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id="board-interpreter"
          name="interpreter"
          label="Interpreter"
          value={filters.interpreter}
        >
          <option value="">All interpreters</option>
          <option value="none">No interpreter yet</option>
          {choices.interpreters.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </FilterSelect>
        <div className="col-span-2 flex flex-wrap items-center gap-3 lg:col-span-1">
          <button type="submit" className="btn-primary">
            Show
          </button>
          <Link
            to={`/admin/bookings?view=${filters.view}&date=${filters.date}`}
            className="font-medium text-brand-700 underline hover:text-brand-800"
          >
            Clear filters
          </Link>
        </div>
      </Form>
    </div>
  )
}

/** A language typed into the address that no booking of the period has stays chosen. */
function withCurrent(choices: { value: string; label: string }[], current: string) {
  if (!current || choices.some((choice) => choice.value.toLowerCase() === current.toLowerCase()))
    return choices
  return [...choices, { value: current, label: current }]
}

function FilterSelect({
  id,
  name,
  label,
  value,
  children,
}: {
  id: string
  name: string
  label: string
  value: string
  children: ReactNode
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className="field-input">
        {children}
      </select>
    </div>
  )
}

/**
 * How many bookings of each status the period has under the other filters: each a link
 * that chooses that status, so a count is always the length of the list it opens.
 */
function StatusCounts({ board, filters }: { board: Board; filters: BoardFilters }) {
  const item = (status: BoardFilters['status'], label: string, count: number) => {
    const current = filters.status === status
    return (
      <li key={status}>
        <Link
          to={boardHref(filters, { status })}
          aria-current={current ? 'true' : undefined}
          className={`inline-flex items-center gap-1 rounded-md px-3 py-1.5 text-sm ring-1 ${
            current
              ? 'bg-brand-700 font-semibold text-white ring-brand-700'
              : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
          }`}
        >
          {label} <span className="font-semibold">{count}</span>
        </Link>
      </li>
    )
  }
  return (
    <section aria-labelledby="board-counts" className="mt-4">
      <h3 id="board-counts" className="sr-only">
        Bookings by status
      </h3>
      <ul className="flex flex-wrap gap-2">
        {item('all', 'All', board.matchingTotal)}
        {bookingStatuses.map((status) =>
          item(status, bookingStatusLabels[status], board.counts[status]),
        )}
      </ul>
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        {formatCount(board.total, 'booking', 'bookings')} listed
        {board.withoutInterpreter > 0 ? `, ${board.withoutInterpreter} without an interpreter` : ''}
        {board.atRisk > 0 ? `, ${board.atRisk} at risk` : ''}.
      </p>
    </section>
  )
}

function BoardHours({ day, headingLevel }: { day: Day; headingLevel: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  return (
    <div className="space-y-4">
      {day.hours.map((hour) => (
        <section
          key={hour.hour}
          aria-labelledby={`hour-${day.date}-${hour.hour}`}
          className={
            headingLevel === 3 ? 'rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200' : 'mt-3'
          }
        >
          <Heading
            id={`hour-${day.date}-${hour.hour}`}
            className="text-base font-semibold text-slate-900"
          >
            {hourLabel(hour.hour)}{' '}
            <span className="font-normal text-slate-600">
              ({formatCount(hour.count, 'booking', 'bookings')})
            </span>
          </Heading>
          <ul className="mt-2 divide-y divide-slate-100">
            {hour.bookings.map((booking) => (
              <BoardRow key={booking.id} booking={booking} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

function BoardRow({ booking }: { booking: Row }) {
  const title = bookingTitle(booking)
  return (
    <li
      className={`-mx-2 flex flex-col gap-2 border-l-4 px-2 py-3 sm:flex-row sm:items-center sm:gap-4 ${
        booking.atRisk ? 'rounded-md border-amber-500 bg-amber-50' : 'border-transparent'
      }`}
    >
      <p className="w-20 shrink-0 font-semibold text-slate-900 tabular-nums">
        {formatOfficeTime(booking.startsAt)}
      </p>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          <Link
            to={`/admin/bookings/${booking.id}`}
            className="text-brand-700 underline hover:text-brand-800"
            aria-label={`Open the booking ${title} for ${booking.organizationName}`}
          >
            {title}
          </Link>
        </p>
        <p className="text-sm text-slate-600">
          {booking.organizationName} · {formatInZone(booking.startsAt, booking.timeZone)} ·{' '}
          {booking.durationMinutes} min
        </p>
      </div>
      <p className="text-sm text-slate-800 sm:w-44">
        {booking.interpreterFirstName
          ? `${booking.interpreterFirstName} ${booking.interpreterLastName}`
          : 'No interpreter yet'}
      </p>
      <div className="flex flex-wrap items-center gap-2 sm:w-48 sm:justify-end">
        {booking.atRisk ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-amber-400 ring-inset">
            <AlertTriangle aria-hidden="true" className="size-3.5" />
            At risk
          </span>
        ) : null}
        {booking.urgent ? <span className="text-xs font-medium text-slate-800">Urgent</span> : null}
        <BookingStatusBadge status={booking.status} />
      </div>
    </li>
  )
}
