import { and, eq, inArray } from 'drizzle-orm'
import { organizationInterpreters } from '../../db/schema'
import type { InterpreterPreference } from '../domain/organizations'
import { now } from '../platform/clock.server'
import { db } from '../platform/runtime.server'
import { recordAudit, type Actor } from './audit.server'
import { pastInterpretersOf } from './bookings.server'

/**
 * An organization's preferred and blocked interpreters (docs/product.md#organization-settings),
 * chosen by its managers among the interpreters who have worked for it. Dispatch reads them
 * (app/models/dispatch/eligibility.server.ts): preferred ones lead the eligible list, blocked
 * ones are excluded, and staff cannot assign them over it.
 */

/** The interpreters who worked for the organization, each with its preference (or null). */
export async function interpreterPreferencesOf(organizationId: string) {
  const [past, set] = await Promise.all([
    pastInterpretersOf(organizationId),
    db()
      .select({
        interpreterId: organizationInterpreters.interpreterId,
        preference: organizationInterpreters.preference,
      })
      .from(organizationInterpreters)
      .where(eq(organizationInterpreters.organizationId, organizationId)),
  ])
  const byInterpreter = new Map(set.map((row) => [row.interpreterId, row.preference]))
  return past
    .map((interpreter) => ({
      ...interpreter,
      preference: byInterpreter.get(interpreter.id) ?? null,
    }))
    .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName))
}

/**
 * Saves the managers' choices at once: each interpreter must have worked for the
 * organization (false otherwise, and nothing changes). Audited with what changed.
 */
export async function saveInterpreterPreferences(
  organizationId: string,
  choices: { interpreterId: string; preference: InterpreterPreference | null }[],
  actor: Actor,
): Promise<boolean> {
  return db().transaction(async (tx) => {
    const past = new Set((await pastInterpretersOf(organizationId, tx)).map((row) => row.id))
    if (choices.some((choice) => !past.has(choice.interpreterId))) return false
    const ids = choices.map((choice) => choice.interpreterId)
    if (ids.length === 0) return true
    await tx
      .delete(organizationInterpreters)
      .where(
        and(
          eq(organizationInterpreters.organizationId, organizationId),
          inArray(organizationInterpreters.interpreterId, ids),
        ),
      )
    const kept = choices.flatMap((choice) =>
      choice.preference
        ? [
            {
              organizationId,
              interpreterId: choice.interpreterId,
              preference: choice.preference,
              setById: actor.id,
              updatedAt: now(),
            },
          ]
        : [],
    )
    if (kept.length > 0) await tx.insert(organizationInterpreters).values(kept)
    await recordAudit(
      actor,
      {
        action: 'interpreter_preferences',
        entityType: 'organization',
        entityId: organizationId,
        after: Object.fromEntries(choices.map((c) => [c.interpreterId, c.preference])),
      },
      tx,
    )
    return true
  })
}
