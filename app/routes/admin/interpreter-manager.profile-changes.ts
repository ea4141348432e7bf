import { data } from 'react-router'
import { z } from 'zod'
import { requireAdmin } from '~/auth/session.server'
import { notFound } from '~/lib/http/responses'
import { redirectWithToast } from '~/lib/toast.server'
import { profileDecisionSchema } from '~/lib/validation/profile'
import { decideProfileChange } from '~/models/profile-changes.server'
import type { Route } from './+types/interpreter-manager.profile-changes'

const BOARD = '/admin/interpreter-manager'

/**
 * Staff's Approve or Reject of an interpreter's profile change (docs/product.md#profile),
 * from the "Profile changes to approve" section of the Interpreter manager. A decision goes
 * back to the board with a message; a rejection without a reason answers 400 with the error
 * for the reason field (the section's form shows it).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const changeId = z.uuid().safeParse(params.changeId)
  if (!changeId.success) throw notFound()
  const parsed = profileDecisionSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors
    return data({ errors }, { status: 400 })
  }
  const decision =
    parsed.data.intent === 'approve'
      ? ({ decision: 'approved' } as const)
      : ({ decision: 'rejected', reason: parsed.data.reason } as const)
  const outcome = await decideProfileChange(changeId.data, decision, admin.actor)
  if (outcome === 'missing') throw notFound()
  if (outcome === 'not-pending')
    return redirectWithToast(
      BOARD,
      'This request was withdrawn, replaced or decided already; nothing was changed.',
      'error',
    )
  return redirectWithToast(
    BOARD,
    decision.decision === 'approved'
      ? 'Profile change approved; the interpreter was e-mailed.'
      : 'Profile change rejected; the interpreter was e-mailed the reason.',
  )
}
