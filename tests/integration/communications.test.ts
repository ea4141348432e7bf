import { eq, like, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  authTokens,
  clientInvitations,
  clientMemberships,
  leads,
  interpreterApplications,
  mailAttempts,
  mailOutbox,
  mailUnsubscribes,
  messages,
  organizations,
  sessions,
  storedFiles,
  users,
} from '../../db/schema'
import { applyMergeFields } from '../../app/content/communications'
import { recipientGroups } from '../../app/domain/communications'
import { createMailTransport } from '../../app/platform/mail/transport.server'
import { MailWorker } from '../../app/platform/mail/worker.server'
import { parseRecipientSelection } from '../../app/lib/validation/message'
import { createLead } from '../../app/models/leads/intake.server'
import { composeAction } from '../../app/routes/admin/communications.server'
import { listMessages, messageStats } from '../../app/models/communications/history.server'
import { findPeople } from '../../app/models/communications/people-search.server'
import {
  countRecipients,
  recipientGroupCounts,
  recipientsOf,
} from '../../app/models/communications/recipients.server'
import { retryFailedDeliveries } from '../../app/models/communications/retries.server'
import { sendMessage } from '../../app/models/communications/send.server'
import { unsubscribe } from '../../app/models/unsubscribes.server'
import { createUser } from '../../app/models/users.server'
import { createOrganizationWithUser } from '../../app/models/organizations.server'
import { createOrganizationMember } from '../support/organization-fixtures'
import { createApplicant, emptyTables } from '../support/people-fixtures'
import { SmtpPeer } from '../support/smtp-peer'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

describe('merge fields and the recipients select', () => {
  it('fills in the first and full name', () => {
    expect(
      applyMergeFields('Hi {{firstName}} / {{ fullName }} / {{other}}', { name: 'Ana Lima' }),
    ).toBe('Hi Ana / Ana Lima / {{other}}')
    expect(applyMergeFields('Hi {{firstName}}', { name: '' })).toBe('Hi there')
  })

  it('reads the recipients select', () => {
    expect(parseRecipientSelection('active-interpreters')).toEqual({
      kind: 'group',
      group: 'active-interpreters',
    })
    expect(parseRecipientSelection('client:6f1c1a8e-2f0b-4c57-9a43-3f9a0f7b1c2d')).toMatchObject({
      kind: 'person',
      source: 'client',
    })
    expect(parseRecipientSelection('users')).toBeUndefined()
    expect(parseRecipientSelection('client:not-a-uuid')).toBeUndefined()
  })
})

