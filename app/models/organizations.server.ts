import { and, asc, eq, sql } from 'drizzle-orm'
import { clientMemberships, clientRequests, organizations, sessions, users } from '../../db/schema'
import type { OrganizationRole } from '../domain/organizations'
import { normalizeEmail } from '../domain/email'
import { clientInvitationMail } from '../emails/client-invitation.server'
import type { Database } from '../platform/db.server'
import { enqueueMail } from '../platform/mail/outbox.server'
import { db, runtime } from '../platform/runtime.server'
import { recordAudit, type Actor } from './audit.server'
import { createAuthToken } from './auth-tokens.server'
import { findUserByEmail, hasUsablePassword, INVITED_PASSWORD_HASH } from './users.server'

export type Organization = typeof organizations.$inferSelect

/** Where a client user stands: their organisation and their role in it. */
export interface ClientContext {
  organizationId: string
  organizationName: string
  role: OrganizationRole
}

export async function clientContextOf(
  userId: string,
  tx?: Database,
): Promise<ClientContext | undefined> {
  const [row] = await db(tx)
    .select({
      organizationId: clientMemberships.organizationId,
      organizationName: organizations.name,
      role: clientMemberships.role,
    })
    .from(clientMemberships)
    .innerJoin(organizations, eq(organizations.id, clientMemberships.organizationId))
    .where(eq(clientMemberships.userId, userId))
  return row
}

/** The organisation of this name (case and spacing aside), made when there is none yet. */
async function organizationNamed(name: string, actor: Actor, tx: Database): Promise<Organization> {
  const cleaned = name.trim().replace(/\s+/g, ' ')
  await tx
    .insert(organizations)
    .values({ name: cleaned, createdById: actor.id })
    .onConflictDoNothing()
  const [organization] = await tx
    .select()
    .from(organizations)
    .where(sql`lower(trim(${organizations.name})) = lower(${cleaned})`)
  return organization!
}

export type InviteOutcome =
  | { state: 'invited'; userId: string; organizationId: string }
  | { state: 'already-member'; userId: string; organizationId: string }
  | { state: 'other-organization' }
  | { state: 'other-role' }

/**
 * Gives a person a client account in an organisation and e-mails the invitation to choose a
 * password (a 48-hour single-use link). Someone who already has a client account in this
 * organisation gets a fresh link if they have no password yet; an address that belongs to
 * staff, an interpreter or another organisation is left alone.
 */
async function inviteToOrganization(
  person: { name: string; email: string; role: OrganizationRole; clientRequestId?: string },
  organization: Organization,
  actor: Actor,
  tx: Database,
): Promise<InviteOutcome> {
  const email = normalizeEmail(person.email)
  let user = await findUserByEmail(email, tx)
  if (user && user.role !== 'client') return { state: 'other-role' }
  if (!user) {
    const [created] = await tx
      .insert(users)
      .values({
        email,
        name: person.name.trim(),
        role: 'client',
        passwordHash: INVITED_PASSWORD_HASH,
      })
      .onConflictDoNothing()
      .returning()
    user = created ?? (await findUserByEmail(email, tx))!
  }
  const [membership] = await tx
    .insert(clientMemberships)
    .values({
      userId: user.id,
      organizationId: organization.id,
      role: person.role,
      clientRequestId: person.clientRequestId ?? null,
    })
    .onConflictDoNothing()
    .returning()
  const current = membership ?? (await clientMembershipOf(user.id, tx))
  if (current?.organizationId !== organization.id) return { state: 'other-organization' }
  if (hasUsablePassword(user))
    return { state: 'already-member', userId: user.id, organizationId: organization.id }
  const { config } = runtime()
  const token = await createAuthToken('invitation', user.id, tx)
  const mail = clientInvitationMail({
    name: user.name,
    organizationName: organization.name,
    acceptUrl: `${config.siteUrl}/accept-invite?token=${token}`,
    company: config.company,
  })
  await enqueueMail(tx, [
    {
      template: 'client-invitation',
      to: email,
      replyTo: config.mailReplyTo,
      reference: `user:${user.id}`,
      ...mail,
    },
  ])
  await recordAudit(
    actor,
    {
      action: 'invite',
      entityType: 'user',
      entityId: user.id,
      after: { role: 'client', organizationId: organization.id, organizationRole: current.role },
    },
    tx,
  )
  return { state: 'invited', userId: user.id, organizationId: organization.id }
}

