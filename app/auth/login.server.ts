import { normalizeEmail } from '../domain/email'
import {
  findUserByEmail,
  hasUsablePassword,
  toPublicUser,
  type PublicUser,
  type User,
} from '../models/users.server'
import { enqueueMail } from '../platform/mail/outbox.server'
import { signInsPausedMail } from '../emails/account.server'
import { db, runtime } from '../platform/runtime.server'
import { verifyAgainstDummy, verifyPassword } from '../platform/passwords.server'
import { createSession } from './session.server'
import {
  recordLoginSuccess,
  reserveLoginAttempt,
  restartWaitFromAnswer,
} from '../models/login-attempts.server'

/**
 * A failed sign-in is answered no sooner than this after it began: the time of an answer
 * then says nothing about whether the account exists or the password was close, and the
 * busy state ('Signing in...') shows long enough to be read.
 */
export const FAILED_SIGN_IN_MIN_MS = 1000

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
  /** Tests that move the clock themselves pass 0. */
  minimumFailureMs?: number
}): Promise<LoginResult> {
  const startedAt = Date.now()
  const answerFailure = async <Failure extends LoginResult>(failure: Failure) => {
    const wait = startedAt + (input.minimumFailureMs ?? FAILED_SIGN_IN_MIN_MS) - Date.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    return failure
  }
  const accountKey = normalizeEmail(input.email)
  const reservation = await reserveLoginAttempt(accountKey, input.ipAddress)
  if (!reservation.allowed)
    return answerFailure({ status: 'throttled', retryAfterSeconds: reservation.retryAfterSeconds })

  const user = await findUserByEmail(accountKey)
  // An unknown address or an invitation not yet accepted costs the same work as a real check.
  const valid =
    user && hasUsablePassword(user)
      ? (await verifyPassword(user.passwordHash, input.password)) && user.active
      : await verifyAgainstDummy(input.password)
  if (!user || !valid) {
    if (reservation.lockoutStarted && user?.active) tellOwnerSignInsArePaused(user)
    const failure = await answerFailure({ status: 'invalid' as const })
    await restartWaitFromAnswer(accountKey)
    return failure
  }
  await recordLoginSuccess(accountKey, input.ipAddress)
  const setCookie = await createSession(user.id, {
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
  })
  return { status: 'signed-in', user: toPublicUser(user), setCookie }
}

// In the background, so that the answer takes no longer for a real account than for none.
function tellOwnerSignInsArePaused(user: User) {
  const { config, background } = runtime()
  background.run('sign-ins paused mail', async () => {
    const mail = signInsPausedMail({
      name: user.name,
      forgotPasswordUrl: `${config.siteUrl}/forgot-password`,
      company: config.company,
    })
    await enqueueMail(db(), [
      { template: 'sign-ins-paused', to: user.email, reference: `user:${user.id}`, ...mail },
    ])
  })
}
