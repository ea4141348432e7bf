import { and, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import {
  authTokens,
  users,
  type AuthTokenPurpose,
  type AuthTokenRevocation,
  type AuthTokenState,
} from '../../db/schema'
import { normalizeEmail } from '../domain/email'
import { hashToken, randomToken } from '../platform/tokens.server'
import { now } from '../platform/clock.server'
import type { Database } from '../platform/db.server'
import { db } from '../platform/runtime.server'

// Every single-use link (password reset, first-admin set-up, invitation) is issued, used
// and revoked here: one place decides when a link stops working.

export const TOKEN_LIFETIMES_MS: Record<AuthTokenPurpose, number> = {
  password_reset: 30 * 60 * 1000,
  first_admin_setup: 60 * 60 * 1000,
  invitation: 48 * 60 * 60 * 1000,
}

export type AuthToken = typeof authTokens.$inferSelect

/**
 * Creates a single-use token and returns it; only its hash is stored. A link for an account
 * also records the account's address; a link for someone without an account yet (an
 * invitation to the client portal) passes the address instead.
 */
export async function createAuthToken(
  purpose: AuthTokenPurpose,
  userId: string | null,
  tx?: Database,
  options: { email?: string } = {},
): Promise<string> {
  const token = randomToken()
  await db(tx)
    .insert(authTokens)
    .values({
      tokenHash: hashToken(token),
      purpose,
      userId,
      email: options.email
        ? normalizeEmail(options.email)
        : userId
          ? sql`(select lower(${users.email}) from ${users} where ${users.id} = ${userId})`
          : null,
      expiresAt: new Date(now().getTime() + TOKEN_LIFETIMES_MS[purpose]),
    })
  return token
}

/**
 * Single-use links for several accounts at once, in one statement (an import's batch of
 * invitations), in the order given; each records its account's address as given (a client
 * invitation has no account yet: `userId` null and the invited address).
 */
export async function createAuthTokens(
  purpose: AuthTokenPurpose,
  accounts: readonly { userId: string | null; email: string }[],
  tx: Database,
): Promise<string[]> {
  if (accounts.length === 0) return []
  const tokens = accounts.map(() => randomToken())
  const expiresAt = new Date(now().getTime() + TOKEN_LIFETIMES_MS[purpose])
  await tx.insert(authTokens).values(
    accounts.map((account, index) => ({
      tokenHash: hashToken(tokens[index]!),
      purpose,
      userId: account.userId,
      email: normalizeEmail(account.email),
      expiresAt,
    })),
  )
  return tokens
}

/** Neither used, nor revoked, nor expired. */
export function isOutstanding() {
  return and(
    isNull(authTokens.usedAt),
    isNull(authTokens.revokedAt),
    gt(authTokens.expiresAt, now()),
  )
}

function validToken(token: string, purpose: AuthTokenPurpose) {
  return and(
    eq(authTokens.tokenHash, hashToken(token)),
    eq(authTokens.purpose, purpose),
    isOutstanding(),
  )
}

/** The token's row while it is unused, unrevoked and unexpired. */
export async function findValidAuthToken(token: string, purpose: AuthTokenPurpose, tx?: Database) {
  const [row] = await db(tx).select().from(authTokens).where(validToken(token, purpose))
  return row
}

/** The token's row whatever its state, and the state: what a link's page tells its holder. */
export async function readAuthToken(
  token: string,
  purpose: AuthTokenPurpose,
  tx?: Database,
): Promise<{ state: AuthTokenState; row?: AuthToken }> {
  if (!token) return { state: 'unknown' }
  const [row] = await db(tx)
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose)))
  if (!row) return { state: 'unknown' }
  if (row.usedAt) return { state: 'used', row }
  if (row.revokedAt) return { state: row.revokedReason ?? 'superseded', row }
  if (row.expiresAt <= now()) return { state: 'expired', row }
  return { state: 'valid', row }
}

/** Whose links a token's use ends: the account and its address, either may be missing. */
interface Holder {
  userId: string | null
  email: string | null
}

