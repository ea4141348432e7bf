import { describe, expect, it } from 'vitest'
import {
  applicationStatusChoices,
  staffApplicationStatuses,
  isApplicationDecision,
  isUndecided,
  statusLabel,
  statusTone,
} from './statuses'

describe('status colours (docs/product.md#colours)', () => {
  it.each([
    ['pending', 'yellow'],
    ['new', 'yellow'],
    ['reviewed', 'blue'],
    ['contacted', 'blue'],
    ['in_progress', 'blue'],
    ['approved', 'green'],
    ['completed', 'green'],
    ['rejected', 'red'],
    ['closed', 'grey'],
    ['interview_scheduled', 'grey'],
  ])('%s is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone)
  })

  it('labels statuses in words', () => {
    expect(statusLabel('interview_scheduled')).toBe('Interview Scheduled')
    expect(statusLabel('new')).toBe('New')
  })
})

describe('application decisions', () => {
  it('are approving and rejecting, made from pending or interview scheduled only', () => {
    expect(['approved', 'rejected', 'pending'].map(isApplicationDecision)).toEqual([
      true,
      true,
      false,
    ])
    expect(['pending', 'interview_scheduled', 'approved'].map(isUndecided)).toEqual([
      true,
      true,
      false,
    ])
    expect(applicationStatusChoices('interview_scheduled')).toEqual([
      'pending',
      'approved',
      'rejected',
      'interview_scheduled',
    ])
    // A decided application is reopened first; it is never switched to the other decision.
    expect(applicationStatusChoices('approved')).toEqual([
      'pending',
      'approved',
      'interview_scheduled',
    ])
    // Only the applicant withdraws; staff may reopen a withdrawn application.
    expect(applicationStatusChoices('pending')).not.toContain('withdrawn')
    expect(applicationStatusChoices('withdrawn')).toEqual([
      'pending',
      'interview_scheduled',
      'withdrawn',
    ])
    expect(staffApplicationStatuses).not.toContain('withdrawn')
  })
})
