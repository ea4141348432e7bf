import { AlertTriangle, Clock } from 'lucide-react'
import { Link } from 'react-router'
import { formatBusinessDuration } from '~/domain/business-hours'
import { formatCalendarDate } from '~/domain/format'

interface LeadWeek {
  weekOf: string
  received: number
  medianResponseMs: number | null
  breaches: number
}

/** "11/23": a week's Monday on the chart's axis. */
function shortDay(date: string): string {
  return formatCalendarDate(date).split('/').slice(0, 2).join('/')
}

// Small units, so that the text stays readable where the chart is scaled down to a phone.
const WIDTH = 360
const HEIGHT = 150
const LEFT = 34
const BOTTOM = 20
const TOP = 8

/** Bars for one number per week, with a scale on the left; `format` writes the scale's top. */
function WeekBars({
  weeks,
  values,
  secondary,
  label,
  format,
  barClass,
  secondaryClass,
  minimum = 1,
}: {
  weeks: LeadWeek[]
  values: number[]
  /** A second bar beside each (breaches beside the received requests). */
  secondary?: number[]
  label: string
  format: (value: number) => string
  barClass: string
  secondaryClass?: string
  /** The scale's top when every value is below it. */
  minimum?: number
}) {
  const max = Math.max(minimum, ...values, ...(secondary ?? []))
  const plotHeight = HEIGHT - TOP - BOTTOM
  const slot = (WIDTH - LEFT) / weeks.length
  const barWidth = secondary ? slot * 0.35 : slot * 0.6
  const y = (value: number) => TOP + plotHeight - (value / max) * plotHeight
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      className="h-auto w-full"
      preserveAspectRatio="xMidYMid meet"
    >
      <line x1={LEFT} x2={WIDTH} y1={y(0)} y2={y(0)} className="stroke-slate-300" />
      <line x1={LEFT} x2={WIDTH} y1={y(max)} y2={y(max)} className="stroke-slate-200" />
      <text x={LEFT - 4} y={y(max) + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
        {format(max)}
      </text>
      <text x={LEFT - 4} y={y(0)} textAnchor="end" className="fill-slate-600 text-[11px]">
        0
      </text>
      {weeks.map((week, index) => {
        const x = LEFT + index * slot + (slot - barWidth * (secondary ? 2 : 1)) / 2
        const value = values[index] ?? 0
        const second = secondary?.[index] ?? 0
        return (
          <g key={week.weekOf}>
            <rect
              x={x}
              y={y(value)}
              width={barWidth}
              height={y(0) - y(value)}
              className={barClass}
            />
            {secondary ? (
              <rect
                x={x + barWidth}
                y={y(second)}
                width={barWidth}
                height={y(0) - y(second)}
                className={secondaryClass}
              />
            ) : null}
            {(weeks.length - 1 - index) % 3 ? null : (
              <text
                x={index === weeks.length - 1 ? WIDTH : LEFT + index * slot + slot / 2}
                y={HEIGHT - 6}
                textAnchor={index === weeks.length - 1 ? 'end' : 'middle'}
                className="fill-slate-600 text-[11px]"
              >
                {shortDay(week.weekOf)}
              </text>
            )}
          </g>
        )
      })}
    </svg>
  )
}

const hours = (ms: number) => `${Math.round((ms / 3_600_000) * 10) / 10}h`

/**
 * The dashboard's lead section: the requests waiting At risk and Breached now, and per week
 * (the last twelve) the requests received, their breaches and the median first response in
 * business hours, as charts and as the same numbers in a table.
 */
export function LeadOverview({
  atRisk,
  breached,
  weeks,
}: {
  atRisk: number
  breached: number
  weeks: LeadWeek[]
}) {
  const received = weeks.map((week) => week.received)
  const breaches = weeks.map((week) => week.breaches)
  const medians = weeks.map((week) => week.medianResponseMs ?? 0)
  const first = weeks[0]?.weekOf ?? ''
  const summary = (what: string, values: number[], format: (value: number) => string) =>
    `${what}, weekly since ${first}: ${values.map(format).join(', ')}`
  return (
    <section
      aria-labelledby="leads-heading"
      className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="leads-heading" className="text-lg font-semibold text-slate-900">
          Leads waiting
        </h2>
        <Link
          to="/admin/clients?status=new"
          className="text-sm font-medium text-brand-700 underline"
        >
          Open new requests
        </Link>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:max-w-md">
        <div className="rounded-md bg-yellow-50 p-3 ring-1 ring-yellow-300">
          <dt className="flex items-center gap-2 text-sm font-medium text-yellow-900">
            <Clock aria-hidden="true" className="size-4" /> At risk
          </dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900">{atRisk}</dd>
        </div>
        <div className="rounded-md bg-red-50 p-3 ring-1 ring-red-300">
          <dt className="flex items-center gap-2 text-sm font-medium text-red-900">
            <AlertTriangle aria-hidden="true" className="size-4" /> Breached
          </dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900">{breached}</dd>
        </div>
      </dl>
      <div className="mt-5 grid gap-6 lg:grid-cols-2">
        <figure>
          <figcaption className="text-sm font-medium text-slate-800">
            Requests received{' '}
            <span className="inline-block size-3 rounded-sm bg-brand-600" aria-hidden="true" /> and
            breaches{' '}
            <span className="inline-block size-3 rounded-sm bg-red-600" aria-hidden="true" /> per
            week
          </figcaption>
          <WeekBars
            weeks={weeks}
            values={received}
            secondary={breaches}
            label={`${summary('Requests received', received, String)}. ${summary('Breaches', breaches, String)}.`}
            format={String}
            barClass="fill-brand-600"
            secondaryClass="fill-red-600"
          />
        </figure>
        <figure>
          <figcaption className="text-sm font-medium text-slate-800">
            Median first response per week (business hours)
          </figcaption>
          <WeekBars
            weeks={weeks}
            values={medians}
            label={`${summary('Median first response in business hours', medians, hours)}.`}
            format={hours}
            minimum={3_600_000}
            barClass="fill-slate-500"
          />
        </figure>
      </div>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="text-left text-sm font-medium text-slate-800">Leads per week</caption>
          <thead className="text-xs text-slate-600">
            <tr>
              <th scope="col" className="py-0.5 pr-3 font-semibold">
                Week of
              </th>
              <th scope="col" className="py-0.5 pr-3 font-semibold">
                Received
              </th>
              <th scope="col" className="py-0.5 pr-3 font-semibold">
                Median first response
              </th>
              <th scope="col" className="py-0.5 font-semibold">
                Breaches
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-800">
            {weeks.map((week) => (
              <tr key={week.weekOf}>
                <th scope="row" className="py-0.5 pr-3 font-normal">
                  {formatCalendarDate(week.weekOf)}
                </th>
                <td className="py-0.5 pr-3">{week.received}</td>
                <td className="py-0.5 pr-3">
                  {week.medianResponseMs === null
                    ? '–'
                    : formatBusinessDuration(week.medianResponseMs)}
                </td>
                <td className="py-0.5">{week.breaches}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
