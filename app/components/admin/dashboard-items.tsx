import { Trash2 } from 'lucide-react'
import { useRef, type ComponentProps } from 'react'
import { Form, Link, useFetcher } from 'react-router'
import { useDismissDetails } from '~/components/layout/use-dismiss'
import { formatDate, truncate } from '~/domain/format'
import { applicationStatusChoices, statusLabel, type ApplicationStatus } from '~/domain/statuses'
import { LeadResponseBadge } from './lead-response'
import { StatusBadge } from './status-badge'

export type DashboardKind = 'application' | 'client_request'

/**
 * A status select with its own Save button: choosing with the arrow keys changes nothing
 * until Save, focus stays on the button, and the result is announced (a toast). Approved
 * and Rejected of an application lead to the decision step instead.
 */
export function StatusSelect({
  kind,
  id,
  status,
  statuses,
  label,
}: {
  kind: DashboardKind
  id: string
  status: string
  statuses: readonly string[]
  label: string
}) {
  const fetcher = useFetcher()
  const saving = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post" className="flex items-center gap-2" preventScrollReset>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <label className="sr-only" htmlFor={`status-${id}`}>
        {label}
      </label>
      {/* Uncontrolled; remounted when the saved status changes. */}
      <select
        key={status}
        id={`status-${id}`}
        name="status"
        defaultValue={status}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {statuses.map((value) => (
          <option key={value} value={value}>
            {statusLabel(value)}
          </option>
        ))}
      </select>
      <button type="submit" className="btn-secondary px-2 py-1" aria-busy={saving}>
        {saving ? 'Saving…' : 'Save'}
        <span className="sr-only"> {label.charAt(0).toLowerCase() + label.slice(1)}</span>
      </button>
    </fetcher.Form>
  )
}

/** Delete with a confirmation step, without and with JavaScript. */
export function DeleteButton({
  kind,
  id,
  what,
}: {
  kind: DashboardKind
  id: string
  what: string
}) {
  const ref = useRef<HTMLDetailsElement>(null)
  useDismissDetails(ref)
  return (
    <details ref={ref} className="relative">
      <summary className="flex list-none items-center gap-1 rounded-md px-2 py-1 text-sm text-red-700 hover:bg-red-50 [&::-webkit-details-marker]:hidden">
        <Trash2 aria-hidden="true" className="size-4" />
        Delete<span className="sr-only"> {what}</span>
      </summary>
      {/* In the row's flow on phones, where Delete may sit at the left edge of its line. */}
      <div className="z-20 mt-2 w-72 max-w-full rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-xl sm:absolute sm:right-0 sm:max-w-none">
        <p className="text-slate-800">Delete {what} permanently? This cannot be undone.</p>
        <Form method="post" className="mt-3" preventScrollReset>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={id} />
          <button type="submit" className="btn w-full bg-red-700 text-white hover:bg-red-800">
            Delete permanently
          </button>
        </Form>
      </div>
    </details>
  )
}

export interface ApplicationItem {
  id: string
  firstName: string
  lastName: string
  email: string
  position: string
  languages: string[]
  status: string
  createdAt: Date | string
}

export function ApplicationRow({ item }: { item: ApplicationItem }) {
  const name = `${item.firstName} ${item.lastName}`
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 wrap-break-word">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`/admin/interpreters/${item.id}`}
            className="font-medium text-brand-700 underline hover:text-brand-800"
          >
            {name}
          </Link>
          <StatusBadge status={item.status} />
        </div>
        <p className="text-sm text-slate-600">
          {item.email} · {item.position}
        </p>
        <p className="text-sm text-slate-600">
          {item.languages.join(', ')} · Applied {formatDate(item.createdAt)}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <StatusSelect
          kind="application"
          id={item.id}
          status={item.status}
          statuses={applicationStatusChoices(item.status as ApplicationStatus)}
          label={`Status of ${name}`}
        />
        <DeleteButton kind="application" id={item.id} what={`${name}'s application and resume`} />
      </div>
    </li>
  )
}

export interface LeadItem {
  id: string
  name: string
  email: string
  company: string
  message: string
  type: string
  status: string
  createdAt: Date | string
  /** The first-response clock (docs/decisions/045-lead-response-clock.md). */
  clock: ComponentProps<typeof LeadResponseBadge>['clock']
}

/** A contact or demo request: its status and response clock, owner, and quick actions. */
export function LeadRow({
  item,
  statuses,
  owner,
  now,
}: {
  item: LeadItem
  statuses: readonly string[]
  /** The owner's name, or undefined when nobody owns it. */
  owner: string | undefined
  now: Date | string
}) {
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 wrap-break-word">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`/admin/clients/${item.id}`}
            className="font-medium text-brand-700 underline hover:text-brand-800"
          >
            {item.name}
          </Link>
          <StatusBadge status={item.status} />
          <LeadResponseBadge clock={item.clock} now={now} />
          {item.type === 'demo' ? (
            <span className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">Demo</span>
          ) : null}
        </div>
        <p className="text-sm text-slate-600">
          {item.email} · {item.company} · {formatDate(item.createdAt)} · Owner:{' '}
          {owner ?? 'Unassigned'}
        </p>
        <p className="text-sm text-slate-700">{truncate(item.message, 120)}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <StatusSelect
          kind="client_request"
          id={item.id}
          status={item.status}
          statuses={statuses}
          label={`Status of ${item.name}'s request`}
        />
        <DeleteButton kind="client_request" id={item.id} what={`${item.name}'s request`} />
      </div>
    </li>
  )
}