describe.each(testDatabaseKinds())('communications on %s', (kind) => {
  let peer: SmtpPeer
  let worker: MailWorker
  let actor: { id: string; name: string }

  const test = testRuntimeFor(kind, { env: { SITE_URL: 'https://lang.example' } })
  beforeEach(async () => {
    await emptyTables(test.db, [
      mailAttempts,
      mailOutbox,
      messages,
      mailUnsubscribes,
      interpreterApplications,
      storedFiles,
      clientInvitations,
      clientMemberships,
      organizations,
      leads,
      auditLog,
      authTokens,
      sessions,
      users,
    ])
    const user = await createUser({
      email: 'sender@example.com',
      name: 'Sam Sender',
      role: 'admin',
      password: 'a long enough password',
    })
    actor = { id: user.id, name: user.name }
    peer = new SmtpPeer()
    await peer.start()
    worker = new MailWorker({
      db: test.db,
      transport: createMailTransport({ smtpUrl: peer.url, mailDir: test.dataDir }),
      logger: test.runtime.logger,
      from: 'Test <no-reply@example.com>',
      pollIntervalMs: 50,
      retryBaseMs: 50,
      maxAttempts: 3,
      batchSize: 50,
    })
  })
  afterEach(async () => {
    await worker.stop()
    await peer.stop()
  })

  async function seedPeople() {
    await createApplicant(test.db, { firstName: 'Ana', email: 'ana@i.example', status: 'approved' })
    await createApplicant(test.db, { firstName: 'Ana', email: 'Ana@i.example', status: 'approved' })
    await createApplicant(test.db, { firstName: 'Bao', email: 'bao@i.example', status: 'approved' })
    await createApplicant(test.db, { firstName: 'Dara', email: 'dara@i.example' })
    await createApplicant(test.db, { firstName: 'Eli', email: 'eli@i.example', status: 'rejected' })
    for (const [name, email] of [
      ['Flora Fields', 'flora@c.example'],
      ['Flora F.', 'FLORA@c.example'],
      ['Ivo Invalid', 'ivo@refuse.example'],
    ])
      await createLead({
        name: name!,
        email: email!,
        company: 'Org',
        message: 'Interpreters, please.',
        type: 'contact',
      })
    // The application and request acknowledgements are not part of these tests.
    await test.db.delete(mailOutbox)
  }

  it('counts each group by distinct address, without those who unsubscribed', async () => {
    await seedPeople()
    expect(await recipientGroupCounts()).toEqual({
      'all-interpreters': 3,
      'active-interpreters': 2,
      'pending-interpreters': 1,
      'all-clients': 0,
      prospects: 2,
    })
    await unsubscribe('BAO@i.example', 'link')
    await unsubscribe('flora@c.example', 'one-click')
    await unsubscribe('flora@c.example', 'link')
    expect(await recipientGroupCounts()).toMatchObject({
      'active-interpreters': 1,
      prospects: 1,
    })
    expect((await recipientsOf({ kind: 'group', group: 'prospects' })).map((r) => r.email)).toEqual(
      ['ivo@refuse.example'],
    )
    const people = await findPeople('dara')
    expect(people).toEqual([
      expect.objectContaining({
        name: 'Dara Applicant',
        email: 'dara@i.example',
        kind: 'Interpreter',
      }),
    ])
  })

  it('sends one message and one queued e-mail per recipient, delivered with retries, counted in history and stats', async () => {
    await seedPeople()
    const sent = await sendMessage(
      {
        selection: { kind: 'group', group: 'active-interpreters' },
        subject: 'Welcome, {{firstName}}',
        message: 'Hello {{firstName}},\n\nWelcome aboard.',
      },
      actor,
      { confirmedCount: 2 },
    )
    expect(sent.recipientCount).toBe(2)
    const queued = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.reference, `message:${sent.id}`))
    expect(queued.map((mail) => mail.subject).sort()).toEqual(['Welcome, Ana', 'Welcome, Bao'])
    const toBao = queued.find((mail) => mail.toAddress === 'bao@i.example')!
    expect(toBao.text).toContain('Hello Bao,')
    expect(toBao.headers!['List-Unsubscribe']).toMatch(
      /^<https:\/\/lang\.example\/unsubscribe\?token=[\w-]+\.[\w-]+>$/,
    )
    expect(toBao.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    // Replies reach the mailbox staff read (MAIL_REPLY_TO, by default the company e-mail).
    expect(toBao.replyTo).toBe('info@example.com')

    const before = await listMessages({ q: '', type: 'all', page: 1 })
    expect(before.items[0]).toMatchObject({ delivered: 0, pending: 2, failed: 0, type: 'bulk' })

    await worker.runOnce()
    expect(peer.received.map((mail) => mail.to[0]).sort()).toEqual([
      'Ana@i.example',
      'bao@i.example',
    ])
    expect(peer.received[0]!.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')

    // A client message: one address refuses it for good.
    const clientMessage = await sendMessage(
      {
        selection: { kind: 'group', group: 'prospects' },
        subject: 'Follow-up',
        message: 'Hello {{firstName}}, we reply within 2 hours.',
      },
      actor,
      { confirmedCount: 2 },
    )
    // An individual message carries no unsubscribe link.
    const [dara] = await findPeople('dara@i.example')
    const individual = await sendMessage(
      {
        selection: parseRecipientSelection(dara!.key)!,
        subject: 'Hi',
        message: 'Hi {{firstName}}',
      },
      actor,
    )
    const [toDara] = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.reference, `message:${individual.id}`))
    expect(toDara!.headers).toBeNull()
    expect(toDara!.replyTo).toBe('info@example.com')
    expect(toDara!.text).toContain('Hi Dara')
    await worker.runOnce()

    const history = await listMessages({ q: '', type: 'all', page: 1 })
    expect(history.total).toBe(3)
    const clientEntry = history.items.find((item) => item.id === clientMessage.id)!
    expect(clientEntry).toMatchObject({
      type: 'client',
      recipientLabel: 'Prospects (contact form)',
      recipientCount: 2,
      delivered: 1,
      failed: 1,
      pending: 0,
    })
    expect(history.items.find((item) => item.id === individual.id)).toMatchObject({
      type: 'individual',
      recipientLabel: 'Dara Applicant <dara@i.example>',
    })
    expect((await listMessages({ q: 'FOLLOW', type: 'all', page: 1 })).items).toHaveLength(1)
    expect((await listMessages({ q: '', type: 'individual', page: 1 })).items).toHaveLength(1)
    expect(await messageStats()).toEqual({
      sent: 3,
      byType: { bulk: 1, client: 1, individual: 1 },
      deliveryRate: 80,
    })

    // Retry: the failed delivery is queued again from a fresh start.
    expect(await retryFailedDeliveries(clientMessage.id, actor)).toBe(1)
    const [again] = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'ivo@refuse.example'))
    expect(again).toMatchObject({ status: 'queued', attempts: 0 })
    expect(await retryFailedDeliveries(clientMessage.id, actor)).toBe(0)
    expect((await listMessages({ q: '', type: 'client', page: 1 })).items[0]).toMatchObject({
      pending: 1,
      failed: 0,
    })
  })

  it('never puts a rejected applicant in All Interpreters, nor an unsubscribed prospect in Prospects', async () => {
    await seedPeople()
    await createApplicant(test.db, {
      firstName: 'Ines',
      email: 'ines@i.example',
      status: 'interview_scheduled',
    })
    await unsubscribe('ivo@refuse.example', 'link')
    const emailsOf = async (group: (typeof recipientGroups)[number]) =>
      (await recipientsOf({ kind: 'group', group })).map((recipient) => recipient.email).sort()
    expect(await emailsOf('all-interpreters')).toEqual([
      'Ana@i.example',
      'bao@i.example',
      'dara@i.example',
      'ines@i.example',
    ])
    expect(await emailsOf('active-interpreters')).toEqual(['Ana@i.example', 'bao@i.example'])
    expect(await emailsOf('pending-interpreters')).toEqual(['dara@i.example'])
    expect(await emailsOf('prospects')).toEqual(['FLORA@c.example'])
  })

  it("delivers All Clients to client portal users and Prospects to the form's senders, never the other way", async () => {
    await seedPeople()
    // Pat uses the portal and never sent the form; Quinn sent the form and has no account;
    // Rae sent the form and then became a portal user.
    await createOrganizationMember(
      {
        organizationName: 'Pat Clinic',
        name: 'Pat Portal',
        email: 'pat@org.example',
        role: 'manager',
      },
      actor,
    )
    await createLead({
      name: 'Quinn Prospect',
      email: 'quinn@lead.example',
      company: 'Quinn Court',
      message: 'Do you cover Somali?',
      type: 'demo',
    })
    await createLead({
      name: 'Rae Converted',
      email: 'Rae@org.example',
      company: 'Rae School',
      message: 'Spanish, please.',
      type: 'contact',
    })
    await createOrganizationMember(
      {
        organizationName: 'Rae School',
        name: 'Rae Client',
        email: 'rae@org.example',
        role: 'requester',
      },
      actor,
    )
    // Left out of All Clients: a deactivated account, one that unsubscribed, and an invitation
    // nobody accepted (no account yet).
    const sid = await createOrganizationMember(
      {
        organizationName: 'Sid Hospital',
        name: 'Sid Gone',
        email: 'sid@org.example',
        role: 'manager',
      },
      actor,
    )
    await test.db
      .update(users)
      .set({ active: false })
      .where(eq(users.id, (sid as { userId: string }).userId))
    await createOrganizationMember(
      {
        organizationName: 'Uma Labs',
        name: 'Uma Unsub',
        email: 'uma@org.example',
        role: 'manager',
      },
      actor,
    )
    await unsubscribe('uma@org.example', 'link')
    await createOrganizationWithUser(
      {
        organizationName: 'Vic Firm',
        name: 'Vic Invited',
        email: 'vic@org.example',
        role: 'manager',
      },
      actor,
    )
    await test.db.delete(mailOutbox)

    // Who each send was queued for, and who the SMTP server received it as (it refuses
    // refuse.example for good).
    const sendTo = async (group: 'all-clients' | 'prospects', subject: string) => {
      const selection = { kind: 'group' as const, group }
      const sent = await sendMessage(
        { selection, subject, message: 'Hello {{firstName}}' },
        actor,
        {
          confirmedCount: await countRecipients(selection),
        },
      )
      await worker.runOnce()
      const queued = await test.db
        .select({ to: mailOutbox.toAddress })
        .from(mailOutbox)
        .where(eq(mailOutbox.reference, `message:${sent.id}`))
      return {
        queued: queued.map((mail) => mail.to).sort(),
        delivered: peer.received
          .filter((mail) => mail.raw.includes(`Subject: ${subject}`))
          .flatMap((mail) => mail.to)
          .sort(),
      }
    }
    const clients = ['pat@org.example', 'rae@org.example']
    expect(await sendTo('all-clients', 'For our clients')).toEqual({
      queued: clients,
      delivered: clients,
    })
    // Flora (twice, one copy), Ivo and Quinn sent the form; Rae is a client now.
    expect(await sendTo('prospects', 'For our prospects')).toEqual({
      queued: ['FLORA@c.example', 'ivo@refuse.example', 'quinn@lead.example'],
      delivered: ['FLORA@c.example', 'quinn@lead.example'],
    })
    expect(await recipientGroupCounts()).toMatchObject({ 'all-clients': 2, prospects: 3 })
    const history = await listMessages({ q: '', type: 'client', page: 1 })
    expect(history.items.map((item) => item.recipientLabel).sort()).toEqual([
      'All Clients',
      'Prospects (contact form)',
    ])
  })

  it('sends each group to as many people as its count says', async () => {
    await seedPeople()
    await unsubscribe('dara@i.example', 'link')
    const counts = await recipientGroupCounts()
    expect(counts).toEqual({
      'all-interpreters': 2,
      'active-interpreters': 2,
      'pending-interpreters': 0,
      'all-clients': 0,
      prospects: 2,
    })
    for (const group of recipientGroups) {
      const selection = { kind: 'group' as const, group }
      expect(await countRecipients(selection)).toBe(counts[group])
      expect(await recipientsOf(selection)).toHaveLength(counts[group])
      if (counts[group] === 0) continue
      const sent = await sendMessage({ selection, subject: group, message: 'Hello' }, actor, {
        confirmedCount: counts[group],
      })
      expect(sent.recipientCount).toBe(counts[group])
      expect(await test.db.$count(mailOutbox, eq(mailOutbox.reference, `message:${sent.id}`))).toBe(
        counts[group],
      )
    }
  })

  it('counts three interpreter-group sends and one Prospects send alike in the cards and the filter', async () => {
    await seedPeople()
    for (const group of [
      'all-interpreters',
      'active-interpreters',
      'pending-interpreters',
    ] as const)
      await sendMessage(
        { selection: { kind: 'group', group }, subject: `To ${group}`, message: 'Hello' },
        actor,
        { confirmedCount: await countRecipients({ kind: 'group', group }) },
      )
    await sendMessage(
      { selection: { kind: 'group', group: 'prospects' }, subject: 'To clients', message: 'Hi' },
      actor,
      { confirmedCount: 2 },
    )
    const stats = await messageStats()
    expect(stats).toMatchObject({ sent: 4, byType: { bulk: 3, individual: 0, client: 1 } })
    for (const type of ['bulk', 'individual', 'client'] as const)
      expect((await listMessages({ q: '', type, page: 1 })).total).toBe(stats.byType[type])
    expect((await listMessages({ q: '', type: 'all', page: 1 })).total).toBe(stats.sent)
  })

  describe('the compose form', () => {
    const form = (fields: Record<string, string>) => {
      const body = new FormData()
      for (const [name, value] of Object.entries(fields)) body.append(name, value)
      return body
    }
    const message = { subject: 'Holiday hours', message: 'Hello {{firstName}},\n\nWe are open.' }
    // Staff messages only: a new application also queues its acknowledgements.
    const queued = () => test.db.$count(mailOutbox, like(mailOutbox.reference, 'message:%'))

    it('refuses a send without recipients, with the error on the field and the rest kept', async () => {
      await seedPeople()
      const answer = await composeAction(
        form({ intent: 'send', recipients: '', ...message }),
        actor,
      )
      expect(answer).toMatchObject({
        init: { status: 400 },
        data: {
          errors: { recipients: 'Please select the recipients.' },
          values: { recipients: '', ...message },
          confirmation: null,
        },
      })
      expect(await queued()).toBe(0)
      expect(await test.db.$count(messages)).toBe(0)
    })

    it('asks "Send to N people?" before a group send and sends only the confirmed number', async () => {
      await seedPeople()
      const fields = { recipients: 'active-interpreters', ...message }
      const asked = await composeAction(form({ intent: 'send', ...fields }), actor)
      expect(asked).toMatchObject({
        init: { status: 200 },
        data: {
          values: fields,
          confirmation: { group: 'active-interpreters', count: 2, changedFrom: null },
        },
      })
      expect(await queued()).toBe(0)
      expect(await test.db.$count(messages)).toBe(0)

      // Someone is approved between the question and the answer: ask again, send nothing.
      await createApplicant(test.db, {
        firstName: 'Gia',
        email: 'gia@i.example',
        status: 'approved',
      })
      const changed = await composeAction(
        form({ intent: 'send', confirmedCount: '2', ...fields }),
        actor,
      )
      expect(changed).toMatchObject({
        init: { status: 409 },
        data: { confirmation: { count: 3, changedFrom: 2 } },
      })
      expect(await queued()).toBe(0)

      expect(
        await composeAction(form({ intent: 'send', confirmedCount: '3', ...fields }), actor),
      ).toEqual({ sentTo: 3 })
      expect(await queued()).toBe(3)

      // Back from the confirmation to the form: nothing sent, everything kept.
      expect(await composeAction(form({ intent: 'edit', ...fields }), actor)).toMatchObject({
        init: { status: 200 },
        data: { values: fields, confirmation: null, errors: {} },
      })
      expect(await queued()).toBe(3)
    })

    it('sends a message to one person without asking', async () => {
      await seedPeople()
      const [dara] = await findPeople('dara@i.example')
      expect(
        await composeAction(form({ intent: 'send', recipients: dara!.key, ...message }), actor),
      ).toEqual({ sentTo: 1 })
      expect(await queued()).toBe(1)
    })

    it('refuses a group send that no confirmation came with, in the model too', async () => {
      await seedPeople()
      await expect(
        sendMessage(
          { selection: { kind: 'group', group: 'all-clients' }, subject: 'x', message: 'y' },
          actor,
        ),
      ).rejects.toThrow('confirmed')
      expect(await queued()).toBe(0)
    })
  })

  it('rolls back the message when queueing fails', async () => {
    await seedPeople()
    await expect(
      sendMessage(
        {
          selection: { kind: 'group', group: 'active-interpreters' },
          subject: 'x',
          message: 'y',
        },
        { id: '00000000-0000-4000-8000-000000000000', name: 'Ghost' },
        { confirmedCount: 2 },
      ),
    ).rejects.toThrow()
    expect(await test.db.$count(messages)).toBe(0)
    expect(await test.db.$count(mailOutbox)).toBe(0)
  })

  // Inserting 100,000 rows under the trigram indexes takes about 45 s on PGlite, so this runs
  // on PostgreSQL (CI) only. It checks the counts at scale; their speed is a benchmark's job.
  it.runIf(kind === 'postgres')(
    'counts the groups of 100,000 applications by distinct address',
    async () => {
      await createApplicant(test.db, { firstName: 'Seed', email: 'seed@i.example' })
      await test.db.execute(sql`
      insert into interpreter_applications (status, source, source_reference, position, first_name, last_name, email, phone,
        interpreting_experience, expected_pay_per_minute, resume_file_id, privacy_consent_at, privacy_notice_version)
      select (array['pending','approved','rejected'])[1 + n % 3], 'language-page', 'general-interpreter', 'Interpreter',
        'First' || n, 'Last', 'person' || n || '@bulk.example', '+1 512 555 0100', '1-3', '1.00-1.25',
        (select id from stored_files limit 1), now(), 'test'
      from generate_series(1, 100000) as n`)
      await test.db.execute(sql`analyze interpreter_applications`)
      const counts = await recipientGroupCounts()
      // A third of them are rejected, and rejected applicants are not in All Interpreters.
      expect(counts['all-interpreters']).toBe(66_668)
      expect(counts['active-interpreters']).toBe(33_334)
    },
    120_000,
  )
})
