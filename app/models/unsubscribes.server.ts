import { eq } from 'drizzle-orm'
import { mailUnsubscribes } from '../../db/schema'
import { normalizeEmail } from '../domain/email'
import { db } from '../platform/runtime.server'

/**
 * Addresses that asked for no more bulk e-mail, from the link in every bulk message
 * (app/routes/public/unsubscribe.tsx). Group sends leave them out
 * (app/models/communications/recipients.server.ts).
 */
/** Records that an address wants no more bulk e-mail; repeating it changes nothing. */
export async function unsubscribe(email: string, source: 'link' | 'one-click') {
  await db()
    .insert(mailUnsubscribes)
    .values({ email: normalizeEmail(email), source })
    .onConflictDoNothing()
}

export async function isUnsubscribed(email: string): Promise<boolean> {
  const [row] = await db()
    .select({ email: mailUnsubscribes.email })
    .from(mailUnsubscribes)
    .where(eq(mailUnsubscribes.email, normalizeEmail(email)))
  return Boolean(row)
}
