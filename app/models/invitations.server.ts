import { eq } from 'drizzle-orm'
import { clientInvitations, clientMemberships, organizations, users } from '../../db/schema'
import type { GoneReason, UserRole } from '../../db/schema'
import type { OrganizationRole } from '../domain/organizations'
import type { Database } from '../platform/db.server'
import { now } from '../platform/clock.server'
import { hashPassword } from '../platform/passwords.server'
import { db } from '../platform/runtime.server'
import { recordAudit } from './audit.server'
import { consumeAuthToken, readAuthToken, type AuthToken } from './auth-tokens.server'
import { clientContextOf } from './organizations.server'
import {
  findUserByEmail,
  hasUsablePassword,
  INVITED_PASSWORD_HASH,
  setPasswordHash,
  type User,
} from './users.server'

// Accepting an invitation link (app/routes/auth/accept-invite.tsx): staff and interpreter
// invitations are for the account made when they were sent; client portal invitations
// (app/models/client-invitations.server.ts) are for an address, and the account and the
// membership are made or changed only here, by the person, once.

/** What the invitation page shows its holder. */
export type InvitationPage =
  | { state: 'gone'; reason: GoneReason }
  /** The address has an account that cannot take this invitation (staff, interpreter, deactivated). */
  | { state: 'refused' }
  | {
      state: 'choose-password'
      name: string
      email: string
      role: UserRole
      organizationName: string | null
    }
  /** The address has an active client account: its owner accepts signed in. */
  | {
      state: 'join'
      name: string
      email: string
      organizationName: string
      currentOrganizationName: string | null
      signedIn: boolean
    }

export type AcceptOutcome =
  | { state: 'accepted'; userId: string; role: UserRole }
  | { state: 'gone'; reason: GoneReason }
  | { state: 'refused' }
  /** This address has an active account: only its owner, signed in, can accept. */
  | { state: 'sign-in' }
  /** The account has to be given a password to accept (the page changed meanwhile). */
  | { state: 'choose-password' }

interface Invitation {
  email: string
  name: string
  role: UserRole
  /** Staff and interpreter invitations: the account made when the invitation was sent. */
  userId: string | null
  organization: {
    id: string
    name: string
    role: OrganizationRole
    leadId: string | null
  } | null
}

async function invitationOf(token: AuthToken, tx: Database): Promise<Invitation | undefined> {
  const [client] = await tx
    .select({ invitation: clientInvitations, organizationName: organizations.name })
    .from(clientInvitations)
    .innerJoin(organizations, eq(organizations.id, clientInvitations.organizationId))
    .where(eq(clientInvitations.tokenHash, token.tokenHash))
  if (client) {
    const { invitation } = client
    return {
      email: invitation.email,
      name: invitation.name,
      role: 'client',
      userId: null,
      organization: {
        id: invitation.organizationId,
        name: client.organizationName,
        role: invitation.role,
        leadId: invitation.leadId,
      },
    }
  }
  if (!token.userId) return undefined
  const [user] = await tx.select().from(users).where(eq(users.id, token.userId))
  if (!user) return undefined
  return {
    email: user.email,
    name: user.name,
    role: user.role,
    userId: user.id,
    organization: null,
  }
}

/** How the invited address's account stands, which decides how the invitation is accepted. */
type Standing =
  | { kind: 'new' }
  /** Made by an invitation and never given a password: whichever invitation is accepted first decides what it becomes. */
  | { kind: 'unclaimed'; user: User }
  /** A client account its organization removed: the link lets its owner choose a new password and join. */
  | { kind: 'removed'; user: User }
  /** An active client account: its owner accepts signed in, and moves to the new organization. */
  | { kind: 'member'; user: User; organizationName: string | null }
  | { kind: 'refused' }

async function standingOf(invitation: Invitation, tx: Database): Promise<Standing> {
  const user = await findUserByEmail(invitation.email, tx)
  if (invitation.userId)
    return user?.id === invitation.userId && user.active && !hasUsablePassword(user)
      ? { kind: 'unclaimed', user }
      : { kind: 'refused' }
  if (!user) return { kind: 'new' }
  if (!hasUsablePassword(user)) return { kind: 'unclaimed', user }
  if (user.role !== 'client') return { kind: 'refused' }
  const context = await clientContextOf(user.id, tx)
  if (!user.active) return context ? { kind: 'refused' } : { kind: 'removed', user }
  return { kind: 'member', user, organizationName: context?.organizationName ?? null }
}

/** A staff or interpreter link whose account took a password another way is simply used up. */
function refusal(
  invitation: Invitation,
): { state: 'gone'; reason: GoneReason } | { state: 'refused' } {
  return invitation.userId ? { state: 'gone', reason: 'used' } : { state: 'refused' }
}

