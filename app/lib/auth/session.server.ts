import { eq, lt, or } from 'drizzle-orm'
import { redirect } from 'react-router'
import { sessions, users, type UserRole } from '../../../db/schema'
import { toPublicUser, type PublicUser } from '../../models/users.server'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { db, runtime } from '../../platform/runtime.server'
import {
  clearSessionCookie,
  readSessionToken,
  serializeSessionCookie,
  type SessionCookieSettings,
} from './cookie.server'
import { hashToken, randomToken } from '../../platform/tokens.server'

/** A session ends after 30 minutes without a request (sliding) … */
export const SESSION_IDLE_MS = 30 * 60 * 1000
/** … and 12 hours after sign-in, whatever happens (DESIGN.md, security baseline). */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000
// The sliding timestamp is written at most once a minute, not on every request.
const TOUCH_INTERVAL_MS = 60 * 1000

export const LOGIN_PATH = '/interpreter-login'

export interface SessionUser extends PublicUser {
  sessionTokenHash: string
}

function cookieSettings(): SessionCookieSettings {
  return { secure: runtime().config.siteUrl.startsWith('https:') }
}

/**
 * Starts a new session (a new random id at every sign-in) and returns its Set-Cookie
 * header value.
 */
export async function createSession(
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
  return serializeSessionCookie(token, SESSION_ABSOLUTE_MS / 1000, cookieSettings())
}

// The loaders of one request (layout and page) share one session lookup.
const lookups = new WeakMap<Request, Promise<SessionUser | undefined>>()

/** The signed-in user of this request, or undefined when the session is missing or over. */
export function getSessionUser(request: Request): Promise<SessionUser | undefined> {
  let lookup = lookups.get(request)
  if (!lookup) {
    lookup = lookUpSession(request)
    lookups.set(request, lookup)
  }
  return lookup
}

async function lookUpSession(request: Request): Promise<SessionUser | undefined> {
  const token = readSessionToken(request, cookieSettings())
  if (!token) return undefined
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
  return { ...toPublicUser(row.user), sessionTokenHash: tokenHash }
}

/**
 * The signed-in user with the required role, or a redirect: to the login page (remembering
 * where the visitor wanted to go) without a valid session, to `/` with another role.
 */
export async function requireUser(
  request: Request,
  options: { role?: UserRole | null } = {},
): Promise<SessionUser> {
  const role = options.role === undefined ? 'admin' : options.role
  const user = await getSessionUser(request)
  if (!user) {
    const url = new URL(request.url)
    const redirectTo = `${url.pathname}${url.search}`
    throw redirect(`${LOGIN_PATH}?redirectTo=${encodeURIComponent(redirectTo)}`)
  }
  if (role && user.role !== role) throw redirect('/')
  return user
}

/** Shorthand for the admin area: every /admin loader and action starts with it. */
export function requireAdmin(request: Request): Promise<SessionUser> {
  return requireUser(request, { role: 'admin' })
}

/** Deletes this request's session on the server and returns the cookie that clears it. */
export async function destroySession(request: Request): Promise<string> {
  const token = readSessionToken(request, cookieSettings())
  if (token)
    await db()
      .delete(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  return clearSessionCookie(cookieSettings())
}

/** Ends every session of a user at once (deactivation, password reset). */
export async function destroyUserSessions(userId: string) {
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
