import { describe, expect, it } from 'vitest'
import { dueReminderWindow } from './booking-reminders'

describe('dueReminderWindow', () => {
  const start = new Date('2026-05-05T14:00:00Z')
  const before = (hours: number) => new Date(start.getTime() - hours * 60 * 60 * 1000)

  it('is none more than 24 hours before the start, and none once it started', () => {
    expect(dueReminderWindow(start, before(24.01))).toBeUndefined()
    expect(dueReminderWindow(start, before(0))).toBeUndefined()
    expect(dueReminderWindow(start, before(-1))).toBeUndefined()
  })

  it('is the 24-hour window from 24 hours down to 2 hours before', () => {
    expect(dueReminderWindow(start, before(24))).toBe('24h')
    expect(dueReminderWindow(start, before(2.01))).toBe('24h')
  })

  it('is the 2-hour window in the last 2 hours: a late start never gets the 24-hour one', () => {
    expect(dueReminderWindow(start, before(2))).toBe('2h')
    expect(dueReminderWindow(start, before(1))).toBe('2h')
    expect(dueReminderWindow(start, before(0.01))).toBe('2h')
  })
})
