import type { ReactNode } from 'react'
import { data, Form, Link, useLocation } from 'react-router'
import { z } from 'zod'
import { FormMessage } from '~/components/layout/auth-card'
import { ERASURE_LINK_HOURS } from '~/domain/applicant-status'
import { positionInLocale } from '~/i18n/position-in-locale.server'
import { LOCALE_TAGS, type Locale } from '~/domain/locales'
import { copy, fill, localeOf } from '~/i18n/translator.server'
import { applicantPageHeaders } from '~/lib/http/applicant-page-headers'
import { formatDate } from '~/domain/format'
import { seoMeta } from '~/lib/seo/meta'
import {
  applicantStatusView,
  requestErasure,
  withdrawApplication,
} from '~/models/privacy/status-page.server'
import type { Route } from './+types/application-status'

/**
 * The applicant's private status page (docs/product.md#application-status-page): reached only
 * through the signed link in the acknowledgement e-mail. Nothing typed by the applicant is
 * shown but the position; the link must not leak through caches or the Referer header.
 */
export const headers: Route.HeadersFunction = () => applicantPageHeaders

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta(
    {
      ...(loaderData?.text.seo ?? { title: '', description: '' }),
      path: '/application-status',
      noindex: true,
    },
    matches,
  )

/** The page's words in the language of its address, with its numbers filled in. */
function pageText(locale: Locale) {
  const text = copy(locale, 'applicationStatusPage')
  return {
    ...text,
    erasureRequested: fill(locale, text.erasureRequested, { hours: ERASURE_LINK_HOURS }),
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = localeOf(request)
  const text = pageText(locale)
  const view = await applicantStatusView(params.token)
  if (!view)
    return data({ text, application: null }, { status: 404, headers: applicantPageHeaders })
  const position = positionInLocale(locale, view.position)
  return {
    text: {
      ...text,
      withdraw: { ...text.withdraw, text: fill(locale, text.withdraw.text, { position }) },
    },
    application: {
      position,
      appliedOn: formatDate(view.appliedAt, LOCALE_TAGS[locale]),
      status: text.statuses[view.status],
      mayWithdraw: view.mayWithdraw,
    },
  }
}

const intentSchema = z.object({ intent: z.enum(['withdraw', 'request-erasure']) })

export async function action({ request, params }: Route.ActionArgs) {
  const { errors } = pageText(localeOf(request))
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ done: null, error: errors.invalid }, { status: 400 })
  if (parsed.data.intent === 'withdraw') {
    const outcome = await withdrawApplication(params.token)
    if (outcome === 'missing') return data({ done: null, error: null }, { status: 404 })
    if (outcome === 'decided') return data({ done: null, error: errors.decided }, { status: 409 })
    return { done: 'withdrawn' as const, error: null }
  }
  const outcome = await requestErasure(params.token)
  if (outcome === 'missing') return data({ done: null, error: null }, { status: 404 })
  if (outcome === 'too-many') return data({ done: null, error: errors.tooMany }, { status: 429 })
  return { done: 'erasure-requested' as const, error: null }
}

export default function ApplicationStatusPage({ loaderData, actionData }: Route.ComponentProps) {
  const { application, text } = loaderData
  const location = useLocation()
  const confirm = new URLSearchParams(location.search).get('confirm')
  return (
    <main className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">{text.heading}</h1>
      {!application ? (
        <div className="mt-6">
          <FormMessage tone="error">{text.invalidLink}</FormMessage>
        </div>
      ) : (
        <>
          <dl className="mt-6 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-slate-600">{text.position}</dt>
            <dd className="font-medium text-slate-900">{application.position}</dd>
            <dt className="text-slate-600">{text.appliedOn}</dt>
            <dd className="text-slate-900">{application.appliedOn}</dd>
            <dt className="text-slate-600">{text.status}</dt>
            <dd>
              <strong className="text-slate-900">{application.status.label}</strong>
              <p className="mt-1 text-slate-700">{application.status.detail}</p>
            </dd>
          </dl>
          <div className="mt-6 space-y-4">
            {actionData?.error ? <FormMessage tone="error">{actionData.error}</FormMessage> : null}
            {actionData?.done === 'withdrawn' ? (
              <FormMessage tone="success">{text.withdrawn}</FormMessage>
            ) : null}
            {actionData?.done === 'erasure-requested' ? (
              <FormMessage tone="success">{text.erasureRequested}</FormMessage>
            ) : null}
          </div>
          <StatusActions
            confirm={actionData?.done ? null : confirm}
            mayWithdraw={application.mayWithdraw}
            text={text}
          />
        </>
      )}
    </main>
  )
}

/** Withdraw and erase, each behind a confirmation step (links, so no JavaScript is needed). */
function StatusActions({
  confirm,
  mayWithdraw,
  text,
}: {
  confirm: string | null
  mayWithdraw: boolean
  text: StatusPageText
}) {
  if (confirm === 'withdraw' && mayWithdraw)
    return (
      <ConfirmStep
        heading={text.withdraw.heading}
        intent="withdraw"
        button={text.withdraw.button}
        cancel={text.cancel}
      >
        {text.withdraw.text}
      </ConfirmStep>
    )
  if (confirm === 'erase')
    return (
      <ConfirmStep
        heading={text.erase.heading}
        intent="request-erasure"
        button={text.erase.button}
        cancel={text.cancel}
      >
        {text.erase.text}
      </ConfirmStep>
    )
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      {mayWithdraw ? (
        <Link to="?confirm=withdraw" className="btn-secondary">
          {text.withdraw.link}
        </Link>
      ) : null}
      <Link to="?confirm=erase" className="btn-secondary">
        {text.erase.link}
      </Link>
    </div>
  )
}

function ConfirmStep({
  heading,
  intent,
  button,
  cancel,
  children,
}: {
  heading: string
  intent: 'withdraw' | 'request-erasure'
  button: string
  cancel: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby="confirm-heading"
      className="mt-8 rounded-lg border border-slate-300 p-4"
    >
      <h2 id="confirm-heading" className="font-semibold text-slate-900">
        {heading}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{children}</p>
      <Form method="post" action="?" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value={intent} />
        <button type="submit" className="btn-primary">
          {button}
        </button>
        <Link to="?" className="btn-secondary">
          {cancel}
        </Link>
      </Form>
    </section>
  )
}

type StatusPageText = ReturnType<typeof pageText>
