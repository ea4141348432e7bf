import { useEffect, useRef, useState } from 'react'
import { Form } from 'react-router'
import { settingLabel } from '~/domain/bookings'
import { minutesAndSeconds } from '~/domain/calls'
import { warmUpMedia } from './call-screen'
import { useSecondsSince } from './call-status'
import { useCallSocket, type RingingCall } from './use-call-socket'

/**
 * An interpreter's side of Connect now outside a call (docs/product.md#on-demand-calls): the
 * "Available for calls" switch and the incoming call, on the Calls page and the dashboard.
 * Their forms post to the Calls page, which answers them.
 */

const CALLS_PAGE = '/interpreter/calls'

/** The incoming call, announced when it appears, with its two answers. */
export function IncomingCall({ call }: { call: RingingCall }) {
  const waited = useSecondsSince(call.startedAt)
  const accept = useRef<HTMLButtonElement>(null)
  // The keyboard lands on Accept call as the ring appears (the alert is announced).
  useEffect(() => accept.current?.focus(), [])
  return (
    <section
      role="alertdialog"
      aria-labelledby="incoming-call-title"
      aria-describedby="incoming-call-details"
      className="mt-6 rounded-lg border-2 border-brand-700 bg-white p-5 shadow-md"
    >
      <h2 id="incoming-call-title" className="text-xl font-bold text-slate-900">
        Incoming call
      </h2>
      <p id="incoming-call-details" className="mt-1 text-slate-700">
        {call.language}, {call.media === 'video' ? 'video' : 'audio only'},{' '}
        {settingLabel(call.setting).toLowerCase()}. The client has waited{' '}
        {minutesAndSeconds(waited)}.
      </p>
      <Form method="post" action={CALLS_PAGE} className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="callId" value={call.id} />
        <button
          type="submit"
          name="intent"
          value="accept"
          className="btn-primary"
          ref={accept}
          // Camera and microphone are asked for while the page goes to the call.
          onClick={() => warmUpMedia(call.media)}
        >
          Accept call
        </button>
        <button type="submit" name="intent" value="decline" className="btn-secondary">
          Decline
        </button>
      </Form>
    </section>
  )
}

/** A short tone when a call starts ringing (the browser may keep it silent until a click). */
function ringTone() {
  try {
    const audio = new AudioContext()
    const tone = audio.createOscillator()
    tone.frequency.value = 660
    tone.connect(audio.destination)
    tone.start()
    tone.stop(audio.currentTime + 0.4)
  } catch {
    // No sound: the alert on the page still shows and is announced.
  }
}

/**
 * The ringing call as the page's socket reports it, starting from the loader's; a new ring
 * sounds. While the page is open the interpreter counts as online.
 */
export function useRingingCall(initial: RingingCall | null) {
  const [ringing, setRinging] = useState<RingingCall | null>(initial)
  useCallSocket((message) => {
    if (message.type !== 'ring') return
    if (message.call && message.call.id !== ringing?.id) ringTone()
    setRinging(message.call)
  })
  return ringing
}

/**
 * "Available for calls": a switch that saves at once, and what it means. `back`: the page to
 * return to after saving (the dashboard); otherwise the Calls page shows.
 */
export function AvailabilitySwitch({
  available,
  back,
}: {
  available: boolean
  back?: '/interpreter/dashboard'
}) {
  return (
    <Form
      method="post"
      action={CALLS_PAGE}
      className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-5"
    >
      <input type="hidden" name="intent" value="availability" />
      {back ? <input type="hidden" name="back" value={back} /> : null}
      <button
        type="submit"
        // A toggle button: a submit button may not take the switch role.
        aria-pressed={available}
        name="available"
        value={available ? 'off' : 'on'}
        className="btn-secondary"
      >
        Available for calls
        <span
          aria-hidden="true"
          className={`ml-3 rounded-full px-2 py-0.5 text-xs font-semibold ${available ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}
        >
          {available ? 'On' : 'Off'}
        </span>
      </button>
      <span className="text-slate-700">
        {available ? 'On: calls can ring here.' : 'Off: no calls ring.'}
      </span>
    </Form>
  )
}
