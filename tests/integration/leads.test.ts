import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, leads, formSubmissions, mailOutbox, users } from '../../db/schema'
import { createLead } from '../../app/models/leads/intake.server'
import { getLead } from '../../app/models/leads/rows.server'
import { recordLeadReply, setLeadStatus } from '../../app/models/leads/status.server'
import { sendMessage } from '../../app/models/communications/send.server'
import { runLeadBreachAlerts } from '../../app/models/leads/breach-alerts.server'
import { leadOverview } from '../../app/models/leads/overview.server'
import { LeadRuleError, setLeadOwner } from '../../app/models/leads/owners.server'
import { INVITED_PASSWORD_HASH, setLeadSettings } from '../../app/models/users.server'
import { setClock } from '../../app/platform/clock.server'
import { emptyTables } from '../support/people-fixtures'
import { testDatabaseKinds } from '../support/test-database'
import { testRuntimeFor } from '../support/test-runtime'

const visitor = {
  name: 'Ana López',
  email: 'ana@example.org',
  company: 'Riverside Clinic',
  message: 'We need a Spanish interpreter on Tuesday.',
}

const MINUTE = 60_000
// Tuesday 24 November 2026, 10:00 in New York.
const tuesdayTen = new Date('2026-11-24T15:00:00Z')
const at = (minutesAfterTen: number) => new Date(tuesdayTen.getTime() + minutesAfterTen * MINUTE)

