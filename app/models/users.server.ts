import { normalizeEmail } from '../domain/email'
import { and, asc, eq, sql } from 'drizzle-orm'
import { sessions, users, type UserRole } from '../../db/schema'
import { hashPassword } from '../platform/passwords.server'
import { now } from '../platform/clock.server'
import type { Database } from '../platform/db.server'
import { db } from '../platform/runtime.server'

export type User = typeof users.$inferSelect
/** A user as screens see it: never the password hash. */
export type PublicUser = Omit<User, 'passwordHash'> & {
  /** False for an invited user who has not chosen a password yet. */
  passwordSet: boolean
}

/**
 * The password "hash" of an invited account until the invitation is accepted: not an
 * argon2 hash, so no password can match it.
 */
export const INVITED_PASSWORD_HASH = 'invitation-pending'

export function hasUsablePassword(user: Pick<User, 'passwordHash'>): boolean {
  return user.passwordHash.startsWith('$argon2')
}

export function toPublicUser(user: User): PublicUser {
  const { passwordHash: _passwordHash, ...rest } = user
  return { ...rest, passwordSet: hasUsablePassword(user) }
}

export class EmailTakenError extends Error {
  override name = 'EmailTakenError'
}

export async function createUser(
  input: { email: string; name: string; role: UserRole; password: string },
  tx?: Database,
): Promise<PublicUser> {
  const email = normalizeEmail(input.email)
  const passwordHash = await hashPassword(input.password)
  const inserted = await db(tx)
    .insert(users)
    .values({ email, name: input.name.trim(), role: input.role, passwordHash })
    .onConflictDoNothing()
    .returning()
  const user = inserted[0]
  if (!user) throw new EmailTakenError(`An account for ${email} already exists.`)
  return toPublicUser(user)
}

export async function findUserByEmail(email: string, tx?: Database): Promise<User | undefined> {
  const [user] = await db(tx)
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalizeEmail(email)))
  return user
}

export async function getUser(id: string, tx?: Database): Promise<PublicUser | undefined> {
  const [user] = await db(tx).select().from(users).where(eq(users.id, id))
  return user ? toPublicUser(user) : undefined
}

export async function getUserWithPassword(id: string, tx?: Database) {
  const [user] = await db(tx).select().from(users).where(eq(users.id, id))
  return user
}

/** Sets a new password and ends every session of the user (a reset or change). */
export async function setPassword(
  userId: string,
  password: string,
  options: { keepSessionTokenHash?: string } = {},
  tx?: Database,
) {
  const passwordHash = await hashPassword(password)
  await db(tx).transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.id, userId))
    const remaining = options.keepSessionTokenHash
    await tx
      .delete(sessions)
      .where(
        remaining
          ? and(eq(sessions.userId, userId), sql`${sessions.tokenHash} <> ${remaining}`)
          : eq(sessions.userId, userId),
      )
  })
}

export async function countActiveAdmins(tx?: Database): Promise<number> {
  return db(tx).$count(users, and(eq(users.role, 'admin'), eq(users.active, true)))
}

export async function listUsers(tx?: Database): Promise<PublicUser[]> {
  const rows = await db(tx).select().from(users).orderBy(asc(users.name))
  return rows.map(toPublicUser)
}
