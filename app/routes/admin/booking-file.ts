import { requireAdmin } from '~/auth/session.server'
import { requireUuidParam } from '~/lib/http/params'
import { preparationFileResponse } from '~/lib/http/resource-file-response.server'
import { staffBookingFile } from '~/models/dispatch/bookings.server'
import type { Route } from './+types/booking-file'

/** A booking's preparation file, for staff preparing its dispatch. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, { resource: true })
  const file = await staffBookingFile(
    requireUuidParam(params, 'bookingId'),
    requireUuidParam(params, 'fileId'),
  )
  return preparationFileResponse(request, file)
}