describe.each(testDatabaseKinds())('lead inbox on %s', (kind) => {
  const test = testRuntimeFor(kind)
  afterEach(() => setClock())
  beforeEach(async () => {
    await emptyTables(test.db, [mailOutbox, formSubmissions, leads, auditLog, users])
    setClock(() => tuesdayTen)
  })

  /** A staff account; the password hash only has to look like one. */
  async function staffMember(
    name: string,
    extra: Partial<typeof users.$inferInsert> = {},
  ): Promise<{ id: string; name: string; email: string }> {
    const [user] = await test.db
      .insert(users)
      .values({
        name,
        email: `${name.toLowerCase()}@lang.example`,
        role: 'admin',
        passwordHash: '$argon2id$v=19$test',
        ...extra,
      })
      .returning()
    return { id: user!.id, name: user!.name, email: user!.email }
  }

  const mailsOf = (template: string) =>
    test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, template))
      .then((rows) => rows.map((row) => row.toAddress).sort())

  it('gives new requests round-robin to the admins who take leads, evenly when they arrive at once', async () => {
    const ana = await staffMember('Ana')
    const ben = await staffMember('Ben')
    await staffMember('Cleo', { active: false })
    await staffMember('Dev', { awayUntil: '2026-11-24' })
    await staffMember('Eve', { takesLeads: false })
    await staffMember('Finn', { passwordHash: INVITED_PASSWORD_HASH })
    await staffMember('Gus', { role: 'interpreter' })
    // Away until yesterday: back today.
    const hal = await staffMember('Hal', { awayUntil: '2026-11-23' })
    const created = await Promise.all(
      Array.from({ length: 9 }, (_, index) =>
        createLead({ ...visitor, email: `lead${index}@example.org`, type: 'contact' }),
      ),
    )
    const owners = await Promise.all(created.map(async ({ id }) => (await getLead(id))?.ownerId))
    const perOwner = new Map<string | null | undefined, number>()
    for (const owner of owners) perOwner.set(owner, (perOwner.get(owner) ?? 0) + 1)
    expect(Object.fromEntries(perOwner)).toEqual({ [ana.id]: 3, [ben.id]: 3, [hal.id]: 3 })
    // Each owner heard of each of their leads.
    const assigned = await mailsOf('lead-assigned')
    expect(assigned).toEqual(
      [ana.email, ben.email, hal.email].flatMap((email) => [email, email, email]).sort(),
    )
    // The next one goes on in turn.
    const next = await createLead({ ...visitor, type: 'demo' })
    expect((await getLead(next.id))?.ownerId).toBe(ana.id)
  })

  it('leaves a request unassigned when nobody takes leads', async () => {
    await staffMember('Eve', { takesLeads: false })
    const { id } = await createLead({ ...visitor, type: 'contact' })
    const request = await getLead(id)
    expect(request?.ownerId).toBeNull()
    expect(await mailsOf('lead-assigned')).toEqual([])
    // Due an hour of business time later, at risk after 45 minutes.
    expect(request?.responseDueAt).toEqual(at(60))
    expect(request?.atRiskAt).toEqual(at(45))
  })

  it('starts the clock in business hours: a request on Friday evening is due on Monday', async () => {
    // Friday 27 November 2026, 7:30 PM in New York: half an hour left that day.
    setClock(() => new Date('2026-11-28T00:30:00Z'))
    const { id } = await createLead({ ...visitor, type: 'contact' })
    // Monday 30 November, 8:30 AM.
    expect((await getLead(id))?.responseDueAt).toEqual(new Date('2026-11-30T13:30:00Z'))
  })

  it('stops the clock when staff mark the request as contacted, and only the first answer counts', async () => {
    const ana = await staffMember('Ana')
    const { id } = await createLead({ ...visitor, type: 'contact' })
    setClock(() => at(40))
    await setLeadStatus(id, 'contacted', ana)
    const contacted = await getLead(id)
    expect(contacted?.firstResponseAt).toEqual(at(40))
    expect(contacted?.responseBusinessMs).toBe(40 * MINUTE)
    setClock(() => at(90))
    await setLeadStatus(id, 'closed', ana)
    await recordLeadReply(id, ana)
    expect((await getLead(id))?.firstResponseAt).toEqual(at(40))
  })

  it('stops the clock on a reply, on closing and on a message to the client from the product', async () => {
    const ana = await staffMember('Ana')
    const replied = await createLead({ ...visitor, type: 'contact' })
    const closed = await createLead({ ...visitor, type: 'contact' })
    const written = await createLead({ ...visitor, type: 'contact' })
    setClock(() => at(20))
    expect(await recordLeadReply(replied.id, ana)).toBe(true)
    await setLeadStatus(closed.id, 'closed', ana)
    await sendMessage(
      {
        selection: { kind: 'person', source: 'client', id: written.id },
        subject: 'Your request',
        message: 'Hello {{firstName}}, we can help.',
      },
      ana,
    )
    for (const { id } of [replied, closed, written])
      expect((await getLead(id))?.responseBusinessMs).toBe(20 * MINUTE)
  })

  it('sends the breach e-mail and the escalation once each, with two maintenance runs at once', async () => {
    const ana = await staffMember('Ana')
    const ben = await staffMember('Ben', { takesLeads: false })
    await staffMember('Cleo', { active: false })
    const owned = await createLead({ ...visitor, type: 'contact' })
    await setLeadSettings(ana.id, { takesLeads: false, awayUntil: null }, ana)
    const unowned = await createLead({ ...visitor, type: 'demo' })
    const answered = await createLead({ ...visitor, type: 'contact' })
    setClock(() => at(30))
    await setLeadStatus(answered.id, 'contacted', ana)
    // Not yet due.
    setClock(() => at(59))
    expect(await runLeadBreachAlerts(test.db)).toEqual({ breaches: 0, escalations: 0 })

    setClock(() => at(61))
    const first = await Promise.all([runLeadBreachAlerts(test.db), runLeadBreachAlerts(test.db)])
    expect(first.reduce((sum, run) => sum + run.breaches, 0)).toBe(2)
    expect(first.reduce((sum, run) => sum + run.escalations, 0)).toBe(0)
    // The owner of one; every active admin for the one nobody owns.
    const breached = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'lead-breached'))
    expect(breached.map((mail) => `${mail.reference} ${mail.toAddress}`).sort()).toEqual(
      [
        `client_request:${owned.id} ${ana.email}`,
        `client_request:${unowned.id} ${ana.email}`,
        `client_request:${unowned.id} ${ben.email}`,
      ].sort(),
    )
    setClock(() => at(80))
    expect(await runLeadBreachAlerts(test.db)).toEqual({ breaches: 0, escalations: 0 })

    // Thirty minutes after the breach, every active admin hears of both, once.
    await setLeadStatus(unowned.id, 'contacted', ana)
    setClock(() => at(91))
    const second = await Promise.all([runLeadBreachAlerts(test.db), runLeadBreachAlerts(test.db)])
    expect(second.reduce((sum, run) => sum + run.escalations, 0)).toBe(1)
    expect(await mailsOf('lead-escalation')).toEqual([ana.email, ben.email].sort())
    expect(await runLeadBreachAlerts(test.db)).toEqual({ breaches: 0, escalations: 0 })
  })

  it('reassigns by hand with an audit entry and an e-mail to the new owner', async () => {
    const ana = await staffMember('Ana')
    const ben = await staffMember('Ben', { takesLeads: false })
    const cleo = await staffMember('Cleo', { active: false })
    const { id } = await createLead({ ...visitor, type: 'contact' })
    expect((await getLead(id))?.ownerId).toBe(ana.id)
    await test.db.delete(mailOutbox)

    expect((await setLeadOwner(id, ben.id, ana))?.ownerId).toBe(ben.id)
    expect(await mailsOf('lead-assigned')).toEqual([ben.email])
    const [entry] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'reassign')))
    expect(entry).toMatchObject({
      actorId: ana.id,
      before: { ownerId: ana.id, ownerName: 'Ana' },
      after: { ownerId: ben.id, ownerName: 'Ben' },
    })
    // Taking it oneself sends nothing; unassigning neither.
    await setLeadOwner(id, ana.id, ana)
    await setLeadOwner(id, null, ana)
    expect(await mailsOf('lead-assigned')).toEqual([ben.email])
    await expect(setLeadOwner(id, cleo.id, ana)).rejects.toBeInstanceOf(LeadRuleError)
    expect(await setLeadOwner('00000000-0000-4000-8000-000000000000', ana.id, ana)).toBeUndefined()
  })

  it('counts the leads waiting and sums up each week in the database', async () => {
    const ana = await staffMember('Ana')
    // Last week: one answered in 30 minutes, one in 90 (late).
    setClock(() => new Date('2026-11-17T15:00:00Z'))
    const quick = await createLead({ ...visitor, type: 'contact' })
    const slow = await createLead({ ...visitor, type: 'contact' })
    const forgotten = await createLead({ ...visitor, type: 'contact' })
    setClock(() => new Date('2026-11-17T15:30:00Z'))
    await setLeadStatus(quick.id, 'contacted', ana)
    setClock(() => new Date('2026-11-17T16:30:00Z'))
    await setLeadStatus(slow.id, 'contacted', ana)
    // This week: one waiting 50 minutes (at risk), one 70 (breached), one 10 (on track).
    setClock(() => at(-70))
    await createLead({ ...visitor, type: 'contact' })
    setClock(() => at(-50))
    await createLead({ ...visitor, type: 'contact' })
    setClock(() => at(-10))
    await createLead({ ...visitor, type: 'contact' })
    setClock(() => tuesdayTen)

    const overview = await leadOverview()
    expect(overview).toMatchObject({ atRisk: 1, breached: 2 })
    expect(overview.weeks).toHaveLength(12)
    expect(overview.weeks.at(-1)).toEqual({
      weekOf: '2026-11-23',
      received: 3,
      medianResponseMs: null,
      breaches: 1,
    })
    expect(overview.weeks.at(-2)).toEqual({
      weekOf: '2026-11-16',
      received: 3,
      medianResponseMs: 60 * MINUTE,
      breaches: 2,
    })
    expect(overview.weeks[0]).toMatchObject({ weekOf: '2026-09-07', received: 0 })
    // Answering last week's forgotten request shows at once, although past weeks are kept.
    await setLeadStatus(forgotten.id, 'closed', ana)
    expect((await leadOverview()).weeks.at(-2)).toEqual({
      weekOf: '2026-11-16',
      received: 3,
      medianResponseMs: 90 * MINUTE,
      breaches: 2,
    })
  })
})
