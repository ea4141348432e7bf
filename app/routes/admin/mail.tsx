import { RotateCcw } from 'lucide-react'
import { data, Form, Link } from 'react-router'
import { z } from 'zod'
import type { MailStatus } from '../../../db/schema/mail'
import { DataTable, Truncated } from '~/components/admin/data-table'
import { FormMessage } from '~/components/layout/auth-card'
import { requireAdmin } from '~/auth/session.server'
import { formatDateTime } from '~/domain/format'
import { seoMeta } from '~/lib/seo/meta'
import { listOutbox, retryFailedMail } from '~/models/mail.server'
import type { Route } from './+types/mail'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Mail',
      description: 'Outgoing e-mail and its delivery.',
      path: '/admin/mail',
      noindex: true,
    },
    matches,
  )

// The schema's list, repeated here so that the browser bundle does not pull in Drizzle.
const mailStatuses = [
  'queued',
  'sending',
  'sent',
  'failed',
  'cancelled',
] as const satisfies MailStatus[]

const statusLabels: Record<MailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
}

const statusTone: Record<MailStatus, string> = {
  queued: 'bg-amber-50 text-amber-900 ring-amber-300',
  sending: 'bg-sky-50 text-sky-900 ring-sky-300',
  sent: 'bg-green-50 text-green-900 ring-green-300',
  failed: 'bg-red-50 text-red-900 ring-red-300',
  cancelled: 'bg-slate-100 text-slate-800 ring-slate-300',
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const params = new URL(request.url).searchParams
  const status = z.enum(mailStatuses).safeParse(params.get('status')).data
  const page = z.coerce.number().int().min(1).max(10_000).safeParse(params.get('page')).data
  return { status, ...(await listOutbox({ status, page })) }
}

const retryIntent = z.object({ intent: z.literal('retry'), mailId: z.uuid() })

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const parsed = retryIntent.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ notice: null, error: 'Invalid request.' }, { status: 400 })
  const retried = await retryFailedMail(parsed.data.mailId, admin.actor)
  if (!retried)
    return data(
      { notice: null, error: 'That message is not failed (any more); nothing was changed.' },
      { status: 409 },
    )
  return { notice: 'The message is queued again and will be sent shortly.', error: null }
}

function filterHref(status: MailStatus | undefined, page = 1) {
  const params = new URLSearchParams()
  if (status) params.set('status', status)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return `/admin/mail${query ? `?${query}` : ''}`
}

export default function MailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, byStatus, status, page, hasMore } = loaderData
  const total = mailStatuses.reduce((sum, name) => sum + (byStatus[name] ?? 0), 0)
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Mail</h1>
      <p className="mt-1 text-slate-600">
        Every e-mail the site sends waits here until the mail server accepts it. Failed messages
        were refused for good or ran out of attempts; cancelled ones were for a person deleted
        before they went out.
      </p>
      <div className="mt-4 space-y-3" aria-live="polite">
        {actionData?.notice ? <FormMessage tone="success">{actionData.notice}</FormMessage> : null}
        {actionData?.error ? <FormMessage tone="error">{actionData.error}</FormMessage> : null}
      </div>
      <nav aria-label="Filter by status" className="mt-4 flex flex-wrap gap-2 text-sm">
        {[undefined, ...mailStatuses].map((name) => (
          <Link
            key={name ?? 'all'}
            to={filterHref(name)}
            aria-current={status === name ? 'page' : undefined}
            className={`rounded-full px-3 py-1 ring-1 ring-slate-300 ${status === name ? 'bg-slate-900 text-white' : 'bg-white text-slate-800 hover:bg-slate-50'}`}
          >
            {name ? statusLabels[name] : 'All'} ({name ? (byStatus[name] ?? 0) : total})
          </Link>
        ))}
      </nav>
      <DataTable
        caption="Outgoing e-mail"
        className="mt-4"
        rows={messages}
        rowKey={(message) => message.id}
        empty="No messages."
        columns={[
          {
            header: 'Message',
            rowHeader: true,
            width: 'w-2/5',
            cell: (message) => (
              <>
                <p className="font-medium text-slate-900">{message.subject}</p>
                <p className="text-slate-600 @4xl:flex">
                  <Truncated text={`To ${message.toAddress}`} inline />
                  <span className="shrink-0 whitespace-pre">
                    {' · '}
                    {formatDateTime(message.createdAt)}
                  </span>
                </p>
              </>
            ),
          },
          {
            header: 'Status',
            width: 'w-36',
            cell: (message) => (
              <>
                <span
                  className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${statusTone[message.status]}`}
                >
                  {statusLabels[message.status]}
                </span>
                {message.sentAt ? (
                  <p className="mt-1 text-xs text-slate-600">{formatDateTime(message.sentAt)}</p>
                ) : null}
              </>
            ),
          },
          { header: 'Attempts', width: 'w-28', cell: (message) => message.attempts },
          {
            header: 'Last error',
            className: 'text-slate-700',
            cell: (message) => message.lastError ?? '—',
          },
          {
            header: 'Actions',
            width: 'w-32',
            cell: (message) =>
              message.status === 'failed' ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="retry" />
                  <input type="hidden" name="mailId" value={message.id} />
                  <button
                    type="submit"
                    className="btn-secondary inline-flex items-center gap-1 px-3 py-1.5"
                    aria-label={`Retry the message to ${message.toAddress}: ${message.subject}`}
                  >
                    <RotateCcw aria-hidden="true" className="size-4" /> Retry
                  </button>
                </Form>
              ) : null,
          },
        ]}
      />
      {page > 1 || hasMore ? (
        <nav aria-label="Pages" className="mt-4 flex justify-between text-sm">
          {page > 1 ? (
            <Link to={filterHref(status, page - 1)} className="text-brand-700 underline">
              Newer messages
            </Link>
          ) : (
            <span />
          )}
          {hasMore ? (
            <Link to={filterHref(status, page + 1)} className="text-brand-700 underline">
              Older messages
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  )
}
