import { Link } from 'react-router'
import { DataTable, Truncated } from '~/components/admin/data-table'
import { StatusBadge } from '~/components/admin/status-badge'
import { cleanSearchText } from '~/lib/admin/list-filters'
import { requireAdmin } from '~/auth/session.server'
import { formatDate } from '~/domain/format'
import { seoMeta } from '~/lib/seo/meta'
import { searchAdmin } from '~/models/search.server'
import { staffMayOpen } from '~/domain/staff-roles'
import type { Route } from './+types/search'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    { title: 'Search', description: 'Search.', path: '/admin/search', noindex: true },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const q = cleanSearchText(new URL(request.url).searchParams.get('q'))
  // Only the lists the searcher's roles open (app/domain/staff-roles.ts).
  const may = {
    applications: staffMayOpen(admin.staffRoles, '/admin/interpreters'),
    leads: staffMayOpen(admin.staffRoles, '/admin/clients'),
  }
  return { q, groups: q ? await searchAdmin(q, may) : [] }
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, groups } = loaderData
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Search</h1>
      <p className="mt-1 text-slate-600" role="status">
        {q
          ? `Results for “${q}”`
          : 'Type a name, e-mail, company or language in the search box above.'}
      </p>
      {groups.map((group) => (
        <section key={group.label} className="mt-8" aria-label={group.label}>
          <h2 className="text-lg font-semibold text-slate-900">
            {group.label} ({group.total})
          </h2>
          {group.hits.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">Nothing found.</p>
          ) : (
            <DataTable
              caption={group.label}
              className="mt-3"
              rows={group.hits}
              rowKey={(hit) => hit.id}
              columns={[
                {
                  header: 'Name',
                  rowHeader: true,
                  cell: (hit) => (
                    <>
                      <Link
                        to={hit.href}
                        className="font-medium text-brand-700 underline hover:text-brand-800"
                      >
                        {hit.title}
                      </Link>
                      <Truncated text={hit.detail} className="text-slate-600" />
                    </>
                  ),
                },
                {
                  header: 'Status',
                  width: 'w-44',
                  cell: (hit) => <StatusBadge status={hit.status} />,
                },
                {
                  header: 'Date',
                  width: 'w-32',
                  className: 'whitespace-nowrap text-slate-600',
                  cell: (hit) => formatDate(hit.createdAt),
                },
              ]}
            />
          )}
          {group.total > group.hits.length ? (
            <Link
              to={group.moreHref}
              className="mt-3 inline-block text-sm text-brand-700 underline"
            >
              See all {group.total}
            </Link>
          ) : null}
        </section>
      ))}
    </>
  )
}
