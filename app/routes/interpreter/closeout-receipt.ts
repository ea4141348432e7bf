import { requireUser } from '~/auth/session.server'
import { requireUuidParam } from '~/lib/http/params'
import { storedFileResponse } from '~/lib/http/resource-file-response.server'
import { forbidden, notFound } from '~/lib/http/responses'
import { closeoutReceipt } from '~/models/billing/closeouts.server'
import { findProfileOfUser } from '~/models/interpreter-profiles.server'
import type { Route } from './+types/closeout-receipt'

/**
 * A receipt of one of the interpreter's own closeouts. Another interpreter's receipt is
 * refused with 403, and the answer says nothing about it.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, { role: 'interpreter', resource: true })
  const bookingId = requireUuidParam(params, 'bookingId')
  const expenseId = requireUuidParam(params, 'expenseId')
  const [found, profile] = await Promise.all([
    closeoutReceipt(bookingId, expenseId),
    findProfileOfUser(user.id),
  ])
  if (!found) throw notFound()
  if (found.interpreterId !== profile?.id) throw forbidden()
  return storedFileResponse(request, found.file, {
    download: new URL(request.url).searchParams.get('download') === '1',
  })
}
