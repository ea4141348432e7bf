import { and, asc, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import { interpreterApplications, onboardingStepsDone } from '../../db/schema'
import { onboardingStepKeys, type OnboardingStepKey } from '../domain/onboarding'
import { containsPattern, PAGE_SIZE } from '../lib/admin/list-filters'
import { now } from '../platform/clock.server'
import { db } from '../platform/runtime.server'
import { ONBOARDING_STEP_COUNT } from '../domain/statistics'
import { recordAudit, type Actor } from './audit.server'

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

/** Approved interpreters with the steps they have done, for the onboarding board. */
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
  const ids = interpreters.map((interpreter) => interpreter.id)
  const steps = ids.length
    ? await database
        .select()
        .from(onboardingStepsDone)
        .where(inArray(onboardingStepsDone.applicationId, ids))
    : []
  return {
    items: interpreters.map((interpreter) => ({
      ...interpreter,
      steps: Object.fromEntries(
        steps
          .filter((step) => step.applicationId === interpreter.id)
          .map((step) => [step.step, { completedAt: step.completedAt, by: step.completedByName }]),
      ) as Partial<Record<OnboardingStepKey, { completedAt: Date; by: string }>>,
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

export class OnboardingRuleError extends Error {
  override name = 'OnboardingRuleError'
}

/**
 * Ticks or unticks a step of an approved interpreter and sets the onboarding progress to
 * the number of ticked steps, in one transaction.
 */
export async function setOnboardingStep(
  applicationId: string,
  step: OnboardingStepKey,
  done: boolean,
  actor: Actor,
): Promise<number> {
  return db().transaction(async (tx) => {
    const [application] = await tx
      .select({ status: interpreterApplications.status })
      .from(interpreterApplications)
      .where(eq(interpreterApplications.id, applicationId))
      .for('update')
    if (!application) throw new OnboardingRuleError('This interpreter does not exist.')
    if (application.status !== 'approved') {
      throw new OnboardingRuleError('Only approved interpreters are onboarded.')
    }
    if (done) {
      await tx
        .insert(onboardingStepsDone)
        .values({
          applicationId,
          step,
          completedAt: now(),
          completedById: actor.id,
          completedByName: actor.name,
        })
        .onConflictDoNothing()
    } else {
      await tx
        .delete(onboardingStepsDone)
        .where(
          and(
            eq(onboardingStepsDone.applicationId, applicationId),
            eq(onboardingStepsDone.step, step),
          ),
        )
    }
    const progress = await tx.$count(
      onboardingStepsDone,
      eq(onboardingStepsDone.applicationId, applicationId),
    )
    await tx
      .update(interpreterApplications)
      .set({ onboardingProgress: progress, updatedAt: now() })
      .where(eq(interpreterApplications.id, applicationId))
    await recordAudit(
      actor,
      {
        action: done ? 'onboarding_step_done' : 'onboarding_step_undone',
        entityType: 'interpreter_application',
        entityId: applicationId,
        after: { step, progress },
      },
      tx,
    )
    return progress
  })
}

/** The steps staff have marked done for one application, in the steps' order. */
export async function stepsDoneOf(applicationId: string): Promise<OnboardingStepKey[]> {
  const rows = await db()
    .select({ step: onboardingStepsDone.step })
    .from(onboardingStepsDone)
    .where(eq(onboardingStepsDone.applicationId, applicationId))
  const done = new Set(rows.map((row) => row.step))
  return onboardingStepKeys.filter((key) => done.has(key))
}
