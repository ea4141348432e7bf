import { Link } from 'react-router'
import {
  AssignmentCards,
  OfferAnswerMessage,
  OfferCards,
} from '~/components/interpreter/assignment-cards'
import { stepLabel } from '~/domain/onboarding'
import { nextStep } from '~/domain/onboarding-progress'
import { ONBOARDING_STEP_COUNT } from '~/domain/statistics'
import { requireUser } from '~/auth/session.server'
import { formatCalendarDate, formatDateTime, formatInZone } from '~/domain/format'
import { officeTimeZone } from '~/domain/office'
import { seoMeta } from '~/lib/seo/meta'
import { closeoutsDueOf } from '~/models/billing/closeouts.server'
import { assignmentsOf } from '~/models/dispatch/assignments.server'
import { findProfileOfUser } from '~/models/interpreter-profiles.server'
import { latestStaffMessagesTo } from '~/models/mail.server'
import { listInterpreterResources } from '~/models/resources.server'
import { expiringCredentials } from '~/models/onboarding/documents.server'
import { onboardingApplicationOf, onboardingStatesOf } from '~/models/onboarding/progress.server'
import { interpreterCallState } from '~/models/calls/calls.server'
import {
  AvailabilitySwitch,
  IncomingCall,
  useRingingCall,
} from '~/components/calls/interpreter-call-panel'
import type { RingingCall } from '~/components/calls/use-call-socket'
import { answerOffer } from './+shared/offer-answer-action.server'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Dashboard',
      description:
        'Offers to answer, your next assignments, closeouts due, onboarding, credentials and messages.',
      path: '/interpreter/dashboard',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { role: 'interpreter' })
  const [profile, onboarding] = await Promise.all([
    findProfileOfUser(user.id),
    onboardingApplicationOf(user.id),
  ])
  const applicationIds = onboarding ? [onboarding.applicationId] : []
  const [states, expiring, messages, resources, closeoutsDue, work, calls] = await Promise.all([
    onboardingStatesOf(applicationIds),
    expiringCredentials({ applicationIds }),
    latestStaffMessagesTo(user.email),
    listInterpreterResources(user.id),
    closeoutsDueOf(user.id),
    assignmentsOf(user.id),
    profile ? interpreterCallState(profile.id) : null,
  ])
  const state = onboarding ? states.get(onboarding.applicationId) : undefined
  const upcoming = work?.upcoming ?? []
  return {
    firstName: profile?.firstName ?? user.name,
    calls,
    timeZone: work?.timeZone ?? officeTimeZone(),
    offers: work?.offers ?? [],
    next: upcoming.slice(0, NEXT_ASSIGNMENTS_SHOWN),
    upcomingCount: upcoming.length,
    progress: state?.progress ?? 0,
    nextStep: state ? (nextStep(state.steps)?.label ?? null) : onboardingFirstStep,
    closeoutsDue: {
      count: closeoutsDue.length,
      overdue: closeoutsDue.filter((due) => due.overdue).length,
      returned: closeoutsDue.filter((due) => due.status === 'returned').length,
    },
    expiring: expiring.map((credential) => ({
      id: credential.id,
      name: credential.language
        ? `${stepLabel(credential.step)} (${credential.language})`
        : stepLabel(credential.step),
      expired: credential.status === 'expired',
      expiresOn: credential.expiresOn,
    })),
    unread: resources
      .filter((resource) => resource.audience === 'required' && !resource.acknowledgedAt)
      .map((resource) => ({ id: resource.id, title: resource.title })),
    messages: messages.map((message) => ({
      id: message.id,
      subject: message.subject,
      sentAt: formatDateTime(message.sentAt),
    })),
  }
}

const onboardingFirstStep = stepLabel('contractor_agreement')

/** While "Available for calls" is on, the dashboard rings like the Calls page. */
function DashboardRing({ initial }: { initial: RingingCall | null }) {
  const ringing = useRingingCall(initial)
  return ringing ? <IncomingCall key={ringing.id} call={ringing} /> : null
}

/** The dashboard's on-demand calls: the availability switch, and a ring while it is on. */
function CallsCard({ available, ringing }: { available: boolean; ringing: RingingCall | null }) {
  return (
    <section aria-labelledby="calls-heading" className="mt-6">
      <h2 id="calls-heading" className="text-lg font-semibold text-slate-900">
        On-demand calls
      </h2>
      <div className="mt-2">
        <AvailabilitySwitch available={available} back="/interpreter/dashboard" />
      </div>
      {available ? <DashboardRing initial={ringing} /> : null}
    </section>
  )
}
/** The dashboard shows the next few assignments; the Assignments page has them all. */
const NEXT_ASSIGNMENTS_SHOWN = 3

export const action = ({ request }: Route.ActionArgs) => answerOffer(request)

