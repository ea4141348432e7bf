import { Link } from 'react-router'
import { StatusBadge } from '~/components/admin/status-badge'
import { cleanSearchText } from '~/lib/admin/list-filters'
import { requireAdmin } from '~/lib/auth/session.server'
import { formatDate } from '~/lib/format'
import { seoMeta } from '~/lib/seo'
import { searchAdmin } from '~/models/admin-search.server'
import type { Route } from './+types/search'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    { title: 'Search', description: 'Search.', path: '/admin/search', noindex: true },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const q = cleanSearchText(new URL(request.url).searchParams.get('q'))
  return { q, groups: q ? await searchAdmin(q) : [] }
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
        <section
          key={group.label}
          className="mt-6 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200"
          aria-label={group.label}
        >
          <h2 className="text-lg font-semibold text-slate-900">
            {group.label} ({group.total})
          </h2>
          {group.hits.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">Nothing found.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100">
              {group.hits.map((hit) => (
                <li key={hit.id} className="flex items-center justify-between gap-4 py-2">
                  <div>
                    <Link
                      to={hit.href}
                      className="font-medium text-brand-700 underline hover:text-brand-800"
                    >
                      {hit.title}
                    </Link>
                    <p className="text-sm text-slate-600">{hit.detail}</p>
                  </div>
                  <div className="flex shrink-0 items-center gap-3 text-sm text-slate-600">
                    <StatusBadge status={hit.status} />
                    {formatDate(hit.createdAt)}
                  </div>
                </li>
              ))}
            </ul>
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
