import { Form, redirect, useNavigation } from 'react-router'
import { RouteDialog } from '~/components/admin/route-dialog'
import { ResourceTypeBadge } from '~/components/admin/resource-badges'
import { requireAdmin } from '~/auth/session.server'
import { requireUuidParam } from '~/lib/http/params'
import { deleteResource, getResource } from '~/models/resources.server'
import type { Route } from './+types/resources.delete'
import { notFound } from '~/lib/http/responses'

const LIST_URL = '/admin/resources'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const found = await getResource(requireUuidParam(params, 'resourceId'))
  if (!found) throw notFound()
  return {
    resource: { id: found.resource.id, title: found.resource.title, type: found.resource.type },
    fileName: found.file?.originalName ?? null,
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const resourceId = requireUuidParam(params, 'resourceId')
  if (!(await getResource(resourceId))) throw notFound()
  await deleteResource(resourceId, admin.actor)
  throw redirect(`${LIST_URL}?notice=deleted`)
}

/**
 * Delete with confirmation (docs/product.md#resources): a dialog of its own, so it works
 * without JavaScript.
 */
export default function DeleteResource({ loaderData }: Route.ComponentProps) {
  const { resource, fileName } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return (
    <RouteDialog title="Delete Resource" closeTo={LIST_URL}>
      <p className="text-slate-800">
        Delete <strong className="break-words">{resource.title}</strong>{' '}
        <ResourceTypeBadge type={resource.type} />?
      </p>
      <p className="mt-2 text-sm text-slate-600">
        {fileName
          ? `The file ${fileName} is removed as well. This cannot be undone.`
          : 'The link is removed from the library. This cannot be undone.'}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Form method="post" preventScrollReset>
          <button
            type="submit"
            className="btn bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700"
            disabled={busy}
          >
            {busy ? 'Deleting...' : 'Delete Resource'}
          </button>
        </Form>
        <Form method="get" action={LIST_URL} preventScrollReset>
          <button type="submit" className="btn-secondary">
            Cancel
          </button>
        </Form>
      </div>
    </RouteDialog>
  )
}
