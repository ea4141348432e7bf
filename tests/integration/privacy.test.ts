import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  leads,
  interpreterApplications,
  mailOutbox,
  organizations,
} from '../../db/schema'
import { applicationStatusToken } from '../../app/emails/application-status-token.server'
import { detectDocumentFileType } from '../../app/lib/uploads/document-file.server'
import { addStaffNote } from '../../app/models/audit.server'
import { createLead } from '../../app/models/leads/intake.server'
import { sendMessage } from '../../app/models/communications/send.server'
import { createInterpreterApplication } from '../../app/models/interpreter-applications/create.server'
import { setApplicationStatus } from '../../app/models/interpreter-applications/review.server'
import { inviteClientUser } from '../../app/models/organizations.server'
import { erasePerson } from '../../app/models/privacy/erasure.server'
import { exportPersonalData } from '../../app/models/privacy/export.server'
import { runRetention } from '../../app/models/privacy/retention.server'
import {
  applicantStatusView,
  confirmErasure,
  requestErasure,
  revokeStatusLink,
  withdrawApplication,
} from '../../app/models/privacy/status-page.server'
import { setClock } from '../../app/platform/clock.server'
import { queryRows, type Database } from '../../app/platform/db.server'
import type { Logger } from '../../app/platform/logger.server'
import { pdfDocument } from '../support/document-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testDatabaseKinds } from '../support/test-database'
import { startTestRuntime, type TestRuntime } from '../support/test-runtime'

const SECRET = 'test-secret-that-is-long-enough-for-the-schema'
let sequence = 0

/** A person no other test uses: their name, address and phone are what must vanish. */
function uniquePerson() {
  sequence += 1
  const tag = `${Date.now().toString(36)}${sequence}`
  return {
    firstName: `Quenby${tag}`,
    lastName: `Ravensworth${tag}`,
    email: `quenby.${tag}@erasure.example.org`,
    phone: `+1 415 555 ${String(1000 + sequence).slice(-4)}`,
  }
}

async function apply(
  person: ReturnType<typeof uniquePerson>,
  options: { keepOnFile?: boolean; email?: string } = {},
) {
  const bytes = pdfDocument(`Resume of ${person.firstName} ${person.lastName}, ${person.email}`)
  const { id } = await createInterpreterApplication(
    {
      source: 'language-page',
      sourceReference: 'korean-interpreter',
      jobId: null,
      position: 'Korean Interpreter',
      firstName: person.firstName,
      lastName: person.lastName,
      email: options.email ?? person.email,
      phone: person.phone,
      languages: ['Korean'],
      interpretingExperience: '3-5',
      specializations: [],
      expectedPayPerMinute: '1.00-1.25',
      privacyConsentAt: new Date(),
      privacyNoticeVersion: 'test',
      keepOnFileAt: options.keepOnFile ? new Date() : null,
      answers: [['Fluent languages', 'Korean']],
    },
    {
      bytes,
      originalName: `${person.lastName} CV.pdf`,
      type: (await detectDocumentFileType(bytes))!,
    },
  )
  return id
}

/** Every row of every table as text, lower-cased. */
async function dumpEveryTable(db: Database): Promise<string> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select quote_ident(table_name) as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  expect(tables.length).toBeGreaterThan(30)
  const parts: string[] = []
  for (const { name } of tables) {
    const rows = await queryRows<{ row: string }>(
      db,
      sql.raw(`select t::text as row from ${name} t`),
    )
    parts.push(...rows.map((row) => row.row))
  }
  return parts.join('\n').toLowerCase()
}

/** Every file under the data directory (uploads, mail copies) as text, lower-cased. */
function dumpDataDir(dir: string): string {
  const parts: string[] = []
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name)
      if (statSync(full).isDirectory()) walk(full)
      else parts.push(name, readFileSync(full).toString('latin1'))
    }
  }
  if (existsSync(dir)) walk(dir)
  return parts.join('\n').toLowerCase()
}

function traces(text: string, person: ReturnType<typeof uniquePerson>) {
  return [person.firstName, person.lastName, person.email, person.phone].filter((needle) =>
    text.includes(needle.toLowerCase()),
  )
}

function quietLogger() {
  const lines: { counts: unknown; message: string }[] = []
  const logger = {
    info: (counts: unknown, message: string) => lines.push({ counts, message }),
    warn: () => undefined,
    error: () => undefined,
  } as unknown as Logger
  return { logger, lines }
}

