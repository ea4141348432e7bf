import { eq } from 'drizzle-orm'
import { mailOutbox } from '../../db/schema'
import type { Actor } from '../../app/models/audit.server'
import { acceptInvitation } from '../../app/models/invitations.server'
import type { ClientActor } from '../../app/models/bookings.server'
import { clientContextOf, createOrganizationWithUser } from '../../app/models/organizations.server'
import { db } from '../../app/platform/runtime.server'

/**
 * Staff's "New organization" with its first user, who accepts the e-mailed invitation at once
 * (a membership exists only once an invitation is accepted: app/models/invitations.server.ts).
 */
export async function createOrganizationMember(
  input: Parameters<typeof createOrganizationWithUser>[0],
  actor: Actor,
  password = 'a long enough member password',
) {
  const outcome = await createOrganizationWithUser(input, actor)
  if (outcome.state !== 'invited') return outcome
  const [mail] = await db()
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.reference, `client_invitation:${outcome.invitationId}`))
  const token = /accept-invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!
  const accepted = await acceptInvitation(token, { password })
  if (accepted.state !== 'accepted')
    throw new Error(`the invitation was not accepted: ${accepted.state}`)
  return { ...outcome, userId: accepted.userId }
}

/** A client manager of a new organization, as the booking models take them (a `ClientActor`). */
export async function createClientManager(
  person: { organizationName: string; name: string; email: string },
  staff: Actor,
): Promise<ClientActor> {
  const outcome = await createOrganizationMember({ ...person, role: 'manager' }, staff)
  if (outcome.state !== 'invited') throw new Error(`not invited: ${outcome.state}`)
  return {
    actor: { id: outcome.userId, name: person.name },
    client: (await clientContextOf(outcome.userId))!,
  }
}
