import { eq } from 'drizzle-orm'
import { leads } from '../../../db/schema'
import type { Database } from '../../platform/db.server'
import { db } from '../../platform/runtime.server'

/**
 * A lead: a contact or demo request from the public site, worked by staff in the lead inbox
 * (docs/glossary.md). The other files of this folder take it in, list it, answer it, give
 * it an owner and watch its first-response clock.
 */
export type Lead = typeof leads.$inferSelect

export async function getLead(id: string): Promise<Lead | undefined> {
  const [lead] = await db().select().from(leads).where(eq(leads.id, id))
  return lead
}

/** The lead, locked until the transaction ends; undefined when it is gone. */
export async function lockedLead(tx: Database, id: string): Promise<Lead | undefined> {
  const [lead] = await tx.select().from(leads).where(eq(leads.id, id)).for('update')
  return lead
}
