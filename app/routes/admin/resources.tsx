import { BookOpen, FileText, FolderOpen, Trash2, Users, Video } from 'lucide-react'
import { Form, Outlet, useSearchParams } from 'react-router'
import { FormMessage } from '~/components/layout/auth-card'
import { ResourceTypeBadge, ResourceTypeIcon } from '~/components/admin/resource-badges'
import { ResourceOpenLinks } from '~/components/admin/resource-open-links'
import { StatCards } from '~/components/admin/stat-cards'
import { requireAdmin } from '~/auth/session.server'
import { formatDate } from '~/domain/format'
import { seoMeta } from '~/lib/seo/meta'
import { isAcknowledged, resourceAudienceLabels } from '~/domain/resources'
import { acknowledgementCounts, listResources, resourceCounts } from '~/models/resources.server'
import type { Route } from './+types/resources'
import { EmptyState } from '~/components/admin/empty-state'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Resources',
      description: 'Resource library.',
      path: '/admin/resources',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const [resources, counts] = await Promise.all([listResources(), resourceCounts()])
  const required = resources.filter((resource) => isAcknowledged(resource.audience))
  const acknowledged = await acknowledgementCounts(required.map((resource) => resource.id))
  return {
    resources: resources.map((resource) => ({
      ...resource,
      acknowledgedCount: acknowledged.get(resource.id) ?? 0,
    })),
    counts,
  }
}

const notices: Record<string, string> = {
  added: 'Resource added.',
  deleted: 'Resource deleted.',
  audience: 'Audience saved.',
  version: 'New version published: interpreters are asked to read it again.',
}

export default function ResourcesPage({ loaderData }: Route.ComponentProps) {
  const { resources, counts } = loaderData
  const [searchParams] = useSearchParams()
  const notice = notices[searchParams.get('notice') ?? '']
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Resources</h1>
          <p className="mt-1 text-slate-600">
            Documents, videos and guides for interpreters and staff.
          </p>
        </div>
        {/* A GET form: the button opens the dialog route, with or without JavaScript. */}
        <Form method="get" action="/admin/resources/new" preventScrollReset>
          <button type="submit" className="btn-primary">
            Add Resource
          </button>
        </Form>
      </div>
      <div className="mt-4" aria-live="polite">
        {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      </div>
      <div className="mt-6">
        <StatCards
          label="Resource counts"
          cards={[
            {
              label: 'Total Resources',
              value: counts.total,
              icon: <FolderOpen aria-hidden="true" className="size-5" />,
            },
            {
              label: 'Documents',
              value: counts.document,
              icon: <FileText aria-hidden="true" className="size-5" />,
            },
            {
              label: 'Videos',
              value: counts.video,
              icon: <Video aria-hidden="true" className="size-5" />,
            },
            {
              label: 'Guides',
              value: counts.guide,
              icon: <BookOpen aria-hidden="true" className="size-5" />,
            },
          ]}
        />
      </div>
      {resources.length === 0 ? (
        <EmptyState icon={FolderOpen} title="No Resources">
          Add a document, video or guide with the Add Resource button.
        </EmptyState>
      ) : (
        <section
          aria-labelledby="resource-list-heading"
          className="mt-6 rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="resource-list-heading" className="sr-only">
            Resource list
          </h2>
          <ul className="divide-y divide-slate-100">
            {resources.map((resource) => {
              const fileUrl = `/admin/resources/${resource.id}/file`
              return (
                <li
                  key={resource.id}
                  className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center"
                >
                  <div className="flex min-w-0 flex-1 items-center gap-3">
                    <ResourceTypeIcon type={resource.type} isLink={!resource.file} />
                    <div className="min-w-0">
                      <h3 className="font-medium break-words text-slate-900">{resource.title}</h3>
                      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                        <ResourceTypeBadge type={resource.type} />
                        <span>Added {formatDate(resource.createdAt)}</span>
                        <span>
                          {resourceAudienceLabels[resource.audience]}
                          {isAcknowledged(resource.audience)
                            ? ` (version ${resource.version}, ${resource.acknowledgedCount} ${resource.audience === 'agreement' ? 'signed' : 'confirmed'})`
                            : ''}
                        </span>
                        {resource.file ? (
                          <span className="break-all">{resource.file.originalName}</span>
                        ) : null}
                      </p>
                    </div>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <ResourceOpenLinks
                      title={resource.title}
                      url={resource.url}
                      fileUrl={fileUrl}
                    />
                    <Form
                      method="get"
                      action={`/admin/resources/${resource.id}/audience`}
                      preventScrollReset
                    >
                      <button
                        type="submit"
                        className="btn-secondary px-2.5 py-1.5 sm:px-3"
                        aria-label={`Audience of ${resource.title}`}
                      >
                        <Users aria-hidden="true" className="size-4" /> Audience
                      </button>
                    </Form>
                    <Form
                      method="get"
                      action={`/admin/resources/${resource.id}/delete`}
                      preventScrollReset
                    >
                      <button
                        type="submit"
                        className="btn-secondary border-red-700 px-2.5 py-1.5 text-red-700 hover:bg-red-50 sm:px-3"
                        aria-label={`Delete ${resource.title}`}
                      >
                        <Trash2 aria-hidden="true" className="size-4" /> Delete
                      </button>
                    </Form>
                  </div>
                </li>
              )
            })}
          </ul>
        </section>
      )}
      <Outlet />
    </>
  )
}
