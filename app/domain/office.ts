/**
 * The company's office time zone, the one place it is written: dates on staff screens and in
 * PDFs (app/lib/format.ts), the office's calendar day for expiries and reminders, the days of
 * the staff bookings list, rate effective dates, the zone a new booking or profile starts in,
 * and the default of LEAD_TIME_ZONE (the leads' first-response clock).
 */
export const OFFICE_TIME_ZONE = 'America/New_York'
