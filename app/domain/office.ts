/**
 * The company's office time zone: dates on staff screens and in PDFs (app/domain/format.ts), the
 * office's calendar day for expiries and reminders, the days of the staff bookings list, rate
 * effective dates, the zone a new booking or profile starts in, and the default of
 * LEAD_TIME_ZONE (the leads' first-response clock).
 *
 * It is configuration (OFFICE_TIME_ZONE): the server sets it when its runtime starts and
 * names it in each page's head (app/root.tsx); the browser reads it from there the first time
 * it formats a date, so that both sides render the same text
 * (docs/decisions/056-office-time-zone-and-time-zone-library.md).
 */
export const DEFAULT_OFFICE_TIME_ZONE = 'America/New_York'

/** The `<meta>` name that carries the office's zone to the browser. */
export const OFFICE_TIME_ZONE_META = 'office-time-zone'

let officeZone: string | undefined

export function officeTimeZone(): string {
  officeZone ??= zoneNamedInPage() ?? DEFAULT_OFFICE_TIME_ZONE
  return officeZone
}

function zoneNamedInPage(): string | undefined {
  if (typeof document === 'undefined') return undefined
  return (
    document.querySelector(`meta[name="${OFFICE_TIME_ZONE_META}"]`)?.getAttribute('content') ??
    undefined
  )
}

/** Sets the office's zone for this process; an unknown zone throws a RangeError. */
export function setOfficeTimeZone(timeZone: string): void {
  new Intl.DateTimeFormat('en-US', { timeZone })
  officeZone = timeZone
}
