import { createHmac } from 'node:crypto'
import type { CallIceConfig } from '../../platform/config.server'

/** What a call's page gives its `RTCPeerConnection`: the ICE servers and the transport policy. */
export interface IceSettings {
  iceServers: IceServer[]
  /** 'relay': only the TURN relay's candidates, never a party's own addresses. */
  iceTransportPolicy: 'all' | 'relay'
}

/** A call page's ICE settings: {@link iceServersFor}, and relay only when configured. */
export function iceSettingsFor(userId: string, at: Date, config: CallIceConfig): IceSettings {
  return {
    iceServers: iceServersFor(userId, at, config),
    iceTransportPolicy: config.relayOnly ? 'relay' : 'all',
  }
}

/** An ICE server as a page's `RTCPeerConnection` takes it. */
export interface IceServer {
  urls: string[]
  username?: string
  credential?: string
}

/**
 * The ICE servers a call's page connects through (docs/deploy.md#calls-stun-and-turn): none by
 * default (host candidates, enough on one network); the configured STUN servers; and the TURN
 * servers with a credential of the TURN REST scheme that coturn checks against the shared
 * secret: username `expiry:userId` (expiry in Unix seconds), credential
 * base64(HMAC-SHA1(secret, username)), good for the configured lifetime (at most an hour).
 */
export function iceServersFor(userId: string, at: Date, config: CallIceConfig): IceServer[] {
  const servers: IceServer[] = []
  if (config.stunUrls.length > 0) servers.push({ urls: config.stunUrls })
  if (config.turnUrls.length > 0 && config.turnSecret) {
    const expiry = Math.floor(at.getTime() / 1000) + config.turnTtlSeconds
    const username = `${expiry}:${userId}`
    const credential = createHmac('sha1', config.turnSecret).update(username).digest('base64')
    servers.push({ urls: config.turnUrls, username, credential })
  }
  return servers
}
