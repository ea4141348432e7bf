import type { CallParty } from '~/domain/calls'
import { useEffect, useRef, useState } from 'react'

/** What the calls' socket sends a page (docs/architecture.md#on-demand-calls). */
export type CallSocketMessage =
  | { type: 'ready'; role: CallParty }
  | { type: 'ring'; call: RingingCall | null }
  | { type: 'call'; call: { id: string; status: string; media: string } }
  | { type: 'signal'; callId: string; from: CallParty; data: SignalData }
  | { type: 'error'; error: string; callId?: string }

export interface RingingCall {
  id: string
  language: string
  media: 'video' | 'audio'
  setting: string
  startedAt: string
}

export type SignalData =
  | { kind: 'hello' }
  | { kind: 'ready' }
  | { kind: 'description'; description: RTCSessionDescriptionInit }
  | { kind: 'candidate'; candidate: RTCIceCandidateInit }

/** How often an open page tells the server it is still there (presence lapses after 10 s). */
const HERE_EVERY_MS = 3_000
const RECONNECT_AFTER_MS = 1_000
/**
 * How long the connection outlives the last component using it: a navigation unmounts one
 * page's components before the next page's mount, and the next page keeps the connection.
 */
const CLOSE_AFTER_MS = 2_000

type Send = (message: unknown) => void

interface Subscriber {
  onMessage: (message: CallSocketMessage) => void
  onOpen?: (send: Send) => void
  onState: (open: boolean) => void
}

/**
 * One connection per page, shared by every component that uses it: the ring, the call's
 * updates and its signalling, across the page's client-side navigations (so accepting a call
 * does not wait for a new connection, and the interpreter is never briefly offline).
 */
const subscribers = new Set<{ current: Subscriber }>()
let socket: WebSocket | null = null
let here: ReturnType<typeof setInterval> | undefined
let retry: ReturnType<typeof setTimeout> | undefined
let closing: ReturnType<typeof setTimeout> | undefined

/** Sends on the page's connection when it is open (a message meanwhile is dropped). */
export function sendOnCallSocket(message: unknown) {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message))
}

function connect() {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:'
  const opened = new WebSocket(`${scheme}//${window.location.host}/calls/socket`)
  socket = opened
  opened.onopen = () => {
    here = setInterval(() => sendOnCallSocket({ type: 'here' }), HERE_EVERY_MS)
    for (const subscriber of [...subscribers]) {
      subscriber.current.onState(true)
      subscriber.current.onOpen?.(sendOnCallSocket)
    }
  }
  opened.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as CallSocketMessage
    for (const subscriber of [...subscribers]) subscriber.current.onMessage(message)
  }
  opened.onclose = (event) => {
    clearInterval(here)
    if (socket !== opened) return
    socket = null
    for (const subscriber of subscribers) subscriber.current.onState(false)
    // Opened again after a drop, not after a refusal of the session (4401).
    if (subscribers.size > 0 && event.code !== 4401) retry = setTimeout(connect, RECONNECT_AFTER_MS)
  }
}

/** Closed with a goodbye: an interpreter whose last page closes is offline at once. */
function closeWithGoodbye() {
  clearTimeout(retry)
  clearInterval(here)
  sendOnCallSocket({ type: 'bye' })
  const closed = socket
  socket = null
  closed?.close()
}

function subscribe(subscriber: { current: Subscriber }) {
  clearTimeout(closing)
  subscribers.add(subscriber)
  if (!socket) {
    clearTimeout(retry)
    connect()
  } else if (socket.readyState === WebSocket.OPEN) {
    subscriber.current.onState(true)
    subscriber.current.onOpen?.(sendOnCallSocket)
  }
  return () => {
    subscribers.delete(subscriber)
    if (subscribers.size === 0) closing = setTimeout(closeWithGoodbye, CLOSE_AFTER_MS)
  }
}

if (typeof window !== 'undefined')
  window.addEventListener('pagehide', () => sendOnCallSocket({ type: 'bye' }))

/**
 * The page's connection to the calls' socket, kept alive and opened again after a drop.
 * `onMessage` hears every message; `onOpen` runs at each (re)connection (and at once when the
 * connection is already open), to join the component's call again.
 */
export function useCallSocket(
  onMessage: (message: CallSocketMessage) => void,
  onOpen?: (send: Send) => void,
) {
  const [connected, setConnected] = useState(false)
  const handlers = useRef<Subscriber>({ onMessage, onOpen, onState: setConnected })
  handlers.current = { onMessage, onOpen, onState: setConnected }

  useEffect(() => subscribe(handlers), [])

  return { connected, send: sendOnCallSocket }
}
