import { requireAdmin } from '~/auth/session.server'
import { requireUuidParam } from '~/lib/http/params'
import { runtime } from '~/platform/runtime.server'
import { recordAudit } from '~/models/audit.server'
import { getResumeFile } from '~/models/interpreter-applications/review.server'
import type { Route } from './+types/applications.resume'
import { notFound } from '~/lib/http/responses'

/** `filename*` keeps any characters of the original name; the plain fallback is ASCII only. */
function attachmentHeader(originalName: string): string {
  const ascii = originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(originalName)}`
}

/**
 * A resume of an application (its own, or one merged in from another record: `fileId`),
 * for signed-in admins only, always as a download (the host's
 * helmet adds `X-Content-Type-Options: nosniff` to every response, this one included).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, { resource: true })
  const applicationId = requireUuidParam(params, 'applicationId')
  const fileId = params.fileId === undefined ? undefined : requireUuidParam(params, 'fileId')
  const file = await getResumeFile(applicationId, fileId)
  if (!file) throw notFound()
  const body = await runtime().storage.get(file.storageKey)
  if (!body) throw notFound()
  await recordAudit(admin.actor, {
    action: 'resume_download',
    entityType: 'interpreter_application',
    entityId: applicationId,
    after: { file: file.originalName },
  })
  return new Response(body, {
    headers: {
      'Content-Type': file.mediaType,
      'Content-Length': String(file.byteSize),
      'Content-Disposition': attachmentHeader(file.originalName),
      'Cache-Control': 'no-store',
    },
  })
}
