import { and, asc, eq, inArray, like, ne, notLike, sql, type SQL } from 'drizzle-orm'
import { sessions, users, type UserRole } from '../../db/schema'
import type { AccountStatus } from '../domain/accounts'
import { normalizeEmail } from '../domain/email'
import { staffRoleValues, type StaffRole } from '../domain/staff-roles'
import { STAFF_ROLES_MESSAGE } from '../lib/validation/staff'
import { listPage, type FilteredList } from '../lib/admin/filtered-list.server'
import type { ListFilters } from '../lib/admin/list-filters'
import { invitationMail } from '../emails/account.server'
import { now } from '../platform/clock.server'
import type { Database } from '../platform/db.server'
import { enqueueMail } from '../platform/mail/outbox.server'
import { hashPassword } from '../platform/passwords.server'
import { db, runtime } from '../platform/runtime.server'
import { recordAudit, type Actor } from './audit.server'
import { createAuthToken, inTransaction, revokeAuthTokens } from './auth-tokens.server'
import { deleteUserSessions } from './sessions.server'

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

/**
 * The staff roles an account is given: staff get those chosen, or administrator when none
 * are (the first account, made from the command line, runs everything); others none.
 */
function staffRolesFor(role: UserRole, chosen: readonly StaffRole[] | undefined): StaffRole[] {
  if (role !== 'admin') return []
  return chosen && chosen.length > 0 ? [...new Set(chosen)] : ['administrator']
}

export async function createUser(
  input: {
    email: string
    name: string
    role: UserRole
    password: string
    staffRoles?: readonly StaffRole[]
  },
  tx?: Database,
): Promise<PublicUser> {
  const email = normalizeEmail(input.email)
  const passwordHash = await hashPassword(input.password)
  const inserted = await db(tx)
    .insert(users)
    .values({
      email,
      name: input.name.trim(),
      role: input.role,
      staffRoles: staffRolesFor(input.role, input.staffRoles),
      passwordHash,
    })
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

const LOOKUP_CHUNK = 1000

/**
 * The accounts among `emails` (normalised addresses), by address, with their role: an
 * import's look-up of a whole file, a thousand addresses to a query.
 */
export async function accountsByEmails(emails: readonly string[], tx?: Database) {
  const found = new Map<string, { id: string; role: UserRole }>()
  for (let start = 0; start < emails.length; start += LOOKUP_CHUNK) {
    const rows = await db(tx)
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails.slice(start, start + LOOKUP_CHUNK)))
    for (const row of rows) found.set(row.email.toLowerCase(), { id: row.id, role: row.role })
  }
  return found
}

export async function getUser(id: string, tx?: Database): Promise<PublicUser | undefined> {
  const [user] = await db(tx).select().from(users).where(eq(users.id, id))
  return user ? toPublicUser(user) : undefined
}

export async function getUserWithPassword(id: string, tx?: Database) {
  const [user] = await db(tx).select().from(users).where(eq(users.id, id))
  return user
}

/**
 * Sets a new password, ends every session of the user (but the one that changed it, from the
 * account page) and every reset or invitation link still outstanding for the account.
 */
export async function setPassword(
  userId: string,
  password: string,
  options: { keepSessionTokenHash?: string } = {},
  tx?: Database,
) {
  const passwordHash = await hashPassword(password)
  await inTransaction(tx, (tx) => setPasswordHash(userId, passwordHash, options, tx))
}

/** setPassword with the hash made beforehand, so no lock waits for argon2. */
export async function setPasswordHash(
  userId: string,
  passwordHash: string,
  options: { keepSessionTokenHash?: string },
  tx: Database,
) {
  await tx.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.id, userId))
  const remaining = options.keepSessionTokenHash
  await tx
    .delete(sessions)
    .where(
      remaining
        ? and(eq(sessions.userId, userId), sql`${sessions.tokenHash} <> ${remaining}`)
        : eq(sessions.userId, userId),
    )
  await revokeAuthTokens(tx, ['password_reset', 'invitation'], { userId }, 'superseded')
}

export async function countActiveAdmins(tx?: Database): Promise<number> {
  return db(tx).$count(users, and(eq(users.role, 'admin'), eq(users.active, true)))
}

// The Users screen's list (docs/product.md#users): by name, 25 a page.

export const userSorts = ['name'] as const
export type UserFilters = ListFilters<AccountStatus, (typeof userSorts)[number]> & {
  role: UserRole | 'all'
}

/** The argon2 prefix of a chosen password ({@link hasUsablePassword}); an invitation has none. */
const CHOSEN_PASSWORD = '$argon2%'

const accountStatusConditions: Record<AccountStatus, SQL> = {
  invited: notLike(users.passwordHash, CHOSEN_PASSWORD),
  active: and(like(users.passwordHash, CHOSEN_PASSWORD), eq(users.active, true))!,
  deactivated: and(like(users.passwordHash, CHOSEN_PASSWORD), eq(users.active, false))!,
}

const userList: FilteredList<typeof users, UserFilters> = {
  table: users,
  // The expression of the users_name_email_search_idx index (db/schema/users.ts).
  searchText: () => sql`(${users.name} || ' ' || ${users.email})`,
  // A list of people reads A to Z, whatever the direction in the address.
  sortedBy: (_filters, _direction, key) => [asc(key(users.name))],
  hasStatus: (status) => accountStatusConditions[status as AccountStatus],
  otherFilters: (filters) => (filters.role === 'all' ? undefined : eq(users.role, filters.role)),
}

