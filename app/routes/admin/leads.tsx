import { Building2, CheckCircle2, Inbox, Mail, PhoneCall } from 'lucide-react'
import { Link, Outlet, useLocation } from 'react-router'
import { DataTable, Truncated } from '~/components/admin/data-table'
import { ListFilterForm, Pagination } from '~/components/admin/list-controls'
import { StatCards } from '~/components/admin/stat-cards'
import { StatusBadge } from '~/components/admin/status-badge'
import { LeadResponseBadge } from '~/components/admin/lead-response'
import { ownerNames } from '~/models/leads/owners.server'
import { now } from '~/platform/clock.server'
import { parseListFilters } from '~/lib/admin/list-filters'
import { replyDraftHref } from '~/lib/admin/mail-draft'
import { requireAdmin } from '~/auth/session.server'
import { formatDate, truncate } from '~/domain/format'
import { seoMeta } from '~/lib/seo/meta'
import { markInboxSeen } from '~/models/inbox.server'
import { clientsScreenStatuses } from '~/domain/statuses'
import { leadCounts, leadSorts, listLeads } from '~/models/leads/list.server'
import type { Route } from './+types/leads'
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
    sorts: leadSorts,
    defaultSort: 'createdAt',
  })
  const [page, counts] = await Promise.all([
    listLeads(filters),
    leadCounts(),
    markInboxSeen(admin.id, 'leads'),
  ])
  const owners = await ownerNames(page.items.map((item) => item.ownerId))
  return { filters, page, counts, owners, now: now() }
}

export default function LeadsPage({ loaderData }: Route.ComponentProps) {
  const { filters, page, counts, owners } = loaderData
  const location = useLocation()
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Client Requests</h1>
        <div className="flex flex-wrap gap-3">
          <Link
            to={`/admin/clients/new-organization${location.search}`}
            preventScrollReset
            className="btn-secondary"
          >
            New organization
          </Link>
          <Link to="/admin/organizations/import" className="btn-secondary">
            Import organizations
          </Link>
        </div>
      </div>
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
        <DataTable
          caption="Client requests"
          rows={page.items}
          rowKey={(request) => request.id}
          columns={[
            {
              header: 'Client',
              rowHeader: true,
              width: 'w-1/4',
              cell: (request) => (
                <>
                  <p className="font-medium text-slate-900">{request.name}</p>
                  <Truncated text={request.email} className="text-slate-600" />
                </>
              ),
            },
            {
              header: 'Company',
              className: 'text-slate-800',
              cell: (request) => request.company,
            },
            {
              header: 'Request',
              className: 'text-slate-700',
              cell: (request) => truncate(request.message, 80),
            },
            {
              header: 'Status',
              width: 'w-40',
              cell: (request) => (
                <>
                  <div className="flex flex-wrap gap-1">
                    <StatusBadge status={request.status} />
                    <LeadResponseBadge clock={request} now={loaderData.now} />
                  </div>
                  <p className="mt-1 text-slate-700">
                    Owner:{' '}
                    {request.ownerId ? (owners[request.ownerId] ?? 'Unassigned') : 'Unassigned'}
                  </p>
                </>
              ),
            },
            {
              header: 'Date',
              width: 'w-28',
              className: 'whitespace-nowrap text-slate-700',
              cell: (request) => formatDate(request.createdAt),
            },
            {
              header: 'Actions',
              width: 'w-36',
              cell: (request) => (
                <div className="flex flex-wrap gap-x-4 gap-y-1">
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
                    className="font-medium text-brand-700 underline hover:text-brand-800"
                    aria-label={`Send email to ${request.name}`}
                  >
                    Send email
                  </a>
                </div>
              ),
            },
          ]}
        />
      )}
      <Pagination page={filters.page} pageSize={page.pageSize} total={page.total} />
      <Outlet />
    </>
  )
}
