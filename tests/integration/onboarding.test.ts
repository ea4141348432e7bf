import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  credentialReminders,
  interpreterApplications,
  interpreterDocuments,
  interpreterPayoutDetails,
  interpreterProfileChanges,
  interpreterProfiles,
  mailOutbox,
  resourceAcknowledgements,
  resources,
  storedFiles,
  users,
} from '../../db/schema'
import { onboardingState } from '../../app/domain/onboarding-progress'
import { decideApplication } from '../../app/models/interpreter-applications/review.server'
import { mergeApplications } from '../../app/models/interpreter-applications/duplicates.server'
import {
  documentsAwaitingReview,
  expiringCredentials,
  OnboardingRuleError,
  reviewDocument,
  uploadDocument,
  type NewDocument,
} from '../../app/models/onboarding/documents.server'
import { runCredentialExpiry } from '../../app/models/onboarding/expiry.server'
import {
  loadOnboardingFacts,
  onboardingApplicationOf,
} from '../../app/models/onboarding/progress.server'
import {
  maskAccount,
  maskedPayoutDetails,
  recordStep,
  savePayoutDetails,
  signContractorAgreement,
} from '../../app/models/onboarding/steps.server'
import { publishNewVersion, setResourceAudience } from '../../app/models/resources.server'
import { findUserByEmail } from '../../app/models/users.server'
import { decideProfileChange, requestProfileChange } from '../../app/models/profile-changes.server'
import { setClock } from '../../app/platform/clock.server'
import { pdfDocument } from '../support/document-fixtures'
import { createApplicant, createStaffActor, emptyTables } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

/** Noon in New York on a calendar day, so that the office's date is that day. */
const at = (day: string) => new Date(`${day}T17:00:00Z`)