/** One page of users matching the search (name, e-mail), role and account status. */
export async function listUsers(filters: UserFilters, tx?: Database) {
  const page = await listPage(db(tx), userList, filters)
  return { ...page, items: page.items.map(toPublicUser) }
}

// Staff accounts: invitations and deactivation (the admin Users screen).

export class UserRuleError extends Error {
  override name = 'UserRuleError'
}

/**
 * Creates the invited account (no usable password yet) and mails a link to choose one,
 * valid 48 hours. Inviting an address again re-sends the link while it is still pending.
 */
export async function inviteUser(
  input: { email: string; name: string; role: UserRole; staffRoles?: readonly StaffRole[] },
  actor: Actor,
): Promise<PublicUser> {
  const { config } = runtime()
  const email = normalizeEmail(input.email)
  const staffRoles = staffRolesFor(input.role, input.staffRoles)
  const invited = await db().transaction(async (tx) => {
    const existing = await findUserByEmail(email, tx)
    if (existing && existing.passwordHash !== INVITED_PASSWORD_HASH) {
      throw new UserRuleError('An account with this e-mail already exists.')
    }
    const [user] = existing
      ? await tx
          .update(users)
          .set({ name: input.name, role: input.role, staffRoles, updatedAt: now() })
          .where(eq(users.id, existing.id))
          .returning()
      : await tx
          .insert(users)
          .values({
            email,
            name: input.name,
            role: input.role,
            staffRoles,
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
        after: { email, role: input.role, ...(staffRoles.length > 0 ? { staffRoles } : {}) },
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
    throw new UserRuleError('You cannot deactivate your own account.')
  await db().transaction(async (tx) => {
    // Serialise changes to admin accounts so two deactivations cannot both pass the check.
    await tx.execute(sql`select pg_advisory_xact_lock(7261999)`)
    const [user] = await tx.select().from(users).where(eq(users.id, userId))
    if (!user) throw new UserRuleError('This account does not exist.')
    if (user.active === active) return
    if (!active && user.staffRoles.includes('administrator')) {
      const others = await otherActiveAdministrators(tx, userId)
      if (others === 0) throw new UserRuleError('The last active admin cannot be deactivated.')
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

/** Active administrators other than `userId`: someone must always be left to run the site. */
function otherActiveAdministrators(tx: Database, userId: string) {
  return tx.$count(
    users,
    and(
      eq(users.role, 'admin'),
      eq(users.active, true),
      sql`'administrator' = any(${users.staffRoles})`,
      ne(users.id, userId),
    ),
  )
}

/**
 * Gives a staff account its roles (docs/product.md#staff-roles), at least one. The last
 * active administrator keeps that role; the change applies from the account's next request.
 */
export async function setStaffRoles(
  userId: string,
  roles: readonly StaffRole[],
  actor: Actor,
): Promise<'changed' | 'unchanged'> {
  const next = staffRoleValues.filter((role) => roles.includes(role))
  if (next.length === 0) throw new UserRuleError(STAFF_ROLES_MESSAGE)
  return db().transaction(async (tx) => {
    // Serialised with deactivations, so two changes cannot both remove the last administrator.
    await tx.execute(sql`select pg_advisory_xact_lock(7261999)`)
    const [user] = await tx.select().from(users).where(eq(users.id, userId))
    if (!user || user.role !== 'admin') throw new UserRuleError('This is not a staff account.')
    if (user.staffRoles.join() === next.join()) return 'unchanged'
    if (
      user.staffRoles.includes('administrator') &&
      !next.includes('administrator') &&
      user.active &&
      (await otherActiveAdministrators(tx, userId)) === 0
    )
      throw new UserRuleError('The last active administrator keeps the Administrator role.')
    await tx.update(users).set({ staffRoles: next, updatedAt: now() }).where(eq(users.id, userId))
    await recordAudit(
      actor,
      {
        action: 'staff_roles_set',
        entityType: 'user',
        entityId: userId,
        before: { staffRoles: user.staffRoles },
        after: { staffRoles: next },
      },
      tx,
    )
    return 'changed'
  })
}

/**
 * An admin's lead settings: whether the round-robin gives them new client requests, and
 * the last day they are away (docs/product.md#users). Any admin may change anyone's.
 */
export async function setLeadSettings(
  userId: string,
  settings: { takesLeads: boolean; awayUntil: string | null },
  actor: Actor,
): Promise<void> {
  await db().transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
    if (!user) throw new UserRuleError('This account does not exist.')
    if (user.role !== 'admin') throw new UserRuleError('Only staff take leads.')
    if (user.takesLeads === settings.takesLeads && user.awayUntil === settings.awayUntil) return
    await tx
      .update(users)
      .set({ ...settings, updatedAt: now() })
      .where(eq(users.id, userId))
    await recordAudit(
      actor,
      {
        action: 'lead_settings',
        entityType: 'user',
        entityId: userId,
        before: { takesLeads: user.takesLeads, awayUntil: user.awayUntil },
        after: settings,
      },
      tx,
    )
  })
}
