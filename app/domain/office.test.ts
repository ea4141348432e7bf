import { afterEach, describe, expect, it } from 'vitest'
import { formatDate, formatDateTime } from './format'
import { calendarDate } from './onboarding'
import { DEFAULT_OFFICE_TIME_ZONE, officeTimeZone, setOfficeTimeZone } from './office'

describe('the office time zone', () => {
  afterEach(() => setOfficeTimeZone(DEFAULT_OFFICE_TIME_ZONE))

  it('is New York until configured, and dates follow it once set', () => {
    const lateEvening = new Date('2026-11-28T03:30:00Z')
    expect(officeTimeZone()).toBe('America/New_York')
    expect(formatDateTime(lateEvening)).toBe('11/27/2026, 10:30 PM EST')
    expect(calendarDate(lateEvening)).toBe('2026-11-27')

    setOfficeTimeZone('Europe/Berlin')
    expect(formatDateTime(lateEvening)).toBe('11/28/2026, 4:30 AM GMT+1')
    expect(formatDate(lateEvening)).toBe('11/28/2026')
    expect(calendarDate(lateEvening)).toBe('2026-11-28')
  })

  it('refuses a zone that does not exist and keeps the one it had', () => {
    setOfficeTimeZone('America/Chicago')
    expect(() => setOfficeTimeZone('Mars/Olympus')).toThrow(RangeError)
    expect(officeTimeZone()).toBe('America/Chicago')
  })
})
