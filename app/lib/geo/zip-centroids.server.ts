import type { ZipCode } from 'zipcodes'
import type { LatLon } from '../../domain/travel'

/**
 * US ZIP code centroids, offline: the `zipcodes` package's table (GeoNames' US postal codes),
 * read once and kept for the process's life, so that judging a thousand interpreters costs a
 * thousand map lookups (docs/benchmarks.md). Loaded on first use: the table is a 5 MB module
 * that takes a few hundred milliseconds to evaluate, which pages without a dispatch list
 * should not pay at start-up.
 */
export type ZipCentroids = ReadonlyMap<string, LatLon>

let loading: Promise<ZipCentroids> | undefined

// Military post offices (APO/FPO) are addresses, not places one travels to: the table puts
// them abroad or at 0°, 0°.
const MILITARY_STATES = new Set(['AA', 'AE', 'AP'])

/** A US ZIP code of a place: not Canada's postal districts (three characters), nor an APO. */
function isPlaceInUnitedStates(zip: string, place: ZipCode): boolean {
  return place.country === 'US' && /^\d{5}$/.test(zip) && !MILITARY_STATES.has(place.state)
}

export function zipCentroids(): Promise<ZipCentroids> {
  loading ??= import('zipcodes').then(
    ({ codes }) => {
      const centroids = new Map<string, LatLon>()
      for (const [zip, place] of Object.entries(codes))
        if (isPlaceInUnitedStates(zip, place))
          centroids.set(zip, { latitude: place.latitude, longitude: place.longitude })
      return centroids
    },
    (error: unknown) => {
      // Tried again by the next list rather than failing every one after.
      loading = undefined
      throw error
    },
  )
  return loading
}
