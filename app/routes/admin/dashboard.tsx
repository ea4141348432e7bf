import { CalendarDays, Clock, Download, FileText, Inbox } from 'lucide-react'
import { data, Form, Link, redirect, useLocation, useSubmit } from 'react-router'
import { z } from 'zod'
import { ApplicationRow, LeadRow } from '~/components/admin/dashboard-items'
import { Pagination } from '~/components/admin/list-controls'
import { StatCards } from '~/components/admin/stat-cards'
import { parseListFilters } from '~/lib/admin/list-filters'
import { requireAdmin } from '~/auth/session.server'
import { forbidden } from '~/lib/http/responses'
import { staffMayOpen } from '~/domain/staff-roles'
import { seoMeta } from '~/lib/seo/meta'
import { dashboardCards } from '~/domain/statistics'
import { decisionStepUrl } from '~/lib/admin/decision-step'
import {
  applicationStatuses,
  staffApplicationStatuses,
  leadStatuses,
  isApplicationDecision,
  statusLabel,
} from '~/domain/statuses'
import { dataWithToast } from '~/lib/toast.server'
import {
  applicationCounts,
  applicationSorts,
  deleteApplication,
  listApplications,
  setApplicationStatus,
} from '~/models/interpreter-applications/review.server'
import { deleteLead } from '~/models/leads/delete.server'
import { leadCounts, leadSorts, listLeads } from '~/models/leads/list.server'
import { setLeadStatus } from '~/models/leads/status.server'
import { UnfilledBookings } from '~/components/admin/unfilled-bookings'
import { ownerNames } from '~/models/leads/owners.server'
import { now } from '~/platform/clock.server'
import { unfilledSoon } from '~/models/dispatch/bookings.server'
import { todaysDispatch } from '~/models/dispatch/board.server'
import { TodaysDispatch } from '~/components/dispatch/todays-dispatch'
import { calendarDate } from '~/domain/onboarding'
import { LeadOverview } from '~/components/admin/lead-overview'
import { leadOverview } from '~/models/leads/overview.server'
import { AgreementMissingNotice } from '~/components/onboarding/agreement-missing-notice'
import { missingAgreementNotice } from '~/models/onboarding/agreement-notices.server'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Dashboard',
      description: 'Admin dashboard.',
      path: '/admin/dashboard',
      noindex: true,
    },
    matches,
  )

type Tab = 'applications' | 'leads'

/** Each tab's value in the address, `?tab=contacts` being the product spec's. */
const tabParams: Record<Tab, string> = { applications: 'applications', leads: 'contacts' }

/**
 * The lists a staff member's roles open (app/domain/staff-roles.ts): the applications are the
 * recruiters', the contact requests the dispatchers'; the counts above them are everyone's.
 */
