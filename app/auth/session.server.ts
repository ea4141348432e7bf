import { redirect } from 'react-router'
import type { UserRole } from '../../db/schema'
import {
  deleteSession,
  findLiveSession,
  insertSession,
  SESSION_ABSOLUTE_MS,
} from '../models/sessions.server'
import type { Actor } from '../models/audit.server'
import { toPublicUser, type PublicUser } from '../models/users.server'
import { requestMemo } from '../platform/request-scope.server'
import { runtime } from '../platform/runtime.server'
import { forbidden } from '../lib/http/responses'
import { homeFor } from '../lib/auth/redirect'
import { staffMayOpen } from '../domain/staff-roles'
import {
  clearSessionCookie,
  readSessionToken,
  serializeSessionCookie,
  type SessionCookieSettings,
} from '../lib/auth/cookie.server'

export const LOGIN_PATH = '/interpreter-login'
export const CLIENT_LOGIN_PATH = '/client-login'

/** Where a visitor signs in again to reach a page: clients at the client login. */
export function loginPathFor(pathname: string): string {
  return pathname === '/client' || pathname.startsWith('/client/') ? CLIENT_LOGIN_PATH : LOGIN_PATH
}

export interface SessionUser extends PublicUser {
  sessionTokenHash: string
}

/** How this site's token cookies are set: secure on an https site. */
export function cookieSettings(): SessionCookieSettings {
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
  const token = await insertSession(userId, details)
  return serializeSessionCookie(token, SESSION_ABSOLUTE_MS / 1000, cookieSettings())
}

// The loaders of one request (layout and page) share one session lookup.
const lookups = new WeakMap<Request, Promise<SessionUser | undefined>>()

/** The signed-in user of this request, or undefined when the session is missing or over. */
export function getSessionUser(request: Request): Promise<SessionUser | undefined> {
  // A page's loaders each get a Request of their own: they share the lookup through the
  // request's memo. Not after an action, which may have signed someone in or out.
  if (request.method === 'GET' || request.method === 'HEAD')
    return requestMemo('session-user', () => lookUpSession(request))
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
  const live = await findLiveSession(token)
  if (!live) return undefined
  return { ...toPublicUser(live.user), sessionTokenHash: live.tokenHash }
}

/**
 * The signed-in user of a connection that is not a page request (the calls' WebSocket), from
 * its Cookie header.
 */
export function sessionUserOfCookie(cookieHeader: string | undefined) {
  const headers = new Headers(cookieHeader ? { cookie: cookieHeader } : {})
  return lookUpSession(new Request('http://socket.invalid/', { headers }))
}

export interface RequireUserOptions {
  role?: UserRole
  /** A resource route (a file or an export, not a page): another role gets 403. */
  resource?: boolean
}

/**
 * The signed-in user with the required role. Without a valid session: a redirect to the
 * login page, remembering where the visitor wanted to go. With another role: a page sends
 * them to their own home; an action or a resource route answers 403
 * (docs/product.md#accounts-and-roles).
 */
export async function requireUser(
  request: Request,
  options: RequireUserOptions = {},
): Promise<SessionUser> {
  const { role } = options
  const user = await getSessionUser(request)
  if (!user) {
    const url = new URL(request.url)
    const redirectTo = `${url.pathname}${url.search}`
    throw redirect(`${loginPathFor(url.pathname)}?redirectTo=${encodeURIComponent(redirectTo)}`)
  }
  if (role && user.role !== role) {
    const readsAPage = request.method === 'GET' || request.method === 'HEAD'
    if (options.resource || !readsAPage) throw forbidden()
    throw redirect(homeFor(user.role))
  }
  return user
}

export interface AdminUser extends SessionUser {
  /** Who did it, as the audit log and the mail log record it. */
  actor: Actor
}

/** Shorthand for the admin area: every /admin loader and action starts with it. */
export async function requireAdmin(
  request: Request,
  options: Pick<RequireUserOptions, 'resource'> = {},
): Promise<AdminUser> {
  const user = await requireUser(request, { ...options, role: 'admin' })
  // The staff member's roles must open this part of the admin area (app/domain/staff-roles.ts):
  // a page, an action or a file outside them answers 403, whatever the method.
  if (!staffMayOpen(user.staffRoles, new URL(request.url).pathname)) throw forbidden()
  return { ...user, actor: { id: user.id, name: user.name } }
}

/** Deletes this request's session on the server and returns the cookie that clears it. */
export async function destroySession(request: Request): Promise<string> {
  const token = readSessionToken(request, cookieSettings())
  if (token) await deleteSession(token)
  return clearSessionCookie(cookieSettings())
}
