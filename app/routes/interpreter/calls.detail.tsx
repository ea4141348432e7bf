import { Link } from 'react-router'
import { CallQualityRating } from '~/components/calls/call-quality-rating'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { callQualitySchema } from '~/lib/validation/calls'
import { ratingsOfCall } from '~/models/calls/call-ratings.server'
import { z } from 'zod'
import { CallScreen } from '~/components/calls/call-screen'
import { CallOver, useCallUpdates } from '~/components/calls/call-status'
import { requireUser } from '~/auth/session.server'
import { settingLabel } from '~/domain/bookings'
import { notFound } from '~/lib/http/responses'
import { iceSettingsFor } from '~/lib/calls/ice-servers.server'
import { seoMeta } from '~/lib/seo/meta'
import { callById, callForPage, endCall } from '~/models/calls/calls.server'
import { findProfileOfUser } from '~/models/interpreter-profiles.server'
import { now } from '~/platform/clock.server'
import { runtime } from '~/platform/runtime.server'
import { rateCallAction } from '../+shared/call-rating-action.server'
import type { Route } from './+types/calls.detail'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Call',
      description: 'A call with a client.',
      path: '/interpreter/calls',
      noindex: true,
    },
    matches,
  )

/** The call this interpreter accepted; anyone else's is not found. */
async function ownCall(request: Request, callId: string) {
  const user = await requireUser(request, { role: 'interpreter' })
  const profile = await findProfileOfUser(user.id)
  const call = z.uuid().safeParse(callId).success ? await callById(callId) : null
  if (!profile || !call || call.interpreterId !== profile.id) throw notFound()
  return { call, userId: user.id }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { call, userId } = await ownCall(request, params.callId)
  const rateable = call.status === 'ended' && call.connectedAt !== null
  const rating = rateable ? (await ratingsOfCall(call.id)).interpreter : null
  return {
    call: callForPage(call),
    ice: iceSettingsFor(userId, now(), runtime().config.calls),
    rating: rateable
      ? {
          constraint: formConstraint(callQualitySchema),
          given: rating && {
            stars: rating.stars,
            incident: rating.incident,
            comment: rating.comment,
          },
        }
      : null,
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { call, userId } = await ownCall(request, params.callId)
  const formData = await request.formData()
  const intent = formData.get('intent')
  if (intent === 'rate')
    return rateCallAction({
      callId: call.id,
      rater: 'interpreter',
      userId,
      formData,
      back: `/interpreter/calls/${call.id}`,
    })
  if (intent !== 'end') return new Response('Bad Request', { status: 400 })
  await endCall(call.id, 'interpreter')
  return null
}

export default function InterpreterCall({ loaderData, actionData }: Route.ComponentProps) {
  const { call, ice, rating } = loaderData
  useCallUpdates(call)
  const open = call.status === 'connecting' || call.status === 'connected'
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">Call</h1>
      <p className="mt-1 text-slate-600">
        {call.language}, {call.media === 'video' ? 'video' : 'audio only'},{' '}
        {settingLabel(call.setting).toLowerCase()}
      </p>
      {open ? (
        <>
          <CallScreen callId={call.id} party="interpreter" media={call.media} ice={ice} />
        </>
      ) : (
        <CallOver title="Call ended" connectedAt={call.connectedAt} endedAt={call.endedAt}>
          <Link to="/interpreter/calls" className="btn-secondary mt-4 inline-block">
            Back to calls
          </Link>
        </CallOver>
      )}
      {rating ? (
        <CallQualityRating
          rating={rating.given}
          lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
          constraint={rating.constraint}
        />
      ) : null}
    </div>
  )
}
