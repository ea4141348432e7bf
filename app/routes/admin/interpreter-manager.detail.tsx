import { data, Form, redirect, useLocation, useNavigation } from 'react-router'
import { z } from 'zod'
import { RouteDialog } from '~/components/admin/route-dialog'
import { AgreementMissingNotice } from '~/components/onboarding/agreement-missing-notice'
import { CredentialStatusBadge, StepStatusBadge } from '~/components/onboarding/credential-status'
import { CredentialFileLink } from '~/components/onboarding/credential-file-link'
import { LanguagePairsForm } from '~/components/onboarding/language-pairs-form'
import { pairLanguageChoices } from '~/domain/language-pairs'
import { onboardingStepKeys } from '~/domain/onboarding'
import { ONBOARDING_STEP_COUNT } from '~/domain/statistics'
import { requireAdmin } from '~/auth/session.server'
import { formatCalendarDate, formatDate } from '~/domain/format'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { requireUuidParam } from '~/lib/http/params'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { languagePairsSchema } from '~/lib/validation/profile'
import { dataWithToast } from '~/lib/toast.server'
import {
  interpreterOfApplication,
  onboardingOfInterpreter,
} from '~/models/onboarding/overview.server'
import { OnboardingRuleError, reviewDocument } from '~/models/onboarding/documents.server'
import { clearStepRecord, recordStep } from '~/models/onboarding/steps.server'
import { languagePairsAction, type LanguagePairsReply } from './interpreter-manager.detail.server'
import type { Route } from './+types/interpreter-manager.detail'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Onboarding review',
      description: 'One interpreter’s onboarding steps and documents.',
      path: '/admin/interpreter-manager',
      noindex: true,
    },
    matches,
  )

const LIST_URL = '/admin/interpreter-manager'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const id = requireUuidParam(params, 'interpreterId')
  const overview = await onboardingOfInterpreter(id)
  if (overview)
    return {
      ...overview,
      pairChoices: pairLanguageChoices(overview.languagePairs),
      pairsConstraint: formConstraint(languagePairsSchema([])),
    }
  // An address from before the screen was keyed by the interpreter named the application.
  const interpreterId = await interpreterOfApplication(id)
  if (!interpreterId) throw notFound()
  const { search } = new URL(request.url)
  throw redirect(`${LIST_URL}/${interpreterId}${search}`, 301)
}

const reason = z
  .string({ error: 'Please give a reason.' })
  .trim()
  .min(1, 'Please give a reason.')
  .max(1000, 'Please use at most 1000 characters.')

const staffAction = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('accept'), documentId: z.uuid() }),
  z.object({ intent: z.literal('reject'), documentId: z.uuid(), reason }),
  z.object({ intent: z.literal('waive'), step: z.enum(onboardingStepKeys), reason }),
  z.object({ intent: z.literal('clear'), step: z.enum(onboardingStepKeys) }),
  z.object({
    intent: z.literal('result'),
    step: z.literal('mock_session'),
    outcome: z.enum(['passed', 'failed'], { error: 'Please choose the result.' }),
    note: z.string().trim().max(1000, 'Please use at most 1000 characters.').optional(),
  }),
])