async function holderOf(row: AuthToken, tx: Database): Promise<Holder> {
  if (!row.userId && !row.email) return { userId: null, email: null }
  const [user] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(row.userId ? eq(users.id, row.userId) : eq(sql`lower(${users.email})`, row.email!))
  return { userId: user?.id ?? row.userId, email: row.email ?? user?.email.toLowerCase() ?? null }
}

function heldBy(holder: Holder): SQL | undefined {
  if (!holder.userId && !holder.email)
    return and(isNull(authTokens.userId), isNull(authTokens.email))
  return or(
    holder.userId ? eq(authTokens.userId, holder.userId) : undefined,
    holder.email ? eq(authTokens.email, holder.email) : undefined,
  )
}

/**
 * Serialises the uses of one address's links until the transaction ends: of ten links used
 * at once, the first revokes the others before the second looks at its own.
 */
async function lockHolder(holder: Holder, tx: Database) {
  const key = `auth-link:${holder.email ?? holder.userId ?? 'no-account'}`
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
}

/**
 * Marks the token used and returns its row, atomically, and revokes every other outstanding
 * link of the same purpose for the same account or address: a second use, or the use of an
 * older or parallel link, gets undefined. Run it in the transaction that acts on the link,
 * so that a failure afterwards gives the link back.
 */
export async function consumeAuthToken(token: string, purpose: AuthTokenPurpose, tx?: Database) {
  return inTransaction(tx, async (tx) => {
    const found = await readAuthToken(token, purpose, tx)
    if (!found.row || found.state !== 'valid') return undefined
    const holder = await holderOf(found.row, tx)
    await lockHolder(holder, tx)
    const [used] = await tx
      .update(authTokens)
      .set({ usedAt: now() })
      .where(validToken(token, purpose))
      .returning()
    if (!used) return undefined
    await revokeAuthTokens(tx, [purpose], holder, 'superseded', used.tokenHash)
    return used
  })
}

/** The caller's transaction, or a new one (the advisory lock needs one). */
export function inTransaction<T>(tx: Database | undefined, work: (tx: Database) => Promise<T>) {
  return tx ? work(tx) : db().transaction(work)
}

/**
 * Ends the outstanding links of these purposes for an account or address (for example every
 * reset link when the password changes). Returns how many it ended.
 */
export async function revokeAuthTokens(
  tx: Database,
  purposes: AuthTokenPurpose[],
  holder: { userId?: string | null; email?: string | null },
  reason: AuthTokenRevocation,
  exceptTokenHash?: string,
): Promise<number> {
  const ended = await tx
    .update(authTokens)
    .set({ revokedAt: now(), revokedReason: reason })
    .where(
      and(
        inArray(authTokens.purpose, purposes),
        heldBy({ userId: holder.userId ?? null, email: holder.email ?? null }),
        isOutstanding(),
        exceptTokenHash ? ne(authTokens.tokenHash, exceptTokenHash) : undefined,
      ),
    )
    .returning({ tokenHash: authTokens.tokenHash })
  return ended.length
}

/** Ends one outstanding link by its hash; false when it had already ended. */
export async function endAuthToken(
  tokenHash: string,
  reason: AuthTokenRevocation,
  tx: Database,
): Promise<boolean> {
  const ended = await tx
    .update(authTokens)
    .set({ revokedAt: now(), revokedReason: reason })
    .where(and(eq(authTokens.tokenHash, tokenHash), isOutstanding()))
    .returning({ tokenHash: authTokens.tokenHash })
  return ended.length > 0
}

/** Links that ended this long ago are deleted by the maintenance loop, with what they named. */
export const ENDED_LINKS_KEPT_MS = 30 * 24 * 60 * 60 * 1000

/** Deletes links (and the invitations they carry) that ended over 30 days ago. */
export async function deleteEndedAuthTokens(database: Database) {
  const before = new Date(now().getTime() - ENDED_LINKS_KEPT_MS)
  await database
    .delete(authTokens)
    .where(
      or(
        lte(authTokens.expiresAt, before),
        lte(authTokens.usedAt, before),
        lte(authTokens.revokedAt, before),
      ),
    )
}
