import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  agreementReadyNotices,
  auditLog,
  interpreterApplications,
  interpreterProfiles,
  mailOutbox,
  onboardingStepRecords,
  resourceAcknowledgements,
  resources,
  storedFiles,
  users,
} from '../../db/schema'
import { decideApplication } from '../../app/models/interpreter-applications/review.server'
import { missingAgreementNotice } from '../../app/models/onboarding/agreement-notices.server'
import { recordStep, signContractorAgreement } from '../../app/models/onboarding/steps.server'
import { publishNewVersion, setResourceAudience } from '../../app/models/resources.server'
import { findUserByEmail } from '../../app/models/users.server'
import { createApplicant, createStaffActor, emptyTables } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

/**
 * The contractor agreement's e-mail to the interpreters whose first onboarding step waited
 * for it (docs/product.md#interpreter-portal): who gets it, and that nobody gets it twice for
 * the same wait, two publishes at once included.
 */
describe.each(testDatabaseKinds())('the contractor agreement e-mail on %s', (kind) => {
  let actor: { id: string; name: string }
  const test = testRuntimeFor(kind, { env: { SITE_URL: 'https://lang.example' } })
  beforeEach(async () => {
    await emptyTables(test.db, [
      agreementReadyNotices,
      resourceAcknowledgements,
      resources,
      onboardingStepRecords,
      interpreterProfiles,
      interpreterApplications,
      storedFiles,
      mailOutbox,
      auditLog,
      users,
    ])
    actor = await createStaffActor()
  })

  async function approvedInterpreter(firstName: string) {
    const email = `${firstName.toLowerCase()}@interpreters.example`
    const applicationId = await createApplicant(test.db, { firstName, lastName: 'Lima', email })
    await decideApplication(applicationId, 'approved', { sendEmail: false }, actor)
    const user = (await findUserByEmail(email))!
    return { applicationId, userId: user.id, email, self: { id: user.id, name: user.name } }
  }

  async function resource(title: string) {
    const [row] = await test.db
      .insert(resources)
      .values({ title, type: 'document', url: `https://lang.example/${title.length}` })
      .returning()
    return row!.id
  }

  /** Everyone e-mailed that the agreement is ready, once per e-mail, sorted. */
  async function mailed() {
    const rows = await test.db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'agreement-ready'))
    return rows.map((row) => row.to).sort()
  }

  /** Ana and Ben wait for the agreement; Cleo's step is waived; Dee's account is closed. */
  async function interpreters() {
    const ana = await approvedInterpreter('Ana')
    const ben = await approvedInterpreter('Ben')
    const cleo = await approvedInterpreter('Cleo')
    await recordStep(
      cleo.applicationId,
      'contractor_agreement',
      { outcome: 'waived', note: 'Signed on paper in 2025.' },
      actor,
    )
    const dee = await approvedInterpreter('Dee')
    await test.db.update(users).set({ active: false }).where(eq(users.id, dee.userId))
    // An applicant not approved yet has no onboarding.
    await createApplicant(test.db, { firstName: 'Eve', email: 'eve@interpreters.example' })
    await test.db.delete(mailOutbox)
    return { ana, ben }
  }

  it('tells staff who waits, and e-mails each of them once when an agreement is published', async () => {
    const { ana, ben } = await interpreters()
    expect(await missingAgreementNotice()).toEqual({ waiting: 2 })
    const first = await resource('Contractor agreement 2027')
    // Shared with interpreters, but not as the agreement: step 1 still cannot be signed.
    await setResourceAudience(first, 'interpreters', actor)
    expect(await mailed()).toEqual([])

    await setResourceAudience(first, 'agreement', actor)
    expect(await missingAgreementNotice()).toBeNull()
    expect(await mailed()).toEqual([ana.email, ben.email])
    const [toAna] = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, ana.email))
    expect(toAna).toMatchObject({
      subject: 'Your contractor agreement is ready to sign',
      reference: `interpreter_application:${ana.applicationId}`,
    })
    expect(toAna!.text).toContain('Hello Ana,')
    expect(toAna!.text).toContain('The Contractor agreement 2027 is now published.')
    expect(toAna!.text).toContain('https://lang.example/interpreter/onboarding')

    // A new version, a second document replacing the first, or withdrawing and publishing
    // again: the same wait, no second e-mail.
    await publishNewVersion(first, actor)
    const second = await resource('Contractor agreement 2027, revised')
    await setResourceAudience(second, 'agreement', actor)
    await setResourceAudience(second, 'interpreters', actor)
    expect(await missingAgreementNotice()).toEqual({ waiting: 2 })
    await setResourceAudience(first, 'agreement', actor)
    expect(await mailed()).toEqual([ana.email, ben.email])

    // Ana signs: her wait is over. The agreement is withdrawn and another published: she waits
    // again and is told again; Ben, still in his first wait, is not.
    expect(
      await signContractorAgreement(
        { applicationId: ana.applicationId, userId: ana.userId, signedName: 'Ana Lima' },
        ana.self,
      ),
    ).toEqual({ version: 2 })
    await setResourceAudience(first, 'interpreters', actor)
    await setResourceAudience(second, 'agreement', actor)
    expect(await mailed()).toEqual([ana.email, ana.email, ben.email])

    // Someone approved while an agreement is in force never waited for one.
    const finn = await approvedInterpreter('Finn')
    await setResourceAudience(first, 'agreement', actor)
    expect(await mailed()).not.toContain(finn.email)
  })

  it('two publishes at once e-mail each waiting interpreter once and leave one agreement', async () => {
    const { ana, ben } = await interpreters()
    const first = await resource('Agreement A')
    const second = await resource('Agreement B, longer')
    const outcomes = await Promise.allSettled([
      setResourceAudience(first, 'agreement', actor),
      setResourceAudience(second, 'agreement', actor),
      setResourceAudience(first, 'agreement', actor),
    ])
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ])
    expect(await mailed()).toEqual([ana.email, ben.email])
    expect(
      await test.db.$count(resources, eq(resources.audience, 'agreement')),
      'one agreement in force',
    ).toBe(1)
    expect(await test.db.$count(agreementReadyNotices)).toBe(2)
  })
})
