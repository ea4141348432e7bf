import {
  findUserByEmail,
  hasUsablePassword,
  normalizeEmail,
  toPublicUser,
  type PublicUser,
} from '../../models/users.server'
import { verifyAgainstDummy, verifyPassword } from './password.server'
import { createSession } from './session.server'
import { checkLoginThrottle, clearLoginFailures, recordLoginFailure } from './throttle.server'

export type LoginResult =
  | { status: 'signed-in'; user: PublicUser; setCookie: string }
  | { status: 'invalid' }
  | { status: 'throttled'; retryAfterSeconds: number }

/**
 * Checks the credentials under both throttles. An unknown address, a wrong password and a
 * deactivated account all answer `invalid`, after the same amount of work.
 */
export async function attemptLogin(input: {
  email: string
  password: string
  ipAddress: string
  userAgent: string | null
}): Promise<LoginResult> {
  const accountKey = normalizeEmail(input.email)
  const throttle = await checkLoginThrottle(accountKey, input.ipAddress)
  if (!throttle.allowed)
    return { status: 'throttled', retryAfterSeconds: throttle.retryAfterSeconds }

  const user = await findUserByEmail(accountKey)
  // An unknown address or an invitation not yet accepted costs the same work as a real check.
  const valid =
    user && hasUsablePassword(user)
      ? (await verifyPassword(user.passwordHash, input.password)) && user.active
      : await verifyAgainstDummy(input.password)
  if (!user || !valid) {
    await recordLoginFailure(accountKey, input.ipAddress)
    return { status: 'invalid' }
  }
  await clearLoginFailures(accountKey)
  const setCookie = await createSession(user.id, {
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
  })
  return { status: 'signed-in', user: toPublicUser(user), setCookie }
}

/** Where a user lands after signing in when no page was asked for. */
export function homeFor(role: PublicUser['role']): string {
  return role === 'admin' ? '/admin/dashboard' : '/account'
}
