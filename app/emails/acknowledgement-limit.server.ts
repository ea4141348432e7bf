import { normalizeEmail } from '../domain/email'
import { now } from '../platform/clock.server'
import type { Database } from '../platform/db.server'
import { hitRateLimit, type RateLimitRule } from '../platform/rate-limit.server'

/**
 * Acknowledgements go to whatever address a visitor typed, unverified. However many forms
 * name one address, it receives at most ten in a day (a fixed window from midnight UTC), so
 * the forms cannot be used to flood someone's mailbox; the requests themselves are still
 * stored and staff still notified.
 */
export const ACKNOWLEDGEMENTS_PER_RECIPIENT: RateLimitRule = {
  bucket: 'acknowledgement-recipient',
  limit: 10,
  windowMs: 24 * 60 * 60 * 1000,
}

/** Counts one acknowledgement to `address` in the caller's transaction; false once over the cap. */
export async function mayAcknowledge(tx: Database, address: string): Promise<boolean> {
  const result = await hitRateLimit(
    tx,
    ACKNOWLEDGEMENTS_PER_RECIPIENT,
    normalizeEmail(address),
    now(),
  )
  return result.allowed
}
