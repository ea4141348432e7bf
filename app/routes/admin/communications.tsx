import { CheckCircle2, Mail, Send, Users } from 'lucide-react'
import { data, Link, redirect } from 'react-router'
import { z } from 'zod'
import { ComposeMessage } from '~/components/admin/compose-message'
import { MessageHistory } from '~/components/admin/message-history'
import { StatCards } from '~/components/admin/stat-cards'
import { messageTemplates } from '~/content/communications'
import { cleanSearchText } from '~/lib/admin/list-filters'
import { requireAdmin } from '~/auth/session.server'
import { recipientsForTemplate } from '~/domain/communications'
import { seoMeta } from '~/lib/seo/meta'
import { parseRecipientSelection } from '~/lib/validation/message'
import {
  getMessage,
  listMessages,
  messageStats,
  messageTypeFilters,
  type MessageTypeFilter,
} from '~/models/communications/history.server'
import { findPeople } from '~/models/communications/people-search.server'
import { recipientGroupCounts } from '~/models/communications/recipients.server'
import { retryFailedDeliveries } from '~/models/communications/retries.server'
import type { Route } from './+types/communications'
import { composeAction, type ComposeValues } from './communications.server'

const PATH = '/admin/communications'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Communications',
      description: 'Messages to interpreters and clients.',
      path: '/admin/communications',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const params = new URL(request.url).searchParams
  const stats = await messageStats()
  if (params.get('tab') === 'history') {
    const type = params.get('type') ?? 'all'
    const page = Number.parseInt(params.get('page') ?? '1', 10)
    const filters = {
      q: cleanSearchText(params.get('q')),
      type: (messageTypeFilters as readonly string[]).includes(type)
        ? (type as MessageTypeFilter)
        : 'all',
      page: Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 1,
    }
    return {
      tab: 'history' as const,
      stats,
      filters,
      history: await listMessages(filters),
    }
  }
  // The person search and the quick templates are GET submissions of the compose form,
  // so that they work without JavaScript and keep what was typed. There is no default
  // group: staff choose one, or a template chooses the group it was written for.
  const person = cleanSearchText(params.get('person'))
  const template = messageTemplates.find((entry) => entry.key === params.get('template'))
  const [counts, people] = await Promise.all([recipientGroupCounts(), findPeople(person)])
  const chosen = params.get('recipients') ?? ''
  const values: ComposeValues = {
    recipients: template
      ? recipientsForTemplate(template.group, parseRecipientSelection(chosen))
      : chosen,
    subject: template?.subject ?? params.get('subject') ?? '',
    message: template?.message ?? params.get('message') ?? '',
  }
  if (params.get('intent') === 'find' && people[0]) values.recipients = people[0].key
  const sent = Number.parseInt(params.get('sent') ?? '', 10)
  return {
    tab: 'compose' as const,
    stats,
    counts,
    person,
    people,
    values,
    sentTo: Number.isFinite(sent) ? sent : null,
  }
}

const retrySchema = z.object({ intent: z.literal('retry'), messageId: z.uuid() })

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const actor = admin.actor
  const formData = await request.formData()
  if (formData.get('intent') === 'retry') {
    const parsed = retrySchema.safeParse(Object.fromEntries(formData))
    if (!parsed.success || !(await getMessage(parsed.data.messageId)))
      return data(
        { kind: 'retry' as const, notice: null, error: 'This message was not found.' },
        { status: 404 },
      )
    const retried = await retryFailedDeliveries(parsed.data.messageId, actor)
    return {
      kind: 'retry' as const,
      notice:
        retried === 0
          ? 'No failed deliveries to retry.'
          : `${retried} failed ${retried === 1 ? 'delivery was' : 'deliveries were'} queued again.`,
      error: null,
    }
  }
  const composed = await composeAction(formData, actor)
  if ('sentTo' in composed) throw redirect(`${PATH}?sent=${composed.sentTo}`)
  return composed
}

export default function CommunicationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { stats } = loaderData
  const tabs = [
    { key: 'compose', label: 'Compose Message', to: PATH },
    { key: 'history', label: 'Message History', to: `${PATH}?tab=history` },
  ] as const
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Communications</h1>
      <p className="mt-1 text-slate-600">E-mail interpreters and clients, and follow delivery.</p>
      <div className="mt-6">
        <StatCards
          label="Message statistics"
          cards={[
            {
              label: 'Messages Sent',
              value: stats.sent,
              icon: <Send aria-hidden="true" className="size-5" />,
              // Client messages have no card of their own; this keeps the sum visible.
              detail: `Including ${stats.byType.client} ${stats.byType.client === 1 ? 'client message' : 'client messages'}`,
            },
            {
              label: 'Bulk Messages',
              value: stats.byType.bulk,
              icon: <Users aria-hidden="true" className="size-5" />,
            },
            {
              label: 'Individual Messages',
              value: stats.byType.individual,
              icon: <Mail aria-hidden="true" className="size-5" />,
            },
            {
              label: 'Delivery Rate',
              value: stats.deliveryRate === null ? '–' : `${stats.deliveryRate}%`,
              icon: <CheckCircle2 aria-hidden="true" className="size-5" />,
            },
          ]}
        />
      </div>
      <nav aria-label="Communications sections" className="mt-6 border-b border-slate-200">
        <ul className="-mb-px flex gap-2">
          {tabs.map((tab) => {
            const current = loaderData.tab === tab.key
            return (
              <li key={tab.key}>
                <Link
                  to={tab.to}
                  aria-current={current ? 'page' : undefined}
                  preventScrollReset
                  className={`inline-block border-b-2 px-4 py-2 text-sm font-semibold ${
                    current
                      ? 'border-brand-700 text-brand-800'
                      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
                  }`}
                >
                  {tab.label}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
      <div className="mt-6">
        {loaderData.tab === 'history' ? (
          <MessageHistory
            filters={loaderData.filters}
            history={loaderData.history}
            typeCounts={{ all: stats.sent, ...stats.byType }}
            notice={actionData?.kind === 'retry' ? actionData.notice : null}
            error={actionData?.kind === 'retry' ? actionData.error : null}
          />
        ) : (
          <ComposeMessage
            counts={loaderData.counts}
            person={loaderData.person}
            people={loaderData.people}
            values={actionData?.kind === 'compose' ? actionData.values : loaderData.values}
            errors={actionData?.kind === 'compose' ? actionData.errors : {}}
            preview={actionData?.kind === 'compose' ? actionData.preview : null}
            confirmation={actionData?.kind === 'compose' ? actionData.confirmation : null}
            sentTo={loaderData.sentTo}
          />
        )}
      </div>
    </>
  )
}
