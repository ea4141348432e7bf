import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  formSubmissions,
  interpreterApplications,
  mailOutbox,
  rateLimitWindows,
  users,
} from '../../db/schema'
import { resolvePosition } from '../../app/content/interpreter-positions'
import { applicationStatusToken } from '../../app/emails/application-status-token.server'
import { validationMessage } from '../../app/i18n/translator.server'
import { submitInterpreterApplication } from '../../app/routes/careers/+shared/application-action.server'
import { decideApplication } from '../../app/models/interpreter-applications/review.server'
import { applicantStatusView, requestErasure } from '../../app/models/privacy/status-page.server'
import { pdfDocument } from '../support/document-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testDatabaseKinds } from '../support/test-database'
import { testRuntimeFor } from '../support/test-runtime'

const fullForm = {
  firstName: 'Lucía',
  lastName: 'Ramírez',
  email: 'lucia.ramirez@example.org',
  phone: '+1 305 555 0182',
  address: '100 Biscayne Blvd',
  city: 'Miami',
  state: 'FL',
  nativeLanguage: 'fluent',
  interpretingExperience: '3-5',
  medicalExperience: '1-3',
  legalAvailability: '20-30',
  expectedPayPerMinute: '0.75-1.00',
  privacyConsent: 'on',
}

/** The language page's form, sent from the Spanish or the English page. */
function applicationFrom(path: string, fields: Record<string, string>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('resume', new File([new Uint8Array(pdfDocument())], 'cv.pdf'))
  return new Request(`http://localhost${path}?language=korean-interpreter`, {
    method: 'POST',
    body: form,
  })
}

const korean = { source: 'language-page', position: resolvePosition('korean-interpreter') } as const

describe.each(testDatabaseKinds())('applications in Spanish on %s', (kind) => {
  const test = testRuntimeFor(kind, { env: { STAFF_NOTIFY_EMAIL: 'recruiting@example.com' } })
  beforeEach(async () => {
    await test.db.delete(mailOutbox)
    await test.db.delete(formSubmissions)
    await test.db.delete(interpreterApplications)
    await test.db.delete(rateLimitWindows)
  })

  const apply = async (path: string, ip: string) => {
    const response = await submitInterpreterApplication(
      applicationFrom(path, { ...fullForm, formToken: randomUUID() }),
      korean,
      ip,
    )
    expect(response).toMatchObject({ submitted: true })
    const [row] = await test.db.select().from(interpreterApplications)
    return row!
  }

  const mailsTo = (address: string) =>
    test.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address))

  it('keeps the language with an application sent from a Spanish page, and acknowledges it in Spanish with a Spanish status link', async () => {
    const row = await apply('/es/application', '203.0.113.40')
    // Staff read the position in English; the applicant's language is stored beside it.
    expect(row).toMatchObject({ locale: 'es', position: 'Korean Interpreter' })
    const [acknowledgement] = await mailsTo(fullForm.email)
    expect(acknowledgement?.subject).not.toContain('We received your application')
    expect(acknowledgement?.text).toContain('Intérprete de coreano')
    expect(acknowledgement?.text).not.toMatch(/Thank you|get back to you|status page/)
    expect(acknowledgement?.html).toContain('<html lang="es">')
    expect(acknowledgement?.text).toMatch(/http:\/\/[^/]+\/es\/application-status\/[\w.-]+/)
    const [staff] = await mailsTo('recruiting@example.com')
    expect(staff?.text).toContain('A new interpreter application arrived.')
    expect(staff?.text).toContain('Applied in: Spanish')
  })

  it('keeps English applications in English', async () => {
    const row = await apply('/application', '203.0.113.41')
    expect(row.locale).toBe('en')
    const [acknowledgement] = await mailsTo(fullForm.email)
    expect(acknowledgement?.text).toContain(
      'Thank you for applying for the Korean Interpreter position',
    )
    expect(acknowledgement?.text).toMatch(/http:\/\/[^/]+\/application-status\//)
  })

  it('answers a refused Spanish form with Spanish messages, keeping what was typed', async () => {
    const response = await submitInterpreterApplication(
      applicationFrom('/es/application', {
        ...fullForm,
        firstName: '',
        email: 'not an address',
        formToken: randomUUID(),
      }),
      korean,
      '203.0.113.42',
    )
    expect(response).toMatchObject({ init: { status: 400 } })
    const { result } = (
      response as {
        data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }
      }
    ).data
    const firstNameMessage = validationMessage('es', 'Please enter your first name.')
    expect(firstNameMessage).not.toBe('Please enter your first name.')
    expect(result.error.firstName).toEqual([firstNameMessage])
    expect(result.error.email).toEqual([
      validationMessage('es', 'Please enter a valid email address.'),
    ])
    expect(result.initialValue.lastName).toBe('Ramírez')
    expect(await test.db.$count(interpreterApplications)).toBe(0)
  })

  it('sends the decision and the erasure link in the language the applicant applied in', async () => {
    const row = await apply('/es/application', '203.0.113.43')
    const token = applicationStatusToken(row.id, 1, test.runtime.config.sessionSecret)
    expect((await applicantStatusView(token))?.position).toBe('Korean Interpreter')
    expect(await requestErasure(token)).toBe('sent')
    const actor = await createStaffActor(`staff-${randomUUID()}@example.com`)
    expect(await decideApplication(row.id, 'approved', { sendEmail: true }, actor)).toBe('decided')
    const mails = await mailsTo(fullForm.email)
    const erasure = mails.find((mail) => mail.template === 'application-erasure-confirmation')
    expect(erasure?.text).toMatch(/\/es\/application-erasure\//)
    expect(erasure?.text).not.toContain('Someone asked')
    const approved = mails.find((mail) => mail.template === 'application-approved')
    expect(approved?.text).toContain('Lucía')
    expect(approved?.text).toContain('Intérprete de coreano')
    expect(approved?.text).not.toContain('Good news')
    await test.db.delete(users).where(eq(users.id, actor.id))
  })
})
