import { data, Link } from 'react-router'
import { CredentialStatusBadge, StepStatusBadge } from '~/components/onboarding/credential-status'
import { CredentialFileLink } from '~/components/onboarding/credential-file-link'
import {
  PayoutDetailsForm,
  SignAgreementForm,
  UploadDocumentForm,
  type OnboardingReply,
} from '~/components/interpreter/onboarding-forms'
import { onboardingSteps, languagesNeedingCertificates } from '~/domain/onboarding'
import { ONBOARDING_STEP_COUNT } from '~/domain/statistics'
import { requireUser } from '~/auth/session.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { acceptsUploads } from '~/lib/http/route-handle'
import { formatCalendarDate, formatDate, formatDateTime } from '~/domain/format'
import { seoMeta } from '~/lib/seo/meta'
import {
  credentialUploadSchema,
  earliestExpiry,
  payoutDetailsSchema,
  signAgreementSchema,
} from '~/lib/validation/onboarding'
import {
  currentAgreement,
  loadOnboardingFacts,
  onboardingApplicationOf,
  today as officeToday,
} from '~/models/onboarding/progress.server'
import { onboardingState } from '~/domain/onboarding-progress'
import { agreementSignatureOf, maskedPayoutDetails } from '~/models/onboarding/steps.server'
import { onboardingAction } from './+shared/onboarding-actions.server'
import type { Route } from './+types/onboarding'

// Document uploads stream on to the upload parser, which enforces the 10 MB limit itself.
export const handle = acceptsUploads

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Onboarding',
      description: 'Your six onboarding steps and credentials.',
      path: '/interpreter/onboarding',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { role: 'interpreter' })
  const interpreter = await onboardingApplicationOf(user.id)
  if (!interpreter) return { ready: false as const }
  const today = officeToday()
  const [facts, agreement, payout] = await Promise.all([
    loadOnboardingFacts([interpreter.applicationId]),
    currentAgreement(),
    maskedPayoutDetails(interpreter.applicationId),
  ])
  const fact = facts.get(interpreter.applicationId)!
  const { steps, progress } = onboardingState(fact, today)
  const languages = languagesNeedingCertificates(fact.languages)
  return {
    ready: true as const,
    progress,
    today,
    earliestExpiry: earliestExpiry(today),
    languages,
    steps: steps.map((step) => ({
      key: step.key,
      complete: step.complete,
      waiver: step.waiver,
      result: step.result,
      credentials: step.credentials.map((credential) => ({
        language: credential.language,
        status: credential.status,
        documents: credential.documents.map((document) => ({
          id: document.id,
          fileName: document.fileName,
          status: document.status,
          issuedOn: document.issuedOn,
          expiresOn: document.expiresOn,
          rejectionReason: document.rejectionReason,
          uploadedAt: document.uploadedAt,
        })),
      })),
    })),
    agreement: agreement
      ? {
          ...agreement,
          signature: await agreementSignatureOf(user.id, agreement),
        }
      : null,
    payout: payout ?? null,
    constraints: {
      upload: formConstraint(credentialUploadSchema(today, languages)),
      sign: formConstraint(signAgreementSchema),
      payout: formConstraint(payoutDetailsSchema),
    },
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, { role: 'interpreter' })
  const interpreter = await onboardingApplicationOf(user.id)
  if (!interpreter)
    throw data('Your onboarding is not open: ask our onboarding team.', { status: 404 })
  const outcome = await onboardingAction(request, {
    ...interpreter,
    userId: user.id,
    actor: { id: user.id, name: user.name },
  })
  const { status, ...reply } = outcome
  return data(reply satisfies OnboardingReply, { status })
}

type LoadedSteps = Extract<Route.ComponentProps['loaderData'], { ready: true }>['steps']
type LoadedDocument = LoadedSteps[number]['credentials'][number]['documents'][number]

function DocumentLine({ document }: { document: LoadedDocument }) {
  const statusWords = {
    pending: 'waiting for review',
    accepted: 'accepted',
    rejected: 'not accepted',
    expired: 'expired',
    superseded: 'replaced by a newer document',
  }
  return (
    <li className="py-2 text-sm">
      <CredentialFileLink
        href={`/interpreter/documents/${document.id}/file`}
        fileName={document.fileName}
      />
      <span className="text-slate-700">
        {' '}
        uploaded {formatDate(document.uploadedAt)}, {statusWords[document.status]}
        {document.expiresOn ? `; expires ${formatCalendarDate(document.expiresOn)}` : ''}
      </span>
      {document.status === 'rejected' && document.rejectionReason ? (
        <p className="mt-1 text-red-800">Reason: {document.rejectionReason}</p>
      ) : null}
    </li>
  )
}

