import { useEffect, useRef, useState } from 'react'

/** What the calls' socket sends a page (docs/architecture.md#on-demand-calls). */
export type CallSocketMessage =
  | { type: 'ready'; role: 'interpreter' | 'client' }
  | { type: 'ring'; call: RingingCall | null }
  | { type: 'call'; call: { id: string; status: string } }
  | { type: 'signal'; callId: string; data: SignalData }
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
 * The page's connection to the calls' socket: opened on mount, kept alive, opened again after
 * a drop (not after a refusal of the session, 4401), closed with a goodbye when the page goes.
 * `onOpen` runs at each (re)connection, to join the page's call again.
 */
export function useCallSocket(
  onMessage: (message: CallSocketMessage) => void,
  onOpen?: (send: (message: unknown) => void) => void,
) {
  const handlers = useRef({ onMessage, onOpen })
  handlers.current = { onMessage, onOpen }
  const socketRef = useRef<WebSocket | null>(null)
  const [connected, setConnected] = useState(false)

  useEffect(() => {
    let stopped = false
    let here: ReturnType<typeof setInterval> | undefined
    let retry: ReturnType<typeof setTimeout> | undefined
    const send = (message: unknown) => {
      const socket = socketRef.current
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message))
    }
    const open = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:'
      const socket = new WebSocket(`${scheme}//${window.location.host}/calls/socket`)
      socketRef.current = socket
      socket.onopen = () => {
        setConnected(true)
        handlers.current.onOpen?.(send)
        here = setInterval(() => send({ type: 'here' }), HERE_EVERY_MS)
      }
      socket.onmessage = (event) => {
        handlers.current.onMessage(JSON.parse(String(event.data)) as CallSocketMessage)
      }
      socket.onclose = (event) => {
        setConnected(false)
        clearInterval(here)
        if (!stopped && event.code !== 4401) retry = setTimeout(open, RECONNECT_AFTER_MS)
      }
    }
    const goodbye = () => send({ type: 'bye' })
    window.addEventListener('pagehide', goodbye)
    open()
    return () => {
      stopped = true
      window.removeEventListener('pagehide', goodbye)
      clearInterval(here)
      clearTimeout(retry)
      goodbye()
      socketRef.current?.close()
    }
  }, [])

  return {
    connected,
    send(message: unknown) {
      const socket = socketRef.current
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message))
    },
  }
}
