import { CheckCircle2, FileText, Inbox, Send, Tag } from 'lucide-react'
import { Form, Link, Outlet, useLocation } from 'react-router'
import { DataTable } from '~/components/admin/data-table'
import { EmptyState } from '~/components/admin/empty-state'
import { FilterSelect, Pagination } from '~/components/admin/list-controls'
import { StatCards } from '~/components/admin/stat-cards'
import { QuoteStatusBadge } from '~/components/quotes/quote-status-badge'
import {
  formatCents,
  quoteDisplayStatus,
  quoteStatuses,
  quoteStatusLabels,
  type QuoteStatus,
} from '~/domain/quotes'
import { requireAdmin } from '~/auth/session.server'
import { formatCalendarDate, formatDate } from '~/domain/format'
import { seoMeta } from '~/lib/seo/meta'
import { quoteToday } from '~/models/quotes/rules.server'
import { listQuotes, quoteCounts } from '~/models/quotes/staff-views.server'
import type { Route } from './+types/quotes'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Quotes',
      description: 'Translation quote requests.',
      path: '/admin/quotes',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const params = new URL(request.url).searchParams
  const requested = params.get('status') ?? 'all'
  const status = (quoteStatuses as readonly string[]).includes(requested)
    ? (requested as QuoteStatus)
    : 'all'
  const pageNumber = Number.parseInt(params.get('page') ?? '1', 10)
  const page = Number.isFinite(pageNumber) && pageNumber > 0 ? Math.min(pageNumber, 100_000) : 1
  const [list, counts] = await Promise.all([listQuotes({ status, page }), quoteCounts()])
  const today = quoteToday()
  return {
    status,
    page,
    counts,
    total: list.total,
    pageSize: list.pageSize,
    quotes: list.items.map((quote) => ({
      id: quote.id,
      organizationName: quote.organizationName,
      requesterName: quote.requesterName,
      sourceLanguage: quote.sourceLanguage,
      targetLanguages: quote.targetLanguages,
      deadline: quote.deadline,
      createdAt: quote.createdAt,
      price: quote.priceCents === null ? null : formatCents(quote.priceCents),
      status: quoteDisplayStatus(quote, today),
    })),
  }
}

/** Staff's translation quotes, by status, newest first; each opens in a dialog. */
export default function QuotesPage({ loaderData }: Route.ComponentProps) {
  const { status, page, counts, total, pageSize, quotes } = loaderData
  const location = useLocation()
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Quotes</h1>
      <p className="mt-1 text-slate-600">Translation quotes clients asked for in the portal.</p>
      <div className="mt-6">
        <StatCards
          label="Quote counts"
          cards={[
            {
              label: 'To price',
              value: counts.requested,
              icon: <Inbox aria-hidden="true" className="size-5" />,
            },
            {
              label: 'Priced',
              value: counts.priced,
              icon: <Tag aria-hidden="true" className="size-5" />,
            },
            {
              label: 'To deliver',
              value: counts.accepted,
              icon: <Send aria-hidden="true" className="size-5" />,
            },
            {
              label: 'Delivered',
              value: counts.delivered,
              icon: <CheckCircle2 aria-hidden="true" className="size-5" />,
            },
          ]}
        />
      </div>
      <Form
        method="get"
        preventScrollReset
        className="mt-6 flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <FilterSelect
          id="quote-status"
          name="status"
          label="Status"
          value={status}
          options={[
            { value: 'all', label: 'All statuses' },
            ...quoteStatuses.map((value) => ({ value, label: quoteStatusLabels[value] })),
          ]}
        />
        <button type="submit" className="btn-primary">
          Show
        </button>
      </Form>
      {quotes.length === 0 ? (
        <EmptyState icon={FileText} title="No Quotes Found">
          {status === 'all'
            ? 'Quote requests from the client portal appear here.'
            : 'No quote has this status.'}
        </EmptyState>
      ) : (
        <DataTable
          caption="Translation quotes"
          className="mt-6"
          rows={quotes}
          rowKey={(quote) => quote.id}
          columns={[
            {
              header: 'Client',
              rowHeader: true,
              cell: (quote) => (
                <>
                  <p className="font-medium text-slate-900">{quote.organizationName}</p>
                  <p className="text-slate-600">{quote.requesterName ?? 'Former user'}</p>
                </>
              ),
            },
            {
              header: 'Languages',
              className: 'text-slate-800',
              cell: (quote) => `${quote.sourceLanguage} into ${quote.targetLanguages.join(', ')}`,
            },
            {
              header: 'Deadline',
              className: 'whitespace-nowrap',
              cell: (quote) => formatCalendarDate(quote.deadline),
            },
            { header: 'Price', cell: (quote) => quote.price ?? '—' },
            { header: 'Status', cell: (quote) => <QuoteStatusBadge status={quote.status} /> },
            {
              header: 'Requested',
              className: 'whitespace-nowrap text-slate-700',
              cell: (quote) => formatDate(quote.createdAt),
            },
            {
              header: 'Actions',
              cell: (quote) => (
                <Link
                  to={`${quote.id}${location.search}`}
                  preventScrollReset
                  className="font-medium text-brand-700 underline hover:text-brand-800"
                  aria-label={`Open the quote of ${quote.organizationName}, requested ${formatDate(quote.createdAt)}`}
                >
                  Open
                </Link>
              ),
            },
          ]}
        />
      )}
      <Pagination page={page} pageSize={pageSize} total={total} />
      <Outlet />
    </>
  )
}
