import { requireUser } from '~/auth/session.server'
import { requireUuidParam } from '~/lib/http/params'
import { storedFileResponse } from '~/lib/http/resource-file-response.server'
import { forbidden, notFound } from '~/lib/http/responses'
import { documentFile } from '~/models/onboarding/documents.server'
import { onboardingApplicationOf } from '~/models/onboarding/progress.server'
import type { Route } from './+types/document-file'

/**
 * One of the interpreter's own onboarding documents. Another interpreter's document is
 * refused with 403, and the answer says nothing about it (docs/product.md#accounts-and-roles).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, { role: 'interpreter', resource: true })
  const documentId = requireUuidParam(params, 'documentId')
  const [found, own] = await Promise.all([
    documentFile(documentId),
    onboardingApplicationOf(user.id),
  ])
  if (!found) throw notFound()
  if (found.applicationId !== own?.applicationId) throw forbidden()
  return storedFileResponse(request, found.file, {
    download: new URL(request.url).searchParams.get('download') === '1',
  })
}
