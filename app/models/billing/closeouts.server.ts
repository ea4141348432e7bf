import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import {
  bookings,
  closeoutExpenses,
  closeouts,
  organizations,
  storedFiles,
} from '../../../db/schema'
import { MAX_TRAVEL_MINUTES, type CloseoutOutcome, type CloseoutStatus } from '../../domain/billing'
import {
  bookedEndOf,
  closeoutDueAt,
  isCloseoutOverdue,
  startsNearBooking,
} from '../../domain/closeouts'
import { START_WINDOW_MESSAGE } from '../../lib/validation/closeout'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { db, runtime } from '../../platform/runtime.server'
import {
  storeNewFiles,
  type NewFile,
  type StoredFileValues,
} from '../../platform/storage/new-files.server'
import { recordAudit, type Actor } from '../audit.server'
import { findProfileOfUser } from '../interpreter-profiles.server'
import { recordStoredFiles } from '../stored-files.server'
import type { Booking } from '../bookings.server'

/**
 * The interpreter's side of closeouts (docs/product.md#closeouts-statements-and-invoices):
 * which assignments wait for one, the form's data, and the submission with its receipts.
 * Everything is found through the signed-in account's own profile.
 */

/** The booked end, in SQL: what "ended" and "due" are measured from. */
export const bookedEndSql = sql`(${bookings.startsAt} + make_interval(mins => ${bookings.durationMinutes}))`

/**
 * Bookings someone must close out by `at`: confirmed ones that have ended, and late
 * cancellations (billed at the minimum, so they need a closeout too); the interpreter is set.
 */
export function closableCondition(at: Date): SQL {
  return and(
    isNotNull(bookings.interpreterId),
    or(
      // A booking that has ended has started: the start bound lets the index on status and
      // start find them, rather than every confirmed booking being read to compute its end.
      and(eq(bookings.status, 'confirmed'), lte(bookings.startsAt, at), lte(bookedEndSql, at)),
      and(eq(bookings.status, 'cancelled'), eq(bookings.lateCancellation, true)),
    ),
  )!
}

function isClosable(booking: Booking, at: Date): boolean {
  if (booking.status === 'cancelled') return booking.lateCancellation
  return booking.status === 'confirmed' && bookedEndOf(booking) <= at
}

/** The "Closeouts due" list: not sent yet, or returned for a correction; soonest due first. */
export async function closeoutsDueOf(userId: string) {
  const profile = await findProfileOfUser(userId)
  if (!profile) return []
  const at = now()
  const rows = await db()
    .select({
      bookingId: bookings.id,
      language: bookings.language,
      modality: bookings.modality,
      setting: bookings.setting,
      startsAt: bookings.startsAt,
      durationMinutes: bookings.durationMinutes,
      timeZone: bookings.timeZone,
      organizationName: organizations.name,
      status: closeouts.status,
      returnReason: closeouts.returnReason,
    })
    .from(bookings)
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .leftJoin(closeouts, eq(closeouts.bookingId, bookings.id))
    .where(
      and(
        eq(bookings.interpreterId, profile.id),
        closableCondition(at),
        or(isNull(closeouts.bookingId), eq(closeouts.status, 'returned')),
      ),
    )
    .orderBy(asc(bookings.startsAt))
  return rows.map((row) => {
    const bookedEnd = bookedEndOf(row)
    return {
      ...row,
      dueAt: closeoutDueAt(bookedEnd),
      overdue: isCloseoutOverdue(bookedEnd, at),
    }
  })
}

/** The closeout states of some of the interpreter's bookings (for the Past list). */
export async function closeoutStatusesOf(bookingIds: string[]) {
  if (bookingIds.length === 0) return new Map<string, CloseoutStatus>()
  const rows = await db()
    .select({ bookingId: closeouts.bookingId, status: closeouts.status })
    .from(closeouts)
    .where(inArray(closeouts.bookingId, bookingIds))
  return new Map(rows.map((row) => [row.bookingId, row.status]))
}

/** The expenses of a closeout, with their receipts' names. */
export async function closeoutExpensesOf(bookingId: string, tx?: Database) {
  return db(tx)
    .select({
      id: closeoutExpenses.id,
      description: closeoutExpenses.description,
      amountCents: closeoutExpenses.amountCents,
      receiptFileId: closeoutExpenses.receiptFileId,
      receiptName: storedFiles.originalName,
    })
    .from(closeoutExpenses)
    .innerJoin(storedFiles, eq(storedFiles.id, closeoutExpenses.receiptFileId))
    .where(eq(closeoutExpenses.bookingId, bookingId))
    .orderBy(asc(closeoutExpenses.description), asc(closeoutExpenses.id))
}

