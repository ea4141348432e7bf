import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { iceServersFor, iceSettingsFor } from './ice-servers.server'

const at = new Date('2026-11-29T12:00:00Z')
const none = {
  stunUrls: [],
  turnUrls: [],
  turnSecret: undefined,
  turnTtlSeconds: 3600,
  relayOnly: false,
}

describe('the ICE servers of a call', () => {
  it('are none by default: no public STUN server is contacted', () => {
    expect(iceServersFor('user-1', at, none)).toEqual([])
  })

  it('give TURN a credential of the REST scheme that lasts the configured time', () => {
    const servers = iceServersFor('user-1', at, {
      stunUrls: ['stun:turn.example.com:3478'],
      turnUrls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'],
      turnSecret: 'a shared secret of coturn',
      turnTtlSeconds: 600,
      relayOnly: false,
    })
    const expiry = at.getTime() / 1000 + 600
    expect(servers).toEqual([
      { urls: ['stun:turn.example.com:3478'] },
      {
        urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'],
        username: `${expiry}:user-1`,
        credential: createHmac('sha1', 'a shared secret of coturn')
          .update(`${expiry}:user-1`)
          .digest('base64'),
      },
    ])
    // The credential for another user, or later, is another one.
    const other = iceServersFor('user-2', at, {
      ...none,
      turnUrls: ['turn:t'],
      turnSecret: 'a shared secret of coturn',
    })
    expect(other[0]!.credential).not.toBe(servers[1]!.credential)
  })

  it('keep the media to the relay when so configured, and to any path otherwise', () => {
    const relay = { ...none, turnUrls: ['turn:t'], turnSecret: 'a shared secret of coturn' }
    expect(iceSettingsFor('user-1', at, relay).iceTransportPolicy).toBe('all')
    expect(iceSettingsFor('user-1', at, { ...relay, relayOnly: true })).toMatchObject({
      iceTransportPolicy: 'relay',
      iceServers: [{ urls: ['turn:t'] }],
    })
  })
})