function listsOpenTo(roles: readonly string[]): Record<Tab, boolean> {
  return {
    applications: staffMayOpen(roles, '/admin/interpreters'),
    leads: staffMayOpen(roles, '/admin/clients'),
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const searchParams = new URL(request.url).searchParams
  const open = listsOpenTo(admin.staffRoles)
  const asked: Tab = searchParams.get('tab') === tabParams.leads ? 'leads' : 'applications'
  const tab: Tab = open[asked] ? asked : asked === 'leads' ? 'applications' : 'leads'
  const [applications, leads, unfilled, overview, agreementMissing, dispatch] = await Promise.all([
    applicationCounts(),
    leadCounts(),
    unfilledSoon(),
    leadOverview(),
    missingAgreementNotice(),
    todaysDispatch(calendarDate(now())),
  ])
  const cards = dashboardCards(applications, leads)
  if (!open[tab])
    return {
      tab,
      open,
      cards,
      unfilled,
      overview,
      agreementMissing,
      dispatch,
      counts: { applications: applications.total, leads: leads.total },
      filters: parseListFilters(searchParams, {
        statuses: applicationStatuses,
        sorts: applicationSorts,
        defaultSort: 'createdAt',
      }),
      applications: null,
      leads: null,
      now: now(),
    }
  if (tab === 'applications') {
    const filters = parseListFilters(searchParams, {
      statuses: applicationStatuses,
      sorts: applicationSorts,
      defaultSort: 'createdAt',
    })
    const page = await listApplications(filters)
    return {
      tab,
      open,
      cards,
      unfilled,
      overview,
      agreementMissing,
      dispatch,
      counts: { applications: applications.total, leads: leads.total },
      filters,
      applications: page,
      leads: null,
      now: now(),
    }
  }
  const filters = parseListFilters(searchParams, {
    statuses: leadStatuses,
    sorts: leadSorts,
    defaultSort: 'createdAt',
  })
  const page = await listLeads(filters)
  const owners = await ownerNames(page.items.map((item) => item.ownerId))
  return {
    tab,
    open,
    cards,
    unfilled,
    overview,
    agreementMissing,
    dispatch,
    counts: { applications: applications.total, leads: leads.total },
    filters,
    applications: null,
    leads: {
      ...page,
      items: page.items.map((item) => ({
        ...item,
        clock: {
          responseDueAt: item.responseDueAt,
          atRiskAt: item.atRiskAt,
          firstResponseAt: item.firstResponseAt,
          responseBusinessMs: item.responseBusinessMs,
        },
        owner: item.ownerId ? owners[item.ownerId] : undefined,
      })),
    },
    now: now(),
  }
}

const itemAction = z.union([
  z.object({
    intent: z.literal('status'),
    kind: z.literal('application'),
    id: z.uuid(),
    status: z.enum(staffApplicationStatuses),
  }),
  z.object({
    intent: z.literal('status'),
    kind: z.literal('client_request'),
    id: z.uuid(),
    status: z.enum(leadStatuses),
  }),
  z.object({
    intent: z.literal('delete'),
    kind: z.enum(['application', 'client_request']),
    id: z.uuid(),
  }),
])

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const actor = admin.actor
  const parsed = itemAction.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ ok: false, error: 'Invalid request.' }, { status: 400 })
  const input = parsed.data
  // Each list's changes are its role's, as on its own screen.
  if (!listsOpenTo(admin.staffRoles)[input.kind === 'application' ? 'applications' : 'leads'])
    throw forbidden()
  const gone = () => data({ ok: false, error: 'This record no longer exists.' }, { status: 404 })
  if (input.intent === 'delete') {
    const deleted =
      input.kind === 'application'
        ? await deleteApplication(input.id, actor)
        : await deleteLead(input.id, actor)
    if (!deleted) return gone()
    return dataWithToast(
      { ok: true, error: null },
      input.kind === 'application' ? 'Application deleted.' : 'Contact request deleted.',
    )
  }
  if (input.kind === 'application') {
    // Approving and rejecting are decisions: the same step as on the interpreters screen.
    if (isApplicationDecision(input.status)) {
      const here = new URL(request.url)
      here.searchParams.delete('index')
      throw redirect(decisionStepUrl(input.id, input.status, here.pathname + here.search))
    }
    const changed = await setApplicationStatus(input.id, input.status, actor)
    if (!changed) return gone()
    const { firstName, lastName } = changed.after
    return dataWithToast(
      { ok: true, error: null },
      `Status of ${firstName} ${lastName} changed to ${statusLabel(input.status)}.`,
    )
  }
  const changed = await setLeadStatus(input.id, input.status, actor)
  if (!changed) return gone()
  return dataWithToast(
    { ok: true, error: null },
    `Status of ${changed.name} changed to ${statusLabel(input.status)}.`,
  )
}

const sortOptions = [
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'status:asc', label: 'Status' },
]

