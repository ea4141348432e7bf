import { and, eq, gt, isNull } from 'drizzle-orm'
import { authTokens, type AuthTokenPurpose } from '../../db/schema'
import { hashToken, randomToken } from '../platform/tokens.server'
import { now } from '../platform/clock.server'
import type { Database } from '../platform/db.server'
import { db } from '../platform/runtime.server'

export const TOKEN_LIFETIMES_MS: Record<AuthTokenPurpose, number> = {
  password_reset: 30 * 60 * 1000,
  first_admin_setup: 60 * 60 * 1000,
  invitation: 48 * 60 * 60 * 1000,
}

/** Creates a single-use token and returns it; only its hash is stored. */
export async function createAuthToken(
  purpose: AuthTokenPurpose,
  userId: string | null,
  tx?: Database,
): Promise<string> {
  const token = randomToken()
  await db(tx)
    .insert(authTokens)
    .values({
      tokenHash: hashToken(token),
      purpose,
      userId,
      expiresAt: new Date(now().getTime() + TOKEN_LIFETIMES_MS[purpose]),
    })
  return token
}

function validToken(token: string, purpose: AuthTokenPurpose) {
  return and(
    eq(authTokens.tokenHash, hashToken(token)),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, now()),
  )
}

/** The token's row while it is unused and unexpired. */
export async function findValidAuthToken(token: string, purpose: AuthTokenPurpose, tx?: Database) {
  const [row] = await db(tx).select().from(authTokens).where(validToken(token, purpose))
  return row
}

/** Marks the token used and returns its row, atomically: a second use gets undefined. */
export async function consumeAuthToken(token: string, purpose: AuthTokenPurpose, tx?: Database) {
  const [row] = await db(tx)
    .update(authTokens)
    .set({ usedAt: now() })
    .where(validToken(token, purpose))
    .returning()
  return row
}
