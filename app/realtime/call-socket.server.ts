import type { RawData, WebSocket } from 'ws'
import { z } from 'zod'
import {
  callById,
  continueAsAudio,
  markConnected,
  markDropped,
  ringingCallOf,
} from '../models/calls/calls.server'
import { markGone, markSeen, noteHeardFrom } from '../models/calls/call-presence.server'
import { findProfileOfUser } from '../models/interpreter-profiles.server'
import { clientContextOf } from '../models/organizations.server'
import type { CallEvent } from '../platform/calls/call-bus.server'
import { now } from '../platform/clock.server'
import { runtime } from '../platform/runtime.server'
import { cookieSettings, sessionUserOfCookie } from '../auth/session.server'
import { callParties } from '../domain/calls'
import { guestCookieName, readTokenCookie } from '../lib/auth/cookie.server'
import { callOfGuestKey } from '../models/calls/call-guests.server'

/**
 * The signalling connection of on-demand calls (docs/architecture.md#on-demand-calls): one
 * WebSocket per open page, on the same host, opened with the page's session cookie (the host
 * has checked its Origin). An interpreter's page hears of its rings and keeps them online; a
 * party's page joins its call, hears its changes and relays WebRTC messages to the other
 * party. Every message is checked against the call's parties: nobody joins, watches or signals
 * another's call.
 */

export const CALL_SOCKET_PATH = '/calls/socket'
/** The largest message a page may send: an SDP offer with many candidates stays well under. */
export const CALL_SOCKET_MAX_BYTES = 64 * 1024
/** Messages a page may send a second; more closes the connection (code 1008). */
const MESSAGES_PER_SECOND = 50

const incoming = z.discriminatedUnion('type', [
  /** The page is still open (every few seconds): an interpreter stays online. */
  z.object({ type: z.literal('here') }),
  /** The page is closing: the interpreter is offline at once. */
  z.object({ type: z.literal('bye') }),
  z.object({ type: z.literal('join'), callId: z.string().uuid() }),
  z.object({
    type: z.literal('signal'),
    callId: z.string().uuid(),
    /** Whom it is for; without it, the other of the client and the interpreter. */
    to: z.enum(callParties).optional(),
    data: z.unknown(),
  }),
  /** The page's peer connection is up: the call is connected (billable time starts). */
  z.object({ type: z.literal('connected'), callId: z.string().uuid() }),
  /** The page's peer connection dropped mid-call; it says `connected` again when it is back. */
  z.object({ type: z.literal('dropped'), callId: z.string().uuid() }),
  /** The client's camera was denied: the video call goes on, and is billed, as audio only. */
  z.object({ type: z.literal('audio-only'), callId: z.string().uuid() }),
])

type Party =
  | { role: 'interpreter'; userId: string; interpreterId: string }
  | { role: 'client'; userId: string; organizationId: string }
  | { role: 'guest'; key: string; callId: string }

/** Open connections of each interpreter in this process: a second tab keeps them online. */
const openPagesOf = new Map<string, number>()

function send(socket: WebSocket, message: unknown) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
}

/** What an interpreter's page shows of their ringing call; never the client's reference. */
async function ringMessage(interpreterId: string) {
  const call = await ringingCallOf(interpreterId)
  return {
    type: 'ring',
    call: call && {
      id: call.id,
      language: call.language,
      media: call.media,
      setting: call.setting,
      startedAt: call.startedAt.toISOString(),
    },
  }
}

/** Whether the party is the call's interpreter, the client who asked for it, or its guest. */
async function isPartyOf(
  party: Party,
  call: {
    id: string
    organizationId: string
    requestedById: string | null
    interpreterId: string | null
  },
) {
  if (party.role === 'interpreter') return call.interpreterId === party.interpreterId
  if (party.role === 'client')
    return call.organizationId === party.organizationId && call.requestedById === party.userId
  // A guest's key lapses when they leave and when the call ends.
  return call.id === party.callId && (await callOfGuestKey(party.key)) === call.id
}