export default function InterpreterDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { firstName, progress, nextStep, expiring, unread, messages, closeoutsDue } = loaderData
  const { timeZone, offers, next, upcomingCount } = loaderData
  const when = (instant: Date | string) => formatInZone(instant, timeZone)
  // Onboarding leads until it is done; then the work does.
  const onboardingComplete = progress >= ONBOARDING_STEP_COUNT
  const onboardingCard = (
    <section
      aria-labelledby="onboarding-heading"
      className="rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id="onboarding-heading" className="font-semibold text-slate-900">
        Onboarding
      </h2>
      <p className="mt-2 text-3xl font-bold text-slate-900">
        {progress}/{ONBOARDING_STEP_COUNT}
        <span className="sr-only"> steps done</span>
      </p>
      <div
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={0}
        aria-valuemax={ONBOARDING_STEP_COUNT}
        aria-valuenow={progress}
        className="mt-3 h-2 rounded-full bg-slate-200"
      >
        <div
          className="h-2 rounded-full bg-brand-700"
          style={{ width: `${(progress / ONBOARDING_STEP_COUNT) * 100}%` }}
        />
      </div>
      <p className="mt-3 text-sm text-slate-700">
        {nextStep ? (
          <>
            Next step: <strong>{nextStep}</strong>.{' '}
            <Link to="/interpreter/onboarding" className="text-brand-700 underline">
              Continue onboarding
            </Link>
          </>
        ) : (
          'Onboarding complete: you are ready for assignments.'
        )}
      </p>
    </section>
  )
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold text-slate-900">Welcome, {firstName}</h1>
      <OfferAnswerMessage answer={actionData} />
      {onboardingComplete ? null : <div className="mt-6">{onboardingCard}</div>}
      <section aria-labelledby="offers-heading" className="mt-6">
        <h2 id="offers-heading" className="text-lg font-semibold text-slate-900">
          Offers waiting for your answer
        </h2>
        {offers.length === 0 ? (
          <p className="mt-2 text-slate-700">No offers wait for your answer.</p>
        ) : (
          <OfferCards offers={offers} when={when} />
        )}
      </section>
      <section aria-labelledby="next-heading" className="mt-6">
        <h2 id="next-heading" className="text-lg font-semibold text-slate-900">
          Upcoming assignments
        </h2>
        {next.length === 0 ? (
          <p className="mt-2 text-slate-700">No upcoming assignments.</p>
        ) : (
          <AssignmentCards assignments={next} when={when} />
        )}
        <p className="mt-3 text-sm">
          <Link to="/interpreter/assignments" className="text-brand-700 underline">
            {upcomingCount > next.length
              ? `All ${upcomingCount} upcoming assignments`
              : 'All your assignments'}
          </Link>
        </p>
      </section>
      {loaderData.calls ? <CallsCard {...loaderData.calls} /> : null}
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section
          aria-labelledby="closeouts-due-heading"
          className="rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 id="closeouts-due-heading" className="font-semibold text-slate-900">
            Closeouts due
          </h2>
          <p className="mt-2 text-3xl font-bold text-slate-900">{closeoutsDue.count}</p>
          {closeoutsDue.count === 0 ? (
            <p className="mt-2 text-sm text-slate-600">None: every assignment is closed out.</p>
          ) : (
            <p className="mt-2 text-sm text-slate-700">
              {[
                closeoutsDue.overdue > 0 ? `${closeoutsDue.overdue} overdue` : '',
                closeoutsDue.returned > 0
                  ? `${closeoutsDue.returned} returned for a correction`
                  : '',
              ]
                .filter(Boolean)
                .join(', ')}
              {closeoutsDue.overdue + closeoutsDue.returned > 0 ? '. ' : ''}
              <Link to="/interpreter/assignments" className="text-brand-700 underline">
                Close out your assignments
              </Link>
            </p>
          )}
        </section>
        {onboardingComplete ? onboardingCard : null}
        <section
          aria-labelledby="expiring-heading"
          className="rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 id="expiring-heading" className="font-semibold text-slate-900">
            Credentials expiring within 30 days
          </h2>
          {expiring.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">None: your credentials are current.</p>
          ) : (
            <>
              <ul className="mt-2 list-disc pl-5 text-sm text-slate-900">
                {expiring.map((credential) => (
                  <li key={credential.id}>
                    {credential.name}: {credential.expired ? 'expired' : 'expires'}{' '}
                    {credential.expiresOn ? formatCalendarDate(credential.expiresOn) : ''}
                  </li>
                ))}
              </ul>
              <Link
                to="/interpreter/onboarding"
                className="mt-3 inline-block text-sm text-brand-700 underline"
              >
                Upload a current document
              </Link>
            </>
          )}
        </section>
        <section
          aria-labelledby="reading-heading"
          className="rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 id="reading-heading" className="font-semibold text-slate-900">
            Required reading
          </h2>
          {unread.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">Nothing waiting for you.</p>
          ) : (
            <>
              <ul className="mt-2 list-disc pl-5 text-sm text-slate-900">
                {unread.map((resource) => (
                  <li key={resource.id} className="break-words">
                    {resource.title}
                  </li>
                ))}
              </ul>
              <Link
                to="/interpreter/resources"
                className="mt-3 inline-block text-sm text-brand-700 underline"
              >
                Read and confirm in Resources
              </Link>
            </>
          )}
        </section>
        <section
          aria-labelledby="messages-heading"
          className="rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 id="messages-heading" className="font-semibold text-slate-900">
            Latest messages from staff
          </h2>
          {messages.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No messages yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {messages.map((message) => (
                <li key={message.id} className="py-2 text-sm">
                  <p className="font-medium text-slate-900">{message.subject}</p>
                  <p className="text-slate-600">{message.sentAt}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  )
}