/**
 * The closeout form of one of the interpreter's assignments: the booking, the closeout as
 * last sent (if any) and whether it can be sent (again). Undefined for another's booking,
 * or one that needs no closeout.
 */
export async function closeoutFormOf(userId: string, bookingId: string) {
  const profile = await findProfileOfUser(userId)
  if (!profile) return undefined
  const [row] = await db()
    .select({ booking: bookings, organizationName: organizations.name, closeout: closeouts })
    .from(bookings)
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .leftJoin(closeouts, eq(closeouts.bookingId, bookings.id))
    .where(and(eq(bookings.id, bookingId), eq(bookings.interpreterId, profile.id)))
  if (!row) return undefined
  const { booking, closeout } = row
  const at = now()
  if (!closeout && !isClosable(booking, at)) return undefined
  const expenses = closeout ? await closeoutExpensesOf(bookingId) : []
  const bookedEnd = bookedEndOf(booking)
  return {
    booking,
    organizationName: row.organizationName,
    closeout,
    expenses,
    bookedEnd,
    dueAt: closeoutDueAt(bookedEnd),
    overdue: !closeout && isCloseoutOverdue(bookedEnd, at),
    lateCancelled: booking.status === 'cancelled',
    onSite: booking.modality === 'on_site',
    /** Sent the first time, or again after staff returned it; never once approved. */
    editable: isClosable(booking, at) && (!closeout || closeout.status === 'returned'),
  }
}

/** A receipt: its bytes, or the upload already streamed to storage. */
export type ReceiptUpload = NewFile

export interface CloseoutSubmission {
  outcome: CloseoutOutcome
  actualStart: Date
  actualEnd: Date
  mileageTenths: number
  /** Minutes on the road, on-site only; none when left out. */
  travelMinutes?: number
  note: string | null
  expenses: {
    description: string
    amountCents: number
    /** A new receipt, or the expense of the last submission whose receipt is kept. */
    receipt?: ReceiptUpload
    keptExpenseId?: string
  }[]
}

/**
 * 'waiting': sent already and waiting for approval; it changes only after staff return it,
 * so that what staff review is what they approve.
 */
export type SubmitOutcome = 'submitted' | 'missing' | 'approved' | 'waiting' | 'receipt-gone'

export class CloseoutRuleError extends Error {
  override name = 'CloseoutRuleError'
}

/**
 * Sends (or sends again) the interpreter's closeout: the new receipts are stored first, then
 * under a lock on the booking the closeout is written as "submitted" with its expenses
 * replaced and its version raised. Whether it may be sent is decided here, under that lock,
 * not by the form that was loaded earlier: only a first submission or one after staff
 * returned it; one waiting for approval or approved is never changed. A refusal or a failure
 * deletes the new receipts.
 */
export async function submitCloseout(
  userId: string,
  bookingId: string,
  input: CloseoutSubmission,
  actor: Actor,
): Promise<SubmitOutcome> {
  const uploads = input.expenses.flatMap((expense) =>
    expense.receipt ? [{ expense, receipt: expense.receipt }] : [],
  )
  const stored = await storeNewFiles(
    runtime(),
    'receipts',
    uploads.map(({ receipt }) => receipt),
  )
  try {
    const outcome = await db().transaction(async (tx) => {
      const profile = await findProfileOfUser(userId, tx)
      if (!profile) return 'missing' as const
      const [booking] = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), eq(bookings.interpreterId, profile.id)))
        .for('update')
      if (!booking || !isClosable(booking, now())) {
        const [approved] = booking
          ? await tx
              .select({ status: closeouts.status })
              .from(closeouts)
              .where(and(eq(closeouts.bookingId, bookingId), eq(closeouts.status, 'approved')))
          : []
        return approved ? ('approved' as const) : ('missing' as const)
      }
      const [previous] = await tx
        .select()
        .from(closeouts)
        .where(eq(closeouts.bookingId, bookingId))
        .for('update')
      if (previous?.status === 'approved') return 'approved' as const
      if (previous?.status === 'submitted') return 'waiting' as const
      checkRules(booking, input)
      const oldExpenses = previous ? await closeoutExpensesOf(bookingId, tx) : []
      const keptFile = new Map(oldExpenses.map((expense) => [expense.id, expense.receiptFileId]))
      if (
        input.expenses.some(
          (expense) => !expense.receipt && !keptFile.has(expense.keptExpenseId ?? ''),
        )
      )
        return 'receipt-gone' as const
      const values = {
        interpreterId: profile.id,
        actualStart: input.actualStart,
        actualEnd: input.actualEnd,
        outcome: input.outcome,
        mileageTenths: input.mileageTenths,
        travelMinutes: input.travelMinutes ?? 0,
        note: input.note,
        status: 'submitted' as const,
        returnReason: null,
        submittedAt: now(),
        reviewedById: null,
        reviewedAt: null,
      }
      const [written] = await tx
        .insert(closeouts)
        .values({ bookingId, ...values })
        .onConflictDoUpdate({
          target: closeouts.bookingId,
          set: { ...values, version: sql`${closeouts.version} + 1` },
        })
        .returning({ version: closeouts.version })
      await replaceExpenses(tx, bookingId, input, uploads, stored.values, keptFile)
      await recordAudit(
        actor,
        {
          action: previous ? 'closeout_resubmitted' : 'closeout_submitted',
          entityType: 'booking',
          entityId: bookingId,
          after: {
            outcome: input.outcome,
            actualStart: input.actualStart.toISOString(),
            actualEnd: input.actualEnd.toISOString(),
            mileageTenths: input.mileageTenths,
            travelMinutes: input.travelMinutes ?? 0,
            expenses: input.expenses.length,
            version: written!.version,
          },
        },
        tx,
      )
      return 'submitted' as const
    })
    if (outcome !== 'submitted') await stored.discard()
    return outcome
  } catch (error) {
    await stored.discard()
    throw error
  }
}