export type StaffOnboardingReply = { error: string; target: string } | { error: null }

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const interpreterId = requireUuidParam(params, 'interpreterId')
  const formData = await request.formData()
  if (formData.get('intent') === 'language-pairs') {
    const overview = await onboardingOfInterpreter(interpreterId)
    if (!overview) throw notFound()
    return languagePairsAction(
      formData,
      { id: interpreterId, languages: overview.languagePairs },
      admin.actor,
    )
  }
  const form = Object.fromEntries(formData)
  const target = String(form.documentId ?? form.step ?? '')
  const parsed = staffAction.safeParse(form)
  if (!parsed.success)
    return data<StaffOnboardingReply>(
      { error: parsed.error.issues[0]?.message ?? 'Invalid request.', target },
      { status: 400 },
    )
  const overview = await onboardingOfInterpreter(interpreterId)
  if (!overview) throw notFound()
  const { applicationId } = overview
  const input = parsed.data
  try {
    if (input.intent === 'accept' || input.intent === 'reject') {
      // A document of another interpreter, named in this interpreter's form, does not exist here.
      if (!overview.documentIds.includes(input.documentId)) throw notFound()
      await reviewDocument(
        input.documentId,
        input.intent === 'accept'
          ? { decision: 'accept' }
          : { decision: 'reject', reason: input.reason },
        admin.actor,
      )
      return dataWithToast<StaffOnboardingReply>(
        { error: null },
        input.intent === 'accept'
          ? 'Document accepted.'
          : 'Document rejected; the interpreter was e-mailed the reason.',
      )
    }
    if (input.intent === 'clear') {
      await clearStepRecord(applicationId, input.step, admin.actor)
      return dataWithToast<StaffOnboardingReply>({ error: null }, 'Step record removed.')
    }
    await recordStep(
      applicationId,
      input.step,
      input.intent === 'waive'
        ? { outcome: 'waived', note: input.reason }
        : { outcome: input.outcome, note: input.note || null },
      admin.actor,
    )
    return dataWithToast<StaffOnboardingReply>(
      { error: null },
      input.intent === 'waive' ? 'Step waived.' : 'Result recorded.',
    )
  } catch (error) {
    if (!(error instanceof OnboardingRuleError)) throw error
    return data<StaffOnboardingReply>({ error: error.message, target }, { status: 409 })
  }
}

function ErrorFor({ reply, target }: { reply: StaffOnboardingReply | undefined; target: string }) {
  return reply?.error && reply.target === target ? (
    <p role="alert" className="mt-2 text-sm text-red-800">
      {reply.error}
    </p>
  ) : null
}