async function partyOf(cookieHeader: string | undefined): Promise<Party | null> {
  const user = await sessionUserOfCookie(cookieHeader)
  if (!user) {
    const key = readTokenCookie(cookieHeader, guestCookieName(cookieSettings()))
    const callId = key ? await callOfGuestKey(key) : null
    return key && callId ? { role: 'guest', key, callId } : null
  }
  if (user.role === 'interpreter') {
    const profile = await findProfileOfUser(user.id)
    return profile ? { role: 'interpreter', userId: user.id, interpreterId: profile.id } : null
  }
  if (user.role === 'client') {
    const context = await clientContextOf(user.id)
    return context
      ? { role: 'client', userId: user.id, organizationId: context.organizationId }
      : null
  }
  return null
}

/**
 * Serves one connection. Without a signed-in interpreter or client behind its cookie it is
 * closed at once (code 4401).
 */
export async function serveCallSocket(socket: WebSocket, cookieHeader: string | undefined) {
  const { callBus, logger } = runtime()
  const log = logger.child({ component: 'call-socket' })
  // A page sends as soon as the connection opens: what arrives while the session is read is
  // kept and handled, in order, once it is.
  const early: RawData[] = []
  const keepEarly = (raw: RawData) => {
    if (early.push(raw) > MESSAGES_PER_SECOND) socket.close(1008, 'too many messages')
  }
  socket.on('message', keepEarly)
  const party = await partyOf(cookieHeader)
  if (!party) return socket.close(4401, 'sign in first')
  if (socket.readyState !== socket.OPEN) return
  const unsubscribers: (() => void)[] = []
  const joined = new Set<string>()
  let closed = false

  if (party.role === 'interpreter') {
    const { interpreterId } = party
    openPagesOf.set(interpreterId, (openPagesOf.get(interpreterId) ?? 0) + 1)
    await markSeen(interpreterId, now())
    unsubscribers.push(
      callBus.subscribe(`interpreter:${interpreterId}`, () => {
        void ringMessage(interpreterId).then((message) => send(socket, message))
      }),
    )
    send(socket, await ringMessage(interpreterId))
  }
  send(socket, { type: 'ready', role: party.role })

  let guestDeliveries: Promise<void> = Promise.resolve()
  const onCallEvent = (callId: string) => (event: CallEvent) => {
    if (event.type === 'signal') {
      // A party hears the messages for it, never its own; one without an addressee goes
      // between the client and the interpreter.
      const forMe = event.to
        ? event.to === party.role
        : event.from !== party.role && party.role !== 'guest' && event.from !== 'guest'
      if (!forMe) return
      const message = { type: 'signal', callId, from: event.from, data: event.data }
      if (party.role !== 'guest') return send(socket, message)
      // A guest who left, or replaced by another, hears nothing more; in order, one by one.
      const guest = party
      guestDeliveries = guestDeliveries
        .then(async () => {
          if ((await callOfGuestKey(guest.key)) === callId) send(socket, message)
        })
        .catch((error: unknown) => log.error({ err: error }, 'a guest signal was not delivered'))
      return
    }
    void callById(callId).then(
      (call) => call && send(socket, { type: 'call', call: callView(call) }),
    )
  }

  let queue: Promise<void> = Promise.resolve()
  let windowStart = Date.now()
  let inWindow = 0
  const onMessage = (raw: RawData) => {
    if (Date.now() - windowStart >= 1000) {
      windowStart = Date.now()
      inWindow = 0
    }
    if (++inWindow > MESSAGES_PER_SECOND) return socket.close(1008, 'too many messages')
    let parsed: z.infer<typeof incoming>
    try {
      parsed = incoming.parse(JSON.parse(raw.toString()))
    } catch {
      return send(socket, { type: 'error', error: 'unreadable-message' })
    }
    // One message after the other, in the order sent: a join is done before the signal after it.
    queue = queue
      .then(() => handle(parsed))
      .catch((error: unknown) => {
        log.error({ err: error }, 'a call socket message failed')
        send(socket, { type: 'error', error: 'failed' })
      })
  }

  async function handle(message: z.infer<typeof incoming>) {
    switch (message.type) {
      case 'here':
        if (party!.role === 'interpreter') noteHeardFrom(party!.interpreterId, now())
        return
      case 'bye':
        if (party!.role === 'interpreter' && openPagesOf.get(party!.interpreterId) === 1)
          await markGone(party!.interpreterId)
        return
      case 'join': {
        const call = await callById(message.callId)
        if (!call || !(await isPartyOf(party!, call)))
          return send(socket, { type: 'error', error: 'not-a-party', callId: message.callId })
        if (!joined.has(call.id) && !closed) {
          joined.add(call.id)
          unsubscribers.push(callBus.subscribe(`call:${call.id}`, onCallEvent(call.id)))
        }
        return send(socket, { type: 'call', call: callView(call) })
      }
      case 'connected': {
        if (!joined.has(message.callId) || party!.role === 'guest')
          return send(socket, { type: 'error', error: 'not-a-party', callId: message.callId })
        await markConnected(message.callId, party!.role)
        return
      }
      case 'dropped': {
        if (!joined.has(message.callId) || party!.role === 'guest')
          return send(socket, { type: 'error', error: 'not-a-party', callId: message.callId })
        await markDropped(message.callId, party!.role)
        return
      }
      case 'audio-only': {
        if (!joined.has(message.callId) || party!.role !== 'client')
          return send(socket, { type: 'error', error: 'not-a-party', callId: message.callId })
        await continueAsAudio(message.callId)
        return
      }
      case 'signal': {
        if (!joined.has(message.callId))
          return send(socket, { type: 'error', error: 'not-a-party', callId: message.callId })
        const call = await callById(message.callId)
        if (
          !call ||
          !(await isPartyOf(party!, call)) ||
          !['connecting', 'connected'].includes(call.status)
        )
          return send(socket, { type: 'error', error: 'call-not-open', callId: message.callId })
        // A guest speaks to the client and to the interpreter, each by name; nobody to themself.
        if ((party!.role === 'guest' && !message.to) || message.to === party!.role)
          return send(socket, { type: 'error', error: 'no-addressee', callId: message.callId })
        await callBus.publish(`call:${call.id}`, {
          type: 'signal',
          callId: call.id,
          from: party!.role,
          ...(message.to ? { to: message.to } : {}),
          data: message.data,
        })
      }
    }
  }

  const onClose = () => {
    if (closed) return
    closed = true
    for (const unsubscribe of unsubscribers) unsubscribe()
    if (party.role !== 'interpreter') return
    const left = (openPagesOf.get(party.interpreterId) ?? 1) - 1
    if (left > 0) return void openPagesOf.set(party.interpreterId, left)
    openPagesOf.delete(party.interpreterId)
    // Closed without a goodbye (the network dropped): presence lapses by itself in 10 s.
  }
  socket.on('close', onClose)
  // Closed while it was being set up: nothing more will come.
  if (socket.readyState !== socket.OPEN) return onClose()
  socket.off('message', keepEarly)
  socket.on('message', onMessage)
  for (const raw of early) onMessage(raw)
}

/** What a party's page is told of its call: its state, never another party's details. */
function callView(call: NonNullable<Awaited<ReturnType<typeof callById>>>) {
  return {
    id: call.id,
    status: call.status,
    media: call.media,
    language: call.language,
    startedAt: call.startedAt.toISOString(),
    acceptedAt: call.acceptedAt?.toISOString() ?? null,
    connectedAt: call.connectedAt?.toISOString() ?? null,
    endedAt: call.endedAt?.toISOString() ?? null,
  }
}
