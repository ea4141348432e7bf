import { and, asc, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import { interpreterApplications } from '../../../db/schema'
import { ONBOARDING_STEP_COUNT } from '../../domain/statistics'
import { containsPattern, PAGE_SIZE } from '../../lib/admin/list-filters'
import { db } from '../../platform/runtime.server'
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

/** Approved interpreters with the state of each step, for the onboarding board. */
export async function listOnboardingBoard(filters: OnboardingFilters) {
  const database = db()
  const where = whereFor(filters)
  const [interpreters, [total]] = await Promise.all([
    database
      .select({
        id: interpreterApplications.id,
        firstName: interpreterApplications.firstName,
        lastName: interpreterApplications.lastName,
        email: interpreterApplications.email,
        position: interpreterApplications.position,
        onboardingProgress: interpreterApplications.onboardingProgress,
      })
      .from(interpreterApplications)
      .where(where)
      .orderBy(
        asc(interpreterApplications.onboardingProgress),
        asc(interpreterApplications.lastName),
      )
      .limit(PAGE_SIZE)
      .offset((filters.page - 1) * PAGE_SIZE),
    database.select({ value: count() }).from(interpreterApplications).where(where),
  ])
  const states = await onboardingStatesOf(interpreters.map((interpreter) => interpreter.id))
  return {
    items: interpreters.map((interpreter) => ({
      ...interpreter,
      steps: states.get(interpreter.id)?.steps ?? [],
    })),
    total: total?.value ?? 0,
    pageSize: PAGE_SIZE,
  }
}

/** How many approved interpreters have not started, are in progress, are done. */
export async function onboardingCounts() {
  const rows = await db()
    .select({
      stage: sql<OnboardingStage>`case when ${interpreterApplications.onboardingProgress} = 0 then 'not_started' when ${interpreterApplications.onboardingProgress} >= ${ONBOARDING_STEP_COUNT} then 'complete' else 'in_progress' end`,
      value: count(),
    })
    .from(interpreterApplications)
    .where(eq(interpreterApplications.status, 'approved'))
    .groupBy(sql`1`)
  const counts = { approved: 0, not_started: 0, in_progress: 0, complete: 0 }
  for (const row of rows) {
    counts[row.stage] = row.value
    counts.approved += row.value
  }
  return counts
}
