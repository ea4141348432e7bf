import { listApplications } from './interpreter-applications/review.server'
import { listLeads } from './leads/list.server'

export interface SearchHit {
  id: string
  title: string
  detail: string
  status: string
  href: string
  createdAt: Date
}

export interface SearchGroup {
  label: string
  total: number
  hits: SearchHit[]
  /** The full list with this search applied. */
  moreHref: string
}

/** The top bar's search: applications and client requests together, grouped. */
export async function searchAdmin(
  q: string,
  /** Which lists the searcher may read: the applications', the client requests' (their roles). */
  may: { applications: boolean; leads: boolean } = { applications: true, leads: true },
): Promise<SearchGroup[]> {
  const filters = { q, status: 'all', sort: 'createdAt', direction: 'desc', page: 1 } as const
  const none = { total: 0, items: [] }
  const [applications, requests] = await Promise.all([
    may.applications ? listApplications(filters) : none,
    may.leads ? listLeads(filters) : none,
  ])
  const groups: (SearchGroup & { shown: boolean })[] = [
    {
      label: 'Applications',
      total: applications.total,
      hits: applications.items.slice(0, 10).map((application) => ({
        id: application.id,
        title: `${application.firstName} ${application.lastName}`,
        detail: `${application.position} · ${application.email} · ${application.languages.join(', ')}`,
        status: application.status,
        href: `/admin/interpreters/${application.id}`,
        createdAt: application.createdAt,
      })),
      moreHref: `/admin/dashboard?tab=applications&q=${encodeURIComponent(q)}`,
      shown: may.applications,
    },
    {
      label: 'Client requests',
      total: requests.total,
      hits: requests.items.slice(0, 10).map((request) => ({
        id: request.id,
        title: request.name,
        detail: `${request.company} · ${request.email}`,
        status: request.status,
        href: `/admin/clients/${request.id}`,
        createdAt: request.createdAt,
      })),
      moreHref: `/admin/clients?q=${encodeURIComponent(q)}`,
      shown: may.leads,
    },
  ]
  return groups.filter((group) => group.shown).map(({ shown: _shown, ...group }) => group)
}
