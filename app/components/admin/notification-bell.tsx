import { Bell } from 'lucide-react'
import { useRef } from 'react'
import { Link } from 'react-router'
import { useDismissDetails } from '~/components/layout/use-dismiss'
import { formatDateTime } from '~/domain/format'

export interface BellSummary {
  total: number
  /** Counts stop at a limit: "100+" rather than counting every row on every page. */
  more: boolean
  groups: {
    inbox: string
    label: string
    href: string
    count: number
    more: boolean
    items: { id: string; title: string; detail: string; href: string; createdAt: Date | string }[]
  }[]
}

const atLeast = (count: number, more: boolean) => (more ? `${count}+` : String(count))

/** The top bar's bell: a dot when something arrived since the lists were last opened. */
export function NotificationBell({ summary }: { summary: BellSummary }) {
  const ref = useRef<HTMLDetailsElement>(null)
  useDismissDetails(ref)
  return (
    <details ref={ref} className="relative">
      <summary className="relative flex list-none rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-950 [&::-webkit-details-marker]:hidden">
        <Bell aria-hidden="true" className="size-5" />
        {summary.total > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-red-600 ring-2 ring-white"
          />
        ) : null}
        <span className="sr-only">
          Notifications
          {summary.total > 0 ? ` (${atLeast(summary.total, summary.more)} new)` : ', nothing new'}
        </span>
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-80 rounded-lg border border-slate-200 bg-white p-4 shadow-xl">
        {summary.total === 0 ? (
          <p className="text-sm text-slate-600">Nothing new since you last looked.</p>
        ) : (
          summary.groups
            .filter((group) => group.count > 0)
            .map((group) => (
              <section key={group.inbox} className="mb-3 last:mb-0">
                <h2 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  {group.label} ({atLeast(group.count, group.more)} new)
                </h2>
                <ul className="mt-2 space-y-2">
                  {group.items.map((item) => (
                    <li key={item.id}>
                      <Link
                        to={item.href}
                        className="block rounded-md px-2 py-1 text-sm hover:bg-slate-50"
                      >
                        <span className="font-medium text-slate-900">{item.title}</span>
                        <span className="block text-xs text-slate-600">
                          {item.detail} · {formatDateTime(item.createdAt)}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
                <Link
                  to={group.href}
                  className="mt-1 inline-block text-sm text-brand-700 underline"
                >
                  Open {group.label.toLowerCase()}
                </Link>
              </section>
            ))
        )}
      </div>
    </details>
  )
}
