import { and, eq } from 'drizzle-orm'
import {
  bookings,
  closeoutExpenses,
  closeouts,
  interpreterProfiles,
  organizations,
  users,
} from '../../../db/schema'
import type { CloseoutOutcome } from '../../domain/billing'
import { closeoutReturnedMail } from '../../emails/closeouts.server'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { enqueueMail } from '../../platform/mail/outbox.server'
import { db, runtime } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { bookingSummary } from '../dispatch/offers.server'
import { postAssignment } from './ledger.server'

/**
 * Staff's decision on a closeout (docs/product.md#closeouts-statements-and-invoices).
 * Approving is a conditional update from "submitted" in the same transaction as the posting
 * of the statement and invoice lines: a closeout approved twice, or by two staff at once, is
 * posted once, and the second approval is told so.
 */

/** 'changed': the closeout was sent again after staff opened it; nothing was decided. */
export type CloseoutDecision = 'done' | 'not-waiting' | 'changed' | 'missing'

/** The closeout as staff saw it when they decided: its version (raised by every submission). */
export interface SeenCloseout {
  version: number
}

/**
 * Approves the closeout staff looked at, and only that one: the update matches the version
 * they saw, so a closeout returned and sent again meanwhile (other times, mileage, expenses)
 * is refused as 'changed' and nothing is posted.
 */
export async function approveCloseout(
  bookingId: string,
  seen: SeenCloseout,
  actor: Actor,
): Promise<CloseoutDecision> {
  return db().transaction(async (tx) => {
    await lockBooking(tx, bookingId)
    const [closeout] = await tx
      .update(closeouts)
      .set({ status: 'approved', reviewedById: actor.id, reviewedAt: now(), returnReason: null })
      .where(
        and(
          eq(closeouts.bookingId, bookingId),
          eq(closeouts.status, 'submitted'),
          eq(closeouts.version, seen.version),
        ),
      )
      .returning()
    if (!closeout) return refusedDecision(tx, bookingId)
    const [row] = await tx
      .select({ booking: bookings, organizationName: organizations.name })
      .from(bookings)
      .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
      .where(eq(bookings.id, bookingId))
    const expenses = await tx
      .select({ amountCents: closeoutExpenses.amountCents })
      .from(closeoutExpenses)
      .where(eq(closeoutExpenses.bookingId, bookingId))
    const posted = await postAssignment(tx, {
      booking: row!.booking,
      interpreterId: closeout.interpreterId,
      outcome: closeout.outcome as CloseoutOutcome,
      actualStart: closeout.actualStart,
      actualEnd: closeout.actualEnd,
      mileageTenths: closeout.mileageTenths,
      travelMinutes: closeout.travelMinutes,
      expenseCents: expenses.map((expense) => expense.amountCents),
      organizationName: row!.organizationName,
    })
    // A confirmed booking is now Completed; a late-cancelled one stays Cancelled.
    await tx
      .update(bookings)
      .set({ status: 'completed', updatedAt: now() })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'confirmed')))
    await recordAudit(
      actor,
      {
        action: 'closeout_approved',
        entityType: 'booking',
        entityId: bookingId,
        after: {
          minutes: posted.price.pay.minutes,
          payTotalCents: posted.price.pay.totalCents,
          chargeTotalCents: posted.price.charge.totalCents,
          statementId: posted.statementId,
          invoiceId: posted.invoiceId,
          version: closeout.version,
        },
      },
      tx,
    )
    return 'done'
  })
}

/** Staff send a closeout back with a reason; the interpreter corrects it and submits again. */
export async function returnCloseout(
  bookingId: string,
  reason: string,
  actor: Actor,
): Promise<CloseoutDecision> {
  return db().transaction(async (tx) => {
    await lockBooking(tx, bookingId)
    const [closeout] = await tx
      .update(closeouts)
      .set({ status: 'returned', returnReason: reason, reviewedById: actor.id, reviewedAt: now() })
      .where(and(eq(closeouts.bookingId, bookingId), eq(closeouts.status, 'submitted')))
      .returning({ bookingId: closeouts.bookingId, interpreterId: closeouts.interpreterId })
    if (!closeout) return refusedDecision(tx, bookingId)
    await mailReturnedCloseout(tx, closeout.interpreterId, bookingId, reason)
    await recordAudit(
      actor,
      {
        action: 'closeout_returned',
        entityType: 'booking',
        entityId: bookingId,
        after: { reason },
      },
      tx,
    )
    return 'done'
  })
}

/** The interpreter hears why, with the link to correct it, in the decision's transaction. */
async function mailReturnedCloseout(
  tx: Database,
  interpreterId: string,
  bookingId: string,
  reason: string,
) {
  const [row] = await tx
    .select({ booking: bookings, interpreter: interpreterProfiles, email: users.email })
    .from(bookings)
    .innerJoin(interpreterProfiles, eq(interpreterProfiles.id, interpreterId))
    .innerJoin(users, eq(users.id, interpreterProfiles.userId))
    .where(eq(bookings.id, bookingId))
  if (!row) return
  const { config } = runtime()
  const closeoutUrl = `${config.siteUrl}/interpreter/assignments/${bookingId}/closeout`
  await enqueueMail(tx, [
    {
      template: 'closeout-returned',
      to: row.email,
      replyTo: config.mailReplyTo,
      reference: `closeout:${bookingId}`,
      ...closeoutReturnedMail({
        firstName: row.interpreter.firstName,
        summary: bookingSummary(row.booking, row.interpreter.timeZone),
        reason,
        closeoutUrl,
        company: config.company,
      }),
    },
  ])
}

/**
 * The booking row first, as the interpreter's submission takes it: one lock order for every
 * change of a closeout, so a correction sent while staff decide waits instead of deadlocking.
 */
async function lockBooking(tx: Database, bookingId: string) {
  await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update')
}

/**
 * Why a decision changed nothing: no closeout, one decided already, or (only an approval can
 * miss a waiting closeout) one sent again since staff opened it.
 */
async function refusedDecision(tx: Database, bookingId: string): Promise<CloseoutDecision> {
  const [row] = await tx
    .select({ status: closeouts.status })
    .from(closeouts)
    .where(eq(closeouts.bookingId, bookingId))
  if (!row) return 'missing'
  return row.status === 'submitted' ? 'changed' : 'not-waiting'
}
