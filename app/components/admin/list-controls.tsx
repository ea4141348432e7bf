import { ChevronLeft, ChevronRight, Search } from 'lucide-react'
import { Form, Link, useLocation, useSubmit } from 'react-router'
import { statusLabel } from '~/domain/statuses'

/**
 * Search box and status filter of an admin list, as a GET form: the filters live in the
 * URL. With JavaScript the list updates as the filter changes.
 */
export function ListFilterForm({
  q,
  status,
  statuses,
  searchLabel,
  allLabel = 'All statuses',
  hidden = {},
}: {
  q: string
  status: string
  statuses: readonly string[]
  searchLabel: string
  allLabel?: string
  hidden?: Record<string, string>
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
            className="field-input pl-9"
          />
        </div>
      </div>
      <div>
        <label htmlFor="list-status" className="field-label">
          Status
        </label>
        <select
          id="list-status"
          name="status"
          defaultValue={status}
          className="field-input"
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
        >
          <option value="all">{allLabel}</option>
          {statuses.map((value) => (
            <option key={value} value={value}>
              {statusLabel(value)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary">
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
        className="field-input"
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
          <Link to={linkTo(page - 1)} className="btn-secondary px-3 py-1.5" preventScrollReset>
            <ChevronLeft aria-hidden="true" className="size-4" /> Previous
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={linkTo(page + 1)} className="btn-secondary px-3 py-1.5" preventScrollReset>
            Next <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
      </div>
    </nav>
  )
}
