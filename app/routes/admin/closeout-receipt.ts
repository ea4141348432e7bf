import { requireAdmin } from '~/auth/session.server'
import { requireUuidParam } from '~/lib/http/params'
import { storedFileResponse } from '~/lib/http/resource-file-response.server'
import { notFound } from '~/lib/http/responses'
import { closeoutReceipt } from '~/models/billing/closeouts.server'
import type { Route } from './+types/closeout-receipt'

/** A receipt of a closeout's expense, for staff reviewing it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, { resource: true })
  const found = await closeoutReceipt(
    requireUuidParam(params, 'bookingId'),
    requireUuidParam(params, 'expenseId'),
  )
  if (!found) throw notFound()
  return storedFileResponse(request, found.file, {
    download: new URL(request.url).searchParams.get('download') === '1',
  })
}
