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

export function zipCentroids(): Promise<ZipCentroids> {
  loading ??= import('zipcodes').then(
    ({ codes }) => {
      const centroids = new Map<string, LatLon>()
      // The package also holds Canada's postal districts (three characters): US ZIPs only.
      for (const [zip, place] of Object.entries(codes))
        if (place.country === 'US' && /^\d{5}$/.test(zip))
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
