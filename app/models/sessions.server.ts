import { eq, lt, or } from 'drizzle-orm'
import { sessions, users } from '../../db/schema'
import { now } from '../platform/clock.server'
import type { Database } from '../platform/db.server'
import { db } from '../platform/runtime.server'
import { hashToken, randomToken } from '../platform/tokens.server'

/** A session ends after 30 minutes without a request (sliding) … */
export const SESSION_IDLE_MS = 30 * 60 * 1000
/** … and 12 hours after sign-in, whatever happens (docs/security.md). */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000
// The sliding timestamp is written at most once a minute, not on every request.
const TOUCH_INTERVAL_MS = 60 * 1000

export interface LiveSession {
  session: typeof sessions.$inferSelect
  user: typeof users.$inferSelect
  tokenHash: string
}

/**
 * Starts a session for the user (a new random token at every sign-in) and records the
 * sign-in time; returns the token, which only the cookie keeps.
 */
export async function insertSession(
  userId: string,
  details: { ipAddress?: string; userAgent?: string | null } = {},
): Promise<string> {
  const token = randomToken()
  const startedAt = now()
  await db()
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      createdAt: startedAt,
      lastSeenAt: startedAt,
      ipAddress: details.ipAddress ?? null,
      userAgent: details.userAgent?.slice(0, 300) ?? null,
    })
  await db().update(users).set({ lastLoginAt: startedAt }).where(eq(users.id, userId))
  return token
}

/**
 * The live session of a token and its user. A session over either limit, or of a
 * deactivated user, is deleted and not returned; a live one is touched (sliding expiry).
 */
export async function findLiveSession(token: string): Promise<LiveSession | undefined> {
  const tokenHash = hashToken(token)
  const [row] = await db()
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
  if (!row) return undefined
  const current = now().getTime()
  const idleFor = current - row.session.lastSeenAt.getTime()
  const age = current - row.session.createdAt.getTime()
  if (!row.user.active || idleFor > SESSION_IDLE_MS || age > SESSION_ABSOLUTE_MS) {
    await db().delete(sessions).where(eq(sessions.tokenHash, tokenHash))
    return undefined
  }
  if (idleFor > TOUCH_INTERVAL_MS) {
    await db()
      .update(sessions)
      .set({ lastSeenAt: new Date(current) })
      .where(eq(sessions.tokenHash, tokenHash))
  }
  return { ...row, tokenHash }
}

export async function deleteSession(token: string) {
  await db()
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
}

/** Ends every session of a user at once (deactivation, password reset). */
export async function deleteUserSessions(userId: string) {
  await db().delete(sessions).where(eq(sessions.userId, userId))
}

/** Sessions that are over by either limit (maintenance). */
export async function deleteExpiredSessions(database: Database) {
  const current = now().getTime()
  await database
    .delete(sessions)
    .where(
      or(
        lt(sessions.lastSeenAt, new Date(current - SESSION_IDLE_MS)),
        lt(sessions.createdAt, new Date(current - SESSION_ABSOLUTE_MS)),
      ),
    )
}
