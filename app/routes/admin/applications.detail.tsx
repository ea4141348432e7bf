import { data, Form, Link, redirect, useLocation } from 'react-router'
import { z } from 'zod'
import { OnboardingBar } from '~/components/admin/onboarding-bar'
import { PersonalDataSection } from '~/components/admin/personal-data'
import { MergeConfirmation, PossibleDuplicates } from '~/components/admin/possible-duplicates'
import { RecordHistory, StaffNotes } from '~/components/admin/record-history'
import { ResumeDownloads } from '~/components/admin/resume-downloads'
import { RouteDialog } from '~/components/admin/route-dialog'
import { StatusBadge } from '~/components/admin/status-badge'
import {
  availabilityLabel,
  englishLevelLabel,
  experienceLabel,
  payLabel,
  specializationsLabel,
} from '~/lib/admin/application-display'
import { adminReturnPath } from '~/lib/admin/decision-step'
import { requireAdmin } from '~/auth/session.server'
import { requireUuidParam } from '~/lib/http/params'
import { formatDateTime } from '~/domain/format'
import { applicationDecisionMail } from '~/emails/application-decision.server'
import { runtime } from '~/platform/runtime.server'
import { LOCALE_NAMES_IN_ENGLISH } from '~/domain/locales'
import { applicationDecisions, isApplicationDecision, isUndecided } from '~/domain/statuses'
import { dataWithToast, redirectWithToast } from '~/lib/toast.server'
import { decideApplication, resumesOf } from '~/models/interpreter-applications/review.server'
import {
  dismissPossibleDuplicate,
  mergeApplications,
  mergedInto,
  possibleDuplicatesOf,
} from '~/models/interpreter-applications/duplicates.server'
import { addStaffNote, historyOf, notesOf } from '~/models/audit.server'
import { getInterpreterApplication } from '~/models/interpreter-applications/create.server'
import { portalAccountOf, sendPortalInvitation } from '~/models/interpreter-profiles.server'
import type { Route } from './+types/applications.detail'
import { notFound } from '~/lib/http/responses'
import { ERASE_INTENT } from '~/lib/admin/erase-intent'
import { revokeStatusLink } from '~/models/privacy/status-page.server'
import { erasePersonalData } from './+shared/erase-personal-data.server'

const intentSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('decide'),
    decision: z.enum(applicationDecisions),
    sendEmail: z.literal('on').optional(),
  }),
  z.object({
    intent: z.literal('note'),
    body: z.string().trim().min(1, 'Please write a note.').max(5000),
  }),
  z.object({ intent: z.literal('dismiss-duplicate'), duplicateId: z.uuid() }),
  z.object({ intent: z.literal('send-invitation') }),
  z.object({ intent: z.literal('revoke-status-link') }),
  z.object({
    intent: z.literal('merge-duplicate'),
    duplicateId: z.uuid(),
    keep: z.enum(['this', 'duplicate']),
  }),
])