export default function InterpreterOnboarding({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.ready)
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold text-slate-900">Onboarding</h1>
        <p className="mt-4 text-slate-700">
          Your onboarding is not open yet. Our onboarding team will contact you.
        </p>
      </div>
    )
  const { progress, steps, agreement, payout, languages, constraints, today } = loaderData
  const reply = actionData as OnboardingReply | undefined
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">Onboarding</h1>
      <p className="mt-2 text-slate-700">
        {progress} of {ONBOARDING_STEP_COUNT} steps complete. Each step says what it needs; staff
        review what you upload.
      </p>
      <ol className="mt-6 space-y-6">
        {steps.map((step, index) => {
          const definition = onboardingSteps[index]!
          const headingId = `step-${step.key}`
          return (
            <li key={step.key}>
              <section
                aria-labelledby={headingId}
                className="rounded-lg border border-slate-200 bg-white p-5"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id={headingId} className="text-lg font-semibold text-slate-900">
                    {index + 1}. {definition.label}
                  </h2>
                  <StepStatusBadge complete={step.complete} waived={Boolean(step.waiver)} />
                </div>
                <p className="mt-1 text-sm text-slate-700">{definition.provides}</p>
                {step.waiver ? (
                  <p className="mt-2 text-sm text-slate-700">
                    Waived by staff: {step.waiver.reason}
                  </p>
                ) : null}
                {step.credentials.map((credential) => (
                  <div key={credential.language ?? 'document'} className="mt-3">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                      {credential.language ? `${credential.language} and English` : 'Document'}
                      <CredentialStatusBadge status={credential.status} />
                    </p>
                    {credential.documents.length > 0 ? (
                      <ul className="divide-y divide-slate-100">
                        {credential.documents.map((document) => (
                          <DocumentLine key={document.id} document={document} />
                        ))}
                      </ul>
                    ) : null}
                  </div>
                ))}
                {step.key === 'language_proficiency' && languages.length === 0 ? (
                  <p className="mt-2 text-sm text-slate-700">
                    Your profile lists no language besides English; staff will contact you.
                  </p>
                ) : null}
                {step.key === 'contractor_agreement' ? (
                  agreement ? (
                    <div className="mt-3 text-sm">
                      <a
                        href={`/interpreter/resources/${agreement.id}/file`}
                        className="font-medium text-brand-700 underline"
                      >
                        Read the {agreement.title} (version {agreement.version})
                      </a>
                      {agreement.signature ? (
                        <p className="mt-2 text-slate-700">
                          Signed as {agreement.signature.signedName} on{' '}
                          {formatDateTime(agreement.signature.acknowledgedAt)}.
                        </p>
                      ) : (
                        <SignAgreementForm
                          reply={reply}
                          constraint={constraints.sign}
                          agreementTitle={agreement.title}
                        />
                      )}
                    </div>
                  ) : (
                    <p className="mt-3 text-sm text-slate-700">
                      The contractor agreement is not published yet. We will e-mail you when it is
                      ready to sign.
                    </p>
                  )
                ) : null}
                {step.key === 'mock_session' ? (
                  <p className="mt-3 text-sm text-slate-700">
                    {step.result?.outcome === 'passed'
                      ? `Passed, recorded ${formatDate(step.result.at)}.`
                      : step.result?.outcome === 'failed'
                        ? `Not passed yet${step.result.note ? `: ${step.result.note}` : ''}. Our onboarding team will arrange another session.`
                        : 'Our onboarding team will contact you to arrange the session.'}
                  </p>
                ) : null}
                {step.key === 'payment_tax' ? (
                  <>
                    {payout ? (
                      <p className="mt-3 text-sm text-slate-700">
                        Paid to {payout.payeeName} by{' '}
                        {payout.method === 'email' ? 'payout e-mail' : 'bank transfer'}:{' '}
                        <span className="font-mono">{payout.account}</span> (saved{' '}
                        {formatDate(payout.updatedAt)}).
                      </p>
                    ) : null}
                    <PayoutDetailsForm
                      reply={reply}
                      constraint={constraints.payout}
                      hasDetails={payout !== null}
                    />
                  </>
                ) : null}
                {'document' in definition &&
                !(step.key === 'language_proficiency' && languages.length === 0) ? (
                  <UploadDocumentForm
                    step={step.key as Parameters<typeof UploadDocumentForm>[0]['step']}
                    documentLabel={definition.document}
                    reply={reply}
                    constraint={constraints.upload}
                    languages={languages}
                    dates={
                      step.key === 'background_check' || step.key === 'payment_tax'
                        ? 'none'
                        : 'issue-and-expiry'
                    }
                    earliestExpiry={loaderData.earliestExpiry}
                    today={today}
                  />
                ) : null}
              </section>
            </li>
          )
        })}
      </ol>
      <p className="mt-6 text-sm text-slate-700">
        Questions about a step? Reply to any e-mail from our onboarding team, or see{' '}
        <Link to="/interpreter/resources" className="text-brand-700 underline">
          Resources
        </Link>
        .
      </p>
    </div>
  )
}
