import { CheckCircle2, CircleDashed, GraduationCap, Users } from 'lucide-react'
import { Form, Link, Outlet, useLocation, useSubmit } from 'react-router'
import { DataTable } from '~/components/admin/data-table'
import { Pagination } from '~/components/admin/list-controls'
import { OnboardingBar } from '~/components/admin/onboarding-bar'
import { ProfileChangesToApprove } from '~/components/admin/profile-changes'
import { StatCards } from '~/components/admin/stat-cards'
import { onboardingSteps } from '~/domain/onboarding'
import {
  ExpiringCredentials,
  ReviewQueue,
  StepSummaryText,
} from '~/components/onboarding/manager-sections'
import { stepSummary } from '~/domain/onboarding-progress'
import { cleanSearchText } from '~/lib/admin/list-filters'
import { requireAdmin } from '~/auth/session.server'
import { fullName } from '~/domain/format'
import { seoMeta } from '~/lib/seo/meta'
import { requiredReadingSummary } from '~/models/resources.server'
import { listPendingProfileChanges } from '~/models/profile-changes.server'
import {
  boardTotal,
  listOnboardingBoard,
  onboardingCounts,
  onboardingStages,
  type OnboardingFilters,
} from '~/models/onboarding/board.server'
import { documentsAwaitingReview, expiringCredentials } from '~/models/onboarding/documents.server'
import { AgreementMissingNotice } from '~/components/onboarding/agreement-missing-notice'
import { missingAgreementNotice } from '~/models/onboarding/agreement-notices.server'
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
  const counts = await onboardingCounts()
  const [board, requiredReading, awaiting, expiring, profileChanges, agreementMissing] =
    await Promise.all([
      listOnboardingBoard(filters, boardTotal(filters, counts)),
      requiredReadingSummary(),
      documentsAwaitingReview(),
      expiringCredentials(),
      listPendingProfileChanges(),
      missingAgreementNotice(),
    ])
  return {
    filters,
    board: {
      ...board,
      items: board.items.map(({ steps, ...interpreter }) => ({
        ...interpreter,
        steps: steps.map((step) => ({ key: step.key, summary: stepSummary(step) })),
      })),
    },
    counts,
    requiredReading,
    awaiting,
    expiring,
    profileChanges,
    agreementMissing,
  }
}

export default function InterpreterManagerPage({ loaderData }: Route.ComponentProps) {
  const {
    filters,
    board,
    counts,
    requiredReading,
    awaiting,
    expiring,
    profileChanges,
    agreementMissing,
  } = loaderData
  const submit = useSubmit()
  const listSearch = useLocation().search
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Interpreter Manager</h1>
        <Link to="/admin/interpreter-manager/import" className="btn-secondary">
          Import interpreters
        </Link>
      </div>
      <p className="mt-1 text-slate-600">
        Onboarding of approved interpreters: review the documents they upload, record results and
        waive what does not apply. Six of six is fully onboarded.
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
      <AgreementMissingNotice notice={agreementMissing} />
      <ReviewQueue awaiting={awaiting} />
      <ExpiringCredentials expiring={expiring} />
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
                  {interpreter.interpreterId ? (
                    <Link
                      to={`/admin/interpreter-manager/${interpreter.interpreterId}${listSearch}`}
                      preventScrollReset
                      className="font-medium text-brand-700 underline"
                      aria-label={`Onboarding of ${fullName(interpreter)}`}
                    >
                      {fullName(interpreter)}
                    </Link>
                  ) : (
                    // Approved, but the address belongs to a staff or client account, or the
                    // person's profile was made from another application of theirs.
                    <span className="font-medium text-slate-900">{fullName(interpreter)}</span>
                  )}
                  <p className="text-slate-600">{interpreter.position}</p>
                </>
              ),
            },
            ...onboardingSteps.map((step) => ({
              header: step.label,
              width: 'w-26',
              cell: (interpreter: (typeof board.items)[number]) => {
                const summary = interpreter.steps.find((entry) => entry.key === step.key)?.summary
                return <StepSummaryText summary={summary ?? 'To do'} />
              },
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
      <Outlet />
    </>
  )
}
