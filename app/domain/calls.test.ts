import { describe, expect, it } from 'vitest'
import { connectTimeText } from './calls'

describe('connectTimeText', () => {
  it('says the published median in whole seconds, then minutes and seconds', () => {
    expect(connectTimeText(0.2)).toBe('1 second')
    expect(connectTimeText(7.5)).toBe('8 seconds')
    expect(connectTimeText(59.4)).toBe('59 seconds')
    expect(connectTimeText(60)).toBe('1 min')
    expect(connectTimeText(65)).toBe('1 min 5 s')
    expect(connectTimeText(150)).toBe('2 min 30 s')
  })
})
