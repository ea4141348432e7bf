import { describe, expect, it } from 'vitest'
import {
  earliestInForce,
  IN_FORCE_PAST_MESSAGE,
  officeDateTime,
  officeDateTimeToUtc,
  ratesFromValues,
  ratesSchema,
} from './rates'

describe('"in force from" in the office’s zone', () => {
  it('reads and writes wall-clock times in New York, across daylight-saving changes', () => {
    expect(officeDateTimeToUtc('2026-01-15T09:30')!.toISOString()).toBe('2026-01-15T14:30:00.000Z')
    expect(officeDateTimeToUtc('2026-07-15T09:30')!.toISOString()).toBe('2026-07-15T13:30:00.000Z')
    expect(officeDateTime(new Date('2026-03-08T07:05:00Z'))).toBe('2026-03-08T03:05')
    expect(officeDateTime(new Date('2026-11-01T05:59:59Z'))).toBe('2026-11-01T01:59')
    expect(officeDateTimeToUtc('2026-02-30T09:00')).toBeUndefined()
    expect(officeDateTimeToUtc('2026-03-01T24:00')).toBeUndefined()
    expect(officeDateTimeToUtc('tomorrow')).toBeUndefined()
  })

  it('takes the form’s default for a while, then calls it the past', () => {
    const now = new Date('2026-03-20T15:00:30Z')
    expect(earliestInForce(now).toISOString()).toBe('2026-03-20T14:45:00.000Z')
    const values = {
      modality: 'phone',
      clientRate: '0.25',
      interpreterRate: '0.15',
      minimumMinutes: '1',
      mileageRate: '0',
    }
    expect(
      ratesSchema(now).safeParse({ ...values, effectiveFrom: '2026-03-20T10:45' }).success,
    ).toBe(true)
    const late = ratesSchema(now).safeParse({ ...values, effectiveFrom: '2026-03-20T10:44' })
    expect(late.error?.issues.map((issue) => issue.message)).toEqual([IN_FORCE_PAST_MESSAGE])
  })

  it('keeps money as integers: rate units and cents per mile', () => {
    const values = ratesSchema(new Date('2026-03-20T15:00:00Z')).parse({
      modality: 'on_site',
      clientRate: '$1.1667',
      interpreterRate: '0.75',
      minimumMinutes: '120',
      mileageRate: '0.7',
      travelInterpreterRate: '0.3',
      effectiveFrom: '2026-04-01T00:00',
    })
    expect(ratesFromValues(values)).toEqual({
      modality: 'on_site',
      clientRateUnits: 11_667,
      interpreterRateUnits: 7_500,
      minimumMinutes: 120,
      mileageCentsPerMile: 70,
      // Travel time left empty is not billed; typed, it is paid per minute like the work.
      travelClientRateUnits: 0,
      travelInterpreterRateUnits: 3_000,
      effectiveFrom: new Date('2026-04-01T04:00:00Z'),
    })
  })
})
