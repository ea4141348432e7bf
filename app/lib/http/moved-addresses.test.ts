import { describe, expect, it } from 'vitest'
import { movedAddress } from './moved-addresses'

describe('movedAddress', () => {
  it('moves the old address and everything below it, keeping the query', () => {
    expect(movedAddress('/client/requests')).toBe('/client/bookings')
    expect(movedAddress('/client/requests/', '?a=1')).toBe('/client/bookings/?a=1')
    expect(movedAddress('/client/requests/b1', '?page=2')).toBe('/client/bookings/b1?page=2')
    expect(movedAddress('/client/requests/b1/files/f1')).toBe('/client/bookings/b1/files/f1')
  })

  it('leaves addresses that only start with the same letters, and the new ones, alone', () => {
    expect(movedAddress('/client/requests-old')).toBeUndefined()
    expect(movedAddress('/client/bookings/b1')).toBeUndefined()
    expect(movedAddress('/admin/clients')).toBeUndefined()
  })
})
