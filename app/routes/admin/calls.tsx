import { useEffect } from 'react'
import { data, Form, Link, useLocation, useNavigate } from 'react-router'
import { z } from 'zod'
import { DataTable } from '~/components/admin/data-table'
import { useSecondsSince } from '~/components/calls/call-status'
import { requireAdmin } from '~/auth/session.server'
import { settingLabel } from '~/domain/bookings'
import {
  connectTimeText,
  connectTimeWindows,
  minutesAndSeconds,
  PUBLISH_MINIMUM_CALLS,
  TOO_FEW_CALLS_MESSAGE,
  type ConnectTimeWindow,
} from '~/domain/calls'
import {
  connectTimePublicationState,
  publishConnectTime,
  unpublishConnectTime,
} from '~/models/calls/connect-time-publication.server'
import { now } from '~/platform/clock.server'
import { seoMeta } from '~/lib/seo/meta'
import { redirectWithToast } from '~/lib/toast.server'
import {
  CALLS_BEHIND_LIMIT,
  callBoard,
  callsBehindConnectTimes,
  setUnavailableByStaff,
} from '~/models/calls/call-board.server'
import { formatDateTime } from '~/domain/format'
import { endCall } from '~/models/calls/calls.server'
import type { Route } from './+types/calls'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Calls',
      description: 'On-demand calls waiting and under way, interpreters online, connect times.',
      path: '/admin/calls',
      noindex: true,
    },
    matches,
  )

/** The board reads the calls again this often while it is open. */
const REFRESH_MS = 5_000

const mediaText = (media: string) => (media === 'video' ? 'video' : 'audio only')

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const params = new URL(request.url).searchParams
  // "?days=7": the connect times of the last week; the last 30 days otherwise.
  const days: ConnectTimeWindow = params.get('days') === '7' ? 7 : 30
  const [board, publication] = await Promise.all([
    callBoard(now(), days),
    connectTimePublicationState(),
  ])
  // "?language=…&media=…": the calls behind that row's figures (a row without figures: none).
  const shown = board.figures.find(
    (figure) => figure.language === params.get('language') && figure.media === params.get('media'),
  )
  const behind = shown
    ? (await callsBehindConnectTimes({ ...shown, days })).map((call) => ({
        id: call.id,
        startedAt: call.startedAt,
        call: mediaText(call.media),
        connectSeconds: call.connectSeconds,
        duration:
          call.connectSeconds === null
            ? '—'
            : call.billableSeconds === null
              ? 'Under way'
              : minutesAndSeconds(call.billableSeconds),
        organizationName: call.organizationName,
        interpreterName:
          `${call.interpreterFirstName ?? ''} ${call.interpreterLastName ?? ''}`.trim(),
      }))
    : null
  const perLanguage = new Map<string, number>()
  for (const interpreter of board.online)
    if (!interpreter.onCall && !interpreter.ringing)
      for (const language of interpreter.languages)
        perLanguage.set(language, (perLanguage.get(language) ?? 0) + 1)
  return {
    waiting: board.waiting.map((call) => ({
      ...call,
      startedAt: call.startedAt.toISOString(),
    })),
    active: board.active.map((call) => ({
      id: call.id,
      call: `${call.language}, ${mediaText(call.media)}`,
      organizationName: call.organizationName,
      interpreterName:
        `${call.interpreterFirstName ?? ''} ${call.interpreterLastName ?? ''}`.trim(),
      status: call.status,
      since: (call.connectedAt ?? call.startedAt).toISOString(),
    })),
    online: board.online.map((interpreter) => ({
      id: interpreter.id,
      name: `${interpreter.firstName} ${interpreter.lastName}`,
      languages: interpreter.languages.join(', '),
      state: interpreter.onCall ? 'On a call' : interpreter.ringing ? 'Ringing' : 'Free',
    })),
    freePerLanguage: [...perLanguage.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([language, free]) => ({ language, free })),
    days,
    publication: publication?.published
      ? {
          median: publication.medianTenths === null ? null : publication.medianTenths / 10,
          calls: publication.calls,
          computedAt: publication.computedAt,
        }
      : null,
    figures: board.figures.map((row) => ({
      ...row,
      call: mediaText(row.media),
      // The board's own address for the calls behind the row, in this window.
      behindSearch: `?${new URLSearchParams({ days: String(days), language: row.language, media: row.media })}`,
    })),
    behind:
      shown && behind
        ? {
            title: `${shown.language} ${mediaText(shown.media)} calls, the last ${days} days`,
            days,
            calls: behind,
            limit: CALLS_BEHIND_LIMIT,
          }
        : null,
  }
}

const actionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('end'), callId: z.uuid() }),
  z.object({ intent: z.literal('unavailable'), interpreterId: z.uuid() }),
  z.object({ intent: z.literal('publish') }),
  z.object({ intent: z.literal('unpublish') }),
])

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ error: 'Choose a call or an interpreter.' }, { status: 400 })
  const form = parsed.data
  if (form.intent === 'publish')
    return (await publishConnectTime(admin.actor)) === 'published'
      ? redirectWithToast('/admin/calls', 'The median connect time is on the services page.')
      : data({ publishError: TOO_FEW_CALLS_MESSAGE }, { status: 400 })
  if (form.intent === 'unpublish') {
    await unpublishConnectTime(admin.actor)
    return redirectWithToast('/admin/calls', 'The services page no longer shows a connect time.')
  }
  if (form.intent === 'end')
    return (await endCall(form.callId, 'staff', { staff: admin.actor }))
      ? redirectWithToast('/admin/calls', 'Call ended.')
      : redirectWithToast('/admin/calls', 'This call is not under way any more.', 'error')
  return (await setUnavailableByStaff(form.interpreterId, admin.actor))
    ? redirectWithToast('/admin/calls', 'Calls turned off for the interpreter.')
    : data({ error: 'No such interpreter.' }, { status: 404 })
}

/** Reads the page's data again every few seconds (by navigating to itself: no reload). */
function useRefresh() {
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  useEffect(() => {
    const timer = setInterval(
      () => void navigate(`${pathname}${search}`, { replace: true, preventScrollReset: true }),
      REFRESH_MS,
    )
    return () => clearInterval(timer)
  }, [navigate, pathname, search])
}

function Waited({ since }: { since: string }) {
  return <>{minutesAndSeconds(useSecondsSince(since))}</>
}

