import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  authTokens,
  loginThrottles,
  mailOutbox,
  rateLimitWindows,
  sessions,
  users,
} from '../../db/schema'
import { announceFirstAdminSetup } from '../../app/boot/first-admin.server'
import { attemptLogin } from '../../app/auth/login.server'
import { requestPasswordReset } from '../../app/models/password-resets.server'
import {
  createSession,
  destroySession,
  getSessionUser,
  requireUser,
} from '../../app/auth/session.server'
import { deleteExpiredSessions, SESSION_ABSOLUTE_MS } from '../../app/models/sessions.server'
import { setClock } from '../../app/platform/clock.server'
import {
  consumeAuthToken,
  createAuthToken,
  deleteEndedAuthTokens,
  findValidAuthToken,
} from '../../app/models/auth-tokens.server'
import {
  createUser,
  EmailTakenError,
  findUserByEmail,
  setPassword,
} from '../../app/models/users.server'
import { emptyTables } from '../support/people-fixtures'
import { type TestRuntime, startTestRuntime, testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

const PASSWORD = 'correct horse battery staple'
const MINUTE = 60 * 1000

function requestWith(setCookie: string, path = '/admin/dashboard') {
  const cookie = setCookie.split(';')[0]!
  return new Request(`http://localhost${path}`, { headers: { cookie } })
}

// The clock is moved by the tests; failed answers are not held back for a real second.
async function login(email: string, password = PASSWORD, ipAddress = '192.0.2.1') {
  return attemptLogin({ email, password, ipAddress, userAgent: 'vitest', minimumFailureMs: 0 })
}

describe.each(testDatabaseKinds())('accounts and sessions on %s', (kind) => {
  let clock = new Date('2026-03-01T09:00:00Z')
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms)
  }

  const test = testRuntimeFor(kind)
  beforeEach(async () => {
    clock = new Date('2026-03-01T09:00:00Z')
    setClock(() => clock)
    await emptyTables(test.db, [
      sessions,
      authTokens,
      loginThrottles,
      rateLimitWindows,
      mailOutbox,
      users,
    ])
  })
  afterEach(() => setClock())

  describe('users', () => {
    it('stores the e-mail lower-cased, unique regardless of case, and an argon2id hash', async () => {
      const user = await createUser({
        email: ' Ada@Example.COM ',
        name: 'Ada',
        role: 'admin',
        password: PASSWORD,
      })
      expect(user.email).toBe('ada@example.com')
      expect(user).not.toHaveProperty('passwordHash')
      const stored = await findUserByEmail('ADA@example.com')
      expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
      await expect(
        createUser({ email: 'ada@EXAMPLE.com', name: 'Other', role: 'client', password: PASSWORD }),
      ).rejects.toThrow(EmailTakenError)
    })
  })

  describe('login', () => {
    it('answers the same for an unknown address, a wrong password and a deactivated account', async () => {
      await createUser({ email: 'ada@example.com', name: 'Ada', role: 'admin', password: PASSWORD })
      await createUser({ email: 'old@example.com', name: 'Old', role: 'admin', password: PASSWORD })
      await test.db.update(users).set({ active: false }).where(eq(users.email, 'old@example.com'))
      expect(await login('nobody@example.com')).toEqual({ status: 'invalid' })
      expect(await login('ada@example.com', 'wrong password here')).toEqual({ status: 'invalid' })
      expect(await login('old@example.com')).toEqual({ status: 'invalid' })
      const ok = await login('ADA@example.com')
      expect(ok.status).toBe('signed-in')
    })

    it('gives a new session id at every login and rejects the old one after logout', async () => {
      await createUser({ email: 'ada@example.com', name: 'Ada', role: 'admin', password: PASSWORD })
      const first = await login('ada@example.com')
      const second = await login('ada@example.com')
      if (first.status !== 'signed-in' || second.status !== 'signed-in')
        throw new Error('login failed')
      expect(first.setCookie.split(';')[0]).not.toBe(second.setCookie.split(';')[0])
      expect((await getSessionUser(requestWith(first.setCookie)))?.email).toBe('ada@example.com')

      const cleared = await destroySession(requestWith(first.setCookie))
      expect(cleared).toMatch(/Max-Age=0/)
      expect(await getSessionUser(requestWith(first.setCookie))).toBeUndefined()
      expect(await getSessionUser(requestWith(second.setCookie))).toBeDefined()
    })

    it('delays the sixth failure for one account, doubling the wait, and answers with Retry-After seconds', async () => {
      await createUser({ email: 'ada@example.com', name: 'Ada', role: 'admin', password: PASSWORD })
      for (let i = 0; i < 5; i++)
        expect(await login('ada@example.com', 'wrong password!!')).toEqual({ status: 'invalid' })
      // The sixth attempt, even with the right password, must wait a second.
      expect(await login('ada@example.com')).toEqual({ status: 'throttled', retryAfterSeconds: 1 })
      advance(1000)
      expect(await login('ada@example.com', 'wrong password!!')).toEqual({ status: 'invalid' })
      expect(await login('ada@example.com')).toEqual({ status: 'throttled', retryAfterSeconds: 2 })
      advance(2000)
      expect((await login('ada@example.com')).status).toBe('signed-in')
      // Success clears the count.
      expect(await test.db.$count(loginThrottles)).toBe(0)
    })

    it('caps the per-account wait at fifteen minutes', async () => {
      for (let i = 0; i < 30; i++) {
        await login('target@example.com', 'guess number one', `198.51.100.${i}`)
        advance(16 * MINUTE)
      }
      await login('target@example.com', 'guess number one', '198.51.100.200')
      const result = await login('target@example.com', 'guess', '198.51.100.200')
      expect(result).toEqual({ status: 'throttled', retryAfterSeconds: 15 * 60 })
    })

    it('counts parallel guesses before it checks any password: of 40 at once, 5 are tried and the right one at position 30 is refused', async () => {
      await createUser({ email: 'ada@example.com', name: 'Ada', role: 'admin', password: PASSWORD })
      const attempts = Array.from({ length: 40 }, (_, index) =>
        login('ada@example.com', index === 29 ? PASSWORD : `wrong password ${index}`),
      )
      const results = await Promise.all(attempts)
      expect(results.filter((result) => result.status === 'signed-in')).toEqual([])
      expect(results.filter((result) => result.status === 'invalid').length).toBe(5)
      expect(results.filter((result) => result.status === 'throttled').length).toBe(35)
      expect(await test.db.$count(sessions)).toBe(0)
    })

    it('lets the owner in from an address that has not been failing while a stranger locks the account, and tells the owner once', async () => {
      await createUser({ email: 'ada@example.com', name: 'Ada', role: 'admin', password: PASSWORD })
      for (let i = 0; i < 8; i++)
        await login('ada@example.com', 'a stranger guesses', '203.0.113.66')
      expect((await login('ada@example.com', PASSWORD, '203.0.113.66')).status).toBe('throttled')

      expect((await login('ada@example.com', PASSWORD, '192.0.2.10')).status).toBe('signed-in')
      await test.runtime.background.settle()
      const warnings = await test.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.template, 'sign-ins-paused'))
      expect(warnings.map((mail) => mail.toAddress)).toEqual(['ada@example.com'])
      expect(warnings[0]!.text).toContain('/forgot-password')
    })

    it('gives an address that fails during a lockout no second try', async () => {
      await createUser({ email: 'ada@example.com', name: 'Ada', role: 'admin', password: PASSWORD })
      for (let i = 0; i < 5; i++)
        await login('ada@example.com', 'a stranger guesses', '203.0.113.66')
      expect((await login('ada@example.com', 'another guess', '198.51.100.7')).status).toBe(
        'invalid',
      )
      expect((await login('ada@example.com', PASSWORD, '198.51.100.7')).status).toBe('throttled')
      // No warning for an address without an account, and the count is kept per address.
      for (let i = 0; i < 5; i++) await login('nobody@example.com', 'guess', '203.0.113.67')
      await test.runtime.background.settle()
      expect(await test.db.$count(mailOutbox, eq(mailOutbox.toAddress, 'nobody@example.com'))).toBe(
        0,
      )
    })

    it('stops an address after 20 failures in 10 minutes, whatever the accounts', async () => {
      for (let i = 0; i < 20; i++)
        expect((await login(`user${i}@example.com`, 'guess', '203.0.113.9')).status).toBe('invalid')
      const blocked = await login('another@example.com', 'guess', '203.0.113.9')
      expect(blocked.status).toBe('throttled')
      expect((await login('another@example.com', 'guess', '203.0.113.10')).status).toBe('invalid')
    })
  })

  describe('session expiry', () => {
    async function signedIn() {
      const user = await createUser({
        email: 'ada@example.com',
        name: 'Ada',
        role: 'admin',
        password: PASSWORD,
      })
      return createSession(user.id)
    }

    it('ends after 30 minutes without a request', async () => {
      const cookie = await signedIn()
      advance(29 * MINUTE)
      expect(await getSessionUser(requestWith(cookie))).toBeDefined()
      advance(31 * MINUTE)
      expect(await getSessionUser(requestWith(cookie))).toBeUndefined()
      expect(await test.db.$count(sessions)).toBe(0)
    })

    it('slides with activity but ends 12 hours after login whatever happens', async () => {
      const cookie = await signedIn()
      for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_MS - 20 * MINUTE; elapsed += 20 * MINUTE) {
        advance(20 * MINUTE)
        expect(await getSessionUser(requestWith(cookie))).toBeDefined()
      }
      advance(40 * MINUTE)
      expect(await getSessionUser(requestWith(cookie))).toBeUndefined()
    })

    it('ends when the account is deactivated or its password changes', async () => {
      const cookie = await signedIn()
      const user = await findUserByEmail('ada@example.com')
      await setPassword(user!.id, 'a brand new password')
      expect(await getSessionUser(requestWith(cookie))).toBeUndefined()
      const again = await createSession(user!.id)
      await test.db.update(users).set({ active: false })
      expect(await getSessionUser(requestWith(again))).toBeUndefined()
    })

    it('sweeps sessions that are over', async () => {
      await signedIn()
      advance(31 * MINUTE)
      await deleteExpiredSessions(test.db)
      expect(await test.db.$count(sessions)).toBe(0)
    })
  })

  describe('guards', () => {
    it('sends visitors without a session to the login page, remembering where they were going', async () => {
      const attempt = requireUser(new Request('http://localhost/admin/clients?status=new'))
      await expect(attempt).rejects.toSatisfy((response: Response) => {
        return (
          response.status === 302 &&
          response.headers.get('Location') ===
            '/interpreter-login?redirectTo=%2Fadmin%2Fclients%3Fstatus%3Dnew'
        )
      })
    })

    it("sends signed-in users without the role to their own home, and refuses another role's actions", async () => {
      const user = await createUser({
        email: 'int@example.com',
        name: 'Ina',
        role: 'interpreter',
        password: PASSWORD,
      })
      const cookie = await createSession(user.id)
      await expect(requireUser(requestWith(cookie), { role: 'admin' })).rejects.toSatisfy(
        (response: Response) =>
          response.status === 302 && response.headers.get('Location') === '/interpreter/dashboard',
      )
      const post = new Request('http://localhost/admin/users', {
        method: 'POST',
        headers: { Cookie: cookie.split(';')[0]! },
      })
      await expect(requireUser(post, { role: 'admin' })).rejects.toSatisfy(
        (response: { init: ResponseInit | null }) => response.init?.status === 403,
      )
      expect((await requireUser(requestWith(cookie))).email).toBe('int@example.com')
    })
  })

  describe('single-use links', () => {
    const createAda = () =>
      createUser({ email: 'ada@example.com', name: 'Ada', role: 'admin', password: PASSWORD })

    it('are valid once and for their lifetime only', async () => {
      const user = await createAda()
      const token = await createAuthToken('password_reset', user.id)
      expect(await findValidAuthToken(token, 'invitation')).toBeUndefined()
      expect((await consumeAuthToken(token, 'password_reset'))?.userId).toBe(user.id)
      expect(await consumeAuthToken(token, 'password_reset')).toBeUndefined()

      const late = await createAuthToken('password_reset', user.id)
      advance(31 * MINUTE)
      expect(await consumeAuthToken(late, 'password_reset')).toBeUndefined()
    })

    it('using one reset link revokes every other outstanding reset link of the account', async () => {
      const user = await createAda()
      const first = await createAuthToken('password_reset', user.id)
      const second = await createAuthToken('password_reset', user.id)
      expect((await consumeAuthToken(first, 'password_reset'))?.userId).toBe(user.id)
      expect(await findValidAuthToken(second, 'password_reset')).toBeUndefined()
      expect(await consumeAuthToken(second, 'password_reset')).toBeUndefined()
    })

    it('a password change revokes outstanding reset links and ends every other session', async () => {
      const user = await createAda()
      const reset = await createAuthToken('password_reset', user.id)
      const here = await createSession(user.id)
      const elsewhere = await createSession(user.id)
      const current = await getSessionUser(requestWith(here))
      // The account page keeps the session it was changed from.
      await setPassword(user.id, 'a brand new password', {
        keepSessionTokenHash: current!.sessionTokenHash,
      })
      expect(await consumeAuthToken(reset, 'password_reset')).toBeUndefined()
      expect(await getSessionUser(requestWith(here))).toBeDefined()
      expect(await getSessionUser(requestWith(elsewhere))).toBeUndefined()
    })

    it('ten invitation links of one account used at once: exactly one is accepted', async () => {
      const { inviteUser } = await import('../../app/models/users.server')
      const owner = await createUser({
        email: 'owner@example.com',
        name: 'Owner',
        role: 'admin',
        password: PASSWORD,
      })
      for (let sent = 0; sent < 10; sent++)
        await inviteUser(
          { email: 'new@example.com', name: 'New', role: 'admin' },
          { id: owner.id, name: 'Owner' },
        )
      const links = (await test.db.select().from(mailOutbox)).map(
        (mail) => /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!,
      )
      expect(links).toHaveLength(10)
      const used = await Promise.all(links.map((token) => consumeAuthToken(token, 'invitation')))
      expect(used.filter(Boolean)).toHaveLength(1)
    })

    it('are deleted by the maintenance loop 30 days after they ended, not before', async () => {
      const user = await createAda()
      const used = await createAuthToken('password_reset', user.id)
      await consumeAuthToken(used, 'password_reset')
      advance(29 * 24 * 60 * MINUTE)
      await deleteEndedAuthTokens(test.db)
      expect(await test.db.$count(authTokens)).toBe(1)
      advance(2 * 24 * 60 * MINUTE)
      const fresh = await createAuthToken('password_reset', user.id)
      await deleteEndedAuthTokens(test.db)
      expect(await test.db.$count(authTokens)).toBe(1)
      expect(await findValidAuthToken(fresh, 'password_reset')).toBeDefined()
    })

    it('mails a reset link only to an existing active account', async () => {
      await createAda()
      await requestPasswordReset('nobody@example.com')
      expect(await test.db.$count(mailOutbox)).toBe(0)
      await requestPasswordReset('ADA@example.com')
      const [mail] = await test.db.select().from(mailOutbox)
      expect(mail?.toAddress).toBe('ada@example.com')
      expect(mail?.text).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}/)
    })

    it('send an account at most three reset mails an hour, however often the form is sent', async () => {
      await createAda()
      await Promise.all(Array.from({ length: 20 }, () => requestPasswordReset('ada@example.com')))
      expect(await test.db.$count(mailOutbox)).toBe(3)
      expect(await test.db.$count(authTokens)).toBe(3)
      advance(60 * MINUTE)
      await requestPasswordReset('ada@example.com')
      expect(await test.db.$count(mailOutbox)).toBe(4)
    })

    it('announce the first-admin set-up link only while no admin exists', async () => {
      const logged: string[] = []
      const logger = { warn: (_details: unknown, message: string) => logged.push(message) }
      const runtime = { ...test.runtime, logger: logger as unknown as typeof test.runtime.logger }
      await announceFirstAdminSetup(runtime)
      expect(logged).toHaveLength(1)
      expect(logged[0]).toMatch(/\/setup\?token=/)
      const token = /token=([A-Za-z0-9_-]+)/.exec(logged[0]!)![1]!
      expect(await findValidAuthToken(token, 'first_admin_setup')).toBeDefined()
      advance(61 * MINUTE)
      expect(await findValidAuthToken(token, 'first_admin_setup')).toBeUndefined()

      await createAda()
      await announceFirstAdminSetup(runtime)
      expect(logged).toHaveLength(1)
    })
  })
})

