import { requireUser } from '~/auth/session.server'
import { requireUuidParam } from '~/lib/http/params'
import { forbidden, notFound } from '~/lib/http/responses'
import { assignmentCalendarOf } from '~/models/dispatch/assignments.server'
import type { Route } from './+types/assignment-ics'

/**
 * The calendar file (.ics) of one of the interpreter's own assignments. Another
 * interpreter's booking is refused with 403, and the answer says nothing about it.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, { role: 'interpreter', resource: true })
  const bookingId = requireUuidParam(params, 'bookingId')
  const calendar = await assignmentCalendarOf(user.id, bookingId)
  if (calendar === 'missing') throw notFound()
  if (calendar === 'forbidden') throw forbidden()
  return new Response(calendar.ics, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="assignment.ics"',
      'Cache-Control': 'private, no-store',
    },
  })
}
