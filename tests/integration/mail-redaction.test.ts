import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  leads,
  interpreterApplications,
  mailAttempts,
  mailOutbox,
  messages,
  rateLimitWindows,
  storedFiles,
  users,
} from '../../db/schema'
import {
  createMailTransport,
  mailFilePath,
  type MailTransport,
} from '../../app/platform/mail/transport.server'
import { detectDocumentFileType } from '../../app/lib/uploads/document-file.server'
import { deleteApplication } from '../../app/models/interpreter-applications/review.server'
import { deleteLead } from '../../app/models/leads/delete.server'
import { createLead } from '../../app/models/leads/intake.server'
import { messageStats } from '../../app/models/communications/history.server'
import { sendMessage } from '../../app/models/communications/send.server'
import { createInterpreterApplication } from '../../app/models/interpreter-applications/create.server'
import { listOutbox, REDACTED_ADDRESS, REDACTED_TEXT } from '../../app/models/mail.server'
import { pdfDocument } from '../support/document-fixtures'
import { createStaffActor, emptyTables } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

const person = {
  firstName: 'Zofia',
  lastName: 'Wiśniewska',
  email: 'Zofia.W@example.org',
  phone: '+1 617 555 0142',
}

/** What must not be left anywhere once the person is deleted. */
const personalText = ['Zofia', 'Wiśniewska', 'zofia.w@example.org', '617 555 0142']

function leftovers(text: string) {
  const lower = text.toLowerCase()
  return personalText.filter((needle) => lower.includes(needle.toLowerCase()))
}

async function apply(email = person.email) {
  const bytes = pdfDocument('Zofia resume')
  const { id } = await createInterpreterApplication(
    {
      source: 'language-page',
      sourceReference: 'polish-interpreter',
      jobId: null,
      position: 'Polish Interpreter',
      firstName: person.firstName,
      lastName: person.lastName,
      email,
      phone: person.phone,
      languages: ['Polish'],
      interpretingExperience: '3-5',
      specializations: [],
      expectedPayPerMinute: '1.00-1.25',
      privacyConsentAt: new Date(),
      privacyNoticeVersion: 'test',
      answers: [['Fluent Languages', 'Polish']],
    },
    { bytes, originalName: 'Zofia CV.pdf', type: (await detectDocumentFileType(bytes))! },
  )
  return id
}

/**
 * The file transport, with a hook that runs just before each message is written: a test
 * can delete the person while their message is on its way.
 */
function interceptingTransport(mailDir: () => string) {
  let inner: MailTransport | undefined
  const hook: { beforeSend?: (id: string) => Promise<void> } = {}
  const transport: MailTransport = {
    describe: 'intercepted files',
    async send(mail) {
      inner ??= createMailTransport({ mailDir: mailDir() })
      await hook.beforeSend?.(mail.id)
      return inner.send(mail)
    },
    discard: (mail) => (inner ??= createMailTransport({ mailDir: mailDir() })).discard(mail),
    close: () => inner?.close(),
  }
  return { transport, hook }
}

