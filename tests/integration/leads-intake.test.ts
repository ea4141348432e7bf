import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { leads, formSubmissions, mailOutbox } from '../../db/schema'
import { queryRows } from '../../app/platform/db.server'
import { createLead } from '../../app/models/leads/intake.server'
import { getLead } from '../../app/models/leads/rows.server'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

const visitor = {
  name: 'Ana López',
  email: 'ana@example.org',
  phone: '+1 512 555 0100',
  company: 'Riverside Clinic',
  message: 'We need a Spanish interpreter on Tuesday.',
}

describe.each(testDatabaseKinds())('lead intake on %s', (kind) => {
  const test = testRuntimeFor(kind, { env: { STAFF_NOTIFY_EMAIL: 'desk@example.com' } })
  beforeEach(async () => {
    await test.db.delete(mailOutbox)
    await test.db.delete(formSubmissions)
    await test.db.delete(leads)
  })

  it('applies every migration', async () => {
    const rows = await queryRows<{ table_name: string }>(
      test.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )
    const tables = rows.map((row) => row.table_name)
    expect(tables).toEqual(
      expect.arrayContaining(['leads', 'mail_outbox', 'mail_attempts', 'form_submissions']),
    )
  })

  it('stores a request with status new and queues the acknowledgement and the staff notification', async () => {
    const { id, created } = await createLead({ ...visitor, type: 'contact' })
    expect(created).toBe(true)
    const stored = await getLead(id)
    expect(stored).toMatchObject({ ...visitor, type: 'contact', status: 'new' })
    expect(stored?.createdAt).toBeInstanceOf(Date)

    const mails = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.reference, `client_request:${id}`))
    expect(mails.map((mail) => [mail.template, mail.toAddress, mail.status]).sort()).toEqual([
      ['client-request-acknowledgement', 'ana@example.org', 'queued'],
      ['client-request-staff-notification', 'desk@example.com', 'queued'],
    ])
    const acknowledgement = mails.find((mail) => mail.template === 'client-request-acknowledgement')
    expect(acknowledgement?.text).toContain('within 1 hour')
    expect(acknowledgement?.replyTo).toBe('info@example.com')
    const notification = mails.find((mail) => mail.template === 'client-request-staff-notification')
    expect(notification?.html).toContain('We need a Spanish interpreter on Tuesday.')
    // Staff land on the request itself, not on the list.
    expect(notification?.text).toContain(`/admin/clients/${id}`)
  })

  it('repeats nothing the visitor typed to the unverified address, and acknowledges one address at most ten times a day', async () => {
    const relay = {
      ...visitor,
      email: 'victim@example.org',
      name: 'Claim your prize at https://evil.example',
      company: 'Prize Desk',
      message: 'You won! Visit https://evil.example/claim now.',
    }
    const ids = []
    for (let i = 0; i < 12; i++) ids.push((await createLead({ ...relay, type: 'contact' })).id)
    const acknowledgements = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'victim@example.org'))
    expect(acknowledgements).toHaveLength(10)
    for (const mail of acknowledgements) {
      for (const typed of ['evil.example', 'prize', 'You won', 'Prize Desk'])
        expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain(typed)
    }
    // Every request is still stored and reaches staff.
    expect(await test.db.$count(leads)).toBe(12)
    expect(
      await test.db.$count(
        mailOutbox,
        eq(mailOutbox.template, 'client-request-staff-notification'),
      ),
    ).toBe(12)
  })

  it('escapes what the visitor typed in the HTML e-mails', async () => {
    const { id } = await createLead({
      ...visitor,
      name: '<script>alert(1)</script>',
      type: 'demo',
    })
    const mails = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.reference, `client_request:${id}`))
    for (const mail of mails) expect(mail.html).not.toContain('<script>alert(1)</script>')
    // Only staff see the name; the visitor's acknowledgement repeats nothing typed.
    const notification = mails.find((mail) => mail.template === 'client-request-staff-notification')
    expect(notification?.html).toContain('&lt;script&gt;')
  })

  it('creates one request and two e-mails for a double submit with the same form token', async () => {
    const formToken = randomUUID()
    const [first, second] = await Promise.all([
      createLead({ ...visitor, type: 'contact' }, { formToken }),
      createLead({ ...visitor, type: 'contact' }, { formToken }),
    ])
    expect(first!.id).toBe(second!.id)
    expect([first!.created, second!.created].sort()).toEqual([false, true])
    expect(await test.db.$count(leads)).toBe(1)
    expect(await test.db.$count(mailOutbox)).toBe(2)
  })

  it('stores nothing when the e-mails cannot be queued', async () => {
    // Break the outbox for this test only: the request insert must roll back with it.
    await test.db.execute(sql`alter table mail_outbox rename to mail_outbox_away`)
    try {
      await expect(
        createLead({ ...visitor, type: 'contact' }, { formToken: randomUUID() }),
      ).rejects.toThrow()
    } finally {
      await test.db.execute(sql`alter table mail_outbox_away rename to mail_outbox`)
    }
    expect(await test.db.$count(leads)).toBe(0)
    expect(await test.db.$count(formSubmissions)).toBe(0)
  })
})
