import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  interpreterApplications,
  interpreterProfiles,
  mailOutbox,
  storedFiles,
  users,
} from '../../db/schema'
import { decideApplication } from '../../app/models/interpreter-applications/review.server'
import { mergeApplications } from '../../app/models/interpreter-applications/duplicates.server'
import { portalAccountOf, sendPortalInvitation } from '../../app/models/interpreter-profiles.server'
import { findUserByEmail, setPassword } from '../../app/models/users.server'
import { createApplicant, createStaffActor, emptyTables } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

describe.each(testDatabaseKinds())(
  'interpreter accounts from approved applications on %s',
  (kind) => {
    let actor: { id: string; name: string }
    const test = testRuntimeFor(kind, { env: { SITE_URL: 'https://lang.example' } })
    beforeEach(async () => {
      await emptyTables(test.db, [
        interpreterProfiles,
        interpreterApplications,
        storedFiles,
        mailOutbox,
        auditLog,
        users,
      ])
      actor = await createStaffActor()
    })

    const invitationsTo = (email: string) =>
      test.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, email))
        .then((rows) => rows.filter((row) => row.template === 'interpreter-invitation'))

    it('approving creates the account and a profile copied from the application, and invites', async () => {
      const id = await createApplicant(test.db, {
        firstName: 'Ana',
        lastName: 'Lima',
        email: 'Ana@Example.org',
      })
      expect(await decideApplication(id, 'approved', { sendEmail: true }, actor)).toBe('decided')

      const user = await findUserByEmail('ana@example.org')
      expect(user).toMatchObject({ role: 'interpreter', name: 'Ana Lima', active: true })
      const [profile] = await test.db.select().from(interpreterProfiles)
      expect(profile).toMatchObject({
        userId: user!.id,
        applicationId: id,
        firstName: 'Ana',
        lastName: 'Lima',
        phone: '+1 512 555 0100',
        languages: ['Spanish'],
        interpretingExperience: '3-5',
      })
      const [invitation] = await invitationsTo('ana@example.org')
      expect(invitation?.replyTo).toBeTruthy()
      expect(invitation?.text).toMatch(/https:\/\/lang\.example\/accept-invite\?token=\S+/)
      expect(await portalAccountOf('ANA@example.org')).toEqual({
        state: 'invited',
        userId: user!.id,
      })
    })

    it('a second approved application of the same person adds no second profile or invitation', async () => {
      const first = await createApplicant(test.db, { firstName: 'Ben', email: 'ben@example.org' })
      const second = await createApplicant(test.db, { firstName: 'Ben', email: ' BEN@example.org' })
      await decideApplication(first, 'approved', { sendEmail: true }, actor)
      await decideApplication(second, 'approved', { sendEmail: true }, actor)
      expect(await test.db.select().from(interpreterProfiles)).toHaveLength(1)
      expect(await test.db.select().from(users).where(eq(users.role, 'interpreter'))).toHaveLength(
        1,
      )
      expect(await invitationsTo('ben@example.org')).toHaveLength(1)
    })

    it('approving without e-mail makes the account but sends nothing; staff invite later, and again', async () => {
      const id = await createApplicant(test.db, { firstName: 'Cleo', email: 'cleo@example.org' })
      await decideApplication(id, 'approved', { sendEmail: false }, actor)
      expect(await test.db.select().from(interpreterProfiles)).toHaveLength(1)
      expect(await invitationsTo('cleo@example.org')).toHaveLength(0)

      expect(await sendPortalInvitation(id, actor)).toBe('sent')
      expect(await sendPortalInvitation(id, actor)).toBe('sent')
      expect(await invitationsTo('cleo@example.org')).toHaveLength(2)

      const user = await findUserByEmail('cleo@example.org')
      await setPassword(user!.id, 'a password she chose 2026')
      expect(await sendPortalInvitation(id, actor)).toBe('already-active')
      expect(await portalAccountOf('cleo@example.org')).toMatchObject({ state: 'active' })
      expect(await invitationsTo('cleo@example.org')).toHaveLength(2)
    })

    it('a merge moves the profile to the record that is kept', async () => {
      const kept = await createApplicant(test.db, { firstName: 'Eva', email: 'eva@example.org' })
      const merged = await createApplicant(test.db, {
        firstName: 'Eva',
        email: 'eva.k@example.org',
      })
      await decideApplication(merged, 'approved', { sendEmail: true }, actor)
      // Same phone number: a possible duplicate, merged into the first record.
      expect(await mergeApplications(kept, merged, actor)).toBe('done')
      const [profile] = await test.db.select().from(interpreterProfiles)
      expect(profile?.applicationId).toBe(kept)
    })

    it('refuses to invite a pending applicant or an address that belongs to staff', async () => {
      const pending = await createApplicant(test.db, {
        firstName: 'Dora',
        email: 'dora@example.org',
      })
      expect(await sendPortalInvitation(pending, actor)).toBe('not-approved')
      expect(await sendPortalInvitation('00000000-0000-4000-8000-000000000000', actor)).toBe(
        'missing',
      )

      const staffAddress = await createApplicant(test.db, {
        firstName: 'Sam',
        email: 'staff@example.com',
      })
      await decideApplication(staffAddress, 'approved', { sendEmail: true }, actor)
      expect(await sendPortalInvitation(staffAddress, actor)).toBe('other-role')
      expect(await test.db.select().from(interpreterProfiles)).toHaveLength(0)
      expect((await findUserByEmail('staff@example.com'))?.role).toBe('admin')
      expect(await invitationsTo('staff@example.com')).toHaveLength(0)
    })
  },
)
