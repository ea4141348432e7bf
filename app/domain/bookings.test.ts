import { describe, expect, it } from 'vitest'
import { isLateCancellation, isUrgent, zonedTimeToUtc } from './bookings'
import { formatInZone } from './format'

describe('zonedTimeToUtc', () => {
  it('keeps the wall-clock start across a daylight-saving change', () => {
    // New York: EDT (UTC-4) before 1 Nov 2026, EST (UTC-5) after.
    expect(zonedTimeToUtc('2026-10-30', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-10-30T13:00:00.000Z',
    )
    expect(zonedTimeToUtc('2026-11-02', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-11-02T14:00:00.000Z',
    )
    expect(formatInZone('2026-11-02T14:00:00.000Z', 'America/New_York')).toContain('9:00')
    expect(zonedTimeToUtc('2027-01-15', '23:30', 'Asia/Tokyo').toISOString()).toBe(
      '2027-01-15T14:30:00.000Z',
    )
    expect(zonedTimeToUtc('2027-06-15', '08:15', 'UTC').toISOString()).toBe(
      '2027-06-15T08:15:00.000Z',
    )
  })

  it('moves a time the spring change skips forward, and takes the first of a repeated time', () => {
    // 2026-03-08: New York's clocks go from 02:00 EST to 03:00 EDT; 2026-11-01: 02:00 EDT
    // back to 01:00 EST.
    expect(zonedTimeToUtc('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    )
    expect(zonedTimeToUtc('2026-03-08', '01:59', 'America/New_York').toISOString()).toBe(
      '2026-03-08T06:59:00.000Z',
    )
    expect(zonedTimeToUtc('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    )
    expect(zonedTimeToUtc('2026-11-22', '24:00', 'America/New_York').toISOString()).toBe(
      '2026-11-23T05:00:00.000Z',
    )
  })

  it('names the zone when it shows a time', () => {
    expect(formatInZone('2027-01-15T14:00:00Z', 'America/Chicago')).toMatch(/8:00 AM CST$/)
  })
})

describe('urgency and late cancellation', () => {
  const now = new Date('2027-01-10T12:00:00Z')
  it('is urgent and late under 24 hours to the start, not at 24 hours or more', () => {
    expect(isUrgent(new Date('2027-01-11T11:59:00Z'), now)).toBe(true)
    expect(isUrgent(new Date('2027-01-11T12:00:00Z'), now)).toBe(false)
    expect(isLateCancellation(new Date('2027-01-11T11:00:00Z'), now)).toBe(true)
    expect(isLateCancellation(new Date('2027-01-12T12:00:00Z'), now)).toBe(false)
  })
})
