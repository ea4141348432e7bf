import { and, asc, eq } from 'drizzle-orm'
import { authTokens, clientInvitations, clientMemberships, organizations } from '../../db/schema'
import type { OrganizationRole } from '../domain/organizations'
import { normalizeEmail } from '../domain/email'
import { clientInvitationMail } from '../emails/client-invitation.server'
import type { Database } from '../platform/db.server'
import { enqueueMail } from '../platform/mail/outbox.server'
import { hashToken } from '../platform/tokens.server'
import { db, runtime } from '../platform/runtime.server'
import { recordAudit, recordAudits, type Actor } from './audit.server'
import { createAuthTokens, endAuthToken, isOutstanding } from './auth-tokens.server'
import { findUserByEmail, hasUsablePassword } from './users.server'

// Invitations to join an organization in the client portal (docs/product.md#client-portal).
// An invitation claims nothing: no account or membership exists until the person accepts it
// (app/models/invitations.server.ts), so another organization or staff may invite the same
// address meanwhile, and its manager learns nothing about accounts elsewhere.

type Organization = typeof organizations.$inferSelect

export type InviteOutcome =
  | { state: 'invited'; invitationId: string; organizationId: string }
  | { state: 'already-member' }
  | { state: 'other-role' }

/**
 * Records the invitation and e-mails its link (48 hours, single use). The answer is the same
 * whatever accounts the address has elsewhere: only someone already in this organization is
 * 'already-member'. Staff, who see every account anyway, may ask to be told that the address
 * belongs to a staff or interpreter account ('other-role') instead of sending a link it
 * cannot accept. A new invitation from the same organization replaces its earlier one.
 */
export async function inviteToOrganization(
  person: { name: string; email: string; role: OrganizationRole; leadId?: string },
  organization: Organization,
  actor: Actor,
  tx: Database,
  options: { refuseOtherRoles?: boolean } = {},
): Promise<InviteOutcome> {
  const email = normalizeEmail(person.email)
  const account = await findUserByEmail(email, tx)
  if (account && options.refuseOtherRoles && account.role !== 'client')
    return { state: 'other-role' }
  if (account && hasUsablePassword(account)) {
    const [membership] = await tx
      .select({ organizationId: clientMemberships.organizationId })
      .from(clientMemberships)
      .where(eq(clientMemberships.userId, account.id))
    if (membership?.organizationId === organization.id) return { state: 'already-member' }
  }
  for (const earlier of await pendingOf(tx, organization.id, email))
    await endAuthToken(earlier.tokenHash, 'superseded', tx)

  const [invitationId] = await sendClientInvitations(
    [{ person: { ...person, email }, organization }],
    actor,
    tx,
  )
  return { state: 'invited', invitationId: invitationId!, organizationId: organization.id }
}

/** An invitation to send: whom, with which role, into which organization. */
export interface ClientInvitationToSend {
  person: { name: string; email: string; role: OrganizationRole; leadId?: string }
  organization: Pick<Organization, 'id' | 'name'>
}

/**
 * Records the invitations and queues their e-mails, a few statements for any number (one
 * from a form, hundreds from an import: docs/product.md#importing-organizations). The caller
 * has decided that each should be sent; the ids come back in the order given.
 */