const seconds = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} s`)

/** A share of the calls asked for, as a whole percentage: "67%". */
const share = (count: number, asked: number) =>
  asked === 0 ? '—' : `${Math.round((count / asked) * 100)}%`

type LoaderData = Route.ComponentProps['loaderData']

/**
 * Staff's live board of on-demand calls (docs/product.md#call-board): waiting calls with their
 * wait, calls under way with End call, interpreters online with Set unavailable, and the
 * connect times per language.
 */
export default function CallBoard({ loaderData, actionData }: Route.ComponentProps) {
  useRefresh()
  const { waiting, active, online, freePerLanguage, days, figures, behind, publication } =
    loaderData
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Calls</h1>
      <p className="mt-1 text-slate-600">
        Connect now calls as they happen; the board reads them again every 5 seconds.
      </p>
      {actionData && 'error' in actionData ? (
        <p role="alert" className="mt-4 font-medium text-red-700">
          {actionData.error}
        </p>
      ) : null}

      <h2 className="mt-8 text-lg font-semibold text-slate-900">Waiting</h2>
      <DataTable
        caption="Calls waiting for an interpreter"
        dense
        className="mt-2"
        rows={waiting}
        rowKey={(call) => call.id}
        empty="No call is waiting."
        columns={[
          {
            header: 'Call',
            rowHeader: true,
            cell: (call: LoaderData['waiting'][number]) =>
              `${call.language}, ${mediaText(call.media)}, ${settingLabel(call.setting).toLowerCase()}`,
          },
          { header: 'Client', cell: (call) => call.organizationName },
          { header: 'Waited', cell: (call) => <Waited since={call.startedAt} /> },
          { header: 'Ringing', cell: (call) => call.ringing },
        ]}
      />

      <h2 className="mt-8 text-lg font-semibold text-slate-900">Under way</h2>
      <DataTable
        caption="Calls under way"
        dense
        className="mt-2"
        rows={active}
        rowKey={(call) => call.id}
        empty="No call is under way."
        columns={[
          {
            header: 'Call',
            rowHeader: true,
            cell: (call: LoaderData['active'][number]) => call.call,
          },
          { header: 'Client', cell: (call) => call.organizationName },
          { header: 'Interpreter', cell: (call) => call.interpreterName },
          {
            header: 'Status',
            cell: (call) => (
              <>
                {call.status === 'connected' ? 'Connected' : 'Connecting'}{' '}
                <span className="text-slate-600">
                  <Waited since={call.since} />
                </span>
              </>
            ),
          },
          {
            header: 'Actions',
            cell: (call) => (
              <Form method="post">
                <input type="hidden" name="intent" value="end" />
                <input type="hidden" name="callId" value={call.id} />
                <button
                  type="submit"
                  className="btn-secondary"
                  aria-label={`End call: ${call.call}, ${call.organizationName}, ${call.interpreterName}`}
                >
                  End call
                </button>
              </Form>
            ),
          },
        ]}
      />

      <h2 className="mt-8 text-lg font-semibold text-slate-900">Interpreters online</h2>
      <DataTable
        caption="Free interpreters per language"
        dense
        className="mt-2"
        rows={freePerLanguage}
        rowKey={(row) => row.language}
        empty="No interpreter is free for calls."
        columns={[
          { header: 'Language', rowHeader: true, cell: (row) => row.language },
          { header: 'Free', cell: (row) => row.free },
        ]}
      />
      <DataTable
        caption="Interpreters available for calls"
        dense
        className="mt-4"
        rows={online}
        rowKey={(row) => row.id}
        empty="No interpreter is online for calls."
        columns={[
          {
            header: 'Interpreter',
            rowHeader: true,
            cell: (row: LoaderData['online'][number]) => row.name,
          },
          { header: 'Languages', cell: (row) => row.languages },
          { header: 'Now', cell: (row) => row.state },
          {
            header: 'Actions',
            cell: (row) => (
              <Form method="post">
                <input type="hidden" name="intent" value="unavailable" />
                <input type="hidden" name="interpreterId" value={row.id} />
                <button
                  type="submit"
                  className="btn-secondary"
                  aria-label={`Set unavailable: ${row.name}`}
                >
                  Set unavailable
                </button>
              </Form>
            ),
          },
        ]}
      />

      <h2 className="mt-8 text-lg font-semibold text-slate-900">Connect times</h2>
      <p className="mt-1 text-sm text-slate-600">
        From Connect now to both sides connected, per language and call: the median and 90th
        percentile over the calls that connected, and the share of every call asked for (but those
        still under way) that connected within 30 seconds, 1 minute and 2 minutes.
      </p>
      <nav aria-label="Connect times window" className="mt-2 flex gap-4 text-sm">
        {connectTimeWindows.map((window) => (
          <Link
            key={window}
            to={`?days=${window}`}
            preventScrollReset
            aria-current={window === days ? 'page' : undefined}
            className={
              window === days ? 'font-semibold text-slate-900' : 'text-brand-700 underline'
            }
          >
            Last {window} days
          </Link>
        ))}
      </nav>
      <DataTable
        caption={`Connect times per language, the last ${days} days`}
        dense
        className="mt-2"
        rows={figures}
        rowKey={(row) => `${row.language}-${row.media}`}
        empty={`No call was asked for in the last ${days} days.`}
        columns={[
          {
            header: 'Language',
            rowHeader: true,
            cell: (row: LoaderData['figures'][number]) => (
              <Link
                to={`${row.behindSearch}#calls-behind`}
                preventScrollReset
                aria-label={`${row.language}, ${row.call}: the calls behind these figures`}
                className="font-medium text-brand-700 underline"
              >
                {row.language}
              </Link>
            ),
          },
          { header: 'Call', cell: (row) => row.call },
          { header: 'Calls', cell: (row) => row.asked },
          { header: 'Connected', cell: (row) => row.connected },
          { header: 'Median', cell: (row) => seconds(row.median) },
          { header: '90th percentile', cell: (row) => seconds(row.p90) },
          { header: 'Within 30 s', cell: (row) => share(row.within30, row.asked) },
          { header: 'Within 1 min', cell: (row) => share(row.within60, row.asked) },
          { header: 'Within 2 min', cell: (row) => share(row.within120, row.asked) },
        ]}
      />
      {behind ? <CallsBehind {...behind} /> : null}
      <ServicesPageFigure
        publication={publication}
        error={actionData && 'publishError' in actionData ? actionData.publishError : undefined}
      />
    </>
  )
}

