import { describe, expect, it } from 'vitest'
import { accountDelayMs, MAX_ACCOUNT_DELAY_MS } from './login-attempts.server'

describe('accountDelayMs', () => {
  it('lets five failures pass, then doubles from one second up to fifteen minutes', () => {
    expect([1, 2, 3, 4].map(accountDelayMs)).toEqual([0, 0, 0, 0])
    expect([5, 6, 7, 8].map(accountDelayMs)).toEqual([1000, 2000, 4000, 8000])
    expect(accountDelayMs(40)).toBe(MAX_ACCOUNT_DELAY_MS)
  })
})
