import { requireAdmin } from '~/auth/session.server'
import { requireUuidParam } from '~/lib/http/params'
import { resourceFileResponse } from '~/lib/http/resource-file-response.server'
import { notFound } from '~/lib/http/responses'
import { recordAudit } from '~/models/audit.server'
import { getResource } from '~/models/resources.server'
import type { Route } from './+types/resource-file'

/** Any resource's file for signed-in admins; downloads are audited. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, { resource: true })
  const found = await getResource(requireUuidParam(params, 'resourceId'))
  if (!found) throw notFound()
  return resourceFileResponse(request, found, () =>
    recordAudit(admin.actor, {
      action: 'resource_download',
      entityType: 'resource',
      entityId: found.resource.id,
    }),
  )
}
