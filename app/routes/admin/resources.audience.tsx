import { data, Form, redirect } from 'react-router'
import { z } from 'zod'
import { RouteDialog } from '~/components/admin/route-dialog'
import { isAcknowledged, resourceAudienceLabels, resourceAudiences } from '~/domain/resources'
import { requireAdmin } from '~/auth/session.server'
import { formatDate } from '~/domain/format'
import { requireUuidParam } from '~/lib/http/params'
import { notFound } from '~/lib/http/responses'
import {
  acknowledgementsOf,
  getResource,
  publishNewVersion,
  setResourceAudience,
} from '~/models/resources.server'
import type { Route } from './+types/resources.audience'

const LIST_URL = '/admin/resources'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const resourceId = requireUuidParam(params, 'resourceId')
  const found = await getResource(resourceId)
  if (!found) throw notFound()
  const { resource } = found
  return {
    resource: { id: resource.id, title: resource.title, audience: resource.audience },
    acknowledgements: isAcknowledged(resource.audience)
      ? await acknowledgementsOf(resourceId)
      : null,
  }
}

const intentSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('audience'),
    audience: z.enum(resourceAudiences, { error: 'Please choose who sees this resource.' }),
  }),
  z.object({ intent: z.literal('new-version') }),
])

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const resourceId = requireUuidParam(params, 'resourceId')
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? 'Invalid request.' }, { status: 400 })
  if (parsed.data.intent === 'audience') {
    if (!(await setResourceAudience(resourceId, parsed.data.audience, admin.actor)))
      throw notFound()
    throw redirect(`${LIST_URL}?notice=audience`)
  }
  if ((await publishNewVersion(resourceId, admin.actor)) === undefined) {
    if (!(await getResource(resourceId))) throw notFound()
    return data(
      { error: 'Only required reading and the contractor agreement have versions.' },
      { status: 409 },
    )
  }
  throw redirect(`${LIST_URL}?notice=version`)
}

/**
 * Who sees a resource besides staff, and for required reading who has confirmed reading the
 * current version (docs/product.md#interpreter-portal).
 */
export default function ResourceAudience({ loaderData, actionData }: Route.ComponentProps) {
  const { resource, acknowledgements } = loaderData
  return (
    <RouteDialog title="Who sees this resource" closeTo={LIST_URL}>
      <p className="font-medium break-words text-slate-900">{resource.title}</p>
      {actionData?.error ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" preventScrollReset className="mt-4">
        <input type="hidden" name="intent" value="audience" />
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Audience</legend>
          <div className="mt-2 space-y-2">
            {resourceAudiences.map((audience) => (
              <label key={audience} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="audience"
                  value={audience}
                  defaultChecked={resource.audience === audience}
                  className="size-4"
                />
                {resourceAudienceLabels[audience]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" className="btn-primary">
            Save audience
          </button>
        </div>
      </Form>
      {acknowledgements ? (
        <section aria-labelledby="acknowledgements-heading" className="mt-6">
          <h3 id="acknowledgements-heading" className="text-sm font-semibold text-slate-900">
            Version {acknowledgements.version}: {acknowledgements.acknowledged.length} of{' '}
            {acknowledgements.acknowledged.length + acknowledgements.waiting.length} interpreters
            confirmed reading it
          </h3>
          {acknowledgements.waiting.length > 0 ? (
            <>
              <h4 className="mt-3 text-sm text-slate-700">Not yet confirmed</h4>
              <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
                {acknowledgements.waiting.map((person) => (
                  <li key={person.email} className="break-words">
                    {person.name} ({person.email})
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {acknowledgements.acknowledged.length > 0 ? (
            <>
              <h4 className="mt-3 text-sm text-slate-700">Confirmed</h4>
              <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
                {acknowledgements.acknowledged.map((person) => (
                  <li key={person.email} className="break-words">
                    {person.name} ({person.email}), {formatDate(person.acknowledgedAt!)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <Form method="post" preventScrollReset className="mt-4">
            <input type="hidden" name="intent" value="new-version" />
            <button type="submit" className="btn-secondary">
              New version: ask everyone to read it again
            </button>
          </Form>
        </section>
      ) : null}
    </RouteDialog>
  )
}
