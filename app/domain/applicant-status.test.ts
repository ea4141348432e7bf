import { describe, expect, it } from 'vitest'
import { applicantStatusOf, mayWithdraw } from './applicant-status'

describe('the applicant status page', () => {
  it('maps every status to plain words', () => {
    expect(applicantStatusOf('pending', false)).toBe('received')
    expect(applicantStatusOf('pending', true)).toBe('under_review')
    expect(applicantStatusOf('interview_scheduled', true)).toBe('interview_scheduled')
    expect(applicantStatusOf('approved', true)).toBe('approved')
    expect(applicantStatusOf('rejected', true)).toBe('not_selected')
    expect(applicantStatusOf('withdrawn', false)).toBe('withdrawn')
  })

  it('lets only an undecided application be withdrawn', () => {
    expect(
      (['pending', 'interview_scheduled', 'approved', 'rejected', 'withdrawn'] as const).map(
        mayWithdraw,
      ),
    ).toEqual([true, true, false, false, false])
  })
})
