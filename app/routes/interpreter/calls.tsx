import { data, redirect, useActionData } from 'react-router'
import { z } from 'zod'
import {
  AvailabilitySwitch,
  IncomingCall,
  useRingingCall,
} from '~/components/calls/interpreter-call-panel'
import { requireUser } from '~/auth/session.server'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import {
  acceptCall,
  callsOfInterpreter,
  declineCall,
  interpreterCallState,
} from '~/models/calls/calls.server'
import { CallHistory } from '~/components/calls/call-history'
import { setAvailableForCalls } from '~/models/calls/call-presence.server'
import { findProfileOfUser } from '~/models/interpreter-profiles.server'
import type { Route } from './+types/calls'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Calls',
      description: 'Take on-demand calls from clients.',
      path: '/interpreter/calls',
      noindex: true,
    },
    matches,
  )

async function requireInterpreter(request: Request) {
  const user = await requireUser(request, { role: 'interpreter' })
  const profile = await findProfileOfUser(user.id)
  if (!profile) throw notFound()
  return profile
}

export async function loader({ request }: Route.LoaderArgs) {
  const profile = await requireInterpreter(request)
  const [state, history] = await Promise.all([
    interpreterCallState(profile.id),
    callsOfInterpreter(profile.id),
  ])
  return {
    ...state,
    idNumber: profile.idNumber,
    history: history.map(({ payCents, ...row }) => ({ ...row, amountCents: payCents })),
  }
}

const DASHBOARD = '/interpreter/dashboard'

const actionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('availability'),
    available: z.enum(['on', 'off']),
    // The dashboard's switch goes back to the dashboard; nowhere else is accepted.
    back: z.literal(DASHBOARD).optional(),
  }),
  z.object({ intent: z.literal('accept'), callId: z.uuid() }),
  z.object({ intent: z.literal('decline'), callId: z.uuid() }),
])

export async function action({ request }: Route.ActionArgs) {
  const profile = await requireInterpreter(request)
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ message: null }, { status: 400 })
  const form = parsed.data
  if (form.intent === 'availability') {
    await setAvailableForCalls(profile.id, form.available === 'on')
    if (form.back) throw redirect(form.back)
    return { message: null }
  }
  if (form.intent === 'accept') {
    if ((await acceptCall(form.callId, profile.id)) === 'accepted')
      throw redirect(`/interpreter/calls/${form.callId}`)
    return data({ message: 'Another interpreter took this call.' }, { status: 409 })
  }
  const declined = await declineCall(form.callId, profile.id)
  return {
    message: declined.setUnavailable
      ? 'You declined or missed three calls in a row, so we turned Available for calls off. Turn it on when you are ready.'
      : null,
  }
}

export default function InterpreterCalls({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>()
  const ringing = useRingingCall(loaderData.ringing)
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">Calls</h1>
      <p className="mt-1 text-slate-600">
        While you are available and this page or your dashboard is open, clients who press Connect
        now can reach you. A call rings for 20 seconds. Clients see your first name and your ID
        number, {loaderData.idNumber}.
      </p>
      <div className="mt-6">
        <AvailabilitySwitch available={loaderData.available} />
      </div>
      {actionData?.message ? (
        <p role="alert" className="mt-4 text-amber-900">
          {actionData.message}
        </p>
      ) : null}
      {ringing ? <IncomingCall key={ringing.id} call={ringing} /> : null}
      <section aria-labelledby="recent-calls-heading" className="mt-8">
        <h2 id="recent-calls-heading" className="text-lg font-semibold text-slate-900">
          Your calls
        </h2>
        <CallHistory rows={loaderData.history} amountHeader="Pay" />
      </section>
    </div>
  )
}
