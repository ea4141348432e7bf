import type { CallParty } from '~/domain/calls'
import { sendOnCallSocket, type SignalData } from './use-call-socket'

/** One browser-to-browser connection of a three-way call: this page and the party `to`. */
export interface PeerLink {
  /** Sends an offer (the guest's side); `restart` gathers new candidates (an ICE restart). */
  offer(restart?: boolean): Promise<void>
  /** A WebRTC message from the party: its offer or answer, or a candidate. */
  handle(data: SignalData): Promise<void>
  close(): void
}

/**
 * A peer connection to one named party, its messages addressed to that party over the calls'
 * socket (docs/product.md#call-guests). The guest's page offers to the client and to the
 * interpreter; their pages answer. The side that offers restarts ICE when the link fails.
 */
export function createPeerLink(options: {
  callId: string
  to: CallParty
  ice: RTCConfiguration
  stream: MediaStream
  onStream: (stream: MediaStream) => void
  onState: (state: RTCPeerConnectionState) => void
}): PeerLink {
  const { callId, to } = options
  const connection = new RTCPeerConnection(options.ice)
  const pending: RTCIceCandidateInit[] = []
  let offering = false
  const signal = (data: SignalData) => sendOnCallSocket({ type: 'signal', callId, to, data })

  for (const track of options.stream.getTracks()) connection.addTrack(track, options.stream)
  connection.ontrack = (event) => {
    if (event.streams[0]) options.onStream(event.streams[0])
  }
  connection.onicecandidate = (event) => {
    if (event.candidate) signal({ kind: 'candidate', candidate: event.candidate.toJSON() })
  }
  connection.onconnectionstatechange = () => {
    options.onState(connection.connectionState)
    if (connection.connectionState === 'failed' && offering) void link.offer(true)
  }

  const link: PeerLink = {
    async offer(restart = false) {
      offering = true
      await connection.setLocalDescription(await connection.createOffer({ iceRestart: restart }))
      signal({ kind: 'description', description: connection.localDescription!.toJSON() })
    },
    async handle(data) {
      if (data.kind === 'description') {
        await connection.setRemoteDescription(data.description)
        for (const candidate of pending.splice(0)) await connection.addIceCandidate(candidate)
        if (data.description.type === 'offer') {
          await connection.setLocalDescription(await connection.createAnswer())
          signal({ kind: 'description', description: connection.localDescription!.toJSON() })
        }
      } else if (data.kind === 'candidate') {
        if (connection.remoteDescription) await connection.addIceCandidate(data.candidate)
        else pending.push(data.candidate)
      }
    },
    close() {
      connection.close()
    },
  }
  return link
}
