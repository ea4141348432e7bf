import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  interpreterApplications,
  interpreterAvailability,
  interpreterProfileChanges,
  interpreterProfiles,
  interpreterTimeOff,
  mailOutbox,
  storedFiles,
  users,
} from '../../db/schema'
import { setClock } from '../../app/platform/clock.server'
import { decideApplication } from '../../app/models/interpreter-applications/review.server'
import {
  findProfileOfUser,
  updateContactDetails,
  updateWorkPreferences,
} from '../../app/models/interpreter-profiles.server'
import {
  addTimeOff,
  availabilityOf,
  removeTimeOff,
  saveAvailability,
  timeOffOf,
} from '../../app/models/interpreter-availability.server'
import {
  decideProfileChange,
  listPendingProfileChanges,
  pendingChangeOf,
  requestProfileChange,
  withdrawProfileChange,
} from '../../app/models/profile-changes.server'
import { findUserByEmail } from '../../app/models/users.server'
import type { Actor } from '../../app/models/audit.server'
import { createApplicant, createStaffActor, emptyTables } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

describe.each(testDatabaseKinds())('the interpreter profile on %s', (kind) => {
  let staff: Actor
  const test = testRuntimeFor(kind, { env: { SITE_URL: 'https://lang.example' } })
  afterEach(() => setClock())
  beforeEach(async () => {
    await emptyTables(test.db, [
      interpreterProfileChanges,
      interpreterTimeOff,
      interpreterAvailability,
      interpreterProfiles,
      interpreterApplications,
      storedFiles,
      mailOutbox,
      auditLog,
      users,
    ])
    staff = await createStaffActor()
    setClock(() => new Date('2026-05-04T15:00:00Z'))
  })

  /** An approved applicant's portal account (languages: Spanish). */
  async function interpreter(firstName: string): Promise<Actor> {
    const email = `${firstName.toLowerCase()}@example.org`
    const id = await createApplicant(test.db, { firstName, email })
    await decideApplication(id, 'approved', { sendEmail: false }, staff)
    const user = await findUserByEmail(email)
    return { id: user!.id, name: user!.name }
  }

  const decisionMails = () =>
    test.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'profile-change-decision'))

  const profileOf = async (user: Actor) => (await findProfileOfUser(user.id))!

  it('saves contact details, time zone and how the interpreter works, with audit entries', async () => {
    const ana = await interpreter('Ana')
    expect((await profileOf(ana)).timeZone).toBe('America/New_York')
    expect(
      await updateContactDetails(ana, {
        phone: '+1 512 555 0111',
        address: '12 Oak Street',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        timeZone: 'America/Chicago',
      }),
    ).toBe(true)
    expect(
      await updateWorkPreferences(ana, {
        modalities: ['phone', 'on_site'],
        travelRadiusMiles: 40,
        gender: 'woman',
      }),
    ).toBe(true)
    expect(await profileOf(ana)).toMatchObject({
      phone: '+1 512 555 0111',
      city: 'Austin',
      zipCode: '78701',
      timeZone: 'America/Chicago',
      modalities: ['phone', 'on_site'],
      travelRadiusMiles: 40,
      gender: 'woman',
    })
    const actions = (await test.db.select().from(auditLog)).map((entry) => entry.action)
    expect(actions).toEqual(
      expect.arrayContaining(['update_contact_details', 'update_work_preferences']),
    )
    // The database refuses a radius out of range even if a caller skipped the form's rules.
    await expect(
      updateWorkPreferences(ana, { modalities: [], travelRadiusMiles: 501, gender: null }),
    ).rejects.toThrow()
    expect((await profileOf(ana)).travelRadiusMiles).toBe(40)
  })

  it('replaces the weekly availability as a whole', async () => {
    const ben = await interpreter('Ben')
    await saveAvailability(ben.id, [
      { day: 'wednesday', start: '13:00', end: '17:00' },
      { day: 'monday', start: '08:00', end: '12:00' },
      { day: 'monday', start: '13:00', end: '17:00' },
    ])
    const profile = await profileOf(ben)
    expect(await availabilityOf(profile.id)).toEqual([
      { day: 'monday', start: '08:00', end: '12:00' },
      { day: 'monday', start: '13:00', end: '17:00' },
      { day: 'wednesday', start: '13:00', end: '17:00' },
    ])
    await saveAvailability(ben.id, [{ day: 'friday', start: '09:00', end: '10:30' }])
    expect(await availabilityOf(profile.id)).toEqual([
      { day: 'friday', start: '09:00', end: '10:30' },
    ])
    await saveAvailability(ben.id, [])
    expect(await availabilityOf(profile.id)).toEqual([])
  })

  it('adds time off that neither overlaps nor lies in the past; removes only its own', async () => {
    const cleo = await interpreter('Cleo')
    const dora = await interpreter('Dora')
    const added = await addTimeOff(cleo.id, { startsOn: '2026-06-01', endsOn: '2026-06-05' })
    expect(added.outcome).toBe('added')
    expect(await addTimeOff(cleo.id, { startsOn: '2026-06-05', endsOn: '2026-06-07' })).toEqual({
      outcome: 'overlaps',
      existing: { startsOn: '2026-06-01', endsOn: '2026-06-05' },
    })
    expect(await addTimeOff(cleo.id, { startsOn: '2026-05-01', endsOn: '2026-05-03' })).toEqual({
      outcome: 'past',
    })
    // Another interpreter's calendar is their own.
    expect(
      (await addTimeOff(dora.id, { startsOn: '2026-06-01', endsOn: '2026-06-05' })).outcome,
    ).toBe('added')
    const cleoProfile = await profileOf(cleo)
    expect(await timeOffOf(cleoProfile.id)).toHaveLength(1)
    const id = (added as { id: string }).id
    expect(await removeTimeOff(dora.id, id)).toBe(false)
    expect(await timeOffOf(cleoProfile.id)).toHaveLength(1)
    expect(await removeTimeOff(cleo.id, id)).toBe(true)
    expect(await timeOffOf(cleoProfile.id)).toHaveLength(0)
  })

  it('a language change waits for staff; a new request replaces it; it can be withdrawn', async () => {
    const eva = await interpreter('Eva')
    const profile = await profileOf(eva)
    const request = {
      languages: [
        { language: 'Spanish', proficiency: 'native' as const },
        { language: 'Portuguese', proficiency: 'fluent' as const },
      ],
      specializations: ['medical'],
    }
    expect(await requestProfileChange(eva, request)).toBe('requested')
    // The profile keeps the approved values until staff decide.
    expect((await profileOf(eva)).languages).toEqual(['Spanish'])
    const first = await pendingChangeOf(profile.id)
    expect(first).toMatchObject(request)

    const second = { ...request, specializations: ['legal'] }
    expect(await requestProfileChange(eva, second)).toBe('requested')
    const pending = await pendingChangeOf(profile.id)
    expect(pending?.id).not.toBe(first!.id)
    expect(pending?.specializations).toEqual(['legal'])
    const statuses = await test.db
      .select({ status: interpreterProfileChanges.status })
      .from(interpreterProfileChanges)
    expect(statuses.map((row) => row.status).sort()).toEqual(['pending', 'replaced'])

    // Another interpreter cannot withdraw it; its owner can, once.
    const finn = await interpreter('Finn')
    expect(await withdrawProfileChange(finn, pending!.id)).toBe(false)
    expect(await pendingChangeOf(profile.id)).not.toBeNull()
    expect(await withdrawProfileChange(eva, pending!.id)).toBe(true)
    expect(await withdrawProfileChange(eva, pending!.id)).toBe(false)
    expect(await pendingChangeOf(profile.id)).toBeNull()
  })

  it('asking for what the profile already has changes nothing', async () => {
    const gus = await interpreter('Gus')
    await test.db
      .update(interpreterProfiles)
      .set({ languageProficiency: { Spanish: 'native' } })
      .where(eq(interpreterProfiles.userId, gus.id))
    expect(
      await requestProfileChange(gus, {
        languages: [{ language: 'Spanish', proficiency: 'native' }],
        specializations: [],
      }),
    ).toBe('unchanged')
    expect(await test.db.select().from(interpreterProfileChanges)).toHaveLength(0)
  })

  it('staff approve: the profile takes the values, the interpreter is e-mailed, it is audited', async () => {
    const hana = await interpreter('Hana')
    await requestProfileChange(hana, {
      languages: [
        { language: 'Spanish', proficiency: 'native' },
        { language: 'Korean', proficiency: 'professional' },
      ],
      specializations: ['legal'],
    })
    const [review] = await listPendingProfileChanges()
    expect(review).toMatchObject({
      interpreterName: 'Hana Applicant',
      current: { languages: [{ language: 'Spanish', proficiency: null }], specializations: [] },
      specializations: ['legal'],
    })
    expect(await decideProfileChange(review!.id, { decision: 'approved' }, staff)).toBe('decided')
    expect(await profileOf(hana)).toMatchObject({
      languages: ['Spanish', 'Korean'],
      languageProficiency: { Spanish: 'native', Korean: 'professional' },
      specializations: ['legal'],
    })
    expect(await listPendingProfileChanges()).toEqual([])
    const [mail] = await decisionMails()
    expect(mail).toMatchObject({
      template: 'profile-change-decision',
      toAddress: 'hana@example.org',
    })
    expect(mail!.subject).toMatch(/approved/)
    expect(mail!.text).toContain('Korean (Professional working)')
    expect(mail!.text).toContain('https://lang.example/interpreter/profile')
    const [entry] = await test.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'approve_profile_change'))
    expect(entry).toMatchObject({ actorName: 'Sam Staff', entityType: 'interpreter_profile' })
    // Decided once: a second decision changes nothing.
    expect(await decideProfileChange(review!.id, { decision: 'approved' }, staff)).toBe(
      'not-pending',
    )
    expect(await decisionMails()).toHaveLength(1)
  })

  it('staff reject with a reason: the profile stays, the reason is e-mailed', async () => {
    const ivo = await interpreter('Ivo')
    await requestProfileChange(ivo, {
      languages: [{ language: 'Thai', proficiency: 'fluent' }],
      specializations: [],
    })
    const [review] = await listPendingProfileChanges()
    expect(
      await decideProfileChange(
        review!.id,
        { decision: 'rejected', reason: 'Please take the Thai test first.' },
        staff,
      ),
    ).toBe('decided')
    expect((await profileOf(ivo)).languages).toEqual(['Spanish'])
    const [mail] = await decisionMails()
    expect(mail!.subject).toMatch(/not approved/)
    expect(mail!.text).toContain('Reason: Please take the Thai test first.')
    const [change] = await test.db.select().from(interpreterProfileChanges)
    expect(change).toMatchObject({
      status: 'rejected',
      reason: 'Please take the Thai test first.',
      decidedByName: 'Sam Staff',
    })
    expect(
      await decideProfileChange(
        '00000000-0000-4000-8000-000000000000',
        { decision: 'approved' },
        staff,
      ),
    ).toBe('missing')
  })

  it('a withdrawn request can no longer be decided', async () => {
    const jon = await interpreter('Jon')
    await requestProfileChange(jon, {
      languages: [{ language: 'Lao', proficiency: 'native' }],
      specializations: [],
    })
    const [review] = await listPendingProfileChanges()
    await withdrawProfileChange(jon, review!.id)
    expect(await decideProfileChange(review!.id, { decision: 'approved' }, staff)).toBe(
      'not-pending',
    )
    expect((await profileOf(jon)).languages).toEqual(['Spanish'])
    expect(await decisionMails()).toHaveLength(0)
  })
})
