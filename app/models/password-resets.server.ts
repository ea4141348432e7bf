import type { GoneReason } from '../../db/schema'
import { consumeAuthToken, createAuthToken, readAuthToken } from './auth-tokens.server'
import { findUserByEmail, setPasswordHash } from './users.server'
import { hashPassword } from '../platform/passwords.server'
import { enqueueMail } from '../platform/mail/outbox.server'
import { passwordResetMail } from '../emails/account.server'
import { hitRateLimit, type RateLimitRule } from '../platform/rate-limit.server'
import { now } from '../platform/clock.server'
import { db, runtime } from '../platform/runtime.server'

/** However often the form is sent, an account gets at most three reset mails an hour. */
export const RESET_MAILS_PER_ACCOUNT: RateLimitRule = {
  bucket: 'password-reset-account',
  limit: 3,
  windowMs: 60 * 60 * 1000,
}

/**
 * Sends a single-use reset link when an active account has this address and has not had
 * three this hour; does nothing otherwise. The form runs it in the background and answers
 * the same, at once, either way (app/routes/auth/forgot-password.tsx).
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const { config } = runtime()
  const user = await findUserByEmail(email)
  if (!user || !user.active) return
  await db().transaction(async (tx) => {
    const allowance = await hitRateLimit(tx, RESET_MAILS_PER_ACCOUNT, user.id, now())
    if (!allowance.allowed) return
    const token = await createAuthToken('password_reset', user.id, tx)
    const mail = passwordResetMail({
      name: user.name,
      resetUrl: `${config.siteUrl}/reset-password?token=${token}`,
      company: config.company,
    })
    await enqueueMail(tx, [
      { template: 'password-reset', to: user.email, reference: `user:${user.id}`, ...mail },
    ])
  })
}

/**
 * Uses a reset link: in one transaction the link is used (every other reset link of the
 * account lapses), the password set and every session of the account ended.
 */
export async function resetPassword(
  token: string,
  password: string,
): Promise<{ state: 'reset' } | { state: 'gone'; reason: GoneReason }> {
  const passwordHash = await hashPassword(password)
  const reset = await db().transaction(async (tx) => {
    const used = await consumeAuthToken(token, 'password_reset', tx)
    if (!used?.userId) return false
    await setPasswordHash(used.userId, passwordHash, {}, tx)
    return true
  })
  if (reset) return { state: 'reset' }
  const { state } = await readAuthToken(token, 'password_reset')
  return { state: 'gone', reason: state === 'valid' ? 'used' : state }
}
