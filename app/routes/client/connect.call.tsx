import { Form, Link } from 'react-router'
import { z } from 'zod'
import { CallScreen } from '~/components/calls/call-screen'
import { CallOver, useCallUpdates, useSecondsSince } from '~/components/calls/call-status'
import { minutesAndSeconds } from '~/domain/calls'
import { requireClient } from '~/auth/client.server'
import { notFound } from '~/lib/http/responses'
import { iceSettingsFor } from '~/lib/calls/ice-servers.server'
import { seoMeta } from '~/lib/seo/meta'
import {
  callForPage,
  cancelCall,
  clientCallView,
  endCall,
  resumeDroppedCall,
  switchToAudio,
} from '~/models/calls/calls.server'
import { requestCallback } from '~/models/calls/call-callback.server'
import { WaitChoices } from '~/components/calls/wait-choices'
import { GuestInvite } from '~/components/calls/guest-invite'
import { createGuestLink } from '~/models/calls/call-guests.server'
import { WAIT_CHOICES_SECONDS } from '~/domain/call-routing'
import { callbackSchema } from '~/lib/validation/calls'
import { ratingsOfCall } from '~/models/calls/call-ratings.server'
import { BookingRating } from '~/components/client/booking-rating'
import { formatDate } from '~/domain/format'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { bookingRatingSchema } from '~/lib/validation/booking-rating'
import { redirectWithToast } from '~/lib/toast.server'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { now } from '~/platform/clock.server'
import { runtime } from '~/platform/runtime.server'
import { rateCallAction } from '../+shared/call-rating-action.server'
import type { Route } from './+types/connect.call'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Connect now',
      description: 'Your call with an interpreter.',
      path: '/client/connect',
      noindex: true,
    },
    matches,
  )

/** The call of the client user who asked for it; anyone else's is not found. */
async function ownCall(request: Request, callId: string) {
  const client = await requireClient(request)
  const call = z.uuid().safeParse(callId).success ? await clientCallView(callId) : null
  if (
    !call ||
    call.organizationId !== client.client.organizationId ||
    call.requestedById !== client.id
  )
    throw notFound()
  return { call, userId: client.id, client }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { call, userId } = await ownCall(request, params.callId)
  const rateable = call.status === 'ended' && call.connectedAt !== null
  const rating = rateable ? (await ratingsOfCall(call.id)).client : null
  return {
    waitChoices: {
      afterSeconds: WAIT_CHOICES_SECONDS,
      constraint: formConstraint(callbackSchema),
    },
    call: {
      ...callForPage(call),
      interpreterFirstName: call.interpreterFirstName,
      interpreterIdNumber: call.interpreterIdNumber,
      dropped: call.endedBy === 'system',
    },
    ice: iceSettingsFor(userId, now(), runtime().config.calls),
    rating: rateable
      ? {
          constraint: formConstraint(bookingRatingSchema),
          given: rating && {
            stars: rating.stars,
            comment: rating.comment,
            ratedByName: null,
            ratedOn: formatDate(rating.createdAt),
          },
        }
      : null,
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { call, userId, client } = await ownCall(request, params.callId)
  const formData = await request.formData()
  const intent = formData.get('intent')
  if (intent === 'rate')
    return rateCallAction({
      callId: call.id,
      rater: 'client',
      userId,
      formData,
      back: `/client/connect/${call.id}`,
    })
  if (intent === 'callback') return callbackAction(call, client, formData)
  if (intent === 'again') {
    const resumed = await resumeDroppedCall(call)
    if (!resumed) return new Response('Bad Request', { status: 400 })
    throw redirect(`/client/connect/${resumed.callId}`)
  }
  if (intent === 'invite') return inviteAction(call.id)
  if (intent === 'audio') {
    await switchToAudio(call.id, call.organizationId)
    return null
  }
  if (intent === 'leave') await cancelCall(call.id, call.organizationId)
  else if (intent === 'end') await endCall(call.id, 'client')
  else return new Response('Bad Request', { status: 400 })
  return null
}

/** A single-use link for a third participant, while the call is connected. */
async function inviteAction(callId: string) {
  const outcome = await createGuestLink(callId)
  if (outcome === 'joined')
    return data({ guestError: 'A participant has already joined this call.' }, { status: 409 })
  if (outcome === 'not-connected')
    return data(
      { guestError: 'You can add a participant once the call is connected.' },
      { status: 409 },
    )
  return { guestLink: `${runtime().config.siteUrl}/call-guest/${outcome.link}` }
}

/** A callback instead of waiting: an urgent booking, and the client is taken to it. */
async function callbackAction(
  call: NonNullable<Awaited<ReturnType<typeof clientCallView>>>,
  client: Awaited<ReturnType<typeof requireClient>>,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: callbackSchema })
  if (submission.status !== 'success')
    return data({ callback: submission.reply() }, { status: 400 })
  const outcome = await requestCallback(call, submission.value.phone, {
    actor: client.actor,
    client: client.client,
    name: client.name,
  })
  if (outcome === 'not-waiting')
    return redirectWithToast(
      `/client/connect/${call.id}`,
      'An interpreter took your call a moment ago.',
    )
  return redirectWithToast(
    `/client/bookings/${outcome.bookingId}`,
    'Callback requested: our dispatch team will call you back as soon as an interpreter is booked.',
  )
}