async function clientMembershipOf(userId: string, tx: Database) {
  const [membership] = await tx
    .select()
    .from(clientMemberships)
    .where(eq(clientMemberships.userId, userId))
  return membership
}

/**
 * Staff's "Invite to portal" on a contact or demo request: the organisation named by the
 * request's company (made, or joined when it exists) and an account for the person who wrote.
 */
export async function inviteClientFromRequest(
  requestId: string,
  role: OrganizationRole,
  actor: Actor,
): Promise<InviteOutcome | 'missing'> {
  return db().transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(clientRequests)
      .where(eq(clientRequests.id, requestId))
      .for('update')
    if (!request) return 'missing'
    const organization = await organizationNamed(request.company, actor, tx)
    const outcome = await inviteToOrganization(
      { name: request.name, email: request.email, role, clientRequestId: request.id },
      organization,
      actor,
      tx,
    )
    if (outcome.state === 'invited')
      await recordAudit(
        actor,
        {
          action: 'portal_invitation',
          entityType: 'client_request',
          entityId: request.id,
          after: { organizationId: organization.id, organization: organization.name, role },
        },
        tx,
      )
    return outcome
  })
}

/** Staff's new-organisation form: the organisation and its first user, invited. */
export async function createOrganizationWithUser(
  input: { organizationName: string; name: string; email: string; role: OrganizationRole },
  actor: Actor,
): Promise<InviteOutcome> {
  return db().transaction(async (tx) => {
    const organization = await organizationNamed(input.organizationName, actor, tx)
    return inviteToOrganization(input, organization, actor, tx)
  })
}

/** A manager invites a colleague into their own organisation. */
export async function inviteColleague(
  organizationId: string,
  person: { name: string; email: string; role: OrganizationRole },
  actor: Actor,
): Promise<InviteOutcome> {
  return db().transaction(async (tx) => {
    const [organization] = await tx
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId))
    if (!organization) throw new Error('organisation not found')
    return inviteToOrganization(person, organization, actor, tx)
  })
}

/** The people of an organisation, managers first. */
export async function organizationUsers(organizationId: string) {
  return db()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      active: users.active,
      passwordHash: users.passwordHash,
      role: clientMemberships.role,
    })
    .from(clientMemberships)
    .innerJoin(users, eq(users.id, clientMemberships.userId))
    .where(eq(clientMemberships.organizationId, organizationId))
    .orderBy(asc(clientMemberships.role), asc(users.name))
    .then((rows) =>
      rows.map(({ passwordHash, ...row }) => ({
        ...row,
        invited: !hasUsablePassword({ passwordHash }),
      })),
    )
}

/**
 * A manager removes a user of their organisation: the account is deactivated and signed out
 * everywhere, its bookings stay with the organisation. 'missing' for anyone outside it
 * (another organisation's user is not theirs to name); a manager cannot remove themselves.
 */
export async function removeColleague(
  organizationId: string,
  userId: string,
  actor: Actor,
): Promise<'removed' | 'missing' | 'self'> {
  if (userId === actor.id) return 'self'
  return db().transaction(async (tx) => {
    const deleted = await tx
      .delete(clientMemberships)
      .where(
        and(
          eq(clientMemberships.userId, userId),
          eq(clientMemberships.organizationId, organizationId),
        ),
      )
      .returning()
    if (deleted.length === 0) return 'missing'
    await tx.update(users).set({ active: false }).where(eq(users.id, userId))
    await tx.delete(sessions).where(eq(sessions.userId, userId))
    await recordAudit(
      actor,
      {
        action: 'remove_from_organization',
        entityType: 'user',
        entityId: userId,
        after: { organizationId },
      },
      tx,
    )
    return 'removed'
  })
}

/** What the client request's dialog says about its writer's portal account. */
export async function portalStateOfRequester(email: string) {
  const user = await findUserByEmail(normalizeEmail(email))
  if (!user) return { state: 'none' as const }
  if (user.role !== 'client') return { state: 'other-role' as const }
  const context = await clientContextOf(user.id)
  return {
    state: hasUsablePassword(user) ? ('active' as const) : ('invited' as const),
    organizationName: context?.organizationName ?? null,
  }
}