describe.each(testDatabaseKinds())('mail of deleted people on %s', (kind) => {
  let actor: { id: string; name: string }
  const intercepted = interceptingTransport(() => test.runtime.mailDir)
  const test = testRuntimeFor(kind, { mailTransport: intercepted.transport })
  beforeEach(async () => {
    intercepted.hook.beforeSend = undefined
    rmSync(test.runtime.mailDir, { recursive: true, force: true })
    await emptyTables(test.db, [
      mailAttempts,
      mailOutbox,
      messages,
      interpreterApplications,
      storedFiles,
      leads,
      rateLimitWindows,
      auditLog,
      users,
    ])
    actor = await createStaffActor()
  })

  async function outboxRows() {
    return test.db.select().from(mailOutbox)
  }

  function emlFiles() {
    const dir = test.runtime.mailDir
    return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.eml')) : []
  }

  function fileText(mail: { id: string; createdAt: Date }) {
    const file = mailFilePath(test.runtime.mailDir, mail)
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined
  }

  it('redacts every message to or about a deleted applicant, removes their files, cancels the queued ones, keeps the statistics', async () => {
    const id = await apply()
    const bystander = await createLead({
      type: 'contact',
      name: 'Bo Bystander',
      email: 'bo@example.net',
      company: 'Elsewhere Inc',
      message: 'Unrelated request.',
    })
    await sendMessage(
      {
        selection: { kind: 'person', source: 'application', id },
        subject: 'Your test call, {{firstName}}',
        message: 'Hello {{firstName}}, call us back.',
      },
      actor,
    )
    await test.runtime.mailWorker.runOnce()
    // One more message that is still waiting when the person is deleted.
    await sendMessage(
      {
        selection: { kind: 'person', source: 'application', id },
        subject: 'A second note',
        message: 'Zofia, one more thing.',
      },
      actor,
    )
    const before = await outboxRows()
    // The bystander's request also told its owner ("New lead for you").
    expect(before).toHaveLength(7)
    const aboutPerson = before.filter(
      (mail) =>
        mail.reference === `interpreter_application:${id}` || mail.toAddress === person.email,
    )
    expect(aboutPerson).toHaveLength(4)
    for (const mail of aboutPerson.filter((row) => row.status === 'sent'))
      expect(leftovers(fileText(mail) ?? '')).not.toEqual([])
    const statsBefore = await messageStats()
    const countsBefore = (await listOutbox()).byStatus

    expect(await deleteApplication(id, actor)).toBe(true)

    const after = await outboxRows()
    expect(after).toHaveLength(7)
    for (const mail of after.filter((row) => aboutPerson.some((about) => about.id === row.id))) {
      expect(leftovers(JSON.stringify(mail))).toEqual([])
      expect(mail).toMatchObject({ subject: REDACTED_TEXT, text: REDACTED_TEXT, replyTo: null })
      expect(mail.headers).toBeNull()
      expect(fileText(mail)).toBeUndefined()
    }
    const toPerson = after.filter((mail) => mail.toAddress === REDACTED_ADDRESS)
    expect(toPerson.map((mail) => mail.template).sort()).toEqual([
      'interpreter-application-acknowledgement',
      'staff-message',
      'staff-message',
    ])
    // The staff notification keeps its (staff) recipient but loses the applicant's data.
    const notification = after.find(
      (mail) =>
        mail.template === 'interpreter-application-staff-notification' &&
        mail.reference === `interpreter_application:${id}`,
    )
    expect(notification?.toAddress).toBe('staff@example.com')
    // The bystander's mail is untouched, file included.
    const theirs = after.filter((mail) => mail.reference === `client_request:${bystander.id}`)
    expect(theirs.map((mail) => mail.subject)).not.toContain(REDACTED_TEXT)
    expect(theirs.every((mail) => fileText(mail) !== undefined)).toBe(true)
    expect(emlFiles()).toHaveLength(3)

    const attempts = await test.db.select().from(mailAttempts)
    expect(leftovers(JSON.stringify(attempts))).toEqual([])
    const history = await test.db.select().from(messages)
    expect(leftovers(JSON.stringify(history))).toEqual([])

    // Sent stays sent; the message still waiting is cancelled and never goes out.
    const countsAfter = (await listOutbox()).byStatus
    expect(countsAfter).toEqual({ ...countsBefore, queued: undefined, cancelled: 1 })
    expect(await messageStats()).toEqual(statsBefore)
    expect(await test.runtime.mailWorker.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(emlFiles()).toHaveLength(3)
  })

  it('cancels a message that is on its way when the person is deleted, and leaves no file of it', async () => {
    const id = await apply()
    await test.db.delete(mailOutbox)
    await sendMessage(
      {
        selection: { kind: 'person', source: 'application', id },
        subject: 'Hello {{firstName}}',
        message: 'Hello {{firstName}}.',
      },
      actor,
    )
    intercepted.hook.beforeSend = async () => {
      intercepted.hook.beforeSend = undefined
      rmSync(test.runtime.mailDir, { recursive: true, force: true })
      await deleteApplication(id, actor)
    }
    await test.runtime.mailWorker.runOnce()
    const [mail] = await outboxRows()
    expect(mail).toMatchObject({ status: 'cancelled', toAddress: REDACTED_ADDRESS })
    expect(emlFiles()).toEqual([])
    expect(await test.db.$count(mailAttempts)).toBe(0)
  })

  it('keeps the mail to an address another record still has, and redacts what was about the deleted one', async () => {
    const first = await apply()
    const second = await apply(person.email.toLowerCase())
    await test.runtime.mailWorker.runOnce()
    expect(await deleteApplication(first, actor)).toBe(true)
    const rows = await outboxRows()
    const ofFirst = rows.filter((mail) => mail.reference === `interpreter_application:${first}`)
    const ofSecond = rows.filter((mail) => mail.reference === `interpreter_application:${second}`)
    expect(ofFirst.map((mail) => mail.subject)).toEqual([REDACTED_TEXT, REDACTED_TEXT])
    expect(ofSecond.map((mail) => mail.subject)).not.toContain(REDACTED_TEXT)
    expect(ofSecond.every((mail) => fileText(mail) !== undefined)).toBe(true)
    expect(ofFirst.every((mail) => fileText(mail) === undefined)).toBe(true)
  })

  it('redacts the mail of a deleted client request, its files included', async () => {
    const { id } = await createLead({
      type: 'demo',
      name: `${person.firstName} ${person.lastName}`,
      email: person.email,
      phone: person.phone,
      company: 'Wiśniewska Translations',
      message: 'Please call Zofia.',
    })
    await test.runtime.mailWorker.runOnce()
    const before = await outboxRows()
    expect(before.every((mail) => fileText(mail) !== undefined)).toBe(true)
    const countsBefore = (await listOutbox()).byStatus

    expect(await deleteLead(id, actor)).toBe(true)

    const after = await outboxRows()
    expect(leftovers(JSON.stringify(after))).toEqual([])
    expect(after.map((mail) => [mail.template, mail.status]).sort()).toEqual(
      before.map((mail) => [mail.template, mail.status]).sort(),
    )
    expect(emlFiles()).toEqual([])
    expect((await listOutbox()).byStatus).toEqual(countsBefore)
    // The acknowledgement, the staff notification and the owner's "New lead for you".
    expect(await test.db.$count(mailOutbox, eq(mailOutbox.reference, `client_request:${id}`))).toBe(
      3,
    )
  })
})
