import { and, asc, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import { interpreterApplications, interpreterProfiles } from '../../../db/schema'
import { ONBOARDING_STEP_COUNT } from '../../domain/statistics'
import { containsPattern, PAGE_SIZE } from '../../lib/admin/list-filters'
import { db } from '../../platform/runtime.server'
import { countsByStatus } from '../status-counts.server'
import { onboardingStatesOf } from './progress.server'

export const onboardingStages = ['not_started', 'in_progress', 'complete'] as const
export type OnboardingStage = (typeof onboardingStages)[number]

export interface OnboardingFilters {
  q: string
  stage: OnboardingStage | 'all'
  page: number
}

const nameEmailText = sql`(${interpreterApplications.firstName} || ' ' || ${interpreterApplications.lastName} || ' ' || ${interpreterApplications.email})`

function whereFor(filters: OnboardingFilters): SQL | undefined {
  const progress = interpreterApplications.onboardingProgress
  const stage =
    filters.stage === 'not_started'
      ? eq(progress, 0)
      : filters.stage === 'in_progress'
        ? and(gte(progress, 1), lt(progress, ONBOARDING_STEP_COUNT))
        : filters.stage === 'complete'
          ? gte(progress, ONBOARDING_STEP_COUNT)
          : undefined
  return and(
    eq(interpreterApplications.status, 'approved'),
    filters.q ? sql`${nameEmailText} ilike ${containsPattern(filters.q)}` : undefined,
    stage,
  )
}

/**
 * Approved interpreters with the state of each step, for the onboarding board. `total`: how
 * many the filters keep, when the caller knows it already ({@link boardTotal}).
 */
export async function listOnboardingBoard(filters: OnboardingFilters, knownTotal?: number) {
  const database = db()
  const where = whereFor(filters)
  const [interpreters, total] = await Promise.all([
    database
      .select({
        id: interpreterApplications.id,
        /** The interpreter made from the application, whose onboarding screen this opens. */
        interpreterId: interpreterProfiles.id,
        firstName: interpreterApplications.firstName,
        lastName: interpreterApplications.lastName,
        email: interpreterApplications.email,
        position: interpreterApplications.position,
        onboardingProgress: interpreterApplications.onboardingProgress,
      })
      .from(interpreterApplications)
      .leftJoin(
        interpreterProfiles,
        eq(interpreterProfiles.applicationId, interpreterApplications.id),
      )
      .where(where)
      // The id last: people of the same name keep their places, so pages never overlap.
      .orderBy(
        asc(interpreterApplications.onboardingProgress),
        asc(interpreterApplications.lastName),
        asc(interpreterApplications.id),
      )
      .limit(PAGE_SIZE)
      .offset((filters.page - 1) * PAGE_SIZE),
    knownTotal ??
      database
        .select({ value: count() })
        .from(interpreterApplications)
        .where(where)
        .then(([counted]) => counted?.value ?? 0),
  ])
  const states = await onboardingStatesOf(interpreters.map((interpreter) => interpreter.id))
  return {
    items: interpreters.map((interpreter) => ({
      ...interpreter,
      steps: states.get(interpreter.id)?.steps ?? [],
    })),
    total,
    pageSize: PAGE_SIZE,
  }
}

/**
 * How many approved interpreters have not started, are in progress, are done: from the counts
 * the database keeps per step count (app/models/status-counts.server.ts), not by counting.
 */
export async function onboardingCounts() {
  const byProgress = await countsByStatus('onboarding_progress')
  const counts = { approved: 0, not_started: 0, in_progress: 0, complete: 0 }
  for (const [progress, value] of byProgress) {
    counts[stageOf(Number(progress))] += value
    counts.approved += value
  }
  return counts
}

function stageOf(progress: number): OnboardingStage {
  if (progress === 0) return 'not_started'
  return progress >= ONBOARDING_STEP_COUNT ? 'complete' : 'in_progress'
}

/** The board's total for unsearched filters, from the counts; undefined when searching. */
export function boardTotal(
  filters: OnboardingFilters,
  counts: Awaited<ReturnType<typeof onboardingCounts>>,
): number | undefined {
  if (filters.q) return undefined
  return filters.stage === 'all' ? counts.approved : counts[filters.stage]
}
