import { FileText } from 'lucide-react'
import { Link } from 'react-router'
import { DataTable } from '~/components/admin/data-table'
import { EmptyState } from '~/components/admin/empty-state'
import { QuoteStatusBadge } from '~/components/quotes/quote-status-badge'
import { formatCents, quoteDisplayStatus } from '~/domain/quotes'
import { requireClient } from '~/auth/client.server'
import { formatCalendarDate, formatDate } from '~/domain/format'
import { seoMeta } from '~/lib/seo/meta'
import { listClientQuotes } from '~/models/quotes/client-views.server'
import { quoteToday } from '~/models/quotes/rules.server'
import type { Route } from './+types/quotes'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Translation quotes',
      description: 'Your translation quote requests.',
      path: '/client/quotes',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const client = await requireClient(request)
  const quotes = await listClientQuotes({ userId: client.id, ...client.client })
  const today = quoteToday()
  return {
    isManager: client.client.role === 'manager',
    quotes: quotes.map((quote) => ({
      id: quote.id,
      createdAt: quote.createdAt,
      requesterName: quote.requesterName,
      sourceLanguage: quote.sourceLanguage,
      targetLanguages: quote.targetLanguages,
      deadline: quote.deadline,
      price: quote.priceCents === null ? null : formatCents(quote.priceCents),
      status: quoteDisplayStatus(quote, today),
    })),
  }
}

/** The client's quotes (a manager's: the organization's), newest first. */
export default function ClientQuotes({ loaderData }: Route.ComponentProps) {
  const { quotes, isManager } = loaderData
  return (
    <div className="mx-auto max-w-5xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Translation quotes</h1>
          <p className="mt-1 text-slate-600">
            {isManager ? 'Every quote your organization asked for.' : 'The quotes you asked for.'}
          </p>
        </div>
        <Link to="/client/quotes/new" className="btn-primary">
          Request a quote
        </Link>
      </div>
      <div className="mt-6">
        {quotes.length === 0 ? (
          <EmptyState icon={FileText} title="No quotes yet">
            Send us your documents and we price their translation.
          </EmptyState>
        ) : (
          <DataTable
            caption="Translation quotes"
            rows={quotes}
            rowKey={(quote) => quote.id}
            columns={[
              {
                header: 'Languages',
                rowHeader: true,
                cell: (quote) => (
                  <>
                    <p className="font-medium text-slate-900">
                      {quote.sourceLanguage} into {quote.targetLanguages.join(', ')}
                    </p>
                    <p className="text-slate-600">
                      Requested {formatDate(quote.createdAt)}
                      {isManager && quote.requesterName ? ` by ${quote.requesterName}` : ''}
                    </p>
                  </>
                ),
              },
              {
                header: 'Deadline',
                className: 'whitespace-nowrap',
                cell: (quote) => formatCalendarDate(quote.deadline),
              },
              { header: 'Price', cell: (quote) => quote.price ?? 'Not priced yet' },
              { header: 'Status', cell: (quote) => <QuoteStatusBadge status={quote.status} /> },
              {
                header: 'Actions',
                cell: (quote) => (
                  <Link
                    to={`/client/quotes/${quote.id}`}
                    className="font-medium text-brand-700 underline hover:text-brand-800"
                    aria-label={`View the quote for ${quote.sourceLanguage} into ${quote.targetLanguages.join(', ')}, requested ${formatDate(quote.createdAt)}`}
                  >
                    View quote
                  </Link>
                ),
              },
            ]}
          />
        )}
      </div>
    </div>
  )
}
