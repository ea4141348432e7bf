import { eq } from 'drizzle-orm'
import { interpreterProfiles } from '../../db/schema'
import { now } from '../platform/clock.server'
import { db } from '../platform/runtime.server'
import { recordAudit, type Actor } from './audit.server'
import { refreshOnboardingProgress } from './onboarding/progress.server'

/**
 * Staff set an interpreter's language pairs (each language paired with English) on the
 * Interpreter manager, for example before the interpreter starts the Language proficiency
 * step (docs/product.md#interpreter-manager). The pairs count at once: onboarding asks for a
 * certificate of each, and the progress follows in the same transaction. A language kept
 * keeps its proficiency; one removed takes its proficiency with it. Audited.
 */
export async function setLanguagePairs(
  interpreterId: string,
  languages: readonly string[],
  actor: Actor,
): Promise<'saved' | 'unchanged' | 'missing'> {
  return db().transaction(async (tx) => {
    const [profile] = await tx
      .select()
      .from(interpreterProfiles)
      .where(eq(interpreterProfiles.id, interpreterId))
      .for('update')
    if (!profile) return 'missing'
    if (profile.languages.join('\n') === languages.join('\n')) return 'unchanged'
    const languageProficiency = Object.fromEntries(
      Object.entries(profile.languageProficiency).filter(([language]) =>
        languages.includes(language),
      ),
    )
    await tx
      .update(interpreterProfiles)
      .set({ languages: [...languages], languageProficiency, updatedAt: now() })
      .where(eq(interpreterProfiles.id, profile.id))
    if (profile.applicationId) await refreshOnboardingProgress(tx, [profile.applicationId])
    await recordAudit(
      actor,
      {
        action: 'set_language_pairs',
        entityType: 'interpreter_profile',
        entityId: profile.id,
        before: { languages: profile.languages },
        after: { languages },
      },
      tx,
    )
    return 'saved'
  })
}
