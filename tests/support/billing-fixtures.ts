import { eq } from 'drizzle-orm'
import { bookings, closeouts, statementLines } from '../../db/schema'
import type { Actor } from '../../app/models/audit.server'
import { approveCloseout } from '../../app/models/billing/closeout-review.server'
import type { Database } from '../../app/platform/db.server'
import { createBookingRow } from './booking-fixtures'

/**
 * A confirmed on-site booking closed out as completed and approved by staff, through the
 * real approval: the ledger posts its statement line (returned) and its invoice line.
 */
export async function createApprovedAssignment(
  db: Database,
  staff: Actor,
  work: {
    organizationId: string
    interpreterProfileId: string
    localDate: string
    /** Actual minutes worked (the booking is for 120). */
    minutes?: number
    mileageTenths?: number
  },
) {
  const bookingId = await createBookingRow(db, {
    organizationId: work.organizationId,
    localDate: work.localDate,
    localTime: '10:00',
    modality: 'on_site',
    durationMinutes: 120,
    status: 'confirmed',
    interpreterId: work.interpreterProfileId,
  })
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId))
  await db.insert(closeouts).values({
    bookingId,
    interpreterId: work.interpreterProfileId,
    actualStart: booking!.startsAt,
    actualEnd: new Date(booking!.startsAt.getTime() + (work.minutes ?? 150) * 60_000),
    outcome: 'completed',
    mileageTenths: work.mileageTenths ?? 0,
  })
  const decision = await approveCloseout(bookingId, staff)
  if (decision !== 'done') throw new Error(`the closeout was not approved: ${decision}`)
  const [line] = await db
    .select()
    .from(statementLines)
    .where(eq(statementLines.bookingId, bookingId))
  return line!
}