describe.each(testDatabaseKinds())('privacy on %s', (kind) => {
  let test: TestRuntime
  let actor: { id: string; name: string }
  beforeAll(async () => {
    test = await startTestRuntime(kind)
    actor = await createStaffActor()
  })
  afterAll(() => test.stop())
  afterEach(() => setClock())

  const latestAuditOf = async (entityId: string) => {
    const [entry] = await test.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, entityId))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
    return entry
  }

  const statusToken = async (id: string) => {
    const [row] = await test.db
      .select({ version: interpreterApplications.statusLinkVersion })
      .from(interpreterApplications)
      .where(eq(interpreterApplications.id, id))
    return applicationStatusToken(id, row!.version, SECRET)
  }

  it('erases a person without a trace in any table or file, and keeps that it happened', async () => {
    const person = uniquePerson()
    const id = await apply(person)
    const request = await createLead({
      type: 'contact',
      name: `${person.firstName} ${person.lastName}`,
      email: person.email,
      phone: person.phone,
      company: `${person.lastName} Holdings`,
      message: `Please call ${person.firstName}.`,
    })
    await addStaffNote('interpreter_application', id, `Called ${person.firstName} today.`, actor)
    await setApplicationStatus(id, 'interview_scheduled', actor)
    await sendMessage(
      {
        selection: { kind: 'person', source: 'application', id },
        subject: 'Your interview, {{firstName}}',
        message: 'Hello {{firstName}}, see you soon.',
      },
      actor,
    )
    // An invitation to the client portal, not accepted: it holds the name and the address.
    const [organization] = await test.db
      .insert(organizations)
      .values({ name: `Inviting Firm ${id}` })
      .returning()
    await inviteClientUser(
      organization!.id,
      { name: `${person.firstName} ${person.lastName}`, email: person.email, role: 'requester' },
      actor,
    )
    expect(await requestErasure(await statusToken(id))).toBe('sent')
    await test.runtime.mailWorker.runOnce()
    const bystander = uniquePerson()
    const bystanderId = await apply(bystander)

    // The test can fail: everything is there before.
    expect(traces(await dumpEveryTable(test.db), person)).toHaveLength(4)
    expect(traces(dumpDataDir(test.dataDir), person)).toContain(person.email)
    expect(traces(dumpDataDir(test.dataDir), person)).toContain(person.lastName)

    expect(await erasePerson(person.email.toUpperCase(), actor, 'staff')).toEqual({
      outcome: 'erased',
      applications: 1,
      leads: 1,
    })

    expect(traces(await dumpEveryTable(test.db), person)).toEqual([])
    expect(traces(dumpDataDir(test.dataDir), person)).toEqual([])
    // The bystander keeps everything.
    expect(traces(await dumpEveryTable(test.db), bystander)).toHaveLength(4)
    expect(
      await test.db.$count(interpreterApplications, eq(interpreterApplications.id, bystanderId)),
    ).toBe(1)
    // The audit says an erasure happened, when and by whom, and nothing else.
    const erased = await test.db.select().from(auditLog).where(eq(auditLog.action, 'erased'))
    expect(
      erased.map((entry) => [entry.entityType, entry.entityId, entry.actorName]).sort(),
    ).toEqual(
      [
        ['client_request', request.id, actor.name],
        ['interpreter_application', id, actor.name],
      ].sort(),
    )
    expect(erased.every((entry) => JSON.stringify(entry.after) === '{"reason":"staff"}')).toBe(true)
    // The status link shows nothing any more.
    expect(await applicantStatusView(await applicationStatusToken(id, 1, SECRET))).toBeUndefined()
    expect(await erasePerson(person.email, actor, 'staff')).toEqual({ outcome: 'missing' })
  })

  it('exports every row and file about a person, and audits the export without the address', async () => {
    const person = uniquePerson()
    const id = await apply(person)
    await addStaffNote('interpreter_application', id, 'Strong candidate.', actor)
    const exported = await exportPersonalData(person.email, actor)
    expect(exported?.data.interpreter_applications).toHaveLength(1)
    expect(exported?.data.staff_notes).toHaveLength(1)
    expect((exported?.data.mail_outbox ?? []).length).toBeGreaterThanOrEqual(2)
    expect(exported?.files).toHaveLength(1)
    expect(Buffer.from(exported!.files[0]!.bytes).toString('latin1')).toContain(person.lastName)
    const [entry] = await test.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'personal_data_export'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
    expect(entry?.actorName).toBe(actor.name)
    expect(JSON.stringify(entry)).not.toContain(person.email)
    expect(await exportPersonalData('nobody-at-all@example.org', actor)).toBeUndefined()
  })

  it('lets the applicant withdraw from the status page, and refuses a tampered or revoked link', async () => {
    const person = uniquePerson()
    const id = await apply(person)
    const token = await statusToken(id)
    expect(await applicantStatusView(token)).toMatchObject({
      position: 'Korean Interpreter',
      status: 'received',
      mayWithdraw: true,
    })
    await addStaffNote('interpreter_application', id, 'Looks good.', actor)
    expect((await applicantStatusView(token))?.status).toBe('under_review')

    expect(await withdrawApplication(token)).toBe('withdrawn')
    expect(await applicantStatusView(token)).toMatchObject({
      status: 'withdrawn',
      mayWithdraw: false,
    })
    expect(await withdrawApplication(token)).toBe('decided')
    const history = await latestAuditOf(id)
    expect(history).toMatchObject({ action: 'status_change', after: { status: 'withdrawn' } })

    const tampered = token.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))
    expect(await applicantStatusView(tampered)).toBeUndefined()
    expect(
      await applicantStatusView(applicationStatusToken(id, 1, 'another-secret-of-enough-length')),
    ).toBeUndefined()
    expect(await revokeStatusLink(id, actor)).toBe(true)
    expect(await applicantStatusView(token)).toBeUndefined()
    expect(await applicantStatusView(await statusToken(id))).toBeDefined()
  })

  it('erases from the e-mailed single-use link, which then no longer works', async () => {
    const person = uniquePerson()
    const id = await apply(person)
    const token = await statusToken(id)
    expect(await requestErasure(token)).toBe('sent')
    const [mail] = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'application-erasure-confirmation'))
      .orderBy(sql`${mailOutbox.createdAt} desc`)
      .limit(1)
    const code = /application-erasure\/([\w-]+)/.exec(mail!.text)?.[1]
    expect(code).toBeDefined()
    expect(await confirmErasure(`${code}x`)).toBe('missing')
    expect(await confirmErasure(code!)).toBe('erased')
    expect(await confirmErasure(code!)).toBe('missing')
    expect(await applicantStatusView(token)).toBeUndefined()
    expect(traces(await dumpEveryTable(test.db), person)).toEqual([])
    const entry = await latestAuditOf(id)
    expect(entry).toMatchObject({ action: 'erased', actorId: null, after: { reason: 'applicant' } })
  })

  it('an expired erasure link erases nothing', async () => {
    const person = uniquePerson()
    const id = await apply(person)
    await requestErasure(await statusToken(id))
    const [mail] = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.reference, `interpreter_application:${id}`))
      .orderBy(sql`${mailOutbox.createdAt} desc`)
      .limit(1)
    const code = /application-erasure\/([\w-]+)/.exec(mail!.text)![1]!
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000)
    setClock(() => later)
    expect(await confirmErasure(code)).toBe('missing')
    expect(await test.db.$count(interpreterApplications, eq(interpreterApplications.id, id))).toBe(
      1,
    )
  })

  it('retention erases old undecided and rejected records, keeps consented and approved ones, once across parallel runs', async () => {
    const periods = { applicationMonths: 12, leadMonths: 24 }
    // Whatever earlier tests left is older than the moved clock too: start from a clean run.
    await runRetention(
      test.db,
      periods,
      quietLogger().logger,
      new Date(Date.now() + 40 * 31 * 86_400_000),
    )
    const old = uniquePerson()
    const consented = uniquePerson()
    const approved = uniquePerson()
    const recent = uniquePerson()
    const oldId = await apply(old)
    const consentedId = await apply(consented, { keepOnFile: true })
    const approvedId = await apply(approved)
    const request = await createLead({
      type: 'demo',
      name: `${old.firstName} ${old.lastName}`,
      email: old.email,
      company: 'Old Co',
      message: 'A demo, please.',
    })
    const thirteenMonthsAgo = new Date(Date.now() - 13 * 31 * 86_400_000)
    await test.db
      .update(interpreterApplications)
      .set({ updatedAt: thirteenMonthsAgo })
      .where(sql`${interpreterApplications.id} in (${oldId}, ${consentedId}, ${approvedId})`)
    await test.db
      .update(interpreterApplications)
      .set({ status: 'approved' })
      .where(eq(interpreterApplications.id, approvedId))
    await test.db
      .update(interpreterApplications)
      .set({ status: 'rejected' })
      .where(eq(interpreterApplications.id, oldId))
    const recentId = await apply(recent)

    const { logger, lines } = quietLogger()
    const runs = await Promise.all([
      runRetention(test.db, periods, logger),
      runRetention(test.db, periods, logger),
    ])
    const remaining = await test.db
      .select({ id: interpreterApplications.id })
      .from(interpreterApplications)
      .where(
        sql`${interpreterApplications.id} in (${oldId}, ${consentedId}, ${approvedId}, ${recentId})`,
      )
    expect(remaining.map((row) => row.id).sort()).toEqual(
      [consentedId, approvedId, recentId].sort(),
    )
    expect(runs.reduce((sum, run) => sum + run.applications, 0)).toBe(1)
    expect(lines).toEqual([
      {
        counts: { applications: 1, leads: 0 },
        message: expect.stringContaining('retention'),
      },
    ])
    // The request is younger than its 24 months: still there, until the clock moves on.
    expect(await test.db.$count(leads, eq(leads.id, request.id))).toBe(1)
    const later = new Date(Date.now() + 25 * 31 * 86_400_000)
    setClock(() => later)
    await runRetention(test.db, periods, logger)
    expect(await test.db.$count(leads, eq(leads.id, request.id))).toBe(0)
    expect(traces(await dumpEveryTable(test.db), old)).toEqual([])
    const entry = await latestAuditOf(oldId)
    expect(entry).toMatchObject({ action: 'erased', actorName: 'Retention schedule' })
  })
})