/** The list's search and filters, without the dialog's own steps (decide, merge). */
function listSearchOf(search: string) {
  const params = new URLSearchParams(search)
  params.delete('decide')
  params.delete('merge')
  params.delete('returnTo')
  params.delete('erase')
  return params.size ? `?${params}` : ''
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const applicationId = requireUuidParam(params, 'applicationId')
  const url = new URL(request.url)
  const application = await getInterpreterApplication(applicationId)
  if (!application) {
    // Links to a record that was merged lead to the record it was merged into.
    const keptId = await mergedInto(applicationId)
    if (keptId) throw redirect(`/admin/interpreters/${keptId}${listSearchOf(url.search)}`)
    throw notFound()
  }
  const decide = url.searchParams.get('decide') ?? ''
  const pendingDecision = isUndecided(application.status) && isApplicationDecision(decide)
  const [resumes, duplicates, notes, history, portalAccount] = await Promise.all([
    resumesOf(application.id),
    possibleDuplicatesOf([application.id]),
    notesOf('interpreter_application', application.id),
    historyOf('interpreter_application', application.id),
    application.status === 'approved' ? portalAccountOf(application.email) : null,
  ])
  const possibleDuplicates = duplicates.get(application.id) ?? []
  const merging = possibleDuplicates.find(
    (duplicate) => duplicate.id === url.searchParams.get('merge'),
  )
  const preview = pendingDecision
    ? applicationDecisionMail(decide, application, runtime().config.company, application.locale)
    : null
  return {
    application,
    resumes,
    duplicates: possibleDuplicates,
    merging: merging ?? null,
    notes,
    history,
    portalAccount: portalAccount?.state ?? null,
    decision: pendingDecision
      ? {
          decision: decide,
          subject: preview!.subject,
          text: preview!.text,
        }
      : null,
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const applicationId = requireUuidParam(params, 'applicationId')
  const actor = admin.actor
  const form = Object.fromEntries(await request.formData())
  if (form.intent === ERASE_INTENT)
    return withNoteError(
      await erasePersonalData(
        await getInterpreterApplication(applicationId),
        actor,
        `/admin/interpreters${listSearchOf(new URL(request.url).search)}`,
      ),
    )
  const parsed = intentSchema.safeParse(form)
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? 'Invalid request.'
    // The note's error goes next to the note field, any other above the details.
    return data(
      form.intent === 'note' ? { error: null, noteError: error } : { error, noteError: null },
      { status: 400 },
    )
  }
  const input = parsed.data
  if (input.intent === 'note') {
    if (!(await getInterpreterApplication(applicationId))) throw notFound()
    await addStaffNote('interpreter_application', applicationId, input.body, actor)
    return dataWithToast({ error: null, noteError: null }, 'Note added.')
  }
  if (input.intent === 'send-invitation') return invite(applicationId, actor)
  if (input.intent === 'revoke-status-link') {
    if (!(await revokeStatusLink(applicationId, actor))) throw notFound()
    return dataWithToast(
      { error: null, noteError: null },
      'Status link revoked: the links sent so far no longer work.',
    )
  }
  if (input.intent === 'dismiss-duplicate' || input.intent === 'merge-duplicate') {
    return resolveDuplicate(input, applicationId, actor, new URL(request.url).search)
  }
  const outcome = await decideApplication(
    applicationId,
    input.decision,
    { sendEmail: input.sendEmail === 'on' },
    actor,
  )
  if (outcome === 'missing') throw notFound()
  if (outcome === 'already-decided') {
    return data(
      { error: 'This application was already decided.', noteError: null },
      { status: 409 },
    )
  }
  const url = new URL(request.url)
  const returnTo = adminReturnPath(url.searchParams.get('returnTo'))
  url.searchParams.delete('decide')
  url.searchParams.delete('returnTo')
  const application = await getInterpreterApplication(applicationId)
  const name = application ? `${application.firstName} ${application.lastName}` : 'The applicant'
  throw redirectWithToast(
    returnTo ?? `/admin/interpreters/${applicationId}${url.search}`,
    `${name} ${input.decision === 'approved' ? 'approved' : 'rejected'}. ${
      input.sendEmail === 'on' ? 'The decision e-mail is on its way.' : 'No e-mail was sent.'
    }`,
  )
}

/** The erasure's refusal, shaped like this route's other answers. */
function withNoteError(refusal: Awaited<ReturnType<typeof erasePersonalData>>) {
  return data({ ...refusal.data, noteError: null }, { status: refusal.init?.status ?? 409 })
}

const invitationRefusals = {
  'not-approved': 'Only an approved applicant can be invited to the portal.',
  'already-active': 'This interpreter has already chosen a password.',
  'other-role': 'This e-mail address belongs to a staff or client account.',
} as const

async function invite(applicationId: string, actor: { id: string; name: string }) {
  const outcome = await sendPortalInvitation(applicationId, actor)
  if (outcome === 'missing') throw notFound()
  if (outcome !== 'sent')
    return data({ error: invitationRefusals[outcome], noteError: null }, { status: 409 })
  return dataWithToast({ error: null, noteError: null }, 'Portal invitation sent.')
}

