import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { formSubmissions } from '../../../db/schema'
import type { Database } from '../../platform/db.server'

export const FORM_TOKEN_FIELD = 'formToken'
export const HONEYPOT_FIELD = 'websiteUrl'

/** A fresh one-time token for a form the page renders. */
export function issueFormToken(): string {
  return randomUUID()
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The submitted form token, when it has the shape of one we issue. */
export function readFormToken(formData: FormData): string | undefined {
  const value = formData.get(FORM_TOKEN_FIELD)
  return typeof value === 'string' && uuidPattern.test(value) ? value.toLowerCase() : undefined
}

/** True when the hidden honeypot field was filled in, which people never do. */
export function isHoneypotFilled(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD)
  return typeof value === 'string' && value.trim() !== ''
}

/**
 * Records the token as used for `reference` inside the caller's transaction. When the
 * token was used before, returns the reference of that first submission instead; the
 * caller then creates nothing. Two concurrent submits with one token serialise on the
 * primary key, so exactly one of them creates the record.
 */
export async function claimFormToken(
  tx: Database,
  token: string,
  form: string,
  reference: string,
): Promise<{ firstUse: true } | { firstUse: false; reference: string }> {
  const inserted = await tx
    .insert(formSubmissions)
    .values({ token, form, reference })
    .onConflictDoNothing()
    .returning({ token: formSubmissions.token })
  if (inserted.length > 0) return { firstUse: true }
  const [existing] = await tx
    .select({ reference: formSubmissions.reference })
    .from(formSubmissions)
    .where(eq(formSubmissions.token, token))
  return { firstUse: false, reference: existing?.reference ?? reference }
}
