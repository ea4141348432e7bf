import type { ReactNode } from 'react'
import { Link, Outlet } from 'react-router'
import { DataTable } from '~/components/admin/data-table'
import { CloseoutBadge } from '~/components/billing/closeout-summary'
import { formatInZone } from '~/domain/format'
import { bookingTitle } from '~/domain/dispatch'
import { requireAdmin } from '~/auth/session.server'
import { formatDateTime } from '~/domain/format'
import { seoMeta } from '~/lib/seo/meta'
import { staffCloseoutGroups } from '~/models/billing/closeout-list.server'
import type { Route } from './+types/closeouts'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Closeouts',
      description: 'Closeouts waiting for approval, overdue and returned.',
      path: '/admin/closeouts',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const groups = await staffCloseoutGroups()
  const shape = (
    row: (typeof groups.waiting.rows)[number] | (typeof groups.overdue.rows)[number],
  ) => ({
    bookingId: row.bookingId,
    title: bookingTitle(row),
    when: formatInZone(row.startsAt, row.timeZone),
    organizationName: row.organizationName,
    interpreterName: `${row.interpreterFirstName} ${row.interpreterLastName}`,
    dueAt: formatInZone(row.dueAt, row.timeZone),
  })
  return {
    waiting: {
      total: groups.waiting.total,
      rows: groups.waiting.rows.map((row) => ({
        ...shape(row),
        submittedAt: formatDateTime(row.submittedAt),
      })),
    },
    overdue: { total: groups.overdue.total, rows: groups.overdue.rows.map(shape) },
    returned: {
      total: groups.returned.total,
      rows: groups.returned.rows.map((row) => ({
        ...shape(row),
        returnReason: row.returnReason ?? '',
      })),
    },
  }
}

type Row = Route.ComponentProps['loaderData']['overdue']['rows'][number]

const assignmentColumns = [
  {
    header: 'Assignment',
    rowHeader: true,
    cell: (row: Row) => (
      <>
        <p className="font-medium text-slate-900">{row.title}</p>
        <p className="text-slate-600">{row.when}</p>
      </>
    ),
  },
  { header: 'Client', cell: (row: Row) => row.organizationName },
  { header: 'Interpreter', cell: (row: Row) => row.interpreterName },
]

/** The row's one link; a closeout opens as a dialog over the list. */
function actionColumn<Each extends Row>(
  link: (row: Each) => { to: string; text: string; label: string },
) {
  return {
    header: 'Actions',
    cell: (row: Each) => {
      const { to, text, label } = link(row)
      return (
        <Link
          to={to}
          preventScrollReset
          className="font-medium text-brand-700 underline hover:text-brand-800"
          aria-label={label}
        >
          {text}
        </Link>
      )
    },
  }
}

/**
 * Staff's closeouts: waiting for approval first (oldest first), then the assignments nobody
 * closed out within 48 hours, then those returned to the interpreter. Each closeout opens in
 * a dialog.
 */
export default function CloseoutsPage({ loaderData }: Route.ComponentProps) {
  const { waiting, overdue, returned } = loaderData
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Closeouts</h1>
      <p className="mt-1 text-slate-600">
        Interpreters close out each assignment within 48 hours of its end; an approved closeout goes
        on the interpreter&apos;s statement and the client&apos;s invoice.
      </p>
      <Group id="waiting" title="Waiting for approval" group={waiting} order="oldest">
        <DataTable
          caption="Closeouts waiting for approval"
          rows={waiting.rows}
          rowKey={(row) => row.bookingId}
          columns={[
            ...assignmentColumns,
            { header: 'Sent', className: 'whitespace-nowrap', cell: (row) => row.submittedAt },
            actionColumn((row) => ({
              to: row.bookingId,
              text: 'Review',
              label: `Review the closeout of ${row.interpreterName}, ${row.title}, ${row.when}`,
            })),
          ]}
        />
      </Group>
      <Group id="overdue" title="Overdue" group={overdue} order="oldest">
        <DataTable
          caption="Assignments not closed out within 48 hours"
          rows={overdue.rows}
          rowKey={(row) => row.bookingId}
          columns={[
            ...assignmentColumns,
            {
              header: 'Due',
              cell: (row) => (
                <span className="flex flex-wrap items-center gap-2">
                  {row.dueAt} <CloseoutBadge status="overdue" />
                </span>
              ),
            },
            actionColumn((row) => ({
              to: `/admin/bookings/${row.bookingId}`,
              text: 'Open booking',
              label: `Open booking ${row.title}, ${row.when}`,
            })),
          ]}
        />
      </Group>
      <Group id="returned" title="Returned to the interpreter" group={returned} order="latest">
        <DataTable
          caption="Closeouts returned to the interpreter"
          rows={returned.rows}
          rowKey={(row) => row.bookingId}
          columns={[
            ...assignmentColumns,
            {
              header: 'Reason',
              cell: (row) => <span className="break-words">{row.returnReason}</span>,
            },
            actionColumn((row) => ({
              to: row.bookingId,
              text: 'Open',
              label: `Open the returned closeout of ${row.interpreterName}, ${row.title}, ${row.when}`,
            })),
          ]}
        />
      </Group>
      <Outlet />
    </>
  )
}

/** A group's heading with its full count, its first rows and, when it holds more, a note. */
function Group({
  id,
  title,
  group,
  order,
  children,
}: {
  id: string
  title: string
  group: { total: number; rows: unknown[] }
  order: 'oldest' | 'latest'
  children: ReactNode
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title} ({group.total})
      </h2>
      {group.total === 0 ? (
        <p className="mt-2 text-slate-700">None right now.</p>
      ) : (
        <div className="mt-3">
          {group.total > group.rows.length ? (
            <p className="text-sm text-slate-600">
              Showing the {order} {group.rows.length}; each one dealt with brings up the next.
            </p>
          ) : null}
          {children}
        </div>
      )}
    </section>
  )
}