/** Merges the two records (keeping the one staff chose) or dismisses the pair. */
async function resolveDuplicate(
  input: { intent: 'dismiss-duplicate' | 'merge-duplicate'; duplicateId: string; keep?: string },
  applicationId: string,
  actor: { id: string; name: string },
  search: string,
) {
  const merging = input.intent === 'merge-duplicate'
  const [keptId, otherId] =
    merging && input.keep === 'duplicate'
      ? [input.duplicateId, applicationId]
      : [applicationId, input.duplicateId]
  const [kept, other] = await Promise.all([
    getInterpreterApplication(keptId),
    getInterpreterApplication(otherId),
  ])
  const outcome = merging
    ? await mergeApplications(keptId, otherId, actor)
    : await dismissPossibleDuplicate(keptId, otherId, actor)
  if (outcome === 'missing' || !kept || !other) throw notFound()
  if (outcome === 'not-duplicates') {
    return data(
      { error: 'These records share neither e-mail address nor phone number.', noteError: null },
      { status: 409 },
    )
  }
  const name = (record: typeof kept) => `${record.firstName} ${record.lastName}`
  throw redirectWithToast(
    `/admin/interpreters/${keptId}${listSearchOf(search)}`,
    merging
      ? `${name(other)} (${other.email}) merged into this record.`
      : `${name(other)} marked as not a duplicate.`,
  )
}

