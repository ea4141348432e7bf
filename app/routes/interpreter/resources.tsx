import { data, Form, Link } from 'react-router'
import { z } from 'zod'
import { ResourceTypeBadge, ResourceTypeIcon } from '~/components/admin/resource-badges'
import { ResourceOpenLinks } from '~/components/admin/resource-open-links'
import { EmptyState } from '~/components/admin/empty-state'
import { requireUser } from '~/auth/session.server'
import { formatDate } from '~/domain/format'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { acknowledgeResource, listInterpreterResources } from '~/models/resources.server'
import type { Route } from './+types/resources'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Resources',
      description: 'Documents, videos and guides from our team.',
      path: '/interpreter/resources',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { role: 'interpreter' })
  return { resources: await listInterpreterResources(user.id) }
}

const acknowledgeSchema = z.object({ intent: z.literal('acknowledge'), resourceId: z.uuid() })

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, { role: 'interpreter' })
  const parsed = acknowledgeSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ acknowledged: null }, { status: 400 })
  // Not shared, not required or not there: the same answer, nothing about staff-only items.
  if (!(await acknowledgeResource(parsed.data.resourceId, user.id))) throw notFound()
  return { acknowledged: parsed.data.resourceId }
}

export default function InterpreterResources({ loaderData }: Route.ComponentProps) {
  const { resources } = loaderData
  const required = resources.filter((resource) => resource.audience === 'required')
  const waiting = required.filter((resource) => !resource.acknowledgedAt).length
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold text-slate-900">Resources</h1>
      <p className="mt-1 text-slate-600">
        Documents, videos and guides from our team.{' '}
        {waiting > 0
          ? `${waiting} required ${waiting === 1 ? 'item waits' : 'items wait'} for you to confirm you have read ${waiting === 1 ? 'it' : 'them'}.`
          : null}
      </p>
      {resources.length === 0 ? (
        <EmptyState title="No Resources">Our team has not shared any resources yet.</EmptyState>
      ) : (
        <ul className="mt-6 divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          {resources.map((resource) => {
            const fileUrl = `/interpreter/resources/${resource.id}/file`
            return (
              <li key={resource.id} className="flex flex-col gap-3 px-4 py-4">
                <div className="flex min-w-0 items-center gap-3">
                  <ResourceTypeIcon type={resource.type} isLink={!resource.file} />
                  <div className="min-w-0">
                    <h2 className="font-medium break-words text-slate-900">{resource.title}</h2>
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                      <ResourceTypeBadge type={resource.type} />
                      {resource.audience === 'required' ? (
                        <span className="font-medium text-amber-800">Required reading</span>
                      ) : null}
                      {resource.audience === 'agreement' ? (
                        <span className="font-medium text-amber-800">
                          Contractor agreement: sign it in{' '}
                          <Link to="/interpreter/onboarding" className="text-brand-700 underline">
                            Onboarding
                          </Link>
                        </span>
                      ) : null}
                      <span>Added {formatDate(resource.createdAt)}</span>
                    </p>
                  </div>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <ResourceOpenLinks title={resource.title} url={resource.url} fileUrl={fileUrl} />
                  {resource.audience !== 'required' ? null : resource.acknowledgedAt ? (
                    <p className="text-sm text-green-800">
                      You confirmed reading it on {formatDate(resource.acknowledgedAt)}.
                    </p>
                  ) : (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="acknowledge" />
                      <input type="hidden" name="resourceId" value={resource.id} />
                      <button
                        type="submit"
                        className="btn-primary px-3 py-1.5"
                        aria-label={`I have read ${resource.title}`}
                      >
                        I have read it
                      </button>
                    </Form>
                  )}
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
