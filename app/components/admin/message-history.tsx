import { Inbox, RotateCcw, Search } from 'lucide-react'
import { Form, useSubmit } from 'react-router'
import { DataTable, Truncated } from '~/components/admin/data-table'
import { Pagination } from '~/components/admin/list-controls'
import { FormMessage } from '~/components/layout/auth-card'
import { messageTypeLabels, messageTypes, type MessageType } from '~/domain/communications'
import { formatDateTime } from '~/domain/format'
import { EmptyState } from '~/components/admin/empty-state'
import { ToneBadge } from '~/components/ui/tone-badge'
import type { MessageHistoryEntry } from '~/models/communications/history.server'

const typeClasses: Record<MessageType, string> = {
  bulk: 'bg-blue-100 text-blue-900 ring-blue-300',
  individual: 'bg-slate-100 text-slate-800 ring-slate-300',
  client: 'bg-purple-100 text-purple-900 ring-purple-300',
}

/**
 * The 'Message History' tab: search, type filter, delivery counts and retry. The type
 * filter shows how many messages each type has: the numbers of the stat cards.
 */
export function MessageHistory({
  filters,
  history,
  typeCounts,
  notice,
  error,
}: {
  filters: { q: string; type: string; page: number }
  history: { items: MessageHistoryEntry[]; total: number; pageSize: number }
  typeCounts: Record<MessageType | 'all', number>
  notice: string | null
  error: string | null
}) {
  const submit = useSubmit()
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" className="sr-only">
        Message History
      </h2>
      <div className="space-y-3" aria-live="polite">
        {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      </div>
      <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <Form
          method="get"
          role="search"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          preventScrollReset
        >
          <input type="hidden" name="tab" value="history" />
          <div className="flex-1">
            <label htmlFor="history-search" className="field-label">
              Search by subject or recipient
            </label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 mt-0.5 size-4 -translate-y-1/2 text-slate-500"
              />
              <input
                id="history-search"
                type="search"
                name="q"
                placeholder="Search messages..."
                defaultValue={filters.q}
                className="field-input pl-9"
              />
            </div>
          </div>
          <div>
            <label htmlFor="history-type" className="field-label">
              Type
            </label>
            <select
              id="history-type"
              name="type"
              defaultValue={filters.type}
              className="field-input"
              onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
            >
              <option value="all">All types ({typeCounts.all})</option>
              {messageTypes.map((type) => (
                <option key={type} value={type}>
                  {messageTypeLabels[type]} ({typeCounts[type]})
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-primary">
            Search
          </button>
        </Form>
      </div>
      {history.items.length === 0 ? (
        <EmptyState icon={Inbox} title="No Messages Found" headingLevel={3}>
          {filters.q || filters.type !== 'all'
            ? 'No message matches this search or filter.'
            : 'Messages you send from Compose Message appear here.'}
        </EmptyState>
      ) : (
        <DataTable
          caption="Sent messages"
          rows={history.items}
          rowKey={(entry) => entry.id}
          columns={[
            {
              header: 'Subject',
              rowHeader: true,
              className: 'font-medium text-slate-900',
              cell: (entry) => entry.subject,
            },
            {
              header: 'Recipients',
              className: 'text-slate-700',
              cell: (entry) => (
                <>
                  <Truncated text={entry.recipientLabel} />
                  <span className="block text-slate-600">
                    {entry.recipientCount} {entry.recipientCount === 1 ? 'recipient' : 'recipients'}
                  </span>
                </>
              ),
            },
            {
              header: 'Sent',
              width: 'w-52',
              className: 'text-slate-700',
              cell: (entry) => (
                <>
                  {formatDateTime(entry.sentAt)}
                  <span className="block text-slate-600">by {entry.sentByName}</span>
                </>
              ),
            },
            {
              header: 'Type',
              width: 'w-28',
              cell: (entry) => (
                <ToneBadge colours={typeClasses[entry.type]}>
                  {messageTypeLabels[entry.type]}
                </ToneBadge>
              ),
            },
            {
              header: 'Delivery',
              width: 'w-32',
              className: 'whitespace-nowrap text-slate-700',
              cell: (entry) => (
                <ul>
                  <li>Delivered: {entry.delivered}</li>
                  <li>Pending: {entry.pending}</li>
                  <li className={entry.failed > 0 ? 'font-semibold text-red-700' : undefined}>
                    Failed: {entry.failed}
                  </li>
                </ul>
              ),
            },
            {
              header: 'Actions',
              width: 'w-44',
              cell: (entry) =>
                entry.failed > 0 ? (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="messageId" value={entry.id} />
                    <button
                      type="submit"
                      className="btn-secondary px-3 py-1.5 whitespace-nowrap"
                      aria-label={`Retry failed deliveries of ${entry.subject}`}
                    >
                      <RotateCcw aria-hidden="true" className="size-4" /> Retry failed
                    </button>
                  </Form>
                ) : (
                  <span className="text-slate-500">—</span>
                ),
            },
          ]}
        />
      )}
      <Pagination page={filters.page} pageSize={history.pageSize} total={history.total} />
    </section>
  )
}