/** One interpreter's six steps for staff: documents to review, results, waivers. */
export default function InterpreterOnboardingReview({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { name, progress, steps, agreementMissing } = loaderData
  const answer = actionData as StaffOnboardingReply | LanguagePairsReply | undefined
  const reply = answer && 'intent' in answer ? undefined : answer
  const pairsReply = answer && 'intent' in answer ? answer.result : undefined
  const busy = useNavigation().state === 'submitting'
  // Back to the board as it was: its search and page travel in the dialog's address.
  const listSearch = useLocation().search
  return (
    <RouteDialog title={`Onboarding: ${name}`} closeTo={`${LIST_URL}${listSearch}`} wide>
      <p className="text-sm text-slate-700">
        {progress} of {ONBOARDING_STEP_COUNT} steps complete.
      </p>
      <AgreementMissingNotice notice={agreementMissing} className="mt-4" />
      <ol className="mt-4 space-y-4">
        {steps.map((step, index) => (
          <li key={step.key} className="rounded-md border border-slate-200 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold text-slate-900">
                {index + 1}. {step.label}
              </h3>
              <StepStatusBadge complete={step.complete} waived={Boolean(step.waiver)} />
            </div>
            {step.key === 'contractor_agreement' ? (
              <p className="mt-1 text-sm text-slate-700">{step.agreementNote}</p>
            ) : null}
            {step.key === 'payment_tax' ? (
              <p className="mt-1 text-sm text-slate-700">{step.payoutNote}</p>
            ) : null}
            {step.key === 'language_proficiency' ? (
              <LanguagePairsForm
                pairs={loaderData.languagePairs}
                choices={loaderData.pairChoices}
                constraint={loaderData.pairsConstraint}
                lastResult={pairsReply}
                submitting={busy}
              />
            ) : null}
            {step.credentials.map((credential) => (
              <div key={credential.language ?? 'document'} className="mt-3">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  {credential.language ? `${credential.language} and English` : 'Document'}
                  <CredentialStatusBadge status={credential.status} />
                </p>
                <ul className="divide-y divide-slate-100">
                  {credential.documents.map((document) => (
                    <li key={document.id} className="py-2 text-sm">
                      <CredentialFileLink
                        href={`/admin/interpreter-documents/${document.id}/file`}
                        fileName={document.fileName}
                      />{' '}
                      <span className="text-slate-700">
                        uploaded {formatDate(document.uploadedAt)}
                        {document.issuedOn
                          ? `, issued ${formatCalendarDate(document.issuedOn)}`
                          : ''}
                        {document.expiresOn
                          ? `, expires ${formatCalendarDate(document.expiresOn)}`
                          : ''}
                        : {document.status}
                        {document.rejectionReason ? ` (${document.rejectionReason})` : ''}
                        {document.reviewedByName ? `, by ${document.reviewedByName}` : ''}
                      </span>
                      {document.status === 'pending' ? (
                        <div className="mt-2 flex flex-wrap items-end gap-3">
                          <Form method="post" preventScrollReset>
                            <input type="hidden" name="intent" value="accept" />
                            <input type="hidden" name="documentId" value={document.id} />
                            <button
                              type="submit"
                              className="btn-primary"
                              disabled={busy}
                              aria-label={`Accept ${document.fileName}`}
                            >
                              {step.key === 'background_check' ? 'Accept: check cleared' : 'Accept'}
                            </button>
                          </Form>
                          <Form
                            method="post"
                            preventScrollReset
                            className="flex flex-wrap items-end gap-2"
                          >
                            <input type="hidden" name="intent" value="reject" />
                            <input type="hidden" name="documentId" value={document.id} />
                            <div>
                              <label htmlFor={`reject-${document.id}`} className="field-label">
                                Reason for rejecting
                              </label>
                              <input
                                id={`reject-${document.id}`}
                                name="reason"
                                required
                                maxLength={1000}
                                className="field-input"
                              />
                            </div>
                            <button
                              type="submit"
                              className="btn-secondary"
                              disabled={busy}
                              aria-label={`Reject ${document.fileName}`}
                            >
                              Reject
                            </button>
                          </Form>
                          <ErrorFor reply={reply} target={document.id} />
                        </div>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            {step.key === 'mock_session' && !step.waiver ? (
              <Form
                method="post"
                preventScrollReset
                className="mt-3 flex flex-wrap items-end gap-3"
              >
                <input type="hidden" name="intent" value="result" />
                <input type="hidden" name="step" value="mock_session" />
                <fieldset>
                  <legend className="field-label">Session result</legend>
                  <div className="flex gap-4 text-sm">
                    {(['passed', 'failed'] as const).map((outcome) => (
                      <label key={outcome} className="flex items-center gap-2">
                        <input
                          type="radio"
                          name="outcome"
                          value={outcome}
                          required
                          defaultChecked={step.result?.outcome === outcome}
                          className="size-4"
                        />
                        {outcome === 'passed' ? 'Passed' : 'Not passed'}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <div>
                  <label htmlFor="session-note" className="field-label">
                    Note (optional)
                  </label>
                  <input id="session-note" name="note" maxLength={1000} className="field-input" />
                </div>
                <button type="submit" className="btn-primary" disabled={busy}>
                  Record result
                </button>
                <ErrorFor reply={reply} target="mock_session" />
              </Form>
            ) : null}
            {step.waiver ? (
              <Form method="post" preventScrollReset className="mt-3 text-sm">
                <p className="text-slate-700">
                  Waived by {step.waiver.by} on {formatDate(step.waiver.at)}: {step.waiver.reason}
                </p>
                <input type="hidden" name="intent" value="clear" />
                <input type="hidden" name="step" value={step.key} />
                <button
                  type="submit"
                  className="mt-2 text-brand-700 underline"
                  aria-label={`Remove the waiver of ${step.label}`}
                >
                  Remove the waiver
                </button>
              </Form>
            ) : !step.complete ? (
              <Form
                method="post"
                preventScrollReset
                className="mt-3 flex flex-wrap items-end gap-2"
              >
                <input type="hidden" name="intent" value="waive" />
                <input type="hidden" name="step" value={step.key} />
                <div>
                  <label htmlFor={`waive-${step.key}`} className="field-label">
                    Reason to waive {step.label}
                  </label>
                  <input
                    id={`waive-${step.key}`}
                    name="reason"
                    required
                    maxLength={1000}
                    className="field-input"
                  />
                </div>
                <button type="submit" className="btn-secondary" disabled={busy}>
                  Waive step
                </button>
                <ErrorFor reply={reply} target={step.key} />
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
    </RouteDialog>
  )
}
