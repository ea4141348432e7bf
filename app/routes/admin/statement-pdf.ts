import { requireAdmin } from '~/auth/session.server'
import { requireUuidParam } from '~/lib/http/params'
import { notFound } from '~/lib/http/responses'
import { statementPdfResponse } from '~/lib/billing/statement-pdf.server'
import { statementForStaff } from '~/models/billing/statements.server'
import type { Route } from './+types/statement-pdf'

/** A pay statement as PDF, for staff (the same document the interpreter downloads). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, { resource: true })
  const found = await statementForStaff(requireUuidParam(params, 'statementId'))
  if (!found) throw notFound()
  return statementPdfResponse(found)
}
