import { and, asc, desc, eq } from 'drizzle-orm'
import { auditLog, staffNotes } from '../../db/schema'
import type { Database } from '../platform/db.server'
import { db } from '../platform/runtime.server'

/** The signed-in staff member who makes a change. */
export interface Actor {
  id: string
  name: string
}

/** A scheduled job that changes records on its own (no member of staff behind it). */
export interface SystemActor {
  id: null
  name: string
}

export type AuditEntry = typeof auditLog.$inferSelect
export type StaffNote = typeof staffNotes.$inferSelect

export interface AuditChange {
  action: string
  entityType: string
  entityId?: string | null
  before?: unknown
  after?: unknown
}

/** Writes one audit entry, inside the caller's transaction when one is given. */
export async function recordAudit(actor: Actor | SystemActor, entry: AuditChange, tx?: Database) {
  await recordAudits(actor, [entry], tx)
}

/** Writes several entries of one actor in one statement (a batch of an import). */
export async function recordAudits(
  actor: Actor | SystemActor,
  entries: readonly AuditChange[],
  tx?: Database,
) {
  if (entries.length === 0) return
  await db(tx)
    .insert(auditLog)
    .values(
      entries.map((entry) => ({
        actorId: actor.id,
        actorName: actor.name,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId ?? null,
        before: entry.before ?? null,
        after: entry.after ?? null,
      })),
    )
}

/** A record's history, newest first. */
export async function historyOf(entityType: string, entityId: string): Promise<AuditEntry[]> {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
}

export async function notesOf(entityType: string, entityId: string): Promise<StaffNote[]> {
  return db()
    .select()
    .from(staffNotes)
    .where(and(eq(staffNotes.entityType, entityType), eq(staffNotes.entityId, entityId)))
    .orderBy(asc(staffNotes.createdAt))
}

/** Adds a staff note and its audit entry together. */
export async function addStaffNote(
  entityType: string,
  entityId: string,
  body: string,
  actor: Actor,
) {
  await db().transaction(async (tx) => {
    const [note] = await tx
      .insert(staffNotes)
      .values({ entityType, entityId, body, authorId: actor.id, authorName: actor.name })
      .returning()
    await recordAudit(
      actor,
      { action: 'note', entityType, entityId, after: { note: note?.body } },
      tx,
    )
  })
}
