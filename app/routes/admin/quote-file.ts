import { requireAdmin } from '~/auth/session.server'
import { requireUuidParam } from '~/lib/http/params'
import { storedFileResponse } from '~/lib/http/resource-file-response.server'
import { notFound } from '~/lib/http/responses'
import { staffQuoteFile } from '~/models/quotes/staff-views.server'
import type { Route } from './+types/quote-file'

/** A translation quote's file (the client's or the delivered one), for staff. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, { resource: true })
  const file = await staffQuoteFile(
    requireUuidParam(params, 'quoteId'),
    requireUuidParam(params, 'fileId'),
  )
  if (!file) throw notFound()
  return storedFileResponse(request, file, {
    download: new URL(request.url).searchParams.get('download') === '1',
  })
}
