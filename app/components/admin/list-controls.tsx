import { ChevronLeft, ChevronRight, Search } from 'lucide-react'
import type { ReactNode } from 'react'
import { Form, Link, useLocation, useSubmit } from 'react-router'
import { formatCount } from '~/domain/format'
import { statusLabel } from '~/domain/statuses'

// On a phone every control of a list is at least 44 px tall, a fingertip's size: the
// field's 42 px and the buttons' 34 to 42 px are too small to hit reliably.
const TAP_HEIGHT = 'max-sm:min-h-11'

/**
 * Search box and status filter of a list (the admin lists, the client's bookings), as a GET
 * form: the filters live in the URL. With JavaScript the list updates as the filter changes.
 * `children` are the list's other filters ({@link FilterSelect}), between the two.
 */
export function ListFilterForm({
  q,
  status,
  statuses,
  searchLabel,
  allLabel = 'All statuses',
  labelOf = statusLabel,
  hidden = {},
  children,
}: {
  q: string
  status: string
  statuses: readonly string[]
  searchLabel: string
  allLabel?: string
  /** A status's name on the screen. */
  labelOf?: (status: string) => string
  hidden?: Record<string, string>
  children?: ReactNode
}) {
  const submit = useSubmit()
  return (
    <Form
      method="get"
      role="search"
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      preventScrollReset
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex-1">
        <label htmlFor="list-search" className="field-label">
          {searchLabel}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 mt-0.5 size-4 -translate-y-1/2 text-slate-500"
          />
          <input
            id="list-search"
            type="search"
            name="q"
            defaultValue={q}
            className={`field-input pl-9 ${TAP_HEIGHT}`}
          />
        </div>
      </div>
      {children}
      <div>
        <label htmlFor="list-status" className="field-label">
          Status
        </label>
        <select
          id="list-status"
          name="status"
          defaultValue={status}
          className={`field-input ${TAP_HEIGHT}`}
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
        >
          <option value="all">{allLabel}</option>
          {statuses.map((value) => (
            <option key={value} value={value}>
              {labelOf(value)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={`btn-primary ${TAP_HEIGHT}`}>
        Search
      </button>
    </Form>
  )
}

/**
 * One filter of an admin list's GET form, labelled, that sends the form as soon as it
 * changes (with JavaScript; without it the form's own button does).
 */
export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string
  name: string
  label: string
  value: string
  options: readonly { value: string; label: string }[]
}) {
  const submit = useSubmit()
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className={`field-input ${TAP_HEIGHT}`}
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * How many rows the list's search and filters keep ("42 bookings"), said again by screen
 * readers when a filter changes it.
 */
export function ListCount({ total, one, many }: { total: number; one: string; many: string }) {
  return (
    <p role="status" className="mt-4 text-sm font-medium text-slate-800">
      {formatCount(total, one, many)}
    </p>
  )
}

/** Previous / next links that keep the other filters in the URL. */
export function Pagination({
  page,
  pageSize,
  total,
}: {
  page: number
  pageSize: number
  total: number
}) {
  const location = useLocation()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const linkTo = (target: number) => {
    const params = new URLSearchParams(location.search)
    params.set('page', String(target))
    return `${location.pathname}?${params}`
  }
  if (total <= pageSize) return null
  const first = (page - 1) * pageSize + 1
  const last = Math.min(page * pageSize, total)
  return (
    <nav
      aria-label="Pagination"
      className="mt-4 flex items-center justify-between text-sm text-slate-700"
    >
      <p>
        Showing {first}–{last} of {total}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link
            to={linkTo(page - 1)}
            className={`btn-secondary px-3 py-1.5 ${TAP_HEIGHT}`}
            preventScrollReset
          >
            <ChevronLeft aria-hidden="true" className="size-4" /> Previous
          </Link>
        ) : null}
        {page < pages ? (
          <Link
            to={linkTo(page + 1)}
            className={`btn-secondary px-3 py-1.5 ${TAP_HEIGHT}`}
            preventScrollReset
          >
            Next <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
      </div>
    </nav>
  )
}
