import { describe, expect, it } from 'vitest'
import { formatTravelTime, haversineMiles, travelMinutes, zipCodeIn } from './travel'

describe('haversineMiles', () => {
  const newYork = { latitude: 40.7128, longitude: -74.006 }
  const losAngeles = { latitude: 34.0522, longitude: -118.2437 }

  it('measures the great-circle distance in miles', () => {
    expect(haversineMiles(newYork, losAngeles)).toBeCloseTo(2445.6, 0)
    // A quarter and a half of the way round the equator: πR/2 and πR.
    const origin = { latitude: 0, longitude: 0 }
    expect(haversineMiles(origin, { latitude: 0, longitude: 90 })).toBeCloseTo(6218.6, 0)
    expect(haversineMiles(origin, { latitude: 0, longitude: 180 })).toBeCloseTo(12437.1, 0)
    expect(haversineMiles(origin, { latitude: 90, longitude: 0 })).toBeCloseTo(6218.6, 0)
  })

  it('is zero for one point and the same both ways', () => {
    expect(haversineMiles(newYork, newYork)).toBe(0)
    expect(haversineMiles(losAngeles, newYork)).toBe(haversineMiles(newYork, losAngeles))
  })

  it('goes the short way across the date line', () => {
    expect(
      haversineMiles({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 }),
    ).toBeCloseTo(69.1, 0)
  })
})

describe('zipCodeIn', () => {
  it('finds a five-digit ZIP code, alone or as ZIP+4', () => {
    expect(zipCodeIn('02139')).toBe('02139')
    expect(zipCodeIn(' 02139-4307 ')).toBe('02139')
    expect(zipCodeIn('1 City Hall Square, Boston, MA 02201')).toBe('02201')
    expect(zipCodeIn('1 City Hall Square, Boston, MA 02201-1020, USA')).toBe('02201')
    expect(zipCodeIn('77 Massachusetts Ave\nCambridge MA 02139')).toBe('02139')
  })

  it('takes the last one, after a five-digit street number', () => {
    expect(zipCodeIn('12345 Research Blvd, Austin, TX 78759')).toBe('78759')
  })

  it('finds none in an address without one, or in longer numbers', () => {
    expect(zipCodeIn('1 City Hall Square, Boston, MA')).toBeNull()
    expect(zipCodeIn('Room 1234, 123456 Long Road')).toBeNull()
    expect(zipCodeIn('call +1 617 555 0123')).toBeNull()
    expect(zipCodeIn('')).toBeNull()
    expect(zipCodeIn(null)).toBeNull()
    expect(zipCodeIn(undefined)).toBeNull()
  })
})

describe('travel time', () => {
  it('takes 30 mph, rounded to 5 minutes and never under 5', () => {
    expect(travelMinutes(0)).toBe(5)
    expect(travelMinutes(2.3)).toBe(5)
    expect(travelMinutes(6.5)).toBe(15)
    expect(travelMinutes(30)).toBe(60)
    expect(travelMinutes(72)).toBe(145)
  })

  it('reads in hours and minutes', () => {
    expect(formatTravelTime(25)).toBe('25 min')
    expect(formatTravelTime(60)).toBe('1 h')
    expect(formatTravelTime(145)).toBe('2 h 25 min')
  })
})