export default function ApplicationDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { application, resumes, duplicates, merging, notes, history, decision, portalAccount } =
    loaderData
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  // Set when the decision step was opened from another screen (the dashboard's status select).
  const returnTo = adminReturnPath(params.get('returnTo'))
  const listSearch = listSearchOf(location.search)
  const withStep = (step: 'decide' | 'merge' | 'erase', value: string) => {
    const next = new URLSearchParams(listSearch)
    next.set(step, value)
    return `?${next}`
  }
  const name = `${application.firstName} ${application.lastName}`
  const address = [
    application.address,
    application.city,
    [application.state, application.zipCode].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ')
  const details: [string, string][] = [
    ['Email', application.email],
    ['Phone', application.phone],
    ['Address', address || 'Not given'],
    ['Position', application.position],
    ['Languages', application.languages.join(', ') || 'Not given'],
    application.englishLevel
      ? ['Spoken English', englishLevelLabel(application.englishLevel)]
      : ['Native language', application.nativeLanguage ?? 'Not given'],
    ['Interpreting experience', experienceLabel(application.interpretingExperience)],
    ['Medical experience', experienceLabel(application.medicalExperience)],
    ['Specializations', specializationsLabel(application.specializations)],
    ['Availability', availabilityLabel(application.availability)],
    ['Expected pay', payLabel(application.expectedPayPerMinute)],
    ['Applied', formatDateTime(application.createdAt)],
    // The applicant's e-mails and status page are in this language.
    ['Applied in', LOCALE_NAMES_IN_ENGLISH[application.locale]],
    [
      'Keep on file',
      application.keepOnFileAt
        ? `Yes, for future openings (asked ${formatDateTime(application.keepOnFileAt)})`
        : 'No: erased when the retention period ends, unless approved',
    ],
  ]
  return (
    <RouteDialog title={name} closeTo={returnTo ?? `/admin/interpreters${listSearch}`} wide>
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge status={application.status} />
        <OnboardingBar progress={application.onboardingProgress} />
      </div>
      {/* The decision step comes first: it is what this view was opened for. */}
      {decision ? (
        <section
          aria-labelledby="decision-heading"
          className="mt-4 rounded-lg border border-slate-300 p-4"
        >
          <h3 id="decision-heading" className="font-semibold text-slate-900">
            {decision.decision === 'approved' ? 'Approve' : 'Reject'} this application
          </h3>
          <p className="mt-1 text-sm text-slate-600">The applicant will receive this e-mail:</p>
          <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm">
            <p>
              <span className="text-slate-600">Subject:</span> {decision.subject}
            </p>
            <p className="mt-2 whitespace-pre-wrap text-slate-800">{decision.text}</p>
          </div>
          <Form method="post" preventScrollReset className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="decide" />
            <input type="hidden" name="decision" value={decision.decision} />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="sendEmail" defaultChecked className="size-4" />
              Send this e-mail to {application.email}
            </label>
            <div className="flex gap-3">
              <button
                type="submit"
                className={decision.decision === 'approved' ? 'btn-primary' : 'btn-secondary'}
              >
                {decision.decision === 'approved' ? 'Confirm approval' : 'Confirm rejection'}
              </button>
              <Link
                to={returnTo ?? `/admin/interpreters/${application.id}${listSearch}`}
                preventScrollReset
                className="btn-secondary"
              >
                Cancel
              </Link>
            </div>
          </Form>
        </section>
      ) : null}
      {actionData?.error ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {actionData.error}
        </p>
      ) : null}
      <PossibleDuplicates
        duplicates={duplicates}
        openHref={(id) => `/admin/interpreters/${id}${listSearch}`}
        mergeHref={(id) => `${withStep('merge', id)}#merge-heading`}
      />
      {merging ? (
        <MergeConfirmation
          current={application}
          duplicate={merging}
          cancelHref={`/admin/interpreters/${application.id}${listSearch}`}
        />
      ) : null}
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[11rem_1fr]">
        {details.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="wrap-anywhere text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Additional information</h3>
      <p className="mt-2 rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">
        {application.additionalInfo || 'None given.'}
      </p>
      <ResumeDownloads applicationId={application.id} resumes={resumes} />
      {portalAccount ? <PortalAccountSection state={portalAccount} /> : null}
      {isUndecided(application.status) && !decision ? (
        <div className="mt-6 flex gap-3">
          <Link to={withStep('decide', 'approved')} preventScrollReset className="btn-primary">
            Approve
          </Link>
          <Link to={withStep('decide', 'rejected')} preventScrollReset className="btn-secondary">
            Reject
          </Link>
        </div>
      ) : null}
      <PersonalDataSection
        email={application.email}
        confirming={params.has('erase')}
        confirmHref={`${withStep('erase', '1')}#personal-data-heading`}
        cancelHref={`/admin/interpreters/${application.id}${listSearch}`}
      >
        <Form method="post" preventScrollReset className="mt-3">
          <input type="hidden" name="intent" value="revoke-status-link" />
          <button type="submit" className="btn-secondary">
            Revoke status link
          </button>
        </Form>
      </PersonalDataSection>
      <StaffNotes notes={notes} error={actionData?.noteError ?? null} />
      <RecordHistory entries={history} />
    </RouteDialog>
  )
}

const portalAccountTexts = {
  none: 'No portal account yet.',
  invited: 'The interpreter has not chosen a password yet.',
  active: 'Active: the interpreter has chosen a password and can sign in.',
  'other-role': 'This e-mail address belongs to a staff or client account.',
} as const

/**
 * The approved interpreter's portal account, with the invitation staff can send (again: each
 * is a new 48-hour link) until a password is chosen.
 */
function PortalAccountSection({ state }: { state: keyof typeof portalAccountTexts }) {
  return (
    <section aria-labelledby="portal-account-heading" className="mt-6">
      <h3 id="portal-account-heading" className="text-sm font-semibold text-slate-900">
        Portal account
      </h3>
      <p className="mt-2 text-sm text-slate-700">{portalAccountTexts[state]}</p>
      {state === 'none' || state === 'invited' ? (
        <Form method="post" preventScrollReset className="mt-3">
          <input type="hidden" name="intent" value="send-invitation" />
          <button type="submit" className="btn-secondary">
            Send portal invitation
          </button>
        </Form>
      ) : null}
    </section>
  )
}
