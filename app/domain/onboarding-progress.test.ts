import { describe, expect, it } from 'vitest'
import { credentialStatus, languagesNeedingCertificates, type DocumentFacts } from './onboarding'
import { nextStep, onboardingState, stepSummary, type OnboardingFacts } from './onboarding-progress'

const document = (overrides: Partial<DocumentFacts> = {}): DocumentFacts => ({
  status: 'accepted',
  expiresOn: null,
  uploadedAt: '2027-01-01T10:00:00Z',
  rejectionReason: null,
  ...overrides,
})

describe('credentialStatus', () => {
  it('names each state of a credential; Expiring is 30 days or less', () => {
    expect(credentialStatus([], '2027-03-01')).toBe('Missing')
    expect(credentialStatus([document({ status: 'pending' })], '2027-03-01')).toBe('Pending review')
    expect(credentialStatus([document({ expiresOn: '2027-03-31' })], '2027-03-01')).toBe('Expiring')
    expect(credentialStatus([document({ expiresOn: '2027-04-01' })], '2027-03-01')).toBe('Current')
    expect(credentialStatus([document()], '2027-03-01')).toBe('Current')
    expect(credentialStatus([document({ status: 'expired' })], '2027-03-01')).toBe('Expired')
    expect(
      credentialStatus(
        [document({ status: 'rejected', rejectionReason: 'Blurred' })],
        '2027-03-01',
      ),
    ).toBe('Rejected')
  })

  it('keeps an accepted credential while a renewal waits, and reads the newest otherwise', () => {
    const accepted = document({ uploadedAt: '2027-01-01T10:00:00Z' })
    const renewal = document({ status: 'pending', uploadedAt: '2027-02-01T10:00:00Z' })
    expect(credentialStatus([renewal, accepted], '2027-03-01')).toBe('Current')
    const rejectedThenPending = [
      document({ status: 'rejected', uploadedAt: '2027-01-01T10:00:00Z' }),
      document({ status: 'pending', uploadedAt: '2027-02-01T10:00:00Z' }),
    ]
    expect(credentialStatus(rejectedThenPending, '2027-03-01')).toBe('Pending review')
  })
})

describe('onboardingState', () => {
  const facts = (overrides: Partial<OnboardingFacts> = {}): OnboardingFacts => ({
    languages: ['Spanish', 'English'],
    documents: [],
    records: [],
    agreementSigned: false,
    hasPayoutDetails: false,
    ...overrides,
  })

  it('counts nothing for a new interpreter and asks for the agreement first', () => {
    const state = onboardingState(facts(), '2027-03-01')
    expect(state.progress).toBe(0)
    expect(nextStep(state.steps)?.key).toBe('contractor_agreement')
    expect(state.steps.map((step) => stepSummary(step))).toEqual(Array(6).fill('To do'))
  })

  it('counts each step on its own rule, and a waiver whatever the step lacks', () => {
    const state = onboardingState(
      facts({
        agreementSigned: true,
        hasPayoutDetails: true,
        documents: [
          { ...document(), step: 'language_proficiency', language: 'Spanish' },
          { ...document({ status: 'pending' }), step: 'payment_tax', language: null },
          { ...document({ expiresOn: '2027-03-20' }), step: 'medical_training', language: null },
        ],
        records: [
          {
            step: 'mock_session',
            outcome: 'failed',
            note: null,
            recordedByName: 'Sam',
            recordedAt: '2027-02-01',
          },
          {
            step: 'background_check',
            outcome: 'waived',
            note: 'Checked by the court.',
            recordedByName: 'Sam',
            recordedAt: '2027-02-01',
          },
        ],
      }),
      '2027-03-01',
    )
    expect(state.steps.map((step) => [step.key, step.complete])).toEqual([
      ['contractor_agreement', true],
      ['background_check', true],
      ['language_proficiency', true],
      ['medical_training', true],
      ['mock_session', false],
      ['payment_tax', false],
    ])
    expect(state.progress).toBe(4)
    expect(state.steps.map((step) => stepSummary(step))).toEqual([
      'Done',
      'Waived',
      'Done',
      'Done',
      'To do',
      'Pending review',
    ])
  })

  it('an unsigned new agreement version, an expired certificate or a missing language re-open their steps', () => {
    const state = onboardingState(
      facts({
        languages: ['Spanish', 'Portuguese'],
        agreementSigned: false,
        documents: [
          { ...document(), step: 'language_proficiency', language: 'Spanish' },
          { ...document({ status: 'expired' }), step: 'medical_training', language: null },
        ],
      }),
      '2027-03-01',
    )
    expect(state.progress).toBe(0)
    expect(state.steps[3]?.credentials[0]?.status).toBe('Expired')
  })

  it('needs no certificate for English, the other side of every pair', () => {
    expect(languagesNeedingCertificates(['English', 'Spanish', 'spanish', 'Spanish'])).toEqual([
      'Spanish',
      'spanish',
    ])
  })
})