describe.each(testDatabaseKinds())('interpreter onboarding on %s', (kind) => {
  let actor: { id: string; name: string }
  const test = testRuntimeFor(kind, { env: { SITE_URL: 'https://lang.example' } })
  afterEach(() => setClock())
  beforeEach(async () => {
    setClock(() => at('2027-03-01'))
    await emptyTables(test.db, [
      resourceAcknowledgements,
      resources,
      interpreterProfiles,
      interpreterApplications,
      storedFiles,
      mailOutbox,
      auditLog,
      users,
    ])
    actor = await createStaffActor()
  })

  async function approvedInterpreter(email = 'ana@example.org') {
    const applicationId = await createApplicant(test.db, {
      firstName: 'Ana',
      lastName: 'Lima',
      email,
    })
    await decideApplication(applicationId, 'approved', { sendEmail: false }, actor)
    const user = await findUserByEmail(email)
    return { applicationId, user: user!, self: { id: user!.id, name: user!.name } }
  }

  const upload = (applicationId: string, overrides: Partial<NewDocument> = {}) =>
    uploadDocument(
      {
        applicationId,
        step: 'medical_training',
        language: null,
        issuedOn: '2026-06-01',
        expiresOn: '2027-06-01',
        file: {
          bytes: pdfDocument('HIPAA'),
          mediaType: 'application/pdf',
          extension: 'pdf',
          originalName: 'hipaa.pdf',
        },
        ...overrides,
      },
      actor,
    )

  async function state(applicationId: string, day = '2027-03-01') {
    const facts = (await loadOnboardingFacts([applicationId])).get(applicationId)!
    return onboardingState(facts, day)
  }

  async function storedProgress(applicationId: string) {
    const [row] = await test.db
      .select({ progress: interpreterApplications.onboardingProgress })
      .from(interpreterApplications)
      .where(eq(interpreterApplications.id, applicationId))
    return row?.progress
  }

  const mailsOf = (template: string) =>
    test.db.select().from(mailOutbox).where(eq(mailOutbox.template, template))

  it('a document waits for review, counts once accepted, and the stored figure follows', async () => {
    const { applicationId, user } = await approvedInterpreter()
    expect(await onboardingApplicationOf(user.id)).toMatchObject({ applicationId })
    const documentId = await upload(applicationId)
    let medical = (await state(applicationId)).steps.find(
      (step) => step.key === 'medical_training',
    )!
    expect(medical.credentials[0]?.status).toBe('Pending review')
    expect(await documentsAwaitingReview()).toEqual([
      expect.objectContaining({
        id: documentId,
        interpreterName: 'Ana Lima',
        fileName: 'hipaa.pdf',
      }),
    ])
    await reviewDocument(documentId, { decision: 'accept' }, actor)
    medical = (await state(applicationId)).steps.find((step) => step.key === 'medical_training')!
    expect(medical).toMatchObject({ complete: true })
    expect(medical.credentials[0]?.status).toBe('Current')
    expect(await storedProgress(applicationId)).toBe(1)
    await expect(reviewDocument(documentId, { decision: 'accept' }, actor)).rejects.toThrow(
      OnboardingRuleError,
    )
  })

  it('a rejected document keeps its reason and e-mails the interpreter', async () => {
    const { applicationId } = await approvedInterpreter()
    const documentId = await upload(applicationId, {
      step: 'background_check',
      issuedOn: null,
      expiresOn: null,
    })
    await reviewDocument(
      documentId,
      { decision: 'reject', reason: 'The form is not signed.' },
      actor,
    )
    const background = (await state(applicationId)).steps.find(
      (step) => step.key === 'background_check',
    )!
    expect(background.credentials[0]?.status).toBe('Rejected')
    expect(background.credentials[0]?.documents[0]?.rejectionReason).toBe('The form is not signed.')
    const [mail] = await mailsOf('document-rejected')
    expect(mail?.toAddress).toBe('ana@example.org')
    expect(mail?.text).toContain('The form is not signed.')
    expect(mail?.text).toContain('https://lang.example/interpreter/onboarding')
  })

  it('a background check result is valid two years from the review', async () => {
    const { applicationId } = await approvedInterpreter()
    const documentId = await upload(applicationId, {
      step: 'background_check',
      issuedOn: null,
      expiresOn: null,
    })
    await reviewDocument(documentId, { decision: 'accept' }, actor)
    const [row] = await test.db
      .select()
      .from(interpreterDocuments)
      .where(eq(interpreterDocuments.id, documentId))
    expect(row?.expiresOn).toBe('2029-03-01')
  })

  it('language proficiency needs a current certificate for each language besides English', async () => {
    const { applicationId } = await approvedInterpreter()
    await test.db
      .update(interpreterProfiles)
      .set({ languages: ['Spanish', 'English', 'Portuguese'] })
      .where(eq(interpreterProfiles.applicationId, applicationId))
    const spanish = await upload(applicationId, {
      step: 'language_proficiency',
      language: 'Spanish',
      expiresOn: null,
    })
    await reviewDocument(spanish, { decision: 'accept' }, actor)
    let language = (await state(applicationId)).steps.find(
      (step) => step.key === 'language_proficiency',
    )!
    expect(
      language.credentials.map((credential) => [credential.language, credential.status]),
    ).toEqual([
      ['Spanish', 'Current'],
      ['Portuguese', 'Missing'],
    ])
    expect(language.complete).toBe(false)
    const portuguese = await upload(applicationId, {
      step: 'language_proficiency',
      language: 'Portuguese',
      expiresOn: null,
    })
    await reviewDocument(portuguese, { decision: 'accept' }, actor)
    language = (await state(applicationId)).steps.find(
      (step) => step.key === 'language_proficiency',
    )!
    expect(language.complete).toBe(true)
  })

  it('reminds 30, 7 and 0 days before expiry, each once, then expires and re-opens the step, on parallel runs', async () => {
    const { applicationId } = await approvedInterpreter()
    const documentId = await upload(applicationId)
    await reviewDocument(documentId, { decision: 'accept' }, actor)
    expect(await storedProgress(applicationId)).toBe(1)

    // 45 days before: nothing.
    expect(await runCredentialExpiry(test.db, '2027-04-17')).toEqual({ reminders: 0, expired: 0 })
    // 30 days before, three instances at once: one reminder.
    const runs = await Promise.all([1, 2, 3].map(() => runCredentialExpiry(test.db, '2027-05-02')))
    expect(runs.reduce((sum, run) => sum + run.reminders, 0)).toBe(1)
    await runCredentialExpiry(test.db, '2027-05-03')
    expect(await mailsOf('credential-reminder')).toHaveLength(1)
    setClock(() => at('2027-05-03'))
    expect(await expiringCredentials()).toEqual([
      expect.objectContaining({ id: documentId, status: 'accepted' }),
    ])
    expect(
      (await state(applicationId, '2027-05-03')).steps.find(
        (step) => step.key === 'medical_training',
      )?.credentials[0]?.status,
    ).toBe('Expiring')
    // 7 days before.
    await runCredentialExpiry(test.db, '2027-05-25')
    await runCredentialExpiry(test.db, '2027-05-25')
    expect(await mailsOf('credential-reminder')).toHaveLength(2)
    expect(await storedProgress(applicationId)).toBe(1)
    // The expiry day, twice at once: the last reminder and the expiry happen once.
    const last = await Promise.all([
      runCredentialExpiry(test.db, '2027-06-01'),
      runCredentialExpiry(test.db, '2027-06-01'),
    ])
    expect(last.reduce((sum, run) => sum + run.expired, 0)).toBe(1)
    const reminders = await mailsOf('credential-reminder')
    expect(reminders).toHaveLength(3)
    expect(reminders.map((mail) => mail.subject)).toContain(
      'Your Medical terminology / HIPAA training expires today',
    )
    expect(await mailsOf('credential-expired')).toHaveLength(1)
    expect(await storedProgress(applicationId)).toBe(0)
    const medical = (await state(applicationId, '2027-06-01')).steps.find(
      (step) => step.key === 'medical_training',
    )!
    expect(medical.credentials[0]?.status).toBe('Expired')
    expect(medical.complete).toBe(false)
    expect(await test.db.$count(credentialReminders)).toBe(3)
  })

  it('a late run sends one reminder, not every one it missed', async () => {
    const { applicationId } = await approvedInterpreter()
    const documentId = await upload(applicationId)
    await reviewDocument(documentId, { decision: 'accept' }, actor)
    await runCredentialExpiry(test.db, '2027-05-30')
    expect(await mailsOf('credential-reminder')).toHaveLength(1)
    await runCredentialExpiry(test.db, '2027-05-31')
    expect(await mailsOf('credential-reminder')).toHaveLength(1)
  })

  it('a renewal accepted replaces the old credential, which then never expires the step', async () => {
    const { applicationId } = await approvedInterpreter()
    const first = await upload(applicationId)
    await reviewDocument(first, { decision: 'accept' }, actor)
    const renewal = await upload(applicationId, { issuedOn: '2027-02-01', expiresOn: '2028-02-01' })
    expect(
      (await state(applicationId)).steps.find((step) => step.key === 'medical_training')
        ?.credentials[0]?.status,
    ).toBe('Current')
    await reviewDocument(renewal, { decision: 'accept' }, actor)
    const rows = await test.db.select().from(interpreterDocuments)
    expect(rows.find((row) => row.id === first)?.status).toBe('superseded')
    expect(await runCredentialExpiry(test.db, '2027-06-01')).toEqual({ reminders: 0, expired: 0 })
    expect(await storedProgress(applicationId)).toBe(1)
  })

  it('payout details count with an accepted tax form, and the account is only ever shown masked', async () => {
    const { applicationId, self } = await approvedInterpreter()
    await savePayoutDetails(
      applicationId,
      { payeeName: 'Ana Lima', method: 'bank', account: 'GB29 NWBK 6016 1331 9268 19' },
      self,
    )
    expect(await maskedPayoutDetails(applicationId)).toMatchObject({ account: '•••• 6819' })
    expect(JSON.stringify(await test.db.select().from(auditLog))).not.toContain('NWBK')
    expect(await storedProgress(applicationId)).toBe(0)
    const tax = await upload(applicationId, {
      step: 'payment_tax',
      issuedOn: null,
      expiresOn: null,
    })
    await reviewDocument(tax, { decision: 'accept' }, actor)
    expect(await storedProgress(applicationId)).toBe(1)
    expect(maskAccount({ method: 'email', account: 'ana.lima@example.org' })).toBe(
      'a•••@example.org',
    )
    const [stored] = await test.db.select().from(interpreterPayoutDetails)
    expect(stored?.account).toBe('GB29 NWBK 6016 1331 9268 19')
  })

  it('the contractor agreement is signed per version: a new version asks again', async () => {
    const { applicationId, user, self } = await approvedInterpreter()
    expect(
      await signContractorAgreement(
        { applicationId, userId: user.id, signedName: 'Ana Lima' },
        self,
      ),
    ).toBeUndefined()
    const [agreement] = await test.db
      .insert(resources)
      .values({
        title: 'Contractor agreement',
        type: 'document',
        url: 'https://lang.example/agreement',
      })
      .returning()
    await setResourceAudience(agreement!.id, 'agreement', actor)
    expect(
      await signContractorAgreement(
        { applicationId, userId: user.id, signedName: 'Ana Lima' },
        self,
      ),
    ).toEqual({ version: 1 })
    expect(await storedProgress(applicationId)).toBe(1)
    expect(await publishNewVersion(agreement!.id, actor)).toBe(2)
    expect(await storedProgress(applicationId)).toBe(0)
    await signContractorAgreement({ applicationId, userId: user.id, signedName: 'Ana Lima' }, self)
    expect(await storedProgress(applicationId)).toBe(1)
    // Another resource becomes the agreement: unsigned again; the old one stays for interpreters.
    const [other] = await test.db
      .insert(resources)
      .values({
        title: 'Agreement 2028',
        type: 'document',
        url: 'https://lang.example/agreement-2028',
      })
      .returning()
    await setResourceAudience(other!.id, 'agreement', actor)
    expect(await storedProgress(applicationId)).toBe(0)
    const audiences = await test.db
      .select({ id: resources.id, audience: resources.audience })
      .from(resources)
    expect(audiences.find((row) => row.id === agreement!.id)?.audience).toBe('interpreters')
  })

  it('a waiver needs a reason and counts the step; merging moves documents to the kept record', async () => {
    const { applicationId } = await approvedInterpreter()
    await expect(
      recordStep(applicationId, 'payment_tax', { outcome: 'waived', note: '' }, actor),
    ).rejects.toThrow()
    await recordStep(
      applicationId,
      'payment_tax',
      { outcome: 'waived', note: 'Paid through an agency.' },
      actor,
    )
    expect(await storedProgress(applicationId)).toBe(1)

    const duplicate = await createApplicant(test.db, {
      firstName: 'Ana',
      lastName: 'Lima',
      email: 'ana@example.org',
    })
    await decideApplication(duplicate, 'approved', { sendEmail: false }, actor)
    const documentId = await upload(duplicate)
    await reviewDocument(documentId, { decision: 'accept' }, actor)
    expect(await mergeApplications(applicationId, duplicate, actor)).toBe('done')
    const [moved] = await test.db.select().from(interpreterDocuments)
    expect(moved?.applicationId).toBe(applicationId)
    expect(await storedProgress(applicationId)).toBe(2)
  })

  it('an approved new language asks for its certificate: the language step opens again', async () => {
    const { applicationId, self } = await approvedInterpreter()
    const spanish = await upload(applicationId, {
      step: 'language_proficiency',
      language: 'Spanish',
      expiresOn: null,
    })
    await reviewDocument(spanish, { decision: 'accept' }, actor)
    expect(await storedProgress(applicationId)).toBe(1)
    expect(
      await requestProfileChange(self, {
        languages: [
          { language: 'Spanish', proficiency: 'native' },
          { language: 'Portuguese', proficiency: 'fluent' },
        ],
        specializations: [],
      }),
    ).toBe('requested')
    const [change] = await test.db.select().from(interpreterProfileChanges)
    await decideProfileChange(change!.id, { decision: 'approved' }, actor)
    expect(await storedProgress(applicationId)).toBe(0)
  })
})
