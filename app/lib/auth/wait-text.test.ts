import { describe, expect, it } from 'vitest'
import { describeWait } from './wait-text'

describe('describeWait', () => {
  it('says the real wait of a Retry-After, rounded up', () => {
    expect(describeWait(1)).toBe('a second')
    expect(describeWait(2)).toBe('2 seconds')
    expect(describeWait(59)).toBe('59 seconds')
    expect(describeWait(60)).toBe('a minute')
    expect(describeWait(61)).toBe('2 minutes')
    expect(describeWait(537)).toBe('9 minutes')
    expect(describeWait(900)).toBe('15 minutes')
  })
})
