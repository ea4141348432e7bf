import { describe, expect, it } from 'vitest'
import { walkSortIndex } from './search-plan.server'

describe('walkSortIndex', () => {
  it('collects and sorts rare matches', () => {
    // 108 of 100,000: walking would read about 23,000 rows to fill a page of 25.
    expect(walkSortIndex({ matches: 108, tableRows: 100_000, rowsNeeded: 25 })).toBe(false)
  })

  it('walks the sort index when matches are common', () => {
    // 4,200 of 100,000: walking reads about 600 rows, sorting would read 4,200.
    expect(walkSortIndex({ matches: 4_200, tableRows: 100_000, rowsNeeded: 25 })).toBe(true)
  })

  it('needs more matches to walk to a later page', () => {
    expect(walkSortIndex({ matches: 4_200, tableRows: 100_000, rowsNeeded: 25 * 200 })).toBe(false)
  })

  it('sorts when nothing is known of the table or nothing matches', () => {
    expect(walkSortIndex({ matches: 10, tableRows: 0, rowsNeeded: 25 })).toBe(false)
    expect(walkSortIndex({ matches: 0, tableRows: 100, rowsNeeded: 25 })).toBe(false)
  })
})
