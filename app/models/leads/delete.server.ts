import { eq } from 'drizzle-orm'
import { leads } from '../../../db/schema'
import { db } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { redactMailOf, removeMailFiles } from '../mail.server'

/**
 * Deletes the lead and the personal data in the mail about it (see redactMailOf); the
 * audit log keeps what the lead was. Its audit entries and mail references keep the
 * stored word `client_request`.
 */
export async function deleteLead(id: string, actor: Actor): Promise<boolean> {
  const redacted = await db().transaction(async (tx) => {
    const [deleted] = await tx.delete(leads).where(eq(leads.id, id)).returning()
    if (!deleted) return undefined
    await recordAudit(
      actor,
      { action: 'delete', entityType: 'client_request', entityId: id, before: deleted },
      tx,
    )
    return redactMailOf(tx, { reference: `client_request:${id}`, email: deleted.email })
  })
  if (!redacted) return false
  await removeMailFiles(redacted)
  return true
}
