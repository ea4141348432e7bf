import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  authTokens,
  clientMemberships,
  clientRequests,
  mailOutbox,
  organizations,
  sessions,
  users,
} from '../../db/schema'
import { createSession } from '../../app/lib/auth/session.server'
import { createClientRequest } from '../../app/models/client-requests.server'
import {
  clientContextOf,
  createOrganizationWithUser,
  inviteClientFromRequest,
  inviteColleague,
  organizationUsers,
  portalStateOfRequester,
  removeColleague,
} from '../../app/models/organizations.server'
import { createUser, findUserByEmail } from '../../app/models/users.server'
import { createStaffActor, emptyTables } from '../support/people-fixtures'
import { startTestRuntime, type TestRuntime } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

describe.each(testDatabaseKinds())('client organisations and accounts on %s', (kind) => {
  let test: TestRuntime
  let actor: { id: string; name: string }
  beforeAll(async () => {
    test = await startTestRuntime(kind, { env: { SITE_URL: 'https://lang.example' } })
  })
  afterAll(() => test.stop())
  beforeEach(async () => {
    await emptyTables(test.db, [
      clientMemberships,
      organizations,
      clientRequests,
      mailOutbox,
      auditLog,
      authTokens,
      sessions,
      users,
    ])
    actor = await createStaffActor()
  })

  const request = (name: string, email: string, company: string) =>
    createClientRequest({
      name,
      email,
      company,
      phone: undefined,
      message: 'We need Spanish interpreters at our clinic every Monday.',
      type: 'contact',
    })

  it('invites the writer of a request into the organisation named by the company, once', async () => {
    const { id } = await request('Clara Client', 'Clara@Clinic.example', 'Valley Clinic')
    const outcome = await inviteClientFromRequest(id, 'manager', actor)
    expect(outcome).toMatchObject({ state: 'invited' })
    const user = await findUserByEmail('clara@clinic.example')
    expect(user).toMatchObject({ role: 'client', name: 'Clara Client' })
    expect(await clientContextOf(user!.id)).toMatchObject({
      organizationName: 'Valley Clinic',
      role: 'manager',
    })
    const [mail] = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'client-invitation'))
    expect(mail?.toAddress).toBe('clara@clinic.example')
    expect(mail?.text).toMatch(/https:\/\/lang\.example\/accept-invite\?token=\S+/)
    expect(await portalStateOfRequester('clara@clinic.example')).toEqual({
      state: 'invited',
      organizationName: 'Valley Clinic',
    })

    // A colleague's request from the same company, spelled differently, joins it.
    const second = await request('Dan Doctor', 'dan@clinic.example', '  valley   CLINIC ')
    await inviteClientFromRequest(second.id, 'requester', actor)
    expect(await test.db.$count(organizations)).toBe(1)
    const dan = await findUserByEmail('dan@clinic.example')
    expect(await clientContextOf(dan!.id)).toMatchObject({ role: 'requester' })
  })

  it('leaves staff, interpreters and other organisations alone', async () => {
    await createUser({
      email: 'ivo@example.org',
      name: 'Ivo',
      role: 'interpreter',
      password: 'a long enough password',
    })
    const { id } = await request('Ivo', 'ivo@example.org', 'Some Firm')
    expect(await inviteClientFromRequest(id, 'manager', actor)).toEqual({ state: 'other-role' })
    await createOrganizationWithUser(
      { organizationName: 'First Firm', name: 'Fay', email: 'fay@example.org', role: 'manager' },
      actor,
    )
    const other = await request('Fay', 'fay@example.org', 'Second Firm')
    expect(await inviteClientFromRequest(other.id, 'manager', actor)).toEqual({
      state: 'other-organization',
    })
  })

  it('a manager invites and removes colleagues of their own organisation only', async () => {
    const first = await createOrganizationWithUser(
      {
        organizationName: 'Court One',
        name: 'Mia Manager',
        email: 'mia@court.example',
        role: 'manager',
      },
      actor,
    )
    const other = await createOrganizationWithUser(
      {
        organizationName: 'Court Two',
        name: 'Otto',
        email: 'otto@court2.example',
        role: 'manager',
      },
      actor,
    )
    if (first.state !== 'invited' || other.state !== 'invited') throw new Error('not invited')
    const mia = { id: first.userId, name: 'Mia Manager' }
    const colleague = await inviteColleague(
      first.organizationId,
      { name: 'Rex Requester', email: 'rex@court.example', role: 'requester' },
      mia,
    )
    expect(colleague).toMatchObject({ state: 'invited' })
    // Managers first.
    expect((await organizationUsers(first.organizationId)).map((user) => user.name)).toEqual([
      'Mia Manager',
      'Rex Requester',
    ])
    // Another organisation's user cannot be removed, nor oneself.
    expect(await removeColleague(first.organizationId, other.userId, mia)).toBe('missing')
    expect(await removeColleague(first.organizationId, mia.id, mia)).toBe('self')
    if (colleague.state !== 'invited') throw new Error('not invited')
    await createSession(colleague.userId)
    expect(await removeColleague(first.organizationId, colleague.userId, mia)).toBe('removed')
    expect((await findUserByEmail('rex@court.example'))?.active).toBe(false)
    expect(await test.db.$count(sessions, eq(sessions.userId, colleague.userId))).toBe(0)
    expect(await clientContextOf(colleague.userId)).toBeUndefined()
  })
})
