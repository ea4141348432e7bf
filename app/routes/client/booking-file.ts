import { requireClient } from '~/auth/client.server'
import { requireUuidParam } from '~/lib/http/params'
import { preparationFileResponse } from '~/lib/http/resource-file-response.server'
import { clientBookingFile } from '~/models/bookings.server'
import type { Route } from './+types/booking-file'

/** A preparation file of a booking the client may see; anything else does not exist for them. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const client = await requireClient(request, { resource: true })
  const file = await clientBookingFile(
    requireUuidParam(params, 'bookingId'),
    requireUuidParam(params, 'fileId'),
    client,
  )
  return preparationFileResponse(request, file)
}
