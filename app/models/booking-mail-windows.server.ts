import { eq, lte, sql } from 'drizzle-orm'
import { bookingMailWindows } from '../../db/schema'
import type { Database } from '../platform/db.server'

/**
 * Staff e-mails about new bookings come in bursts when a client books many at once
 * (docs/product.md#client-portal): the first booking of an organization opens a window and is
 * mailed at once; the ones it makes before the window ends wait, and one digest lists them
 * when it does.
 */
export const STAFF_MAIL_WINDOW_MS = 10 * 60 * 1000

export type StaffNotice = { mailNow: true } | { mailNow: false; digestAt: Date }

/**
 * How staff hear of a booking the organization makes at `at`, decided in the booking's
 * transaction: it opens the window (mail it now) or waits for the open window's digest. One
 * conditional upsert decides, so of two bookings at once exactly one opens the window; the
 * upsert also locks the window's row, so the one that waits reads the window that holds.
 */
export async function staffNoticeFor(
  tx: Database,
  organizationId: string,
  at: Date,
): Promise<StaffNotice> {
  const opened = await tx
    .insert(bookingMailWindows)
    .values({ organizationId, endsAt: new Date(at.getTime() + STAFF_MAIL_WINDOW_MS) })
    .onConflictDoUpdate({
      target: bookingMailWindows.organizationId,
      set: { endsAt: sql`excluded.ends_at` },
      setWhere: lte(bookingMailWindows.endsAt, at),
    })
    .returning({ endsAt: bookingMailWindows.endsAt })
  if (opened.length > 0) return { mailNow: true }
  const [window] = await tx
    .select({ endsAt: bookingMailWindows.endsAt })
    .from(bookingMailWindows)
    .where(eq(bookingMailWindows.organizationId, organizationId))
  return { mailNow: false, digestAt: window!.endsAt }
}