/**
 * Whether the public services page shows the median time to a live interpreter, with the
 * button that publishes it or stops publishing it.
 */
function ServicesPageFigure({
  publication,
  error,
}: {
  publication: LoaderData['publication']
  error: string | undefined
}) {
  return (
    <section aria-labelledby="services-figure-heading" className="mt-8">
      <h2 id="services-figure-heading" className="text-lg font-semibold text-slate-900">
        On the services page
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {publication === null
          ? 'Not published: the services page shows no measured connect time.'
          : publication.median === null
            ? `Published, but fewer than ${PUBLISH_MINIMUM_CALLS} calls connected in the last 30 days: the page shows no figure until enough do.`
            : `Published: "Median time to a live interpreter: ${connectTimeText(publication.median)}", over ${publication.calls} calls of the last 30 days${publication.computedAt ? `, computed ${formatDateTime(publication.computedAt)}` : ''}; computed again every hour.`}
      </p>
      <Form method="post" className="mt-2" preventScrollReset>
        <input type="hidden" name="intent" value={publication === null ? 'publish' : 'unpublish'} />
        <button
          type="submit"
          className="btn-secondary"
          aria-describedby={error ? 'services-figure-error' : undefined}
        >
          {publication === null ? 'Publish the median connect time' : 'Stop publishing'}
        </button>
      </Form>
      {error ? (
        <p
          id="services-figure-error"
          role="alert"
          className="mt-2 text-sm font-medium text-red-700"
        >
          {error}
        </p>
      ) : null}
    </section>
  )
}

/** The calls of one language and medium that its connect times are computed from. */
function CallsBehind({ title, days, calls, limit }: NonNullable<LoaderData['behind']>) {
  return (
    <section id="calls-behind" aria-labelledby="calls-behind-heading" className="mt-6">
      <h3 id="calls-behind-heading" className="text-base font-semibold text-slate-900">
        The calls behind the figures: {title}
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        The calls asked for in the last {days} days, newest first (at most {limit}).{' '}
        <Link to={`?days=${days}`} preventScrollReset className="text-brand-700 underline">
          Close the list
        </Link>
      </p>
      <DataTable
        caption={title}
        dense
        className="mt-2"
        rows={calls}
        rowKey={(row) => row.id}
        empty="No call."
        columns={[
          {
            header: 'Started',
            rowHeader: true,
            cell: (row: NonNullable<LoaderData['behind']>['calls'][number]) =>
              formatDateTime(row.startedAt),
          },
          {
            header: 'Connected after',
            cell: (row) =>
              row.connectSeconds === null ? 'Did not connect' : seconds(row.connectSeconds),
          },
          { header: 'Call', cell: (row) => row.call },
          { header: 'Organization', cell: (row) => row.organizationName },
          { header: 'Interpreter', cell: (row) => row.interpreterName },
          { header: 'Duration', cell: (row) => row.duration },
        ]}
      />
    </section>
  )
}