/** What the form checks too, kept here so that no caller can post travel for remote work. */
function checkRules(booking: Booking, input: CloseoutSubmission) {
  if (booking.status === 'cancelled' && input.outcome !== 'late_cancellation')
    throw new CloseoutRuleError('A late-cancelled booking is closed out as a late cancellation.')
  if (booking.modality !== 'on_site' && (input.mileageTenths > 0 || input.expenses.length > 0))
    throw new CloseoutRuleError('Mileage and expenses are paid for on-site assignments only.')
  if (booking.modality !== 'on_site' && (input.travelMinutes ?? 0) > 0)
    throw new CloseoutRuleError('Travel time is paid for on-site assignments only.')
  if ((input.travelMinutes ?? 0) < 0 || (input.travelMinutes ?? 0) > MAX_TRAVEL_MINUTES)
    throw new CloseoutRuleError('Travel time is whole minutes, up to 12 hours.')
  if (input.actualEnd < input.actualStart)
    throw new CloseoutRuleError('The end must be after the start.')
  if (!startsNearBooking(input.actualStart, booking.startsAt))
    throw new CloseoutRuleError(START_WINDOW_MESSAGE)
}

/**
 * The expenses become exactly what was sent: the old rows go, kept receipts move to the new
 * rows, and the receipts no row uses any more lose their record (the orphan sweep then
 * deletes their files).
 */
async function replaceExpenses(
  tx: Database,
  bookingId: string,
  input: CloseoutSubmission,
  uploads: { expense: CloseoutSubmission['expenses'][number]; receipt: ReceiptUpload }[],
  receiptFiles: StoredFileValues[],
  keptFile: Map<string, string>,
) {
  await tx.delete(closeoutExpenses).where(eq(closeoutExpenses.bookingId, bookingId))
  const stillUsed = new Set<string>()
  for (const expense of input.expenses) {
    const uploadIndex = uploads.findIndex((upload) => upload.expense === expense)
    let receiptFileId: string
    if (uploadIndex >= 0) {
      const [stored] = await recordStoredFiles(tx, [receiptFiles[uploadIndex]!])
      receiptFileId = stored!
    } else {
      receiptFileId = keptFile.get(expense.keptExpenseId!)!
      stillUsed.add(receiptFileId)
    }
    await tx.insert(closeoutExpenses).values({
      bookingId,
      description: expense.description,
      amountCents: expense.amountCents,
      receiptFileId,
    })
  }
  const unused = [...keptFile.values()].filter((fileId) => !stillUsed.has(fileId))
  if (unused.length > 0) await tx.delete(storedFiles).where(inArray(storedFiles.id, unused))
}

/** A receipt with the closeout's interpreter, for the download routes (who may see it is checked there). */
export async function closeoutReceipt(bookingId: string, expenseId: string) {
  const [row] = await db()
    .select({
      interpreterId: closeouts.interpreterId,
      file: {
        mediaType: storedFiles.mediaType,
        originalName: storedFiles.originalName,
        byteSize: storedFiles.byteSize,
        storageKey: storedFiles.storageKey,
      },
    })
    .from(closeoutExpenses)
    .innerJoin(closeouts, eq(closeouts.bookingId, closeoutExpenses.bookingId))
    .innerJoin(storedFiles, eq(storedFiles.id, closeoutExpenses.receiptFileId))
    .where(and(eq(closeoutExpenses.id, expenseId), eq(closeoutExpenses.bookingId, bookingId)))
  return row
}
