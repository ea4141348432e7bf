import { and, eq, lte } from 'drizzle-orm'
import { bookings, organizations } from '../../db/schema'
import { bookingDigestMail } from '../emails/bookings.server'
import { now } from '../platform/clock.server'
import type { Database } from '../platform/db.server'
import { enqueueMail } from '../platform/mail/outbox.server'
import { runtime } from '../platform/runtime.server'
import { bookingLine } from './bookings.server'

/**
 * Queues one staff digest for each organization whose window for new-booking e-mails has
 * ended (app/models/booking-mail-windows.server.ts), listing the bookings that
 * waited for it (a booking cancelled meanwhile is left out: staff were told of that at once).
 * Run every minute on every instance: each organization's bookings are taken by one
 * conditional update in the digest's transaction, so each is in one digest only.
 */
export async function sendBookingDigests(database: Database, at: Date = now()): Promise<number> {
  const due = await database
    .selectDistinct({ organizationId: bookings.organizationId })
    .from(bookings)
    .where(lte(bookings.staffDigestAt, at))
  let sent = 0
  for (const { organizationId } of due) {
    const queued = await database.transaction(async (tx) => {
      const waited = await tx
        .update(bookings)
        .set({ staffDigestAt: null })
        .where(and(eq(bookings.organizationId, organizationId), lte(bookings.staffDigestAt, at)))
        .returning()
      const listed = waited.filter((booking) => booking.status !== 'cancelled')
      if (listed.length === 0) return false
      const [organization] = await tx
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
      const { config } = runtime()
      const mail = bookingDigestMail({
        organizationName: organization?.name ?? 'a client',
        bookings: listed
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          .map((booking) => ({
            summary: bookingLine(booking),
            urgent: booking.urgent,
            url: `${config.siteUrl}/admin/bookings/${booking.id}`,
          })),
        listUrl: `${config.siteUrl}/admin/bookings`,
        company: config.company,
      })
      await enqueueMail(tx, [
        {
          template: 'booking-digest',
          to: config.staffNotifyEmail,
          reference: `organization:${organizationId}`,
          ...mail,
        },
      ])
      return true
    })
    if (queued) sent += 1
  }
  return sent
}
