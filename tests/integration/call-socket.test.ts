import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { users } from '../../db/schema'
import { createSession } from '../../app/auth/session.server'
import type { Actor } from '../../app/models/audit.server'
import {
  acceptCall,
  callById,
  endCall,
  markConnected,
  startCall,
  type NewCall,
} from '../../app/models/calls/calls.server'
import {
  createGuestLink,
  joinByGuestLink,
  leaveAsGuest,
} from '../../app/models/calls/call-guests.server'
import { callPresenceOf, setAvailableForCalls } from '../../app/models/calls/call-presence.server'
import { clientContextOf } from '../../app/models/organizations.server'
import { findUserByEmail } from '../../app/models/users.server'
import { projectPath } from '../../app/platform/project-path.server'
import { startHost, type RunningHost } from '../../server/host'
import { createDispatchInterpreter } from '../support/booking-fixtures'
import { emptyBillingWorld } from '../support/billing-fixtures'
import { createOrganizationMember } from '../support/organization-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testDatabaseKinds } from '../support/test-database'
import { startTestRuntime, type TestRuntime } from '../support/test-runtime'

type Message = { type: string; [key: string]: unknown }

/** A page's connection, with the messages it received kept in order. */
class Page {
  readonly received: Message[] = []
  readonly #waiters: (() => void)[] = []
  closeCode: number | undefined

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.received.push(JSON.parse(data.toString()) as Message)
      for (const wake of this.#waiters.splice(0)) wake()
    })
    socket.on('close', (code) => {
      this.closeCode = code
      for (const wake of this.#waiters.splice(0)) wake()
    })
  }

  /** The first message received (from the start) that matches; waits up to 5 s for it. */
  async next(matches: (message: Message) => boolean): Promise<Message> {
    const deadline = Date.now() + 5_000
    for (;;) {
      const found = this.received.find(matches)
      if (found) return found
      if (Date.now() > deadline || this.closeCode !== undefined)
        throw new Error(`no such message; received ${JSON.stringify(this.received)}`)
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve)
        setTimeout(resolve, 100)
      })
    }
  }

  /** Drops what was received so far: the next waits look only at what comes after. */
  forget() {
    this.received.length = 0
  }

  send(message: unknown) {
    this.socket.send(JSON.stringify(message))
  }

  close() {
    this.socket.close()
  }
}

