import { CheckCircle2, Clock, GraduationCap, Users } from 'lucide-react'
import { Link, Outlet, useLocation } from 'react-router'
import { DataTable, Truncated } from '~/components/admin/data-table'
import { ListFilterForm, Pagination } from '~/components/admin/list-controls'
import { LanguagesCell, OnboardingBar } from '~/components/admin/onboarding-bar'
import { PossibleDuplicateMark } from '~/components/admin/possible-duplicates'
import { StatCards } from '~/components/admin/stat-cards'
import { StatusBadge } from '~/components/admin/status-badge'
import { parseListFilters } from '~/lib/admin/list-filters'
import { requireAdmin } from '~/auth/session.server'
import { formatDate, fullName } from '~/domain/format'
import { seoMeta } from '~/lib/seo/meta'
import { applicationStatuses } from '~/domain/statuses'
import {
  applicationCounts,
  applicationSorts,
  listApplications,
} from '~/models/interpreter-applications/review.server'
import { possibleDuplicatesOf } from '~/models/interpreter-applications/duplicates.server'
import { markInboxSeen } from '~/models/inbox.server'
import type { Route } from './+types/applications'
import { EmptyState } from '~/components/admin/empty-state'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Interpreters',
      description: 'Interpreter applications.',
      path: '/admin/interpreters',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const filters = {
    ...parseListFilters(new URL(request.url).searchParams, {
      statuses: applicationStatuses,
      sorts: applicationSorts,
      defaultSort: 'createdAt',
    }),
    searchIn: 'name-email' as const,
  }
  const [page, counts] = await Promise.all([
    listApplications(filters),
    applicationCounts(),
    markInboxSeen(admin.id, 'applications'),
  ])
  // One more than a row shows, to know whether to offer "and more".
  const duplicates = await possibleDuplicatesOf(
    page.items.map((application) => application.id),
    { limit: DUPLICATES_PER_ROW + 1 },
  )
  return { filters, page, counts, duplicates: Object.fromEntries(duplicates) }
}

const DUPLICATES_PER_ROW = 3

export default function ApplicationsPage({ loaderData }: Route.ComponentProps) {
  const { filters, page, counts, duplicates } = loaderData
  const location = useLocation()
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Interpreters</h1>
      <p className="mt-1 text-slate-600">
        Applications from interpreters, and where they are in onboarding.
      </p>
      <div className="mt-6">
        <StatCards
          label="Interpreter counts"
          cards={[
            {
              label: 'Total',
              value: counts.total,
              icon: <Users aria-hidden="true" className="size-5" />,
            },
            {
              label: 'Approved',
              value: counts.approved,
              icon: <CheckCircle2 aria-hidden="true" className="size-5" />,
            },
            {
              label: 'Pending',
              value: counts.pending,
              icon: <Clock aria-hidden="true" className="size-5" />,
            },
            {
              label: 'Fully Onboarded',
              value: counts.fullyOnboarded,
              icon: <GraduationCap aria-hidden="true" className="size-5" />,
            },
          ]}
        />
      </div>
      <div className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <ListFilterForm
          q={filters.q}
          status={filters.status}
          statuses={applicationStatuses}
          searchLabel="Search by name or email"
        />
      </div>
      {page.items.length === 0 ? (
        <EmptyState icon={Users} title="No Interpreters Found">
          {filters.q || filters.status !== 'all'
            ? 'No application matches this search or filter.'
            : 'Applications sent from the careers pages appear here.'}
        </EmptyState>
      ) : (
        <DataTable
          caption="Interpreter applications"
          rows={page.items}
          rowKey={(application) => application.id}
          columns={[
            {
              header: 'Interpreter',
              rowHeader: true,
              cell: (application) => (
                <>
                  <p className="font-medium text-slate-900">{fullName(application)}</p>
                  <Truncated text={application.email} className="text-slate-600" />
                  <PossibleDuplicateMark
                    applicationId={application.id}
                    duplicates={duplicates[application.id] ?? []}
                    shown={DUPLICATES_PER_ROW}
                    search={location.search}
                  />
                </>
              ),
            },
            {
              header: 'Languages',
              width: 'w-44',
              cell: (application) => <LanguagesCell languages={application.languages} />,
            },
            {
              header: 'Status',
              width: 'w-40',
              cell: (application) => <StatusBadge status={application.status} />,
            },
            {
              header: 'Onboarding',
              width: 'w-36',
              cell: (application) => <OnboardingBar progress={application.onboardingProgress} />,
            },
            {
              header: 'Applied',
              width: 'w-32',
              className: 'whitespace-nowrap text-slate-700',
              cell: (application) => formatDate(application.createdAt),
            },
            {
              header: 'Actions',
              width: 'w-32',
              className: 'whitespace-nowrap',
              cell: (application) => (
                <Link
                  to={`${application.id}${location.search}`}
                  preventScrollReset
                  className="font-medium text-brand-700 underline hover:text-brand-800"
                  aria-label={`View details of ${fullName(application)}`}
                >
                  View details
                </Link>
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