describe.each(testDatabaseKinds())('staff accounts on %s', (kind) => {
  let test: TestRuntime
  beforeAll(async () => {
    test = await startTestRuntime(kind)
  })
  afterAll(() => test.stop())
  beforeEach(async () => {
    for (const table of [sessions, authTokens, mailOutbox, users]) await test.db.delete(table)
  })

  it('never deactivates the last active admin or oneself', async () => {
    const { setUserActive, UserRuleError } = await import('../../app/models/users.server')
    const first = await createUser({
      email: 'one@example.com',
      name: 'One',
      role: 'admin',
      password: PASSWORD,
    })
    const second = await createUser({
      email: 'two@example.com',
      name: 'Two',
      role: 'admin',
      password: PASSWORD,
    })
    const actor = { id: first.id, name: first.name }
    await expect(setUserActive(first.id, false, actor)).rejects.toThrow(UserRuleError)
    await setUserActive(second.id, false, actor)
    // Now `first` is the last active admin: another admin may not deactivate them.
    await expect(setUserActive(first.id, false, { id: second.id, name: 'Two' })).rejects.toThrow(
      /last active admin/,
    )
  })

  it('gives staff their roles, and keeps one active administrator whatever the change', async () => {
    const { inviteUser, setStaffRoles, UserRuleError } =
      await import('../../app/models/users.server')
    const owner = await createUser({
      email: 'owner@example.com',
      name: 'Owner',
      role: 'admin',
      password: PASSWORD,
    })
    // The first account, made without roles, runs everything; others hold none.
    expect(owner.staffRoles).toEqual(['administrator'])
    const client = await createUser({
      email: 'client@example.com',
      name: 'Client',
      role: 'client',
      password: PASSWORD,
    })
    expect(client.staffRoles).toEqual([])
    const actor = { id: owner.id, name: 'Owner' }
    const billing = await inviteUser(
      {
        email: 'bill@example.com',
        name: 'Bill',
        role: 'admin',
        staffRoles: ['billing', 'billing'],
      },
      actor,
    )
    expect(billing.staffRoles).toEqual(['billing'])

    expect(await setStaffRoles(billing.id, ['recruiter', 'billing'], actor)).toBe('changed')
    expect(await setStaffRoles(billing.id, ['billing', 'recruiter'], actor)).toBe('unchanged')
    await expect(setStaffRoles(billing.id, [], actor)).rejects.toThrow(
      'Please tick at least one role.',
    )
    await expect(setStaffRoles(client.id, ['billing'], actor)).rejects.toThrow(UserRuleError)
    // The owner is the only active administrator: the role stays, however asked.
    await expect(setStaffRoles(owner.id, ['dispatcher'], actor)).rejects.toThrow(
      'The last active administrator keeps the Administrator role.',
    )
    // Two changes at once, each removing one of two administrators: one of them is refused.
    await setStaffRoles(billing.id, ['administrator'], actor)
    const both = await Promise.allSettled([
      setStaffRoles(owner.id, ['dispatcher'], actor),
      setStaffRoles(billing.id, ['billing'], actor),
    ])
    expect(both.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected'])
    // The database refuses staff roles on an account that is not staff.
    await expect(
      test.db
        .update(users)
        .set({ staffRoles: ['billing'] })
        .where(eq(users.id, client.id)),
    ).rejects.toThrow()
  })

  it('invites: the account cannot sign in until the link is accepted', async () => {
    const { inviteUser } = await import('../../app/models/users.server')
    const owner = await createUser({
      email: 'owner@example.com',
      name: 'Owner',
      role: 'admin',
      password: PASSWORD,
    })
    const invited = await inviteUser(
      { email: 'New@Example.com', name: 'New', role: 'admin' },
      { id: owner.id, name: 'Owner' },
    )
    expect(invited.passwordSet).toBe(false)
    expect(
      await attemptLogin({
        email: 'new@example.com',
        password: 'invitation-pending',
        ipAddress: '192.0.2.5',
        userAgent: null,
      }),
    ).toEqual({
      status: 'invalid',
    })
    const [mail] = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'new@example.com'))
    expect(mail?.text).toMatch(/accept-invite\?token=/)
    expect(mail?.text).toContain('48 hours')
  })
})
