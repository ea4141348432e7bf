import { useEffect, useRef, useState } from 'react'
import { Form } from 'react-router'
import type { CallMainParty } from '~/domain/calls'
import { createPeerLink, type PeerLink } from './peer-link'
import {
  sendOnCallSocket,
  useCallSocket,
  type CallSocketMessage,
  type SignalData,
} from './use-call-socket'

export interface CallScreenProps {
  callId: string
  party: CallMainParty
  media: 'video' | 'audio'
  /**
   * ICE servers from the configuration (none by default: host candidates only), and the
   * transport policy: 'relay' sends the media only through the TURN relay.
   */
  ice: { iceServers: RTCIceServer[]; iceTransportPolicy: RTCIceTransportPolicy }
  /**
   * The client's call before an interpreter takes it: nothing shows yet, but the camera,
   * microphone and offer are made ready, so the call connects as soon as one does.
   */
  waiting?: boolean
}

/** Asks for camera and microphone; a denied camera falls back to audio only. */
export async function localMedia(media: 'video' | 'audio') {
  if (media === 'video') {
    try {
      return await navigator.mediaDevices.getUserMedia({ audio: true, video: true })
    } catch {
      // The camera was denied or is missing: the call goes on with sound alone.
    }
  }
  return navigator.mediaDevices.getUserMedia({ audio: true, video: false })
}

/** How long media asked for at Accept call waits for its call screen before it is let go. */
const WARM_MEDIA_KEPT_MS = 10_000
/** A connection that dropped may come back by itself this soon; after that it is restarted. */
const RESTART_AFTER_MS = 2_000
/** While it stays down, another ICE restart this often. */
const RESTART_AGAIN_MS = 5_000
let warm: { media: 'video' | 'audio'; stream: Promise<MediaStream> } | null = null

/**
 * Asks for the camera and microphone as the interpreter presses Accept call, while the page
 * goes to the call: the call screen takes them. Untaken (the call went to another
 * interpreter), they are let go.
 */
export function warmUpMedia(media: 'video' | 'audio') {
  if (warm) return
  const asked = { media, stream: localMedia(media) }
  warm = asked
  asked.stream.catch(() => undefined)
  setTimeout(() => {
    if (warm !== asked) return
    warm = null
    void asked.stream.then((stream) => stream.getTracks().forEach((track) => track.stop()))
  }, WARM_MEDIA_KEPT_MS)
}

function takeMedia(media: 'video' | 'audio'): Promise<MediaStream> {
  const asked = warm
  warm = null
  if (asked?.media === media) return asked.stream
  void asked?.stream.then((stream) => stream.getTracks().forEach((track) => track.stop()))
  return localMedia(media)
}

/**
 * The call itself, browser to browser: the client's page offers, the interpreter's answers,
 * and the server only relays their messages over the calls' socket. Remote video large, own
 * video small, mute, camera off, and End call (the page's action ends it for both). The
 * client's page makes its offer while it waits, and sends it when the interpreter's page is
 * ready.
 */
