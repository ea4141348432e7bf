import { data, Form, redirect } from 'react-router'
import { GuestCallScreen } from '~/components/calls/guest-call-screen'
import { cookieSettings } from '~/auth/session.server'
import { guestCookieName, readTokenCookie, serializeTokenCookie } from '~/lib/auth/cookie.server'
import { iceSettingsFor } from '~/lib/calls/ice-servers.server'
import { seoMeta } from '~/lib/seo/meta'
import {
  guestLinkState,
  joinByGuestLink,
  leaveAsGuest,
  type GuestState,
} from '~/models/calls/call-guests.server'
import { now } from '~/platform/clock.server'
import { runtime } from '~/platform/runtime.server'
import type { Route } from './+types/call-guest'

/** The guest's key outlives no call: a call longer than this is joined again by a new link. */
const GUEST_COOKIE_SECONDS = 8 * 60 * 60

const noIndex = { 'X-Robots-Tag': 'noindex, nofollow' }
export const headers: Route.HeadersFunction = () => noIndex

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Join a call',
      description: 'Join an interpreted call you were invited to.',
      path: '/call-guest',
      noindex: true,
    },
    matches,
  )

/** What the page says of a link that no longer lets this browser in, and its status code. */
const closed: Record<'unknown' | 'over' | 'used' | 'left', { status: number; message: string }> = {
  unknown: { status: 404, message: 'This link is not valid.' },
  over: { status: 410, message: 'This call has ended. The link no longer works.' },
  used: {
    status: 410,
    message: 'This link has already been used. Ask the person who sent it for a new one.',
  },
  left: {
    status: 410,
    message: 'You left the call. Ask the person who sent the link for a new one.',
  },
}

function keyOf(request: Request) {
  return readTokenCookie(request.headers.get('cookie'), guestCookieName(cookieSettings()))
}

function view(state: GuestState) {
  if (state.state === 'open') return { state: 'open' as const }
  if (state.state === 'joined')
    return {
      state: 'joined' as const,
      call: { id: state.callId, language: state.language, media: state.media },
      // Credentials of the relay (if any) for this guest's browser only.
      ice: iceSettingsFor(`guest-${state.callId}`, now(), runtime().config.calls),
    }
  return { state: 'closed' as const, message: closed[state.state].message }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const key = keyOf(request)
  const state = await guestLinkState(params.link, key)
  const status =
    state.state === 'open' || state.state === 'joined' ? 200 : closed[state.state].status
  return data(view(state), { status, headers: noIndex })
}

export async function action({ request, params }: Route.ActionArgs) {
  const intent = (await request.formData()).get('intent')
  if (intent === 'leave') {
    const key = keyOf(request)
    if (key) await leaveAsGuest(key)
    throw redirect(`/call-guest/${params.link}`)
  }
  if (intent !== 'join') return data({ message: 'Invalid request.' }, { status: 400 })
  const joined = await joinByGuestLink(params.link)
  if ('state' in joined) {
    const { status, message } = closed[joined.state]
    return data({ message }, { status })
  }
  // The browser's key to this call: the socket and this page know the guest by it.
  throw redirect(`/call-guest/${params.link}`, {
    headers: {
      'Set-Cookie': serializeTokenCookie(
        guestCookieName(cookieSettings()),
        joined.key,
        GUEST_COOKIE_SECONDS,
        cookieSettings(),
      ),
    },
  })
}

export default function CallGuest({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">Join a call</h1>
      {loaderData.state === 'open' ? (
        <div className="mt-4 rounded-lg border border-slate-200 bg-white p-5">
          <p className="text-slate-700">
            You were invited to an interpreted call. Your browser will ask to use your camera and
            microphone. The link works once, on this device only.
          </p>
          {actionData?.message ? (
            <p role="alert" className="mt-3 text-red-700">
              {actionData.message}
            </p>
          ) : null}
          <Form method="post" className="mt-4">
            <button type="submit" name="intent" value="join" className="btn-primary">
              Join the call
            </button>
          </Form>
        </div>
      ) : null}
      {loaderData.state === 'joined' ? (
        <>
          <p className="mt-1 text-slate-600">
            {loaderData.call.language}, {loaderData.call.media === 'video' ? 'video' : 'audio only'}
          </p>
          <GuestCallScreen
            key={loaderData.call.id}
            callId={loaderData.call.id}
            media={loaderData.call.media}
            ice={loaderData.ice}
          />
        </>
      ) : null}
      {loaderData.state === 'closed' ? (
        <p role="status" className="mt-4 rounded-lg border border-slate-200 bg-white p-5">
          {loaderData.message}
        </p>
      ) : null}
    </div>
  )
}
