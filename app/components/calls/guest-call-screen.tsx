import { useEffect, useRef, useState } from 'react'
import { Form, useLocation, useNavigate, useNavigation } from 'react-router'
import type { CallMainParty } from '~/domain/calls'
import { localMedia } from './call-screen'
import { createPeerLink, type PeerLink } from './peer-link'
import { useCallSocket, type CallSocketMessage } from './use-call-socket'

const parties: { party: CallMainParty; label: string; caption: string }[] = [
  { party: 'interpreter', label: 'The interpreter’s video', caption: 'Interpreter' },
  { party: 'client', label: 'The client’s video', caption: 'Client' },
]

/**
 * A guest's side of a three-way call (docs/product.md#call-guests): once its page has joined
 * the call on the socket, it offers one connection to the interpreter and one to the client,
 * and shows both. Mute, camera off and Leave call; leaving does not end the call.
 */
export function GuestCallScreen({
  callId,
  media,
  ice,
}: {
  callId: string
  media: 'video' | 'audio'
  ice: RTCConfiguration
}) {
  const videos = useRef<Partial<Record<CallMainParty, HTMLVideoElement | null>>>({})
  const ownVideo = useRef<HTMLVideoElement>(null)
  const links = useRef<Partial<Record<CallMainParty, PeerLink>>>({})
  const local = useRef<Promise<MediaStream> | null>(null)
  const [connected, setConnected] = useState<Partial<Record<CallMainParty, boolean>>>({})
  const [muted, setMuted] = useState(false)
  const [hasVideo, setHasVideo] = useState(false)
  // The page's own navigation reads its data again (the router's, as useCallUpdates does).
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const busy = useNavigation().state !== 'idle'

  async function start() {
    const stream = await (local.current ??= localMedia(media))
    setHasVideo(stream.getVideoTracks().length > 0)
    if (ownVideo.current) ownVideo.current.srcObject = stream
    for (const { party } of parties) {
      links.current[party]?.close()
      const link = createPeerLink({
        callId,
        to: party,
        ice,
        stream,
        onStream: (remote) => {
          const video = videos.current[party]
          if (video) video.srcObject = remote
        },
        onState: (state) => setConnected((now) => ({ ...now, [party]: state === 'connected' })),
      })
      links.current[party] = link
      await link.offer()
    }
  }

  useCallSocket(
    (message: CallSocketMessage) => {
      // The call ended: the page reads its link again, which now says so.
      if (message.type === 'call' && message.call.id === callId) {
        if (message.call.status !== 'connected' && !busy)
          void navigate(pathname, { replace: true, preventScrollReset: true })
        return
      }
      if (message.type !== 'signal' || message.callId !== callId || message.from === 'guest') return
      void links.current[message.from]?.handle(message.data)
    },
    (send) => {
      send({ type: 'join', callId })
      // Joined (again, after a dropped socket): connect to both anew.
      void start()
    },
  )

  useEffect(
    () => () => {
      for (const link of Object.values(links.current)) link?.close()
      void local.current?.then((stream) => stream.getTracks().forEach((track) => track.stop()))
    },
    [],
  )

  const toggleMute = () => {
    void local.current?.then((stream) => {
      for (const track of stream.getAudioTracks()) track.enabled = muted
    })
    setMuted(!muted)
  }
  const everyone = parties.every(({ party }) => connected[party])

  return (
    <section aria-label="Call" className="mt-6">
      <p role="status" className="text-lg font-semibold text-slate-900">
        {everyone ? 'Connected' : 'Connecting'}
      </p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {parties.map(({ party, label, caption }) => (
          <figure key={party}>
            {/* A live call between people: there is no caption track to give. */}
            {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
            <video
              ref={(element) => {
                videos.current[party] = element
              }}
              autoPlay
              playsInline
              aria-label={label}
              data-testid={`${party}-video`}
              className="aspect-video w-full rounded-lg bg-slate-900"
            />
            <figcaption className="mt-1 text-sm text-slate-600">{caption}</figcaption>
          </figure>
        ))}
      </div>
      <video
        ref={ownVideo}
        autoPlay
        playsInline
        muted
        aria-label="Your video"
        hidden={!hasVideo}
        className="mt-3 w-1/3 max-w-40 rounded-md"
      />
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn-secondary" aria-pressed={muted} onClick={toggleMute}>
          {muted ? 'Unmute' : 'Mute'}
        </button>
        <Form method="post">
          <button type="submit" name="intent" value="leave" className="btn-primary">
            Leave call
          </button>
        </Form>
      </div>
    </section>
  )
}