export default function ClientCall({ loaderData, actionData }: Route.ComponentProps) {
  const { call, ice, rating } = loaderData
  const callbackReply = actionData && 'callback' in actionData ? actionData.callback : undefined
  useCallUpdates(call)
  const waited = useSecondsSince(call.startedAt)
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">Connect now</h1>
      <p className="mt-1 text-slate-600">
        {call.language}, {call.media === 'video' ? 'video' : 'audio only'}
      </p>
      {call.status === 'waiting' ? (
        <div className="mt-6 rounded-lg border border-slate-200 bg-white p-5">
          <p role="status" className="text-lg font-semibold text-slate-900">
            Finding an interpreter
          </p>
          <p className="mt-1 text-slate-700">Waited {minutesAndSeconds(waited)}</p>
          <Form method="post" className="mt-4">
            <button type="submit" name="intent" value="leave" className="btn-secondary">
              Leave
            </button>
          </Form>
          {waited >= loaderData.waitChoices.afterSeconds || callbackReply ? (
            <WaitChoices
              video={call.media === 'video'}
              constraint={loaderData.waitChoices.constraint}
              lastResult={callbackReply}
            />
          ) : null}
        </div>
      ) : null}
      {call.status === 'unanswered' ? (
        <div role="status" className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-5">
          <p className="text-lg font-semibold text-slate-900">
            No {call.language} interpreter is online right now
          </p>
          <p className="mt-1 text-slate-700">
            Book one instead and our dispatch team will find you an interpreter as soon as possible.
          </p>
          <Link to="/client/book" className="btn-primary mt-4 inline-block">
            Book an interpreter
          </Link>
        </div>
      ) : null}
      {call.status === 'waiting' || call.status === 'connecting' || call.status === 'connected' ? (
        // One call screen from the wait on: it makes the camera and the offer ready while the
        // client waits, so the call connects as soon as an interpreter accepts.
        <>
          {call.status === 'waiting' ? null : (
            <p className="mt-4 text-slate-700">
              Your interpreter: <strong>{call.interpreterFirstName}</strong>, ID{' '}
              {call.interpreterIdNumber}
            </p>
          )}
          <CallScreen
            key={call.id}
            callId={call.id}
            party="client"
            media={call.media}
            ice={ice}
            waiting={call.status === 'waiting'}
          />
          {call.status === 'connected' ? (
            <GuestInvite
              link={actionData && 'guestLink' in actionData ? actionData.guestLink : undefined}
              error={actionData && 'guestError' in actionData ? actionData.guestError : undefined}
            />
          ) : null}
        </>
      ) : null}
      {call.status === 'ended' && call.dropped ? (
        <div role="status" className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-5">
          <p className="text-lg font-semibold text-slate-900">
            Your interpreter&rsquo;s connection dropped
          </p>
          <p className="mt-1 text-slate-700">
            We can connect you to a new interpreter at once: your call goes to the front of the
            queue. You are billed only for the time you were connected.
          </p>
          <Form method="post" className="mt-4">
            <button type="submit" name="intent" value="again" className="btn-primary">
              Connect to a new interpreter
            </button>
          </Form>
        </div>
      ) : null}
      {call.status === 'ended' || call.status === 'cancelled' ? (
        <CallOver
          title={call.status === 'ended' ? 'Call ended' : 'Call cancelled'}
          connectedAt={call.connectedAt}
          endedAt={call.endedAt}
        >
          <Link to="/client/connect" className="btn-secondary mt-4 inline-block">
            Connect again
          </Link>
        </CallOver>
      ) : null}
      {rating ? (
        <BookingRating
          subject="call"
          rating={rating.given}
          interpreterFirstName={call.interpreterFirstName}
          lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
          constraint={rating.constraint}
        />
      ) : null}
    </div>
  )
}
