import { Building2, CheckCircle2, Inbox, Mail, PhoneCall } from 'lucide-react'
import { Link, Outlet, useLocation } from 'react-router'
import { ListFilterForm, Pagination } from '~/components/admin/list-controls'
import { StatCards } from '~/components/admin/stat-cards'
import { StatusBadge } from '~/components/admin/status-badge'
import { parseListFilters } from '~/lib/admin/list-filters'
import { replyDraftHref } from '~/lib/admin/mail-draft'
import { requireAdmin } from '~/lib/auth/session.server'
import { formatDate, truncate } from '~/lib/format'
import { seoMeta } from '~/lib/seo'
import { markInboxSeen } from '~/models/inbox.server'
import { clientsScreenStatuses } from '~/lib/statuses'
import {
  clientRequestCounts,
  clientRequestSorts,
  listClientRequests,
} from '~/models/client-requests.server'
import type { Route } from './+types/clients'
import { EmptyState } from '~/components/admin/empty-state'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    { title: 'Clients', description: 'Client requests.', path: '/admin/clients', noindex: true },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const filters = parseListFilters(new URL(request.url).searchParams, {
    statuses: clientsScreenStatuses,
    sorts: clientRequestSorts,
    defaultSort: 'createdAt',
  })
  const [page, counts] = await Promise.all([
    listClientRequests(filters),
    clientRequestCounts(),
    markInboxSeen(admin.id, 'client_requests'),
  ])
  return { filters, page, counts }
}

export default function ClientsPage({ loaderData }: Route.ComponentProps) {
  const { filters, page, counts } = loaderData
  const location = useLocation()
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Client Requests</h1>
      <p className="mt-1 text-slate-600">Contact and demo requests from the public site.</p>
      <div className="mt-6">
        <StatCards
          label="Client request counts"
          cards={[
            {
              label: 'Total Requests',
              value: counts.total,
              icon: <Inbox aria-hidden="true" className="size-5" />,
            },
            {
              label: 'New',
              value: counts.new,
              icon: <Mail aria-hidden="true" className="size-5" />,
            },
            {
              label: 'Contacted',
              value: counts.contacted,
              icon: <PhoneCall aria-hidden="true" className="size-5" />,
            },
            {
              label: 'Closed',
              value: counts.closed,
              icon: <CheckCircle2 aria-hidden="true" className="size-5" />,
            },
          ]}
        />
      </div>
      <div className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <ListFilterForm
          q={filters.q}
          status={filters.status}
          statuses={clientsScreenStatuses}
          searchLabel="Search by name, email or company"
        />
      </div>
      {page.items.length === 0 ? (
        <EmptyState icon={Building2} title="No Client Requests Found">
          {filters.q || filters.status !== 'all'
            ? 'No request matches this search or filter.'
            : 'Requests sent from the contact and demo forms appear here.'}
        </EmptyState>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Client requests</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Client
                </th>
                <th scope="col" className="px-4 py-3">
                  Company
                </th>
                <th scope="col" className="px-4 py-3">
                  Request
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3">
                  Date
                </th>
                <th scope="col" className="px-4 py-3">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.items.map((request) => (
                <tr key={request.id} className="align-top">
                  <td className="px-4 py-3">
                    <p className="font-medium text-slate-900">{request.name}</p>
                    <p className="text-slate-600">{request.email}</p>
                  </td>
                  <td className="px-4 py-3 text-slate-800">{request.company}</td>
                  <td className="max-w-xs px-4 py-3 text-slate-700">
                    {truncate(request.message, 80)}
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={request.status} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                    {formatDate(request.createdAt)}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <Link
                      to={`${request.id}${location.search}`}
                      preventScrollReset
                      className="font-medium text-brand-700 underline hover:text-brand-800"
                      aria-label={`View details of ${request.name}'s request`}
                    >
                      View details
                    </Link>
                    <a
                      href={replyDraftHref(request)}
                      className="ml-4 font-medium text-brand-700 underline hover:text-brand-800"
                      aria-label={`Send email to ${request.name}`}
                    >
                      Send email
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={filters.page} pageSize={page.pageSize} total={page.total} />
      <Outlet />
    </>
  )
}
