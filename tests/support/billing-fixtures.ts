import { eq, isNotNull } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import {
  bookings,
  callRates,
  clientContracts,
  clientInvoices,
  closeoutExpenses,
  closeoutReminders,
  closeouts,
  interpreterPayRates,
  interpreterStatements,
  invoiceLines,
  invoicePayments,
  statementLines,
  translationQuoteFiles,
  translationQuotes,
} from '../../db/schema'
import type { CloseoutOutcome } from '../../app/domain/billing'
import type { Actor } from '../../app/models/audit.server'
import { approveCloseout } from '../../app/models/billing/closeout-review.server'
import type { Database } from '../../app/platform/db.server'
import { createBookingRow, dispatchTables } from './booking-fixtures'
import { pdfUpload } from './document-fixtures'
import { emptyTables } from './people-fixtures'

/**
 * The tables of the billing world, each before the tables it points to: invoice and statement
 * lines and their documents, closeouts with their expenses and reminders, and quotes (a
 * delivered quote is billed), then the dispatch world they rest on.
 */
const billingTables: PgTable[] = [
  invoicePayments,
  invoiceLines,
  statementLines,
  clientInvoices,
  interpreterStatements,
  clientContracts,
  interpreterPayRates,
  closeoutReminders,
  closeoutExpenses,
  closeouts,
  translationQuoteFiles,
  translationQuotes,
  ...dispatchTables,
]

/** Empties the billing and dispatch worlds, then `also` (tables of the test's own). */
export async function emptyBillingWorld(db: Database, also: PgTable[] = []) {
  await emptyTables(db, [invoiceLines, statementLines])
  // Organizations' contracts for calls; the default call rates (a migration's) stay.
  await db.delete(callRates).where(isNotNull(callRates.organizationId))
  await emptyTables(db, [...billingTables, ...also])
}

/**
 * A confirmed on-site booking closed out (as completed unless told otherwise) and approved by
 * staff, through the real approval: the ledger posts its statement line (returned) and its
 * invoice line ({@link invoiceIdOf}). A late cancellation's booking is cancelled already.
 */
export async function createApprovedAssignment(
  db: Database,
  staff: Actor,
  work: {
    organizationId: string
    interpreterProfileId: string
    localDate: string
    requestedById?: string | null
    outcome?: CloseoutOutcome
    /** Actual minutes worked (the booking is for 120). */
    minutes?: number
    mileageTenths?: number
    travelMinutes?: number
    language?: string
    localTime?: string
    /** When the client booked it (a rush: less than 24 hours before its start). */
    bookedAt?: Date
  },
) {
  const bookingId = await createBookingRow(db, {
    organizationId: work.organizationId,
    requestedById: work.requestedById ?? null,
    localDate: work.localDate,
    localTime: work.localTime ?? '10:00',
    language: work.language,
    createdAt: work.bookedAt,
    modality: 'on_site',
    durationMinutes: 120,
    status: work.outcome === 'late_cancellation' ? 'cancelled' : 'confirmed',
    interpreterId: work.interpreterProfileId,
  })
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId))
  await db.insert(closeouts).values({
    bookingId,
    interpreterId: work.interpreterProfileId,
    actualStart: booking!.startsAt,
    actualEnd: new Date(booking!.startsAt.getTime() + (work.minutes ?? 150) * 60_000),
    outcome: work.outcome ?? 'completed',
    mileageTenths: work.mileageTenths ?? 0,
    travelMinutes: work.travelMinutes ?? 0,
  })
  const decision = await approveCurrentCloseout(db, bookingId, staff)
  if (decision !== 'done') throw new Error(`the closeout was not approved: ${decision}`)
  const [line] = await db
    .select()
    .from(statementLines)
    .where(eq(statementLines.bookingId, bookingId))
  return { ...line!, bookingId }
}

/**
 * Staff approve a closeout as it is now, carrying the version they would see on opening it
 * (for tests that are not about a closeout changing under the reviewer).
 */
export async function approveCurrentCloseout(db: Database, bookingId: string, staff: Actor) {
  const [closeout] = await db
    .select({ version: closeouts.version })
    .from(closeouts)
    .where(eq(closeouts.bookingId, bookingId))
  return approveCloseout(bookingId, { version: closeout?.version ?? 1 }, staff)
}

/** The invoice a booking's work was billed on. */
export async function invoiceIdOf(db: Database, bookingId: string): Promise<string> {
  const [line] = await db
    .select({ invoiceId: invoiceLines.invoiceId })
    .from(invoiceLines)
    .where(eq(invoiceLines.bookingId, bookingId))
  return line!.invoiceId
}

/** A parking expense of a closeout with its PDF receipt, as the interpreter sends it. */
export function parkingExpense(amountCents: number, receipt: { name: string; text: string }) {
  return { description: 'Parking', amountCents, receipt: pdfUpload(receipt.name, receipt.text) }
}
