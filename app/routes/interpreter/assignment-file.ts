import { requireUser } from '~/auth/session.server'
import { requireUuidParam } from '~/lib/http/params'
import { preparationFileResponse } from '~/lib/http/resource-file-response.server'
import { assignmentFileOf } from '~/models/dispatch/assignments.server'
import type { Route } from './+types/assignment-file'

/**
 * A preparation file of one of the interpreter's own assignments. Anyone else (another
 * interpreter, one only offered the booking, one released from it) gets 404, as the client's
 * file route answers: nothing says the booking or the file exists.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, { role: 'interpreter', resource: true })
  const file = await assignmentFileOf(
    user.id,
    requireUuidParam(params, 'bookingId'),
    requireUuidParam(params, 'fileId'),
  )
  return preparationFileResponse(request, file)
}