describe.each(testDatabaseKinds())('the calls signalling socket on %s', (kind) => {
  let test: TestRuntime
  let host: RunningHost
  let staff: Actor
  let socketUrl: string
  const opened: WebSocket[] = []

  beforeAll(async () => {
    test = await startTestRuntime(kind)
    host = await startHost({ root: projectPath(), port: 0, host: '127.0.0.1' })
    socketUrl = `${host.url.replace('http:', 'ws:')}/calls/socket`
  })
  afterAll(async () => {
    for (const socket of opened) socket.terminate()
    const closed = new Promise((resolve) => host.server.close(resolve))
    host.server.closeAllConnections()
    await closed
    await test.stop()
  })

  let client: { userId: string; organizationId: string; cookie: string }
  let stranger: { cookie: string }
  let ana: { profileId: string; cookie: string }
  let ben: { profileId: string; cookie: string }

  const cookieOf = async (userId: string) => (await createSession(userId)).split(';')[0]!

  async function clientUser(organizationName: string, email: string) {
    await createOrganizationMember(
      { organizationName, name: 'Mia Manager', email, role: 'manager' },
      staff,
    )
    const user = (await findUserByEmail(email))!
    const context = (await clientContextOf(user.id))!
    return {
      userId: user.id,
      organizationId: context.organizationId,
      cookie: await cookieOf(user.id),
    }
  }

  async function interpreter(firstName: string) {
    const { profileId, userId } = await createDispatchInterpreter(test.db, staff, { firstName })
    return { profileId, cookie: await cookieOf(userId) }
  }

  beforeEach(async () => {
    await emptyBillingWorld(test.db, [users])
    staff = await createStaffActor()
    client = await clientUser('Riverside Clinic', 'mia@riverside.example')
    stranger = await clientUser('Other Clinic', 'olga@other.example')
    ana = await interpreter('Ana')
    ben = await interpreter('Ben')
  })

  function connect(cookie: string | undefined, origin: string | undefined = host.url) {
    const headers: Record<string, string> = {}
    if (cookie) headers.cookie = cookie
    if (origin) headers.origin = origin
    const socket = new WebSocket(socketUrl, { headers })
    opened.push(socket)
    return socket
  }

  async function open(cookie: string) {
    const page = new Page(connect(cookie))
    await page.next((message) => message.type === 'ready')
    return page
  }

  /** The status code a refused handshake answered with. */
  function refusal(socket: WebSocket) {
    return new Promise<number>((resolve, reject) => {
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0))
      socket.on('open', () => reject(new Error('the handshake was accepted')))
      socket.on('error', () => {})
    })
  }

  const newCall = (): NewCall => ({
    organizationId: client.organizationId,
    requestedById: client.userId,
    language: 'Spanish',
    media: 'video',
    setting: 'business',
    reference: 'MRN 4471-ZX',
  })

  it("refuses a handshake from another site's page, one without an Origin, and another path", async () => {
    expect(await refusal(connect(client.cookie, 'https://evil.example'))).toBe(403)
    expect(await refusal(connect(client.cookie, 'null'))).toBe(403)
    expect(await refusal(connect(client.cookie, ''))).toBe(403)
    const elsewhere = new WebSocket(`${host.url.replace('http:', 'ws:')}/admin`, {
      headers: { origin: host.url, cookie: client.cookie },
    })
    opened.push(elsewhere)
    expect(await refusal(elsewhere)).toBe(404)
  })

  it('closes a connection without a signed-in interpreter or client', async () => {
    const anonymous = new Page(connect(undefined))
    await expect(anonymous.next(() => false)).rejects.toThrow()
    expect(anonymous.closeCode).toBe(4401)
    const staffCookie = await cookieOf(staff.id)
    const staffPage = new Page(connect(staffCookie))
    await expect(staffPage.next(() => false)).rejects.toThrow()
    expect(staffPage.closeCode).toBe(4401)
  })

  it("rings an interpreter's open page without the client's reference, and stops the ring when another accepts", async () => {
    const anaPage = await open(ana.cookie)
    const benPage = await open(ben.cookie)
    expect(anaPage.received[0]).toEqual({ type: 'ring', call: null })
    // Opening the page put them online.
    expect((await callPresenceOf(ana.profileId)).lastSeenAt).not.toBeNull()
    await setAvailableForCalls(ana.profileId, true)
    await setAvailableForCalls(ben.profileId, true)
    anaPage.forget()
    benPage.forget()
    const { callId } = await startCall(newCall())
    const ring = await anaPage.next((message) => message.type === 'ring')
    expect(ring.call).toMatchObject({ id: callId, language: 'Spanish', media: 'video' })
    expect(JSON.stringify(ring)).not.toContain('MRN')
    await benPage.next((message) => message.type === 'ring')
    benPage.forget()
    expect(await acceptCall(callId, ana.profileId)).toBe('accepted')
    expect(await benPage.next((message) => message.type === 'ring')).toEqual({
      type: 'ring',
      call: null,
    })
  })

  it("relays signalling between the call's two parties only; a stranger can neither join nor signal", async () => {
    await setAvailableForCalls(ana.profileId, true)
    const anaPage = await open(ana.cookie)
    const { callId } = await startCall(newCall())
    await anaPage.next((message) => message.type === 'ring' && message.call !== null)
    const clientPage = await open(client.cookie)
    const strangerPage = await open(stranger.cookie)
    const benPage = await open(ben.cookie)
    clientPage.send({ type: 'join', callId })
    expect(await clientPage.next((message) => message.type === 'call')).toMatchObject({
      call: { id: callId, status: 'waiting' },
    })
    // Before accepting, Ana is not a party: she cannot join.
    anaPage.send({ type: 'join', callId })
    await anaPage.next((message) => message.type === 'error' && message.error === 'not-a-party')
    expect(await acceptCall(callId, ana.profileId)).toBe('accepted')
    await clientPage.next(
      (message) =>
        message.type === 'call' && (message.call as { status: string }).status === 'connecting',
    )
    anaPage.forget()
    anaPage.send({ type: 'join', callId })
    await anaPage.next((message) => message.type === 'call')
    for (const outsider of [strangerPage, benPage]) {
      outsider.send({ type: 'join', callId })
      await outsider.next((message) => message.type === 'error' && message.error === 'not-a-party')
      outsider.send({ type: 'signal', callId, data: { sdp: 'forged' } })
    }
    clientPage.send({ type: 'signal', callId, data: { sdp: 'offer from the client' } })
    expect(await anaPage.next((message) => message.type === 'signal')).toEqual({
      type: 'signal',
      callId,
      from: 'client',
      data: { sdp: 'offer from the client' },
    })
    anaPage.send({ type: 'signal', callId, data: { sdp: 'answer from Ana' } })
    await clientPage.next((message) => message.type === 'signal')
    // Give any stray message time to arrive, then look at everything each page got.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(anaPage.received.filter((message) => message.type === 'signal')).toHaveLength(1)
    expect(clientPage.received.filter((message) => message.type === 'signal')).toEqual([
      { type: 'signal', callId, from: 'interpreter', data: { sdp: 'answer from Ana' } },
    ])
    for (const outsider of [strangerPage, benPage]) {
      expect(outsider.received.some((message) => message.type === 'signal')).toBe(false)
      expect(outsider.received.some((message) => message.type === 'call')).toBe(false)
    }
  })

  it("switches a video call to audio only when the client's camera is denied; only the client may say so", async () => {
    await setAvailableForCalls(ana.profileId, true)
    const anaPage = await open(ana.cookie)
    const { callId } = await startCall(newCall())
    await anaPage.next((message) => message.type === 'ring' && message.call !== null)
    expect(await acceptCall(callId, ana.profileId)).toBe('accepted')
    const clientPage = await open(client.cookie)
    clientPage.send({ type: 'join', callId })
    await clientPage.next((message) => message.type === 'call')
    anaPage.send({ type: 'join', callId })
    await anaPage.next((message) => message.type === 'call')
    anaPage.send({ type: 'audio-only', callId })
    await anaPage.next((message) => message.type === 'error' && message.error === 'not-a-party')
    expect((await callById(callId))!.media).toBe('video')
    clientPage.send({ type: 'audio-only', callId })
    await expect.poll(async () => (await callById(callId))!.media).toBe('audio')
  })

  it("records each party's word that the connection dropped and is back; a stranger's word is refused", async () => {
    await setAvailableForCalls(ana.profileId, true)
    const anaPage = await open(ana.cookie)
    const { callId } = await startCall(newCall())
    await anaPage.next((message) => message.type === 'ring' && message.call !== null)
    expect(await acceptCall(callId, ana.profileId)).toBe('accepted')
    const clientPage = await open(client.cookie)
    const strangerPage = await open(stranger.cookie)
    for (const page of [clientPage, anaPage]) {
      page.send({ type: 'join', callId })
      await page.next((message) => message.type === 'call')
    }
    clientPage.send({ type: 'connected', callId })
    await expect.poll(async () => (await callById(callId))!.status).toBe('connected')
    strangerPage.send({ type: 'dropped', callId })
    await strangerPage.next(
      (message) => message.type === 'error' && message.error === 'not-a-party',
    )
    clientPage.send({ type: 'dropped', callId })
    anaPage.send({ type: 'dropped', callId })
    await expect
      .poll(async () => {
        const call = (await callById(callId))!
        return [call.clientDroppedAt !== null, call.interpreterDroppedAt !== null]
      })
      .toEqual([true, true])
    anaPage.send({ type: 'connected', callId })
    await expect.poll(async () => (await callById(callId))!.interpreterDroppedAt).toBeNull()
    expect((await callById(callId))!.clientDroppedAt).not.toBeNull()
  })

  it("lets a call's guest join that call only and speak to each party by name; the others' messages stay between them", async () => {
    await setAvailableForCalls(ana.profileId, true)
    const anaPage = await open(ana.cookie)
    const { callId } = await startCall(newCall())
    await anaPage.next((message) => message.type === 'ring' && message.call !== null)
    expect(await acceptCall(callId, ana.profileId)).toBe('accepted')
    await markConnected(callId, 'client')
    const other = await startCall(newCall())
    const made = await createGuestLink(callId)
    if (typeof made === 'string') throw new Error(made)
    const joined = await joinByGuestLink(made.link)
    if (!('key' in joined)) throw new Error(joined.state)
    const guestPage = await open(`call-guest=${joined.key}`)
    // Not another call, and nothing the parties say to each other.
    guestPage.send({ type: 'join', callId: other.callId })
    await guestPage.next((message) => message.type === 'error' && message.error === 'not-a-party')
    const clientPage = await open(client.cookie)
    for (const page of [clientPage, anaPage, guestPage]) {
      page.send({ type: 'join', callId })
      await page.next((message) => message.type === 'call')
    }
    // A guest's message must name its addressee; a guest does not connect or drop the call.
    guestPage.send({ type: 'signal', callId, data: { sdp: 'to whom?' } })
    await guestPage.next((message) => message.type === 'error' && message.error === 'no-addressee')
    guestPage.send({ type: 'dropped', callId })
    await guestPage.next((message) => message.type === 'error' && message.error === 'not-a-party')
    guestPage.send({ type: 'signal', callId, to: 'interpreter', data: { sdp: 'guest offer' } })
    expect(await anaPage.next((message) => message.type === 'signal')).toEqual({
      type: 'signal',
      callId,
      from: 'guest',
      data: { sdp: 'guest offer' },
    })
    anaPage.send({ type: 'signal', callId, to: 'guest', data: { sdp: 'answer to the guest' } })
    clientPage.send({ type: 'signal', callId, data: { sdp: 'client to interpreter' } })
    expect(await guestPage.next((message) => message.type === 'signal')).toEqual({
      type: 'signal',
      callId,
      from: 'interpreter',
      data: { sdp: 'answer to the guest' },
    })
    await anaPage.next(
      (message) =>
        message.type === 'signal' &&
        (message.data as { sdp: string }).sdp === 'client to interpreter',
    )
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(guestPage.received.filter((message) => message.type === 'signal')).toHaveLength(1)
    expect(clientPage.received.some((message) => message.type === 'signal')).toBe(false)
    // A guest who left hears nothing more on the connection still open.
    await leaveAsGuest(joined.key)
    anaPage.send({ type: 'signal', callId, to: 'guest', data: { sdp: 'after the guest left' } })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(guestPage.received.filter((message) => message.type === 'signal')).toHaveLength(1)
    // The call ends: the guest's key opens nothing any more.
    await endCall(callId, 'client')
    const late = new Page(connect(`call-guest=${joined.key}`))
    await expect(late.next(() => false)).rejects.toThrow()
    expect(late.closeCode).toBe(4401)
  })

  it("keeps an interpreter online while a second tab is open, and takes them offline at the last tab's goodbye", async () => {
    const first = await open(ana.cookie)
    const second = await open(ana.cookie)
    first.send({ type: 'bye' })
    first.close()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await callPresenceOf(ana.profileId)).goneAt).toBeNull()
    second.send({ type: 'bye' })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await callPresenceOf(ana.profileId)).goneAt).not.toBeNull()
  })

  it('answers an unreadable message with an error, and closes a page that floods the connection', async () => {
    const page = await open(client.cookie)
    page.socket.send('not json')
    await page.next((message) => message.type === 'error' && message.error === 'unreadable-message')
    for (let index = 0; index < 60; index++) page.send({ type: 'here' })
    await expect(page.next(() => false)).rejects.toThrow()
    expect(page.closeCode).toBe(1008)
  })
})
