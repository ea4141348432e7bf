import { clientContextOf, type ClientContext } from '../models/organizations.server'
import { notFound } from '../lib/http/responses'
import { requireUser } from './session.server'
import type { SessionUser } from './session.server'

export interface ClientUser extends SessionUser {
  client: ClientContext
  actor: { id: string; name: string }
}

/**
 * The signed-in client user and their organization (docs/product.md#accounts-and-roles):
 * other roles are refused as `requireUser` does; a client account linked to no organization
 * has no portal records (404). `manager: true` asks for the organization's manager; a
 * requester gets 404, as if the screen did not exist.
 */
export async function requireClient(
  request: Request,
  options: { resource?: boolean; manager?: boolean } = {},
): Promise<ClientUser> {
  const user = await requireUser(request, { role: 'client', resource: options.resource })
  const client = await clientContextOf(user.id)
  if (!client) throw notFound()
  if (options.manager && client.role !== 'manager') throw notFound()
  return { ...user, client, actor: { id: user.id, name: user.name } }
}
