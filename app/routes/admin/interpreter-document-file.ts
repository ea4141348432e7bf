import { requireAdmin } from '~/auth/session.server'
import { requireUuidParam } from '~/lib/http/params'
import { storedFileResponse } from '~/lib/http/resource-file-response.server'
import { notFound } from '~/lib/http/responses'
import { recordAudit } from '~/models/audit.server'
import { documentFile } from '~/models/onboarding/documents.server'
import type { Route } from './+types/interpreter-document-file'

/** An interpreter's onboarding document, for staff reviewing it; every opening is audited. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, { resource: true })
  const documentId = requireUuidParam(params, 'documentId')
  const found = await documentFile(documentId)
  if (!found) throw notFound()
  await recordAudit(admin.actor, {
    action: 'document_opened',
    entityType: 'interpreter_application',
    entityId: found.applicationId,
    after: { documentId },
  })
  return storedFileResponse(request, found.file, {
    download: new URL(request.url).searchParams.get('download') === '1',
  })
}
