import { CheckCircle2, CircleDashed, GraduationCap, Users } from 'lucide-react'
import { data, Form, Link, useFetcher, useSubmit } from 'react-router'
import { z } from 'zod'
import { DataTable } from '~/components/admin/data-table'
import { Pagination } from '~/components/admin/list-controls'
import { OnboardingBar } from '~/components/admin/onboarding-bar'
import { ProfileChangesToApprove } from '~/components/admin/profile-changes'
import { StatCards } from '~/components/admin/stat-cards'
import { onboardingStepKeys, onboardingSteps, type OnboardingStepKey } from '~/domain/onboarding'
import { cleanSearchText } from '~/lib/admin/list-filters'
import { requireAdmin } from '~/lib/auth/session.server'
import { formatDate, fullName } from '~/lib/format'
import { seoMeta } from '~/lib/seo/meta'
import { requiredReadingSummary } from '~/models/resources.server'
import { listPendingProfileChanges } from '~/models/profile-changes.server'
import { dataWithToast } from '~/lib/toast.server'
import {
  listOnboardingBoard,
  onboardingCounts,
  OnboardingRuleError,
  onboardingStages,
  setOnboardingStep,
  type OnboardingFilters,
} from '~/models/onboarding.server'
import type { Route } from './+types/interpreter-manager'
import { EmptyState } from '~/components/admin/empty-state'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Interpreter Manager',
      description: 'Onboarding board.',
      path: '/admin/interpreter-manager',
      noindex: true,
    },
    matches,
  )

const stageLabels = {
  all: 'All approved',
  not_started: 'Not started',
  in_progress: 'In progress',
  complete: 'Fully onboarded',
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const params = new URL(request.url).searchParams
  const stage = params.get('stage')
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  const filters: OnboardingFilters = {
    q: cleanSearchText(params.get('q')),
    stage: (onboardingStages as readonly string[]).includes(stage ?? '')
      ? (stage as OnboardingFilters['stage'])
      : 'all',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  }
  const [board, counts, requiredReading, profileChanges] = await Promise.all([
    listOnboardingBoard(filters),
    onboardingCounts(),
    requiredReadingSummary(),
    listPendingProfileChanges(),
  ])
  return { filters, board, counts, requiredReading, profileChanges }
}

const stepAction = z.object({
  applicationId: z.uuid(),
  step: z.enum(onboardingStepKeys),
  done: z.enum(['true', 'false']),
})

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const parsed = stepAction.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ error: 'Invalid request.' }, { status: 400 })
  try {
    const progress = await setOnboardingStep(
      parsed.data.applicationId,
      parsed.data.step,
      parsed.data.done === 'true',
      admin.actor,
    )
    const step = onboardingSteps.find((entry) => entry.key === parsed.data.step)?.label
    return dataWithToast(
      { error: null },
      `${step}: marked ${parsed.data.done === 'true' ? 'done' : 'not done'}. ${progress} of ${onboardingSteps.length} steps.`,
    )
  } catch (error) {
    if (!(error instanceof OnboardingRuleError)) throw error
    return data({ error: error.message }, { status: 400 })
  }
}

