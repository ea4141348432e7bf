import { describe, expect, it } from 'vitest'
import { formatCount } from './format'

describe('formatCount', () => {
  it('names one thing in the singular and any other count in the plural, grouped', () => {
    expect(formatCount(1, 'booking', 'bookings')).toBe('1 booking')
    expect(formatCount(0, 'booking', 'bookings')).toBe('0 bookings')
    expect(formatCount(1204, 'user', 'users')).toBe('1,204 users')
  })
})
