import { Download } from 'lucide-react'
import { data, Form, Link, useLocation } from 'react-router'
import { z } from 'zod'
import { OnboardingBar } from '~/components/admin/onboarding-bar'
import { RecordHistory, StaffNotes } from '~/components/admin/record-history'
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
import { requireAdmin } from '~/lib/auth/session.server'
import { requireUuidParam } from '~/lib/http/params'
import { formatDate, formatDateTime } from '~/lib/format'
import { applicationDecisionMail } from '~/lib/mail/templates/application-decision.server'
import { runtime } from '~/lib/runtime.server'
import { applicationDecisions, isApplicationDecision, isUndecided } from '~/lib/statuses'
import { dataWithToast, redirectWithToast } from '~/lib/toast.server'
import { decideApplication, getResumeFile } from '~/models/application-admin.server'
import { addStaffNote, historyOf, notesOf } from '~/models/audit.server'
import { getInterpreterApplication } from '~/models/interpreter-applications.server'
import type { Route } from './+types/interpreters.detail'

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
])

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const application = await getInterpreterApplication(requireUuidParam(params, 'applicationId'))
  if (!application) throw data(null, { status: 404, statusText: 'Not Found' })
  const decide = new URL(request.url).searchParams.get('decide') ?? ''
  const pendingDecision = isUndecided(application.status) && isApplicationDecision(decide)
  const [resume, duplicate, notes, history] = await Promise.all([
    getResumeFile(application.id),
    application.possibleDuplicateOf
      ? getInterpreterApplication(application.possibleDuplicateOf)
      : undefined,
    notesOf('interpreter_application', application.id),
    historyOf('interpreter_application', application.id),
  ])
  const preview = pendingDecision
    ? applicationDecisionMail(decide, application, runtime().config.company)
    : null
  return {
    application,
    resume: resume ? { name: resume.originalName, size: resume.byteSize } : null,
    duplicate: duplicate
      ? {
          id: duplicate.id,
          createdAt: duplicate.createdAt,
          status: duplicate.status,
          position: duplicate.position,
        }
      : null,
    notes,
    history,
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
  const actor = { id: admin.id, name: admin.name }
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? 'Invalid request.' }, { status: 400 })
  const input = parsed.data
  if (input.intent === 'note') {
    if (!(await getInterpreterApplication(applicationId))) throw data(null, { status: 404 })
    await addStaffNote('interpreter_application', applicationId, input.body, actor)
    return dataWithToast({ error: null }, 'Note added.')
  }
  const outcome = await decideApplication(
    applicationId,
    input.decision,
    { sendEmail: input.sendEmail === 'on' },
    actor,
  )
  if (outcome === 'missing') throw data(null, { status: 404 })
  if (outcome === 'already-decided') {
    return data({ error: 'This application was already decided.' }, { status: 409 })
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

function formatBytes(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

export default function InterpreterDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { application, resume, duplicate, notes, history, decision } = loaderData
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  // Set when the decision step was opened from another screen (the dashboard's status select).
  const returnTo = adminReturnPath(params.get('returnTo'))
  params.delete('decide')
  params.delete('returnTo')
  const listSearch = params.size ? `?${params}` : ''
  const withDecision = (value: string) => {
    const next = new URLSearchParams(params)
    next.set('decide', value)
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
      {duplicate ? (
        <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Possible duplicate: the same e-mail address applied on {formatDate(duplicate.createdAt)} (
          {duplicate.position}).{' '}
          <Link
            to={`/admin/interpreters/${duplicate.id}${listSearch}`}
            className="font-medium underline"
          >
            Open the earlier application
          </Link>
        </p>
      ) : null}
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[11rem_1fr]">
        {details.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Additional information</h3>
      <p className="mt-2 rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">
        {application.additionalInfo || 'None given.'}
      </p>
      {resume ? (
        <a
          href={`/admin/applications/${application.id}/resume`}
          className="btn-secondary mt-4"
          download
          aria-label={`Download resume ${resume.name}`}
        >
          <Download aria-hidden="true" className="size-4" />
          Download resume ({resume.name}, {formatBytes(resume.size)})
        </a>
      ) : null}
      {isUndecided(application.status) && !decision ? (
        <div className="mt-6 flex gap-3">
          <Link to={withDecision('approved')} preventScrollReset className="btn-primary">
            Approve
          </Link>
          <Link to={withDecision('rejected')} preventScrollReset className="btn-secondary">
            Reject
          </Link>
        </div>
      ) : null}
      <StaffNotes notes={notes} error={actionData?.error ?? null} />
      <RecordHistory entries={history} />
    </RouteDialog>
  )
}