export async function sendClientInvitations(
  invites: readonly ClientInvitationToSend[],
  actor: Actor,
  tx: Database,
): Promise<string[]> {
  if (invites.length === 0) return []
  const people = invites.map(({ person, organization }) => ({
    ...person,
    name: person.name.trim(),
    email: normalizeEmail(person.email),
    organization,
  }))
  const tokens = await createAuthTokens(
    'invitation',
    people.map((person) => ({ userId: null, email: person.email })),
    tx,
  )
  const inserted = await tx
    .insert(clientInvitations)
    .values(
      people.map((person, index) => ({
        tokenHash: hashToken(tokens[index]!),
        organizationId: person.organization.id,
        email: person.email,
        name: person.name,
        role: person.role,
        leadId: person.leadId ?? null,
        invitedById: actor.id,
      })),
    )
    .returning({ id: clientInvitations.id, tokenHash: clientInvitations.tokenHash })
  // Matched by token, not by position: the rows come back in no promised order.
  const idOf = new Map(inserted.map((row) => [row.tokenHash, row.id]))
  const ids = tokens.map((token) => idOf.get(hashToken(token))!)
  const { config } = runtime()
  await enqueueMail(
    tx,
    people.map((person, index) => ({
      template: 'client-invitation',
      to: person.email,
      replyTo: config.mailReplyTo,
      reference: `client_invitation:${ids[index]}`,
      ...clientInvitationMail({
        name: person.name,
        organizationName: person.organization.name,
        acceptUrl: `${config.siteUrl}/accept-invite?token=${tokens[index]}`,
        company: config.company,
      }),
    })),
  )
  await recordAudits(
    actor,
    people.map((person, index) => ({
      action: 'invite',
      entityType: 'client_invitation',
      entityId: ids[index],
      after: { organizationId: person.organization.id, organizationRole: person.role },
    })),
    tx,
  )
  return ids
}

const pendingColumns = {
  id: clientInvitations.id,
  tokenHash: clientInvitations.tokenHash,
  name: clientInvitations.name,
  email: clientInvitations.email,
  role: clientInvitations.role,
  organizationId: clientInvitations.organizationId,
  expiresAt: authTokens.expiresAt,
}

function pendingOf(database: Database, organizationId: string, email?: string) {
  return database
    .select(pendingColumns)
    .from(clientInvitations)
    .innerJoin(authTokens, eq(authTokens.tokenHash, clientInvitations.tokenHash))
    .where(
      and(
        eq(clientInvitations.organizationId, organizationId),
        email ? eq(clientInvitations.email, email) : undefined,
        isOutstanding(),
      ),
    )
    .orderBy(asc(clientInvitations.createdAt))
}

/** The organization's invitations still waiting for an answer, oldest first. */
export async function pendingInvitations(organizationId: string) {
  const rows = await pendingOf(db(), organizationId)
  return rows.map(({ id, name, email, role, expiresAt }) => ({ id, name, email, role, expiresAt }))
}

/** Every invitation still waiting for this address, with its organization (staff only). */
export async function pendingInvitationsTo(email: string) {
  return db()
    .select({
      id: clientInvitations.id,
      organizationName: organizations.name,
      role: clientInvitations.role,
      expiresAt: authTokens.expiresAt,
    })
    .from(clientInvitations)
    .innerJoin(authTokens, eq(authTokens.tokenHash, clientInvitations.tokenHash))
    .innerJoin(organizations, eq(organizations.id, clientInvitations.organizationId))
    .where(and(eq(clientInvitations.email, normalizeEmail(email)), isOutstanding()))
    .orderBy(asc(clientInvitations.createdAt))
}

/**
 * Withdraws an invitation: its link stops working at once. A manager may withdraw their own
 * organization's invitations ('missing' for any other, which is not theirs to know about);
 * staff any. 'not-pending' when it was already accepted, withdrawn or lapsed.
 */
export async function withdrawInvitation(
  invitationId: string,
  scope: { organizationId: string } | 'staff',
  actor: Actor,
): Promise<'withdrawn' | 'missing' | 'not-pending'> {
  return db().transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(clientInvitations)
      .where(
        and(
          eq(clientInvitations.id, invitationId),
          scope === 'staff'
            ? undefined
            : eq(clientInvitations.organizationId, scope.organizationId),
        ),
      )
    if (!invitation) return 'missing'
    if (!(await endAuthToken(invitation.tokenHash, 'withdrawn', tx))) return 'not-pending'
    await recordAudit(
      actor,
      {
        action: 'withdraw_invitation',
        entityType: 'client_invitation',
        entityId: invitation.id,
        after: { organizationId: invitation.organizationId },
      },
      tx,
    )
    return 'withdrawn'
  })
}