export function CallScreen({ callId, party, media, ice, waiting = false }: CallScreenProps) {
  const remoteVideo = useRef<HTMLVideoElement>(null)
  const ownVideo = useRef<HTMLVideoElement>(null)
  const peer = useRef<Promise<RTCPeerConnection> | null>(null)
  const peerMedia = useRef(media)
  /** Which peer connection is wanted: a build that finds it has changed lets its media go. */
  const builds = useRef(0)
  const local = useRef<MediaStream | null>(null)
  const offered = useRef(false)
  const cameraDenied = useRef(false)
  /** The client's candidates until its offer is sent; null once it is. */
  const heldCandidates = useRef<RTCIceCandidateInit[] | null>(party === 'client' ? [] : null)
  const pendingCandidates = useRef<RTCIceCandidateInit[]>([])
  /** The peer connection was up once: a drop after that is an interruption of the call. */
  const connected = useRef(false)
  /** The page has said the connection dropped, and not yet that it is back. */
  const dropped = useRef(false)
  /** The next ICE restart, while the connection is down (the client's page). */
  const restartTimer = useRef<number | undefined>(undefined)
  const [connection, setConnection] = useState<'connecting' | 'connected' | 'lost'>('connecting')
  /** The link to the call's guest, made when the guest's page offers one. */
  const guest = useRef<PeerLink | null>(null)
  const guestVideo = useRef<HTMLVideoElement>(null)
  const [guestHere, setGuestHere] = useState(false)
  const [muted, setMuted] = useState(false)
  const [cameraOff, setCameraOff] = useState(false)
  const [hasVideo, setHasVideo] = useState(false)

  const signal = (data: SignalData) => sendOnCallSocket({ type: 'signal', callId, data })

  async function buildPeer(build: number): Promise<RTCPeerConnection> {
    const connection = new RTCPeerConnection(ice)
    const stream = await takeMedia(media)
    // Made for a medium since changed, or for a screen since gone: let the camera go.
    if (build !== builds.current) {
      for (const track of stream.getTracks()) track.stop()
      connection.close()
      return connection
    }
    local.current = stream
    setHasVideo(stream.getVideoTracks().length > 0)
    // The client's camera was denied: the call is audio only, and billed so.
    cameraDenied.current =
      party === 'client' && media === 'video' && stream.getVideoTracks().length === 0
    if (ownVideo.current) ownVideo.current.srcObject = stream
    for (const track of stream.getTracks()) connection.addTrack(track, stream)
    connection.ontrack = (event) => {
      if (remoteVideo.current && event.streams[0]) remoteVideo.current.srcObject = event.streams[0]
    }
    connection.onicecandidate = (event) => {
      if (!event.candidate) return
      const candidate = event.candidate.toJSON()
      if (heldCandidates.current) heldCandidates.current.push(candidate)
      else signal({ kind: 'candidate', candidate })
    }
    connection.onconnectionstatechange = () => {
      const state = connection.connectionState
      if (state === 'connected') {
        window.clearTimeout(restartTimer.current)
        restartTimer.current = undefined
        dropped.current = false
        setConnection('connected')
        sendOnCallSocket({ type: 'connected', callId })
      } else if ((state === 'disconnected' || state === 'failed') && connected.current) {
        if (!dropped.current) {
          dropped.current = true
          setConnection('lost')
          sendOnCallSocket({ type: 'dropped', callId })
        }
        // A dropped network: the client's page tries again with new candidates (an ICE
        // restart, not a new call), at once if the connection failed, after a moment if it
        // may still come back by itself, and again while it is down.
        if (party === 'client') restartIce(state === 'failed' ? 0 : RESTART_AFTER_MS)
      }
      if (state === 'connected') connected.current = true
    }
    // The client's offer is made now, its candidates gathered while it waits.
    if (party === 'client') await connection.setLocalDescription(await connection.createOffer())
    return connection
  }

  function ensurePeer(): Promise<RTCPeerConnection> {
    peerMedia.current = media
    return (peer.current ??= buildPeer(builds.current))
  }

  /** The client's prepared offer, then the candidates held back, once the call is taken. */
  async function sendOffer() {
    const connection = await ensurePeer()
    if (cameraDenied.current) sendOnCallSocket({ type: 'audio-only', callId })
    signal({ kind: 'description', description: connection.localDescription!.toJSON() })
    const held = heldCandidates.current ?? []
    heldCandidates.current = null
    for (const candidate of held) signal({ kind: 'candidate', candidate })
  }

  function restartIce(afterMs: number) {
    if (restartTimer.current !== undefined) return
    restartTimer.current = window.setTimeout(() => {
      restartTimer.current = undefined
      void offer(true)
      restartIce(RESTART_AGAIN_MS)
    }, afterMs)
  }

  async function offer(restart = false) {
    const connection = await ensurePeer()
    const description = await connection.createOffer({ iceRestart: restart })
    await connection.setLocalDescription(description)
    signal({ kind: 'description', description: connection.localDescription!.toJSON() })
  }

  async function onSignal(data: SignalData) {
    if (data.kind === 'hello' && party === 'interpreter') return signal({ kind: 'ready' })
    if (data.kind === 'ready' && party === 'client') {
      if (offered.current) return
      offered.current = true
      return sendOffer()
    }
    if (data.kind === 'description') {
      const connection = await ensurePeer()
      await connection.setRemoteDescription(data.description)
      for (const candidate of pendingCandidates.current.splice(0))
        await connection.addIceCandidate(candidate)
      if (data.description.type === 'offer') {
        await connection.setLocalDescription(await connection.createAnswer())
        signal({ kind: 'description', description: connection.localDescription!.toJSON() })
      }
      return
    }
    if (data.kind === 'candidate') {
      const connection = peer.current ? await peer.current : null
      if (connection?.remoteDescription) await connection.addIceCandidate(data.candidate)
      else pendingCandidates.current.push(data.candidate)
    }
  }

  /** The guest's messages: a new offer (the guest joined, or came back) makes a new link. */
  async function onGuestSignal(data: SignalData) {
    if (data.kind === 'description' && data.description.type === 'offer') {
      await ensurePeer()
      guest.current?.close()
      guest.current = createPeerLink({
        callId,
        to: 'guest',
        ice,
        stream: local.current!,
        onStream: (stream) => {
          setGuestHere(true)
          if (guestVideo.current) guestVideo.current.srcObject = stream
        },
        onState: (state) => {
          if (state === 'closed' || state === 'failed') setGuestHere(false)
        },
      })
    }
    await guest.current?.handle(data)
  }

  useCallSocket(
    (message: CallSocketMessage) => {
      if (message.type === 'signal' && message.callId === callId)
        void (message.from === 'guest' ? onGuestSignal(message.data) : onSignal(message.data))
      if (message.type === 'call' && message.call.id === callId) {
        if (message.call.status === 'connecting' && party === 'client') signal({ kind: 'hello' })
      }
    },
    (send) => {
      send({ type: 'join', callId })
      // The socket came back during a drop: the server hears of the drop now.
      if (dropped.current) send({ type: 'dropped', callId })
      // Whoever joins second starts the exchange: the interpreter says it is ready, the
      // client asks whether the interpreter is (once there is one).
      if (party === 'interpreter') send({ type: 'signal', callId, data: { kind: 'ready' } })
      else if (!waiting) send({ type: 'signal', callId, data: { kind: 'hello' } })
    },
  )

  // The client gets camera, microphone and offer ready at once, again if the call becomes
  // audio only while it waits.
  useEffect(() => {
    if (party !== 'client' || offered.current) return
    if (peer.current && peerMedia.current !== media) {
      const stale = peer.current
      peer.current = null
      builds.current++
      heldCandidates.current = []
      void stale.then((connection) => connection.close())
      for (const track of local.current?.getTracks() ?? []) track.stop()
    }
    void ensurePeer()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- made again only for a new medium
  }, [media])

  // The own video shows once the call screen does.
  useEffect(() => {
    if (!waiting && ownVideo.current && local.current) ownVideo.current.srcObject = local.current
  }, [waiting, hasVideo])

  useEffect(
    () => () => {
      window.clearTimeout(restartTimer.current)
      guest.current?.close()
      builds.current++
      void peer.current?.then((connection) => connection.close())
      peer.current = null
      for (const track of local.current?.getTracks() ?? []) track.stop()
    },
    [],
  )

  const toggleMute = () => {
    for (const track of local.current?.getAudioTracks() ?? []) track.enabled = muted
    setMuted(!muted)
  }
  const toggleCamera = () => {
    for (const track of local.current?.getVideoTracks() ?? []) track.enabled = cameraOff
    setCameraOff(!cameraOff)
  }

  if (waiting) return null
  return (
    <section aria-label="Call" className="mt-6">
      <p role="status" className="text-lg font-semibold text-slate-900">
        {connection === 'connected'
          ? 'Connected'
          : connection === 'lost'
            ? 'Reconnecting'
            : 'Connecting'}
      </p>
      <div className="relative mt-4 overflow-hidden rounded-lg bg-slate-900">
        {/* A live call between two people: there is no caption track to give. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <video
          ref={remoteVideo}
          autoPlay
          playsInline
          aria-label="The other party's video"
          data-testid="remote-video"
          className="aspect-video w-full"
        />
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <video
          ref={guestVideo}
          autoPlay
          playsInline
          aria-label="The guest's video"
          data-testid="guest-video"
          hidden={!guestHere}
          className="absolute top-3 right-3 w-1/3 max-w-56 rounded-md ring-2 ring-white"
        />
        <video
          ref={ownVideo}
          autoPlay
          playsInline
          muted
          aria-label="Your video"
          hidden={!hasVideo}
          className="absolute right-3 bottom-3 w-1/4 max-w-40 rounded-md ring-2 ring-white"
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn-secondary" aria-pressed={muted} onClick={toggleMute}>
          {muted ? 'Unmute' : 'Mute'}
        </button>
        {hasVideo ? (
          <button
            type="button"
            className="btn-secondary"
            aria-pressed={cameraOff}
            onClick={toggleCamera}
          >
            {cameraOff ? 'Camera on' : 'Camera off'}
          </button>
        ) : null}
        <Form method="post">
          <button type="submit" name="intent" value="end" className="btn-primary">
            End call
          </button>
        </Form>
      </div>
    </section>
  )
}
