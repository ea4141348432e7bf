import type { ZipCode } from 'zipcodes'
import type { LatLon } from '../../domain/travel'

/**
 * US ZIP code centroids, offline: the `zipcodes` package's table (GeoNames' US postal codes),
 * read once and kept for the process's life, so that judging a thousand interpreters costs a
 * thousand lookups (docs/benchmarks.md). Its own object is the map: a copy would hold another
 * 9 MB. Loaded on first use, as the table is a 5 MB module that takes a few hundred
 * milliseconds to evaluate, which processes that never show a dispatch list need not pay.
 */
export interface ZipCentroids {
  /** The centroid of a five-digit US ZIP code of a place; undefined when the table has none. */
  get(zip: string): LatLon | undefined
}

// Military post offices (APO/FPO) are addresses, not places one travels to: the table puts
// them abroad or at 0°, 0°.
const MILITARY_STATES = new Set(['AA', 'AE', 'AP'])

/** A US ZIP code of a place: not Canada's postal districts (three characters), nor an APO. */
function isPlaceInUnitedStates(zip: string, place: ZipCode): boolean {
  return place.country === 'US' && /^\d{5}$/.test(zip) && !MILITARY_STATES.has(place.state)
}

let loading: Promise<ZipCentroids> | undefined

export function zipCentroids(): Promise<ZipCentroids> {
  loading ??= import('zipcodes').then(
    ({ codes }) => ({
      get(zip) {
        // Own keys only: a ZIP code is typed in, and "constructor" is no place.
        const place = Object.hasOwn(codes, zip) ? codes[zip] : undefined
        return place && isPlaceInUnitedStates(zip, place)
          ? { latitude: place.latitude, longitude: place.longitude }
          : undefined
      },
    }),
    (error: unknown) => {
      // Tried again by the next list rather than failing every one after.
      loading = undefined
      throw error
    },
  )
  return loading
}
