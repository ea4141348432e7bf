import { data, Form, Link } from 'react-router'
import { FormMessage } from '~/components/layout/auth-card'
import { seoMeta } from '~/lib/seo/meta'
import { NEW_TIME_DECLINED_MESSAGE } from '~/domain/bookings'
import { declineNewTimeByToken } from '~/models/dispatch/new-time.server'
import { acceptOfferByToken, offerByToken, type OfferState } from '~/models/dispatch/offers.server'
import type { Route } from './+types/offers-accept'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Accept an assignment',
      description: 'Accept an assignment offered to you.',
      path: '/offers/accept',
      noindex: true,
    },
    matches,
  )

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,200}$/

function tokenOf(request: Request, formData?: FormData): string | undefined {
  const token =
    new URL(request.url).searchParams.get('token') ?? String(formData?.get('token') ?? '')
  return TOKEN_PATTERN.test(token) ? token : undefined
}

/** Why a link cannot be used, in words; the page changes nothing. */
const closedMessages: Record<Exclude<OfferState, 'open'> | 'conflict' | 'invalid', string> = {
  conflict:
    'You already have a confirmed assignment at that time, so this offer cannot be accepted. Nothing was changed.',
  invalid: 'This link is not valid. Please use the link from the offer e-mail.',
  used: 'This link has been used already: the offer was answered.',
  expired: 'This offer has expired. Please ask our team whether the booking is still open.',
  cancelled: 'The client cancelled this booking, so there is nothing to accept.',
  filled: 'This booking has been filled by another interpreter. Thank you for your interest.',
  closed: 'This booking is no longer open for offers.',
}

/** Opening the link only shows the offer; link checkers and previews accept nothing. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request)
  const offer = token ? await offerByToken(token) : undefined
  if (!offer)
    return data({ state: 'invalid' as const, summary: undefined, newTime: false }, { status: 404 })
  return { state: offer.state, summary: offer.summary, newTime: offer.newTime }
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData().catch(() => new FormData())
  const token = tokenOf(request, formData)
  if (formData.get('intent') === 'decline-new-time') {
    const outcome = token ? await declineNewTimeByToken(token) : undefined
    if (!outcome) return data({ state: 'invalid' as const }, { status: 404 })
    if (outcome === 'declined') return { state: 'declined' as const }
    return data({ state: 'closed' as const }, { status: 409 })
  }
  const result = token ? await acceptOfferByToken(token) : undefined
  if (!result) return data({ state: 'invalid' as const }, { status: 404 })
  if (result.outcome === 'accepted') return { state: 'accepted' as const }
  return data({ state: result.outcome }, { status: 409 })
}

export default function AcceptOfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state
  return (
    <main className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">Accept an assignment</h1>
      {state === 'accepted' ? (
        <div className="mt-6 space-y-4">
          <FormMessage tone="success">
            You have the assignment: the booking is confirmed and the client has been told you are
            coming.
          </FormMessage>
          <p className="text-slate-700">
            Its details, the client's preparation files and a calendar file are under{' '}
            <Link to="/interpreter/assignments" className="font-medium text-brand-700 underline">
              Assignments
            </Link>{' '}
            in your portal.
          </p>
        </div>
      ) : state === 'declined' ? (
        <div className="mt-6">
          <FormMessage tone="success">{NEW_TIME_DECLINED_MESSAGE}</FormMessage>
        </div>
      ) : state === 'open' && loaderData.summary ? (
        <>
          <dl className="mt-6 space-y-2 text-slate-800">
            <div>
              <dt className="font-medium">Assignment</dt>
              <dd>{loaderData.summary.what}</dd>
            </div>
            <div>
              <dt className="font-medium">When</dt>
              <dd>
                {loaderData.summary.when} ({loaderData.summary.durationMinutes} minutes)
              </dd>
            </div>
            <div>
              <dt className="font-medium">Where</dt>
              <dd className="break-words">{loaderData.summary.location}</dd>
            </div>
          </dl>
          <p className="mt-4 text-slate-700">
            {loaderData.newTime
              ? 'The client moved this assignment to the time above. It stays yours: please confirm you can do it.'
              : 'The first interpreter to accept gets the assignment.'}
          </p>
          <Form method="post" className="mt-6 flex flex-wrap gap-3">
            <button type="submit" name="intent" value="accept" className="btn-primary">
              {loaderData.newTime ? 'Confirm the new time' : 'Accept this assignment'}
            </button>
            {loaderData.newTime ? (
              <button
                type="submit"
                name="intent"
                value="decline-new-time"
                className="btn-secondary"
              >
                I cannot make the new time
              </button>
            ) : null}
          </Form>
        </>
      ) : (
        <div className="mt-6">
          <FormMessage tone="error">
            {closedMessages[state === 'open' ? 'closed' : state]}
          </FormMessage>
        </div>
      )}
    </main>
  )
}
