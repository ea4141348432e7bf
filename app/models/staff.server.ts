import { normalizeEmail } from '../domain/email'
import { and, eq, ne, sql } from 'drizzle-orm'
import { users, type UserRole } from '../../db/schema'
import { deleteUserSessions } from './sessions.server'
import { enqueueMail } from '../platform/mail/outbox.server'
import { invitationMail } from '../emails/account.server'
import { now } from '../platform/clock.server'
import { db, runtime } from '../platform/runtime.server'
import { recordAudit, type Actor } from './audit.server'
import { createAuthToken } from './auth-tokens.server'
import {
  findUserByEmail,
  INVITED_PASSWORD_HASH,
  toPublicUser,
  type PublicUser,
} from './users.server'

export class StaffRuleError extends Error {
  override name = 'StaffRuleError'
}

/**
 * Creates the invited account (no usable password yet) and mails a link to choose one,
 * valid 48 hours. Inviting an address again re-sends the link while it is still pending.
 */
export async function inviteUser(
  input: { email: string; name: string; role: UserRole },
  actor: Actor,
): Promise<PublicUser> {
  const { config } = runtime()
  const email = normalizeEmail(input.email)
  const invited = await db().transaction(async (tx) => {
    const existing = await findUserByEmail(email, tx)
    if (existing && existing.passwordHash !== INVITED_PASSWORD_HASH) {
      throw new StaffRuleError('An account with this e-mail already exists.')
    }
    const [user] = existing
      ? await tx
          .update(users)
          .set({ name: input.name, role: input.role, updatedAt: now() })
          .where(eq(users.id, existing.id))
          .returning()
      : await tx
          .insert(users)
          .values({
            email,
            name: input.name,
            role: input.role,
            passwordHash: INVITED_PASSWORD_HASH,
          })
          .returning()
    if (!user) throw new Error('The invitation was not stored.')
    const token = await createAuthToken('invitation', user.id, tx)
    const mail = invitationMail({
      name: user.name,
      inviterName: actor.name,
      acceptUrl: `${config.siteUrl}/accept-invite?token=${token}`,
      company: config.company,
    })
    await enqueueMail(tx, [
      { template: 'invitation', to: user.email, reference: `user:${user.id}`, ...mail },
    ])
    await recordAudit(
      actor,
      {
        action: 'invite',
        entityType: 'user',
        entityId: user.id,
        after: { email, role: input.role },
      },
      tx,
    )
    return toPublicUser(user)
  })
  return invited
}

/**
 * Deactivates (ending the user's sessions at once) or reactivates an account. Nobody can
 * deactivate themselves, and the last active admin cannot be deactivated.
 */
export async function setUserActive(userId: string, active: boolean, actor: Actor): Promise<void> {
  if (!active && userId === actor.id)
    throw new StaffRuleError('You cannot deactivate your own account.')
  await db().transaction(async (tx) => {
    // Serialise changes to admin accounts so two deactivations cannot both pass the check.
    await tx.execute(sql`select pg_advisory_xact_lock(7261999)`)
    const [user] = await tx.select().from(users).where(eq(users.id, userId))
    if (!user) throw new StaffRuleError('This account does not exist.')
    if (user.active === active) return
    if (!active && user.role === 'admin') {
      const others = await tx.$count(
        users,
        and(eq(users.role, 'admin'), eq(users.active, true), ne(users.id, userId)),
      )
      if (others === 0) throw new StaffRuleError('The last active admin cannot be deactivated.')
    }
    await tx.update(users).set({ active, updatedAt: now() }).where(eq(users.id, userId))
    await recordAudit(
      actor,
      {
        action: active ? 'reactivate' : 'deactivate',
        entityType: 'user',
        entityId: userId,
        before: { active: user.active },
        after: { active },
      },
      tx,
    )
  })
  if (!active) await deleteUserSessions(userId)
}
