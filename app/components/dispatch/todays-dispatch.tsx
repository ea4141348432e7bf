import { CalendarClock } from 'lucide-react'
import { Link } from 'react-router'
import { formatCalendarDay } from '~/domain/format'

/**
 * Today's dispatch state on the admin dashboard: the bookings starting today (office day)
 * still without an interpreter, at risk, offered and confirmed, with the way to today's board
 * (docs/product.md#bookings).
 */
export function TodaysDispatch({
  date,
  withoutInterpreter,
  atRisk,
  offered,
  confirmed,
}: {
  date: string
  withoutInterpreter: number
  atRisk: number
  offered: number
  confirmed: number
}) {
  const figures = [
    { label: 'Without interpreter', value: withoutInterpreter },
    { label: 'At risk', value: atRisk },
    { label: 'Offered', value: offered },
    { label: 'Confirmed', value: confirmed },
  ]
  return (
    <section
      aria-labelledby="todays-dispatch-heading"
      className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="todays-dispatch-heading"
          className="flex items-center gap-2 text-lg font-semibold text-slate-900"
        >
          <CalendarClock aria-hidden="true" className="size-5 text-brand-700" />
          Today’s dispatch
        </h2>
        <p className="text-sm text-slate-600">{formatCalendarDay(date)}</p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-md bg-slate-50 p-3">
            <dt className="text-sm font-medium text-slate-600">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3">
        <Link
          to={`/admin/bookings?view=day&date=${date}`}
          className="font-medium text-brand-700 underline hover:text-brand-800"
        >
          Open today’s bookings board
        </Link>
      </p>
    </section>
  )
}
