import { describe, expect, it } from 'vitest'
import { markInboxSeen, unreadNotifications } from '../../app/models/inbox.server'
import { createLead } from '../../app/models/leads/intake.server'
import { createApplicant, createStaffActor } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

describe.each(testDatabaseKinds())('the notification bell on %s', (kind) => {
  const test = testRuntimeFor(kind)

  // Records are stamped by the database's clock or the process's: a pause keeps them apart.
  const pause = () => new Promise((resolve) => setTimeout(resolve, 20))

  it('counts what arrived in each inbox since staff last opened it, newest first', async () => {
    const staff = await createStaffActor()
    await pause()
    await createApplicant(test.db, { firstName: 'Ana', email: 'ana@example.org' })
    await pause()
    await createApplicant(test.db, { firstName: 'Ben', email: 'ben@example.org' })
    await pause()
    await createLead({
      type: 'contact',
      name: 'Cleo Client',
      email: 'cleo@example.org',
      phone: '',
      company: 'Clinic',
      message: 'We need an interpreter.',
    })

    // Never opened: everything since the account was created.
    const before = await unreadNotifications(staff.id)
    expect(before.total).toBe(3)
    expect(before.groups.map((group) => [group.inbox, group.count])).toEqual([
      ['applications', 2],
      ['leads', 1],
    ])
    expect(before.groups[0]!.items.map((item) => item.title)).toEqual([
      'Ben Applicant',
      'Ana Applicant',
    ])

    await pause()
    await markInboxSeen(staff.id, 'applications')
    await pause()
    await createApplicant(test.db, { firstName: 'Dora', email: 'dora@example.org' })
    const after = await unreadNotifications(staff.id)
    expect(after.groups.map((group) => [group.inbox, group.count])).toEqual([
      ['applications', 1],
      ['leads', 1],
    ])
    expect(after.groups[0]!.items.map((item) => item.title)).toEqual(['Dora Applicant'])
    expect(after.total).toBe(2)
    expect(after.more).toBe(false)
  })

  it('stops counting at the limit and says "at least"', async () => {
    const staff = await createStaffActor('second-staff@example.com')
    await pause()
    for (const firstName of ['Eve', 'Finn', 'Gus'])
      await createApplicant(test.db, { firstName, email: `${firstName.toLowerCase()}@example.org` })
    const capped = await unreadNotifications(staff.id, 2)
    const applications = capped.groups.find((group) => group.inbox === 'applications')!
    expect([applications.count, applications.more]).toEqual([2, true])
    expect(applications.items.map((item) => item.title)).toEqual([
      'Gus Applicant',
      'Finn Applicant',
      'Eve Applicant',
    ])
    expect(applications.items[0]!.href).toBe(`/admin/interpreters/${applications.items[0]!.id}`)
    expect(applications.items[0]!.createdAt).toBeInstanceOf(Date)
    expect(capped.more).toBe(true)
    const uncapped = await unreadNotifications(staff.id, 3)
    expect(uncapped.groups[0]!.more).toBe(false)
  })
})
