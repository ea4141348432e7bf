import { describe, expect, it } from 'vitest'
import { statusLabel, statusTone } from './statuses'

describe('status colours (spec section 4)', () => {
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
