import type { ReactNode } from 'react'
import { data, Form, Link, useLocation } from 'react-router'
import { z } from 'zod'
import { FormMessage } from '~/components/layout/auth-card'
import { applicantStatusTexts, ERASURE_LINK_HOURS } from '~/domain/applicant-status'
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

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Your application',
      description: 'The status of your interpreter application.',
      path: '/application-status',
      noindex: true,
    },
    matches,
  )

const NOT_FOUND = { application: null } as const

export async function loader({ params }: Route.LoaderArgs) {
  const application = await applicantStatusView(params.token)
  if (!application) return data(NOT_FOUND, { status: 404, headers: applicantPageHeaders })
  return { application }
}

const intentSchema = z.object({ intent: z.enum(['withdraw', 'request-erasure']) })

export async function action({ request, params }: Route.ActionArgs) {
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ done: null, error: 'Invalid request.' }, { status: 400 })
  if (parsed.data.intent === 'withdraw') {
    const outcome = await withdrawApplication(params.token)
    if (outcome === 'missing') return data({ done: null, error: null }, { status: 404 })
    if (outcome === 'decided')
      return data(
        { done: null, error: 'This application can no longer be withdrawn.' },
        { status: 409 },
      )
    return { done: 'withdrawn' as const, error: null }
  }
  const outcome = await requestErasure(params.token)
  if (outcome === 'missing') return data({ done: null, error: null }, { status: 404 })
  if (outcome === 'too-many')
    return data(
      {
        done: null,
        error:
          'We have sent too many e-mails to this address today. Please try again tomorrow, or reply to our e-mail.',
      },
      { status: 429 },
    )
  return { done: 'erasure-requested' as const, error: null }
}

export default function ApplicationStatusPage({ loaderData, actionData }: Route.ComponentProps) {
  const { application } = loaderData
  const location = useLocation()
  const confirm = new URLSearchParams(location.search).get('confirm')
  return (
    <main className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">Your application</h1>
      {!application ? (
        <div className="mt-6">
          <FormMessage tone="error">
            This status link is not valid or no longer works. If you applied with us and need help,
            reply to the e-mail you received from us.
          </FormMessage>
        </div>
      ) : (
        <>
          <dl className="mt-6 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-slate-600">Position</dt>
            <dd className="font-medium text-slate-900">{application.position}</dd>
            <dt className="text-slate-600">Applied on</dt>
            <dd className="text-slate-900">{formatDate(application.appliedAt)}</dd>
            <dt className="text-slate-600">Status</dt>
            <dd>
              <strong className="text-slate-900">
                {applicantStatusTexts[application.status].label}
              </strong>
              <p className="mt-1 text-slate-700">
                {applicantStatusTexts[application.status].detail}
              </p>
            </dd>
          </dl>
          <div className="mt-6 space-y-4">
            {actionData?.error ? <FormMessage tone="error">{actionData.error}</FormMessage> : null}
            {actionData?.done === 'withdrawn' ? (
              <FormMessage tone="success">Your application is withdrawn.</FormMessage>
            ) : null}
            {actionData?.done === 'erasure-requested' ? (
              <FormMessage tone="success">
                We sent an e-mail to the address you applied with. Follow its link within{' '}
                {ERASURE_LINK_HOURS} hours to confirm that your data should be erased.
              </FormMessage>
            ) : null}
          </div>
          <StatusActions
            confirm={actionData?.done ? null : confirm}
            mayWithdraw={application.mayWithdraw}
            position={application.position}
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
  position,
}: {
  confirm: string | null
  mayWithdraw: boolean
  position: string
}) {
  if (confirm === 'withdraw' && mayWithdraw)
    return (
      <ConfirmStep
        heading="Withdraw your application?"
        intent="withdraw"
        button="Yes, withdraw my application"
      >
        Your application for {position} will be marked as withdrawn and our staff will not act on
        it. This cannot be undone here; to apply again, send a new application.
      </ConfirmStep>
    )
  if (confirm === 'erase')
    return (
      <ConfirmStep
        heading="Erase your data?"
        intent="request-erasure"
        button="Send me the confirmation e-mail"
      >
        We will e-mail you a link to confirm. Following it erases your application, your resume and
        our e-mails to you, and this page will no longer work.
      </ConfirmStep>
    )
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      {mayWithdraw ? (
        <Link to="?confirm=withdraw" className="btn-secondary">
          Withdraw my application
        </Link>
      ) : null}
      <Link to="?confirm=erase" className="btn-secondary">
        Erase my data
      </Link>
    </div>
  )
}

function ConfirmStep({
  heading,
  intent,
  button,
  children,
}: {
  heading: string
  intent: 'withdraw' | 'request-erasure'
  button: string
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
          Cancel
        </Link>
      </Form>
    </section>
  )
}
