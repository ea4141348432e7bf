import { and, asc, eq, sql } from 'drizzle-orm'
import { clientMemberships, leads, organizations, sessions, users } from '../../db/schema'
import type { OrganizationRole } from '../domain/organizations'
import { normalizeEmail } from '../domain/email'
import type { Database } from '../platform/db.server'
import { db } from '../platform/runtime.server'
import { recordAudit, type Actor } from './audit.server'
import {
  inviteToOrganization,
  pendingInvitationsTo,
  type InviteOutcome,
} from './client-invitations.server'
import { findUserByEmail, hasUsablePassword } from './users.server'

export type Organization = typeof organizations.$inferSelect

/** Where a client user stands: their organization and their role in it. */
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

/** The organization of this name (case and spacing aside), made when there is none yet. */
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

export type { InviteOutcome }

/**
 * Staff's "Invite to portal" on a contact or demo request: the organization named by the
 * request's company (made, or joined when it exists) and an account for the person who wrote.
 */
export async function inviteClientFromRequest(
  requestId: string,
  role: OrganizationRole,
  actor: Actor,
): Promise<InviteOutcome | 'missing'> {
  return db().transaction(async (tx) => {
    const [request] = await tx.select().from(leads).where(eq(leads.id, requestId)).for('update')
    if (!request) return 'missing'
    const organization = await organizationNamed(request.company, actor, tx)
    const outcome = await inviteToOrganization(
      { name: request.name, email: request.email, role, leadId: request.id },
      organization,
      actor,
      tx,
      { refuseOtherRoles: true },
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

/** Staff's new-organization form: the organization and its first user, invited. */
export async function createOrganizationWithUser(
  input: { organizationName: string; name: string; email: string; role: OrganizationRole },
  actor: Actor,
): Promise<InviteOutcome> {
  return db().transaction(async (tx) => {
    const organization = await organizationNamed(input.organizationName, actor, tx)
    return inviteToOrganization(input, organization, actor, tx, { refuseOtherRoles: true })
  })
}

/**
 * A manager invites a client user into their own organization. The answer never depends on
 * accounts outside it (app/models/client-invitations.server.ts).
 */
export async function inviteClientUser(
  organizationId: string,
  person: { name: string; email: string; role: OrganizationRole },
  actor: Actor,
): Promise<InviteOutcome> {
  return db().transaction(async (tx) => {
    const [organization] = await tx
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId))
    if (!organization) throw new Error('organization not found')
    return inviteToOrganization(person, organization, actor, tx)
  })
}

/** Every organization by name: staff's choice when they enter a booking for a client. */
export async function organizationChoices() {
  return db()
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id))
}

/** The people of an organization, managers first. */
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
 * A manager removes a user of their organization: the account is deactivated and signed out
 * everywhere, its bookings stay with the organization. 'missing' for anyone outside it
 * (another organization's user is not theirs to name); a manager cannot remove themselves.
 */
export async function removeClientUser(
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

/**
 * What the client request's dialog says about its writer's portal account, with every
 * invitation still waiting for the address (staff may withdraw them).
 */
export async function portalStateOfRequester(email: string) {
  const invitations = await pendingInvitationsTo(email)
  const user = await findUserByEmail(normalizeEmail(email))
  if (user && user.role !== 'client') return { state: 'other-role' as const, invitations }
  const context = user ? await clientContextOf(user.id) : undefined
  if (user && hasUsablePassword(user))
    return {
      state: 'active' as const,
      organizationName: context?.organizationName ?? null,
      invitations,
    }
  const invitedTo = [
    ...new Set([
      ...(context ? [context.organizationName] : []),
      ...invitations.map((invitation) => invitation.organizationName),
    ]),
  ]
  if (invitedTo.length === 0) return { state: 'none' as const, invitations }
  return { state: 'invited' as const, organizationName: invitedTo.join(', '), invitations }
}
