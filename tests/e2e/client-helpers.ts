import { randomUUID } from 'node:crypto'
import { clientContextOf } from '../../app/models/organizations.server'
import { findUserByEmail, toPublicUser } from '../../app/models/users.server'
import { createOrganizationMember } from '../support/organization-fixtures'
import { createAccount } from './auth-helpers'

/** A new organization with one client portal user of the role, and that user's context. */
export async function clientAccount(organizationName: string, role: 'manager' | 'requester') {
  const staff = await createAccount('admin', 'Booking Staff')
  const email = `${role}-${randomUUID().slice(0, 6)}@clinic.example`
  const outcome = await createOrganizationMember(
    { organizationName, name: `Cleo ${role}`, email, role },
    { id: staff.id, name: staff.name },
  )
  if (outcome.state !== 'invited') throw new Error('not invited')
  const user = toPublicUser((await findUserByEmail(email))!)
  return { user, client: (await clientContextOf(user.id))! }
}