export default function InterpreterManagerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, board, counts, requiredReading, profileChanges } = loaderData
  const submit = useSubmit()
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Interpreter Manager</h1>
      <p className="mt-1 text-slate-600">
        Onboarding of approved interpreters: tick each step as it is done. Six of six is fully
        onboarded.
      </p>
      <div className="mt-6">
        <StatCards
          label="Onboarding counts"
          cards={[
            {
              label: 'Approved Interpreters',
              value: counts.approved,
              icon: <Users aria-hidden="true" className="size-5" />,
            },
            {
              label: 'Not Started',
              value: counts.not_started,
              icon: <CircleDashed aria-hidden="true" className="size-5" />,
            },
            {
              label: 'In Progress',
              value: counts.in_progress,
              icon: <CheckCircle2 aria-hidden="true" className="size-5" />,
            },
            {
              label: 'Fully Onboarded',
              value: counts.complete,
              icon: <GraduationCap aria-hidden="true" className="size-5" />,
            },
          ]}
        />
      </div>
      <ProfileChangesToApprove changes={profileChanges} />
      {requiredReading.length > 0 ? (
        <section
          aria-labelledby="required-reading-heading"
          className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="required-reading-heading" className="font-semibold text-slate-900">
            Required reading
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {requiredReading.map((resource) => (
              <li key={resource.id} className="flex flex-wrap gap-x-3">
                <span className="break-words text-slate-900">{resource.title}</span>
                <span className="text-slate-700">
                  version {resource.version}: {resource.confirmed} of {resource.interpreters}{' '}
                  interpreters confirmed
                </span>
                <Link
                  to={`/admin/resources/${resource.id}/audience`}
                  className="text-brand-700 underline"
                  aria-label={`Who has not confirmed ${resource.title}`}
                >
                  Who has not confirmed
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form
        method="get"
        role="search"
        className="mt-6 flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-end"
      >
        <div className="flex-1">
          <label htmlFor="board-search" className="field-label">
            Search by name or email
          </label>
          <input
            id="board-search"
            type="search"
            name="q"
            defaultValue={filters.q}
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="board-stage" className="field-label">
            Onboarding
          </label>
          <select
            id="board-stage"
            name="stage"
            defaultValue={filters.stage}
            className="field-input"
            onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
          >
            {Object.entries(stageLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>
      {actionData?.error ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {actionData.error}
        </p>
      ) : null}
      {board.items.length === 0 ? (
        <EmptyState title="No Interpreters Found">
          Approved interpreters appear here to be onboarded.
        </EmptyState>
      ) : (
        <DataTable
          caption="Onboarding steps of approved interpreters"
          dense
          rows={board.items}
          rowKey={(interpreter) => interpreter.id}
          columns={[
            {
              header: 'Interpreter',
              rowHeader: true,
              cell: (interpreter) => (
                <>
                  <Link
                    to={`/admin/interpreters/${interpreter.id}`}
                    className="font-medium text-brand-700 underline"
                  >
                    {fullName(interpreter)}
                  </Link>
                  <p className="text-slate-600">{interpreter.position}</p>
                </>
              ),
            },
            ...onboardingSteps.map((step) => ({
              header: step.label,
              width: 'w-26',
              cell: (interpreter: (typeof board.items)[number]) => (
                <StepToggle
                  applicationId={interpreter.id}
                  step={step.key}
                  label={`${step.label}: ${fullName(interpreter)}`}
                  done={interpreter.steps[step.key]}
                />
              ),
            })),
            {
              header: 'Progress',
              width: 'w-36',
              cell: (interpreter) => <OnboardingBar progress={interpreter.onboardingProgress} />,
            },
          ]}
        />
      )}
      <Pagination page={filters.page} pageSize={board.pageSize} total={board.total} />
    </>
  )
}

/** A checkbox that saves as soon as it changes (a Tick/Untick button without JavaScript). */
function StepToggle({
  applicationId,
  step,
  label,
  done,
}: {
  applicationId: string
  step: OnboardingStepKey
  label: string
  done: { completedAt: Date | string; by: string } | undefined
}) {
  const fetcher = useFetcher()
  const saved = done !== undefined
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="applicationId" value={applicationId} />
      <input type="hidden" name="step" value={step} />
      <input type="hidden" name="done" value={String(!saved)} />
      {/* Not a label: a label may hold one control, and the checkbox is named by aria-label. */}
      <div className="flex items-center gap-2">
        {/* Uncontrolled, so the tick shows at once; remounted when the saved state changes. */}
        <input
          key={String(saved)}
          type="checkbox"
          defaultChecked={saved}
          aria-label={label}
          onChange={(event) =>
            fetcher.submit(
              { applicationId, step, done: String(event.currentTarget.checked) },
              { method: 'post', preventScrollReset: true },
            )
          }
          className="size-4"
        />
        <noscript>
          <button type="submit" className="text-xs text-brand-700 underline">
            {saved ? 'Untick' : 'Tick'}
          </button>
        </noscript>
      </div>
      {done ? (
        <p className="mt-1 text-xs text-slate-600">
          {formatDate(done.completedAt)} · {done.by}
        </p>
      ) : null}
    </fetcher.Form>
  )
}
