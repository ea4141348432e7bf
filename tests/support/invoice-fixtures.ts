import { eq } from 'drizzle-orm'
import { bookings } from '../../db/schema'
import type { CloseoutOutcome } from '../../app/domain/billing'
import { postAssignment } from '../../app/models/billing/ledger.server'
import type { Database } from '../../app/platform/db.server'
import { createBookingRow } from './booking-fixtures'

export interface PostedWork {
  organizationId: string
  organizationName: string
  requestedById: string | null
  /** The interpreter's profile id. */
  interpreterId: string
  localDate: string
  outcome?: CloseoutOutcome
  /** Actual minutes worked (from the booked start). */
  minutes?: number
  mileageTenths?: number
}

/**
 * An on-site booking that was worked and closed out, posted by the ledger as staff's approval
 * of its closeout does: one statement line and one line on the organisation's open invoice.
 */
export async function postClosedOutWork(
  db: Database,
  work: PostedWork,
): Promise<{ bookingId: string; invoiceId: string }> {
  const outcome = work.outcome ?? 'completed'
  const bookingId = await createBookingRow(db, {
    organizationId: work.organizationId,
    requestedById: work.requestedById,
    localDate: work.localDate,
    modality: 'on_site',
    status: outcome === 'late_cancellation' ? 'cancelled' : 'completed',
    interpreterId: work.interpreterId,
  })
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId))
  const posted = await db.transaction((tx) =>
    postAssignment(tx, {
      booking: booking!,
      interpreterId: work.interpreterId,
      outcome,
      actualStart: booking!.startsAt,
      actualEnd: new Date(booking!.startsAt.getTime() + (work.minutes ?? 150) * 60_000),
      mileageTenths: work.mileageTenths ?? 0,
      expenseCents: [],
      organizationName: work.organizationName,
    }),
  )
  return { bookingId, invoiceId: posted.invoiceId }
}