export default function DashboardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, cards, counts, filters, unfilled, overview, agreementMissing, dispatch } = loaderData
  const location = useLocation()
  const submit = useSubmit()
  const statuses = tab === 'applications' ? applicationStatuses : leadStatuses
  const exportParams = new URLSearchParams(location.search)
  exportParams.delete('tab')
  exportParams.delete('page')
  const exportHref = `/admin/export/${tab === 'applications' ? 'applications' : 'client-requests'}?${exportParams}`
  const tabs: { id: Tab; label: string }[] = [
    { id: 'applications' as const, label: `Job Applications (${counts.applications})` },
    { id: 'leads' as const, label: `Contact Submissions (${counts.leads})` },
  ].filter((item) => loaderData.open[item.id])
  const page = loaderData.applications ?? loaderData.leads
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      <UnfilledBookings unfilled={unfilled} />
      <AgreementMissingNotice notice={agreementMissing} />
      <div className="mt-6">
        <StatCards
          label="Dashboard statistics"
          cards={[
            {
              label: 'Total Applications',
              value: cards.totalApplications,
              icon: <FileText aria-hidden="true" className="size-5" />,
            },
            {
              label: 'Pending Review',
              value: cards.pendingReview,
              icon: <Clock aria-hidden="true" className="size-5" />,
            },
            {
              label: 'Contact Requests',
              value: cards.leads,
              icon: <Inbox aria-hidden="true" className="size-5" />,
            },
            {
              label: 'This Week',
              value: cards.thisWeek,
              icon: <CalendarDays aria-hidden="true" className="size-5" />,
            },
          ]}
        />
      </div>
      <TodaysDispatch {...dispatch} />
      <LeadOverview {...overview} />
      {tabs.length > 0 ? (
        <div className="mt-8 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <div
            role="tablist"
            aria-label="Dashboard lists"
            className="flex gap-1 border-b border-slate-200 px-4"
          >
            {tabs.map((item) => (
              <Link
                key={item.id}
                to={`?tab=${tabParams[item.id]}`}
                role="tab"
                id={`tab-${tabParams[item.id]}`}
                aria-selected={tab === item.id}
                aria-controls="dashboard-panel"
                preventScrollReset
                className={`-mb-px border-b-2 px-4 py-3 text-sm font-medium ${
                  tab === item.id
                    ? 'border-brand-700 text-brand-800'
                    : 'border-transparent text-slate-600 hover:text-slate-900'
                }`}
              >
                {item.label}
              </Link>
            ))}
          </div>
          <div
            id="dashboard-panel"
            role="tabpanel"
            aria-labelledby={`tab-${tabParams[tab]}`}
            className="p-4"
          >
            <Form
              method="get"
              role="search"
              preventScrollReset
              className="flex flex-col gap-3 lg:flex-row lg:items-end"
            >
              <input type="hidden" name="tab" value={tabParams[tab]} />
              <div className="flex-1">
                <label htmlFor="dashboard-search" className="field-label">
                  {tab === 'applications'
                    ? 'Search by name, email or language'
                    : 'Search by name, email, company or message'}
                </label>
                <input
                  id="dashboard-search"
                  type="search"
                  name="q"
                  defaultValue={filters.q}
                  className="field-input"
                />
              </div>
              <div>
                <label htmlFor="dashboard-status" className="field-label">
                  Status
                </label>
                <select
                  id="dashboard-status"
                  name="status"
                  defaultValue={filters.status}
                  className="field-input"
                  onChange={(event) =>
                    submit(event.currentTarget.form, { preventScrollReset: true })
                  }
                >
                  <option value="all">All statuses</option>
                  {statuses.map((value) => (
                    <option key={value} value={value}>
                      {statusLabel(value)}
                    </option>
                  ))}
                </select>
              </div>
              <SortSelect sort={filters.sort} direction={filters.direction} />
              <button type="submit" className="btn-primary">
                Search
              </button>
              <a href={exportHref} className="btn-secondary" download>
                <Download aria-hidden="true" className="size-4" />
                Export
              </a>
            </Form>
            {actionData?.error ? (
              <p
                role="alert"
                className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
              >
                {actionData.error}
              </p>
            ) : null}
            {page && page.items.length === 0 ? (
              <p className="mt-8 mb-4 text-center text-slate-600">
                {tab === 'applications' ? 'No applications found' : 'No contacts found'}
              </p>
            ) : (
              <ul className="mt-4 divide-y divide-slate-100">
                {loaderData.applications?.items.map((item) => (
                  <ApplicationRow key={item.id} item={item} />
                ))}
                {loaderData.leads?.items.map((item) => (
                  <LeadRow
                    key={item.id}
                    item={item}
                    statuses={leadStatuses}
                    owner={item.owner}
                    now={loaderData.now}
                  />
                ))}
              </ul>
            )}
            {page ? (
              <Pagination page={filters.page} pageSize={page.pageSize} total={page.total} />
            ) : null}
          </div>
        </div>
      ) : null}
    </>
  )
}

/** Sort and direction as one choice, submitted as `order=<sort>:<direction>`. */
function SortSelect({ sort, direction }: { sort: string; direction: string }) {
  const submit = useSubmit()
  const current = `${sort}:${direction}`
  return (
    <div>
      <label htmlFor="dashboard-sort" className="field-label">
        Sort
      </label>
      <select
        id="dashboard-sort"
        name="order"
        defaultValue={
          sortOptions.some((option) => option.value === current) ? current : 'createdAt:desc'
        }
        className="field-input"
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
      >
        {sortOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