/** The invitation page for this link, as the signed-in visitor (if any) sees it. */
export async function readInvitation(token: string, viewerId?: string): Promise<InvitationPage> {
  const found = await readAuthToken(token, 'invitation')
  if (!found.row || found.state !== 'valid')
    return { state: 'gone', reason: found.state === 'valid' ? 'unknown' : found.state }
  const invitation = await invitationOf(found.row, db())
  if (!invitation) return { state: 'gone', reason: 'unknown' }
  const standing = await standingOf(invitation, db())
  if (standing.kind === 'refused') return refusal(invitation)
  const { name, email, role, organization } = invitation
  if (standing.kind === 'member')
    return {
      state: 'join',
      name: standing.user.name,
      email,
      organizationName: organization!.name,
      currentOrganizationName: standing.organizationName,
      signedIn: viewerId === standing.user.id,
    }
  return {
    state: 'choose-password',
    name,
    email,
    role,
    organizationName: organization?.name ?? null,
  }
}

/** Ends the transaction without keeping anything, with the answer to give. */
class NotAccepted extends Error {
  constructor(readonly outcome: AcceptOutcome) {
    super(outcome.state)
  }
}

/**
 * Accepts the invitation, once, in one transaction: the link is used (and every other
 * invitation link for the address lapses), then the account is made or changed and the
 * membership set. Someone without an account, with an account never given a password, or
 * removed from their organization chooses a password; an active client account is accepted
 * only by its owner, signed in. Anything else changes nothing.
 */
export async function acceptInvitation(
  token: string,
  how: { password: string } | { signedInUserId: string },
): Promise<AcceptOutcome> {
  // Hashed before the transaction: nobody waits on the address's lock for argon2.
  const passwordHash = 'password' in how ? await hashPassword(how.password) : null
  try {
    const accepted = await db().transaction(async (tx) => {
      const used = await consumeAuthToken(token, 'invitation', tx)
      if (!used) return undefined
      const invitation = await invitationOf(used, tx)
      if (!invitation) throw new NotAccepted({ state: 'gone', reason: 'unknown' })
      const standing = await standingOf(invitation, tx)
      if (standing.kind === 'refused') throw new NotAccepted(refusal(invitation))
      if (standing.kind === 'member') {
        if (!('signedInUserId' in how) || how.signedInUserId !== standing.user.id)
          throw new NotAccepted({ state: 'sign-in' })
        return join(standing.user, invitation, tx)
      }
      if (!passwordHash) throw new NotAccepted({ state: 'choose-password' })
      const user = standing.kind === 'new' ? await createAccount(invitation, tx) : standing.user
      if (!user) throw new NotAccepted({ state: 'gone', reason: 'superseded' })
      // An account in use keeps its name; one never used takes the name it was invited by.
      const name = standing.kind === 'removed' ? user.name : invitation.name
      await tx
        .update(users)
        .set({
          role: invitation.role,
          // A client invitation accepted makes a pending staff invitation of the address
          // lapse: its staff roles go with it. A staff invitation keeps the roles it was sent with.
          ...(invitation.role === 'admin' ? {} : { staffRoles: [] }),
          name,
          active: true,
          updatedAt: now(),
        })
        .where(eq(users.id, user.id))
      await setPasswordHash(user.id, passwordHash, {}, tx)
      return join({ ...user, name, role: invitation.role }, invitation, tx)
    })
    if (accepted) return accepted
  } catch (error) {
    if (error instanceof NotAccepted) return error.outcome
    throw error
  }
  const found = await readAuthToken(token, 'invitation')
  return { state: 'gone', reason: found.state === 'valid' ? 'used' : found.state }
}

/** The account a new address gets; undefined when one appeared meanwhile. */
async function createAccount(invitation: Invitation, tx: Database): Promise<User | undefined> {
  const [created] = await tx
    .insert(users)
    .values({
      email: invitation.email,
      name: invitation.name,
      role: invitation.role,
      // Replaced in the same transaction by the chosen password's hash.
      passwordHash: INVITED_PASSWORD_HASH,
    })
    .onConflictDoNothing()
    .returning()
  return created
}

/**
 * The account becomes what the accepted invitation says: a client invitation sets (or moves)
 * the membership, any other role has none.
 */
async function join(
  user: User,
  invitation: Invitation,
  tx: Database,
): Promise<AcceptOutcome & { state: 'accepted' }> {
  const [before] = await tx
    .select({ organizationId: clientMemberships.organizationId })
    .from(clientMemberships)
    .where(eq(clientMemberships.userId, user.id))
  const { organization } = invitation
  if (organization) {
    const membership = {
      organizationId: organization.id,
      role: organization.role,
      leadId: organization.leadId,
    }
    await tx
      .insert(clientMemberships)
      .values({ userId: user.id, ...membership })
      .onConflictDoUpdate({
        target: clientMemberships.userId,
        set: { ...membership, createdAt: now() },
      })
  } else if (before) {
    await tx.delete(clientMemberships).where(eq(clientMemberships.userId, user.id))
  }
  await recordAudit(
    { id: user.id, name: user.name },
    {
      action: 'accept_invitation',
      entityType: 'user',
      entityId: user.id,
      before: before ? { organizationId: before.organizationId } : null,
      after: {
        role: invitation.role,
        ...(organization
          ? { organizationId: organization.id, organizationRole: organization.role }
          : {}),
      },
    },
    tx,
  )
  return { state: 'accepted', userId: user.id, role: invitation.role }
}
