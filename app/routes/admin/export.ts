import { parseListFilters, type ListFilters } from '~/lib/admin/list-filters'
import { requireAdmin } from '~/auth/session.server'
import { csvStream, type CsvColumn } from '~/lib/http/csv'
import { applicationStatuses, leadStatuses } from '~/domain/statuses'
import {
  applicationsMatching,
  applicationSorts,
} from '~/models/interpreter-applications/review.server'
import { recordAudit } from '~/models/audit.server'
import { leadsMatching, leadSorts } from '~/models/leads/list.server'
import type { Lead } from '~/models/leads/rows.server'
import type { InterpreterApplication } from '~/models/interpreter-applications/create.server'
import type { Route } from './+types/export'
import { now } from '../../platform/clock.server'
import { notFound } from '~/lib/http/responses'

const applicationColumns: CsvColumn<InterpreterApplication>[] = [
  { header: 'First name', value: (row) => row.firstName },
  { header: 'Last name', value: (row) => row.lastName },
  { header: 'Email', value: (row) => row.email },
  { header: 'Phone', value: (row) => row.phone },
  { header: 'Position', value: (row) => row.position },
  { header: 'Languages', value: (row) => row.languages.join('; ') },
  { header: 'Status', value: (row) => row.status },
  { header: 'Interpreting experience', value: (row) => row.interpretingExperience },
  { header: 'Medical experience', value: (row) => row.medicalExperience },
  { header: 'Availability (hours per week)', value: (row) => row.availability },
  { header: 'Expected pay per minute (USD)', value: (row) => row.expectedPayPerMinute },
  { header: 'City', value: (row) => row.city },
  { header: 'State', value: (row) => row.state },
  { header: 'Onboarding steps done', value: (row) => row.onboardingProgress },
  { header: 'Applied at', value: (row) => row.createdAt },
]

const requestColumns: CsvColumn<Lead>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Email', value: (row) => row.email },
  { header: 'Phone', value: (row) => row.phone },
  { header: 'Company', value: (row) => row.company },
  { header: 'Type', value: (row) => row.type },
  { header: 'Status', value: (row) => row.status },
  { header: 'Message', value: (row) => row.message },
  { header: 'Received at', value: (row) => row.createdAt },
]

/**
 * A CSV of a dashboard tab with its current filters: every matching row, not one page,
 * streamed a batch at a time (the first bytes leave before the rows are read).
 * `/admin/export/applications?q=…&status=…` or `/admin/export/client-requests?…`.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, { resource: true })
  const searchParams = new URL(request.url).searchParams
  let csv: ReadableStream<Uint8Array>
  let rows: number
  // The filters as read (control characters dropped): the URL's own text may hold a NUL,
  // which PostgreSQL refuses in the audit entry's jsonb as it does in a query.
  let exported: ListFilters<string, string>
  if (params.list === 'applications') {
    const filters = parseListFilters(searchParams, {
      statuses: applicationStatuses,
      sorts: applicationSorts,
      defaultSort: 'createdAt',
    })
    const applications = await applicationsMatching(filters)
    csv = csvStream(applications.batches, applicationColumns)
    rows = applications.count
    exported = filters
  } else if (params.list === 'client-requests') {
    const filters = parseListFilters(searchParams, {
      statuses: leadStatuses,
      sorts: leadSorts,
      defaultSort: 'createdAt',
    })
    const requests = await leadsMatching(filters)
    csv = csvStream(requests.batches, requestColumns)
    rows = requests.count
    exported = filters
  } else {
    throw notFound()
  }
  await recordAudit(admin.actor, {
    action: 'export',
    entityType: params.list,
    after: { filters: exported, rows },
  })
  const day = now().toISOString().slice(0, 10)
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${params.list}-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
