import { useEffect, useRef, useState } from 'react'
import { Form } from 'react-router'
import { useCallSocket, type CallSocketMessage, type SignalData } from './use-call-socket'

export type CallParty = 'client' | 'interpreter'

export interface CallScreenProps {
  callId: string
  party: CallParty
  media: 'video' | 'audio'
  /** ICE servers from the configuration: none by default (host candidates only). */
  iceServers: RTCIceServer[]
}

/** Asks for camera and microphone; a denied camera falls back to audio only. */
async function localMedia(media: 'video' | 'audio') {
  if (media === 'video') {
    try {
      return await navigator.mediaDevices.getUserMedia({ audio: true, video: true })
    } catch {
      // The camera was denied or is missing: the call goes on with sound alone.
    }
  }
  return navigator.mediaDevices.getUserMedia({ audio: true, video: false })
}

/**
 * The call itself, browser to browser: the client's page offers, the interpreter's answers,
 * and the server only relays their messages over the calls' socket. Remote video large, own
 * video small, mute, camera off, and End call (the page's action ends it for both).
 */
export function CallScreen({ callId, party, media, iceServers }: CallScreenProps) {
  const remoteVideo = useRef<HTMLVideoElement>(null)
  const ownVideo = useRef<HTMLVideoElement>(null)
  const peer = useRef<RTCPeerConnection | null>(null)
  const local = useRef<MediaStream | null>(null)
  const offered = useRef(false)
  const pendingCandidates = useRef<RTCIceCandidateInit[]>([])
  const [connection, setConnection] = useState<'connecting' | 'connected' | 'lost'>('connecting')
  const [muted, setMuted] = useState(false)
  const [cameraOff, setCameraOff] = useState(false)
  const [hasVideo, setHasVideo] = useState(false)

  const signal = (data: SignalData) => socket.send({ type: 'signal', callId, data })

  async function ensurePeer() {
    if (peer.current) return peer.current
    const connection = new RTCPeerConnection({ iceServers })
    peer.current = connection
    const stream = local.current ?? (local.current = await localMedia(media))
    setHasVideo(stream.getVideoTracks().length > 0)
    // The client's camera was denied: the call is audio only, and billed so.
    if (party === 'client' && media === 'video' && stream.getVideoTracks().length === 0)
      socket.send({ type: 'audio-only', callId })
    if (ownVideo.current) ownVideo.current.srcObject = stream
    for (const track of stream.getTracks()) connection.addTrack(track, stream)
    connection.ontrack = (event) => {
      if (remoteVideo.current && event.streams[0]) remoteVideo.current.srcObject = event.streams[0]
    }
    connection.onicecandidate = (event) => {
      if (event.candidate) signal({ kind: 'candidate', candidate: event.candidate.toJSON() })
    }
    connection.onconnectionstatechange = () => {
      if (connection.connectionState === 'connected') {
        setConnection('connected')
        socket.send({ type: 'connected', callId })
      } else if (connection.connectionState === 'failed') {
        setConnection('lost')
        // A dropped network: try again with new candidates.
        if (party === 'client') void offer(true)
      }
    }
    return connection
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
      return offer()
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
      const connection = peer.current
      if (connection?.remoteDescription) await connection.addIceCandidate(data.candidate)
      else pendingCandidates.current.push(data.candidate)
    }
  }

  const socket = useCallSocket(
    (message: CallSocketMessage) => {
      if (message.type === 'signal' && message.callId === callId) void onSignal(message.data)
      if (message.type === 'call' && message.call.id === callId) {
        if (message.call.status === 'connecting' && party === 'client') signal({ kind: 'hello' })
      }
    },
    (send) => {
      send({ type: 'join', callId })
      // Whoever joins second starts the exchange: the interpreter says it is ready, the
      // client asks whether the interpreter is.
      send({
        type: 'signal',
        callId,
        data: party === 'interpreter' ? { kind: 'ready' } : { kind: 'hello' },
      })
    },
  )

  useEffect(
    () => () => {
      peer.current?.close()
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
