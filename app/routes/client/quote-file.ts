import { requireClient } from '~/auth/client.server'
import { requireUuidParam } from '~/lib/http/params'
import { storedFileResponse } from '~/lib/http/resource-file-response.server'
import { forbidden, notFound } from '~/lib/http/responses'
import { clientQuoteFile } from '~/models/quotes/client-views.server'
import type { Route } from './+types/quote-file'

/**
 * A file of one of the client's quotes: their documents, and the translated files once
 * delivered. Another organization's (or, for a requester, a colleague's) file is refused
 * with 403 and the answer says nothing about it; an unknown one is 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const client = await requireClient(request, { resource: true })
  const access = await clientQuoteFile(
    requireUuidParam(params, 'quoteId'),
    requireUuidParam(params, 'fileId'),
    { userId: client.id, ...client.client },
  )
  if (access.state === 'missing') throw notFound()
  if (access.state === 'forbidden') throw forbidden()
  return storedFileResponse(request, access.file, {
    download: new URL(request.url).searchParams.get('download') === '1',
  })
}
