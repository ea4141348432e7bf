import { and, eq } from 'drizzle-orm'
import { bookingOffers } from '../../../db/schema'
import { now } from '../../platform/clock.server'
import { db } from '../../platform/runtime.server'
import { exclusionReasons } from '../../domain/dispatch'
import { recordAudit, type Actor } from '../audit.server'
import type { Booking } from '../bookings.server'
import { dispatchListFor } from './eligibility.server'
import { lockedBooking, offerBooking } from './offers.server'

/**
 * Staff assign one interpreter by name (docs/product.md#bookings). The interpreter is asked
 * to confirm, like an offer, and the booking is held for them alone: every other open offer
 * is withdrawn, and no new offer goes out until they answer or the link lapses. Where a
 * dispatch rule excludes the interpreter, staff must say why they override it; the reason is
 * kept on the offer and in the audit log with the rules it overrode. An interpreter the
 * client blocked cannot be assigned at all.
 */

const OPEN_STATUSES = new Set<Booking['status']>(['requested', 'offered', 'unfilled'])

export type AssignOutcome =
  | { outcome: 'asked'; interpreterName: string; overridden: string[] }
  | { outcome: 'missing' }
  | { outcome: 'closed' }
  /** The interpreter does not work in the booking's language: not on the dispatch list at all. */
  | { outcome: 'unknown-interpreter' }
  /** The client asked not to send this interpreter: no reason overrides that. */
  | { outcome: 'blocked' }
  /** A rule excludes the interpreter and staff gave no reason to override it. */
  | { outcome: 'reason-needed'; reasons: string[] }

export async function assignInterpreter(
  bookingId: string,
  choice: { interpreterId: string; overrideReason?: string },
  actor: Actor,
): Promise<AssignOutcome> {
  return db().transaction(async (tx) => {
    const booking = await lockedBooking(bookingId, tx)
    if (!booking) return { outcome: 'missing' }
    if (!OPEN_STATUSES.has(booking.status)) return { outcome: 'closed' }
    const { eligible, excluded } = await dispatchListFor(booking, tx)
    const eligibleOne = eligible.find((interpreter) => interpreter.id === choice.interpreterId)
    const excludedOne = excluded.find((entry) => entry.interpreter.id === choice.interpreterId)
    const interpreter = eligibleOne ?? excludedOne?.interpreter
    if (!interpreter) return { outcome: 'unknown-interpreter' }
    const overridden: string[] = excludedOne ? [...excludedOne.reasons] : []
    if (overridden.includes(exclusionReasons.blocked)) return { outcome: 'blocked' }
    if (overridden.length > 0 && !choice.overrideReason)
      return { outcome: 'reason-needed', reasons: overridden }
    const withdrawn = await tx
      .update(bookingOffers)
      .set({ status: 'withdrawn', respondedAt: now() })
      .where(and(eq(bookingOffers.bookingId, booking.id), eq(bookingOffers.status, 'offered')))
      .returning({ interpreterId: bookingOffers.interpreterId })
    // A reason given for an eligible interpreter overrides nothing, so none is kept.
    const overrideReason = overridden.length > 0 ? choice.overrideReason : undefined
    await offerBooking(tx, booking, [interpreter.id], actor, { overrideReason })
    await recordAudit(
      actor,
      {
        action: 'booking_assigned',
        entityType: 'booking',
        entityId: booking.id,
        before: {
          status: booking.status,
          openOffersWithdrawn: withdrawn.map((row) => row.interpreterId),
        },
        after: {
          status: 'offered',
          interpreterId: interpreter.id,
          ...(overrideReason ? { overriddenRules: overridden, overrideReason } : {}),
        },
      },
      tx,
    )
    return {
      outcome: 'asked',
      interpreterName: `${interpreter.firstName} ${interpreter.lastName}`,
      overridden,
    }
  })
}
