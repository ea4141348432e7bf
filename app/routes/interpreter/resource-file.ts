import { requireUser } from '~/auth/session.server'
import { requireUuidParam } from '~/lib/http/params'
import { resourceFileResponse } from '~/lib/http/resource-file-response.server'
import { notFound } from '~/lib/http/responses'
import { getInterpreterResource } from '~/models/resources.server'
import type { Route } from './+types/resource-file'

/** A shared resource's file for interpreters; a staff-only one does not exist for them. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, { role: 'interpreter', resource: true })
  const found = await getInterpreterResource(requireUuidParam(params, 'resourceId'))
  if (!found) throw notFound()
  return resourceFileResponse(request, found)
}
