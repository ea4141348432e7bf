import { requireAdmin } from '~/auth/session.server'
import { addResourceFromRequest } from '~/routes/admin/+shared/resource-upload-action.server'
import { acceptsUploads } from '~/lib/http/route-handle'
import type { Route } from './+types/resource-upload'

/**
 * The 'Add Resource' form's endpoint for the upload progress bar: the browser sends the
 * same multipart form with XMLHttpRequest (which reports upload progress) and gets JSON
 * back. Without JavaScript the form posts to /admin/resources/new instead.
 */
// The 'Add Resource' form carries the file.
export const handle = acceptsUploads

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, { resource: true })
  const outcome = await addResourceFromRequest(request, admin.actor)
  return Response.json(
    { result: outcome.result, resourceId: outcome.resourceId ?? null },
    { status: outcome.status, headers: { 'Cache-Control': 'no-store' } },
  )
}
