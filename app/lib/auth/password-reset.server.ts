import { createAuthToken } from '../../models/auth-tokens.server'
import { findUserByEmail } from '../../models/users.server'
import { enqueueMail } from '../mail/outbox.server'
import { passwordResetMail } from '../mail/templates/account.server'
import { runtime } from '../runtime.server'

/**
 * Sends a single-use reset link when an active account has this address; does nothing
 * otherwise. The caller answers the same either way.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const { config, database, mailWorker } = runtime()
  const user = await findUserByEmail(email)
  if (!user || !user.active) return
  await database.db.transaction(async (tx) => {
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
  mailWorker.nudge()
}
