import { requireUser } from '~/auth/session.server'
import { requireUuidParam } from '~/lib/http/params'
import { forbidden, notFound } from '~/lib/http/responses'
import { statementPdfResponse } from '~/lib/billing/statement-pdf.server'
import { statementDownloadOfUser } from '~/models/billing/statements.server'
import type { Route } from './+types/statement-pdf'

/**
 * One of the interpreter's own pay statements as PDF. Another interpreter's statement is
 * refused with 403, and the answer says nothing about it.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, { role: 'interpreter', resource: true })
  const found = await statementDownloadOfUser(user.id, requireUuidParam(params, 'statementId'))
  if (found === 'missing') throw notFound()
  if (found === 'forbidden') throw forbidden()
  return statementPdfResponse(found)
}
