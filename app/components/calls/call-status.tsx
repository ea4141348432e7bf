import { useEffect, useState, type ReactNode } from 'react'
import { useLocation, useNavigate, useNavigation } from 'react-router'
import { minutesAndSeconds } from '~/domain/calls'
import { useCallSocket } from './use-call-socket'

/** Seconds since `since`, counted every second on the page. */
export function useSecondsSince(since: string): number {
  const [at, setAt] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setAt(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [])
  return (at - new Date(since).getTime()) / 1000
}

/**
 * Reads the page's data again whenever the server says the call changed from what the page
 * shows (its state or medium; the answer to the page's own join is no change): a navigation to
 * the same address runs its loader (the router's navigation, already in every page's bundle).
 */
export function useCallUpdates(call: { id: string; status: string; media: string }) {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  // While the page submits a form its own navigation reads the call afterwards: starting
  // another would cancel it (and a redirect the action answered with, such as to a booking).
  // (The socket's hook calls the handler of the latest render: it sees the state of now.)
  const busy = useNavigation().state !== 'idle'
  useCallSocket(
    (message) => {
      if (message.type !== 'call' || message.call.id !== call.id || busy) return
      if (message.call.status === call.status && message.call.media === call.media) return
      void navigate(pathname, { replace: true, preventScrollReset: true })
    },
    (send) => send({ type: 'join', callId: call.id }),
  )
}

/** A call that is over: what happened, how long it was connected, and where to go next. */
export function CallOver({
  title,
  connectedAt,
  endedAt,
  children,
}: {
  title: string
  connectedAt: string | null
  endedAt: string | null
  children: ReactNode
}) {
  return (
    <div role="status" className="mt-6 rounded-lg border border-slate-200 bg-white p-5">
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      {connectedAt && endedAt ? (
        <p className="mt-1 text-slate-700">
          Duration{' '}
          {minutesAndSeconds(
            (new Date(endedAt).getTime() - new Date(connectedAt).getTime()) / 1000,
          )}
        </p>
      ) : null}
      {children}
    </div>
  )
}
