/**
 * How far an interpreter travels to on-site work (docs/product.md#bookings): the distance
 * between two ZIP code centroids as the crow flies, and the time it takes at an average speed.
 * No I/O: the centroids come from app/lib/geo/zip-centroids.server.ts.
 */

export interface LatLon {
  latitude: number
  longitude: number
}

/** The Earth's mean radius: the great-circle distance is measured on a sphere of it. */
const EARTH_RADIUS_MILES = 3958.8

const radians = (degrees: number) => (degrees * Math.PI) / 180

/** The great-circle (haversine) distance between two points, in miles. */
export function haversineMiles(from: LatLon, to: LatLon): number {
  const dLat = radians(to.latitude - from.latitude)
  const dLon = radians(to.longitude - from.longitude)
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2
  // min(1, …): rounding can push `a` a hair past 1 for points on opposite sides of the Earth.
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)))
}

// A five-digit ZIP code, alone or as ZIP+4, not part of a longer number.
const ZIP_CODE = /(?<![\d-])(\d{5})(?:-\d{4})?(?![\d-])/g

/**
 * The five-digit ZIP code in an address or a ZIP code field ("02139", "02139-4307",
 * "1 Main St, Boston, MA 02201"), or null. The last one wins: a US address ends with its ZIP
 * code, and a street number of five digits ("12345 Research Blvd") comes before it.
 */
export function zipCodeIn(text: string | null | undefined): string | null {
  if (!text) return null
  let zip: string | null = null
  for (const match of text.matchAll(ZIP_CODE)) zip = match[1]!
  return zip
}

/** The average door-to-door speed the travel time estimate assumes. */
export const TRAVEL_SPEED_MPH = 30

/**
 * The estimated travel time for a distance at TRAVEL_SPEED_MPH, rounded to the nearest
 * 5 minutes and never under 5: a centroid-to-centroid distance is no more exact than that.
 */
export function travelMinutes(miles: number): number {
  return Math.max(5, Math.round((miles / TRAVEL_SPEED_MPH) * 12) * 5)
}

/** "25 min", "1 h", "2 h 25 min". */
export function formatTravelTime(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return `${rest} min`
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}
