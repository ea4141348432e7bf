import { describe, expect, it } from 'vitest'
import { zipCentroids } from './zip-centroids.server'

describe('zipCentroids', () => {
  it('places US ZIP codes at their centroids, read once', async () => {
    const centroids = await zipCentroids()
    expect(await zipCentroids()).toBe(centroids)
    expect(centroids.get('02201')).toEqual({ latitude: 42.3584, longitude: -71.0598 })
    expect(centroids.get('78701')).toEqual({ latitude: 30.2713, longitude: -97.7426 })
    // Territories are places too.
    expect(centroids.get('00601')).toBeDefined()
    expect(centroids.get('96910')).toBeDefined()
  })

  it('leaves out Canada, military post offices and codes that do not exist', async () => {
    const centroids = await zipCentroids()
    expect(centroids.get('M5V')).toBeUndefined()
    expect(centroids.get('09001')).toBeUndefined()
    expect(centroids.get('34001')).toBeUndefined()
    expect(centroids.get('99999')).toBeUndefined()
    expect(centroids.get('constructor')).toBeUndefined()
    expect(centroids.get('02201-1020')).toBeUndefined()
  })
})
