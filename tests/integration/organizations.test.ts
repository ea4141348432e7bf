import { desc, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  authTokens,
  clientMemberships,
  leads,
  mailOutbox,
  organizations,
  sessions,
  users,
} from '../../db/schema'
import { createSession } from '../../app/auth/session.server'
import { createLead } from '../../app/models/leads/intake.server'
import {
  clientContextOf,
  createOrganizationWithUser,
  inviteClientFromRequest,
  inviteClientUser,
  organizationUsers,
  portalStateOfRequester,
  removeClientUser,
} from '../../app/models/organizations.server'
import { createUser, findUserByEmail, inviteUser } from '../../app/models/users.server'
import { acceptInvitation, readInvitation } from '../../app/models/invitations.server'
import { pendingInvitations, withdrawInvitation } from '../../app/models/client-invitations.server'
import { setClock } from '../../app/platform/clock.server'
import type { OrganizationRole } from '../../app/domain/organizations'
import { createStaffActor, emptyTables } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

describe.each(testDatabaseKinds())('client organizations and accounts on %s', (kind) => {
  let actor: { id: string; name: string }
  const test = testRuntimeFor(kind, { env: { SITE_URL: 'https://lang.example' } })
  beforeEach(async () => {
    await emptyTables(test.db, [
      clientMemberships,
      organizations,
      leads,
      mailOutbox,
      auditLog,
      authTokens,
      sessions,
      users,
    ])
    actor = await createStaffActor()
  })

  const request = (name: string, email: string, company: string) =>
    createLead({
      name,
      email,
      company,
      phone: undefined,
      message: 'We need Spanish interpreters at our clinic every Monday.',
      type: 'contact',
    })

  /** The token of the newest invitation e-mailed to the address. */
  async function newestLink(email: string) {
    const [mail] = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email))
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    return /accept-invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!
  }

  it('invites the writer of a request into the organization named by the company, once', async () => {
    const { id } = await request('Clara Client', 'Clara@Clinic.example', 'Valley Clinic')
    const outcome = await inviteClientFromRequest(id, 'manager', actor)
    expect(outcome).toMatchObject({ state: 'invited' })
    const [mail] = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'client-invitation'))
    expect(mail?.toAddress).toBe('clara@clinic.example')
    expect(mail?.text).toMatch(/https:\/\/lang\.example\/accept-invite\?token=\S+/)
    expect(await portalStateOfRequester('clara@clinic.example')).toMatchObject({
      state: 'invited',
      organizationName: 'Valley Clinic',
    })
    // Nothing is made before the invitation is accepted.
    expect(await findUserByEmail('clara@clinic.example')).toBeUndefined()
    await acceptInvitation(await newestLink('clara@clinic.example'), {
      password: 'a long enough password',
    })
    const user = await findUserByEmail('clara@clinic.example')
    expect(user).toMatchObject({ role: 'client', name: 'Clara Client' })
    expect(await clientContextOf(user!.id)).toMatchObject({
      organizationName: 'Valley Clinic',
      role: 'manager',
    })
    expect(await portalStateOfRequester('clara@clinic.example')).toMatchObject({
      state: 'active',
      organizationName: 'Valley Clinic',
      invitations: [],
    })

    // A colleague's request from the same company, spelled differently, joins it.
    const second = await request('Dan Doctor', 'dan@clinic.example', '  valley   CLINIC ')
    await inviteClientFromRequest(second.id, 'requester', actor)
    expect(await test.db.$count(organizations)).toBe(1)
    await acceptInvitation(await newestLink('dan@clinic.example'), {
      password: 'a long enough password',
    })
    const dan = await findUserByEmail('dan@clinic.example')
    expect(await clientContextOf(dan!.id)).toMatchObject({ role: 'requester' })
  })

  it('tells staff about a staff or interpreter account, and invites a client of another organization to move', async () => {
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
    await acceptInvitation(await newestLink('fay@example.org'), {
      password: 'a long enough password',
    })
    const other = await request('Fay', 'fay@example.org', 'Second Firm')
    expect(await inviteClientFromRequest(other.id, 'manager', actor)).toMatchObject({
      state: 'invited',
    })
    const fay = await findUserByEmail('fay@example.org')
    expect(await clientContextOf(fay!.id)).toMatchObject({ organizationName: 'First Firm' })
    expect(await portalStateOfRequester('fay@example.org')).toMatchObject({
      state: 'active',
      organizationName: 'First Firm',
      invitations: [{ organizationName: 'Second Firm', role: 'manager' }],
    })
  })

  it('a manager invites and removes colleagues of their own organization only', async () => {
    for (const [organizationName, name, email] of [
      ['Court One', 'Mia Manager', 'mia@court.example'],
      ['Court Two', 'Otto', 'otto@court2.example'],
    ] as const) {
      await createOrganizationWithUser({ organizationName, name, email, role: 'manager' }, actor)
      await acceptInvitation(await newestLink(email), { password: 'a long enough password' })
    }
    const mia = await findUserByEmail('mia@court.example')
    const otto = await findUserByEmail('otto@court2.example')
    const first = (await clientContextOf(mia!.id))!
    const miaActor = { id: mia!.id, name: 'Mia Manager' }
    const colleague = await inviteClientUser(
      first.organizationId,
      { name: 'Rex Requester', email: 'rex@court.example', role: 'requester' },
      miaActor,
    )
    expect(colleague).toMatchObject({ state: 'invited' })
    expect(await pendingInvitations(first.organizationId)).toMatchObject([
      { name: 'Rex Requester', email: 'rex@court.example', role: 'requester' },
    ])
    await acceptInvitation(await newestLink('rex@court.example'), {
      password: 'a long enough password',
    })
    const rex = (await findUserByEmail('rex@court.example'))!
    // Managers first.
    expect((await organizationUsers(first.organizationId)).map((user) => user.name)).toEqual([
      'Mia Manager',
      'Rex Requester',
    ])
    // Another organization's user cannot be removed, nor oneself.
    expect(await removeClientUser(first.organizationId, otto!.id, miaActor)).toBe('missing')
    expect(await removeClientUser(first.organizationId, mia!.id, miaActor)).toBe('self')
    await createSession(rex.id)
    expect(await removeClientUser(first.organizationId, rex.id, miaActor)).toBe('removed')
    expect((await findUserByEmail('rex@court.example'))?.active).toBe(false)
    expect(await test.db.$count(sessions, eq(sessions.userId, rex.id))).toBe(0)
    expect(await clientContextOf(rex.id)).toBeUndefined()
  })

  describe('invitations claim nothing', () => {
    const HOUR = 60 * 60 * 1000
    const PASSWORD = 'a long enough password'
    afterEach(() => setClock())

    /** An organization with an active manager, made directly: no invitation involved. */
    async function organizationWithManager(name: string, email: string) {
      const [organization] = await test.db
        .insert(organizations)
        .values({ name, createdById: actor.id })
        .returning()
      const manager = await createUser({
        email,
        name: `${name} Manager`,
        role: 'client',
        password: PASSWORD,
      })
      await test.db
        .insert(clientMemberships)
        .values({ userId: manager.id, organizationId: organization!.id, role: 'manager' })
      const managerActor = { id: manager.id, name: manager.name }
      return {
        organizationId: organization!.id,
        actor: managerActor,
        /** The manager's "Send invitation". */
        invite: (name: string, email: string, role: OrganizationRole = 'requester') =>
          inviteClientUser(organization!.id, { name, email, role }, managerActor),
      }
    }

    it('another organization and staff can invite an address with a pending invitation; the invitation accepted wins, the others lapse', async () => {
      const a = await organizationWithManager('Alpha Clinic', 'manager@alpha.example')
      const b = await organizationWithManager('Beta Court', 'manager@beta.example')
      expect(await a.invite('Pat', 'pat@example.org', 'manager')).toMatchObject({
        state: 'invited',
      })
      const fromA = await newestLink('pat@example.org')
      expect(await b.invite('Pat', 'Pat@Example.org', 'requester')).toMatchObject({
        state: 'invited',
      })
      const fromB = await newestLink('pat@example.org')
      // Nobody is a member before accepting.
      expect((await organizationUsers(a.organizationId)).map((user) => user.email)).toEqual([
        'manager@alpha.example',
      ])
      await inviteUser({ email: 'pat@example.org', name: 'Pat', role: 'admin' }, actor)
      const fromStaff = await newestLink('pat@example.org')

      expect(await acceptInvitation(fromB, { password: PASSWORD })).toMatchObject({
        state: 'accepted',
      })
      const pat = await findUserByEmail('pat@example.org')
      expect(pat).toMatchObject({ role: 'client', active: true })
      expect(await clientContextOf(pat!.id)).toMatchObject({
        organizationId: b.organizationId,
        role: 'requester',
      })
      for (const lapsed of [fromA, fromStaff])
        expect(await readInvitation(lapsed)).toEqual({ state: 'gone', reason: 'superseded' })
      expect(await acceptInvitation(fromA, { password: PASSWORD })).toEqual({
        state: 'gone',
        reason: 'superseded',
      })
      expect(await pendingInvitations(a.organizationId)).toEqual([])
    })

    it('a manager gets the same answer whether or not the address has an account anywhere, and nobody joins without accepting', async () => {
      const a = await organizationWithManager('Alpha Clinic', 'manager@alpha.example')
      const b = await organizationWithManager('Beta Court', 'manager@beta.example')
      await createUser({
        email: 'ivo@example.org',
        name: 'Ivo',
        role: 'interpreter',
        password: PASSWORD,
      })
      await createUser({ email: 'ada@example.org', name: 'Ada', role: 'admin', password: PASSWORD })
      await a.invite('Pia', 'pia@example.org', 'requester')
      const answers = []
      for (const email of [
        'new@example.org',
        'ivo@example.org',
        'ada@example.org',
        'manager@alpha.example',
        'pia@example.org',
      ]) {
        const outcome = await b.invite('Someone', email, 'manager')
        answers.push(outcome.state)
      }
      expect(answers).toEqual(['invited', 'invited', 'invited', 'invited', 'invited'])
      expect((await organizationUsers(b.organizationId)).map((user) => user.email)).toEqual([
        'manager@beta.example',
      ])
      const alphaManager = await findUserByEmail('manager@alpha.example')
      expect(await clientContextOf(alphaManager!.id)).toMatchObject({
        organizationId: a.organizationId,
      })
      // Someone already in the organization is no news to its manager.
      expect(await b.invite('Me', 'manager@beta.example', 'manager')).toEqual({
        state: 'already-member',
      })
    })

    it('a user removed by one organization joins another only by accepting its e-mailed link', async () => {
      const a = await organizationWithManager('Alpha Clinic', 'manager@alpha.example')
      const b = await organizationWithManager('Beta Court', 'manager@beta.example')
      const rex = await createUser({
        email: 'rex@example.org',
        name: 'Rex',
        role: 'client',
        password: PASSWORD,
      })
      await test.db
        .insert(clientMemberships)
        .values({ userId: rex.id, organizationId: a.organizationId, role: 'requester' })
      expect(await removeClientUser(a.organizationId, rex.id, a.actor)).toBe('removed')
      expect(await b.invite('Rex', 'rex@example.org', 'manager')).toMatchObject({
        state: 'invited',
      })
      expect(await clientContextOf(rex.id)).toBeUndefined()
      expect((await findUserByEmail('rex@example.org'))?.active).toBe(false)
      const link = await newestLink('rex@example.org')
      expect(await acceptInvitation(link, { password: 'rex chose a new password' })).toMatchObject({
        state: 'accepted',
        userId: rex.id,
      })
      expect((await findUserByEmail('rex@example.org'))?.active).toBe(true)
      expect(await clientContextOf(rex.id)).toMatchObject({
        organizationId: b.organizationId,
        role: 'manager',
      })
    })

    it('an invitation lapses after 48 hours; the inviting organization’s managers or staff withdraw it, another organization cannot', async () => {
      const start = new Date('2026-03-01T09:00:00Z')
      setClock(() => start)
      const a = await organizationWithManager('Alpha Clinic', 'manager@alpha.example')
      const b = await organizationWithManager('Beta Court', 'manager@beta.example')
      await a.invite('Lea', 'lea@example.org', 'requester')
      const late = await newestLink('lea@example.org')
      setClock(() => new Date(start.getTime() + 49 * HOUR))
      expect((await organizationUsers(a.organizationId)).map((user) => user.email)).toEqual([
        'manager@alpha.example',
      ])
      expect(await pendingInvitations(a.organizationId)).toEqual([])
      expect(await readInvitation(late)).toEqual({ state: 'gone', reason: 'expired' })

      await a.invite('Lea', 'lea@example.org', 'requester')
      const [pending] = await pendingInvitations(a.organizationId)
      expect(pending).toMatchObject({ name: 'Lea', email: 'lea@example.org', role: 'requester' })
      expect(
        await withdrawInvitation(pending!.id, { organizationId: b.organizationId }, b.actor),
      ).toBe('missing')
      expect(
        await withdrawInvitation(pending!.id, { organizationId: a.organizationId }, a.actor),
      ).toBe('withdrawn')
      expect(
        await withdrawInvitation(pending!.id, { organizationId: a.organizationId }, a.actor),
      ).toBe('not-pending')
      expect(await readInvitation(await newestLink('lea@example.org'))).toEqual({
        state: 'gone',
        reason: 'withdrawn',
      })

      await a.invite('Lea', 'lea@example.org', 'requester')
      const [again] = await pendingInvitations(a.organizationId)
      expect(await withdrawInvitation(again!.id, 'staff', actor)).toBe('withdrawn')
      expect(
        await acceptInvitation(await newestLink('lea@example.org'), { password: PASSWORD }),
      ).toEqual({
        state: 'gone',
        reason: 'withdrawn',
      })
      expect(await findUserByEmail('lea@example.org')).toBeUndefined()
    })

    it('an existing client accepts a second organization’s invitation only signed in as themselves, and moves there', async () => {
      const a = await organizationWithManager('Alpha Clinic', 'manager@alpha.example')
      const b = await organizationWithManager('Beta Court', 'manager@beta.example')
      await b.invite('Al', 'manager@alpha.example', 'requester')
      const link = await newestLink('manager@alpha.example')
      expect(await readInvitation(link, a.actor.id)).toMatchObject({
        state: 'join',
        email: 'manager@alpha.example',
        organizationName: 'Beta Court',
        currentOrganizationName: 'Alpha Clinic',
        signedIn: true,
      })
      // A password cannot take over an account that exists: its owner signs in.
      expect(await acceptInvitation(link, { password: 'somebody else’s password' })).toEqual({
        state: 'sign-in',
      })
      expect(await acceptInvitation(link, { signedInUserId: b.actor.id })).toEqual({
        state: 'sign-in',
      })
      expect(await acceptInvitation(link, { signedInUserId: a.actor.id })).toMatchObject({
        state: 'accepted',
        userId: a.actor.id,
        role: 'client',
      })
      expect(await clientContextOf(a.actor.id)).toMatchObject({
        organizationId: b.organizationId,
        role: 'requester',
      })
    })

    it('ten organizations invite one address and all ten links are used at once: one account, one membership', async () => {
      const links: string[] = []
      for (let index = 0; index < 10; index++) {
        const organization = await organizationWithManager(
          `Org ${index}`,
          `manager${index}@orgs.example`,
        )
        await organization.invite('Tess', 'tess@example.org', 'requester')
        links.push(await newestLink('tess@example.org'))
      }
      const results = await Promise.all(
        links.map((link) => acceptInvitation(link, { password: PASSWORD })),
      )
      expect(results.filter((result) => result.state === 'accepted')).toHaveLength(1)
      expect(results.filter((result) => result.state === 'gone')).toHaveLength(9)
      const tess = await findUserByEmail('tess@example.org')
      expect(await test.db.$count(clientMemberships, eq(clientMemberships.userId, tess!.id))).toBe(
        1,
      )
    })
  })
})
