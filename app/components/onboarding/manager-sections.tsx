import { Link } from 'react-router'
import { stepLabel, type OnboardingStepKey } from '~/domain/onboarding'
import type { StepSummary } from '~/domain/onboarding-progress'
import { formatCalendarDate, formatDate } from '~/domain/format'

const summaryClasses: Record<StepSummary, string> = {
  Done: 'text-green-800 font-medium',
  Waived: 'text-green-800',
  'Pending review': 'text-blue-800 font-medium',
  Expired: 'text-red-800 font-medium',
  Rejected: 'text-red-800',
  'To do': 'text-slate-600',
}

/** A step's state in a cell of the onboarding board. */
export function StepSummaryText({ summary }: { summary: StepSummary }) {
  return <span className={`text-sm ${summaryClasses[summary]}`}>{summary}</span>
}

function credentialName(step: OnboardingStepKey, language: string | null) {
  return language ? `${stepLabel(step)} (${language})` : stepLabel(step)
}

interface QueueItem {
  id: string
  /** The interpreter's onboarding screen; none once their account is erased. */
  interpreterId: string | null
  interpreterName: string
  step: OnboardingStepKey
  language: string | null
  uploadedAt: Date | string
  fileName: string
}

/** Documents waiting for staff review, each linking to its interpreter's onboarding. */
export function ReviewQueue({ awaiting }: { awaiting: QueueItem[] }) {
  return (
    <section
      aria-labelledby="review-queue-heading"
      className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="review-queue-heading" className="font-semibold text-slate-900">
        Documents waiting for review ({awaiting.length})
      </h2>
      {awaiting.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nothing to review.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {awaiting.map((document) => (
            <li key={document.id} className="flex flex-wrap items-baseline gap-x-3 py-2">
              <span className="font-medium break-words text-slate-900">
                {document.interpreterName}
              </span>
              <span className="text-slate-700">
                {credentialName(document.step, document.language)}, uploaded{' '}
                {formatDate(document.uploadedAt)}
              </span>
              {document.interpreterId && (
                <Link
                  to={`/admin/interpreter-manager/${document.interpreterId}`}
                  preventScrollReset
                  className="text-brand-700 underline"
                  aria-label={`Review ${credentialName(document.step, document.language)} of ${document.interpreterName}`}
                >
                  Review
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

interface ExpiringItem {
  id: string
  interpreterId: string | null
  interpreterName: string
  step: OnboardingStepKey
  language: string | null
  status: string
  expiresOn: string | null
}

/** Credentials that expire within 30 days or have expired without a newer one accepted. */
export function ExpiringCredentials({ expiring }: { expiring: ExpiringItem[] }) {
  if (expiring.length === 0) return null
  return (
    <section
      aria-labelledby="expiring-heading"
      className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="expiring-heading" className="font-semibold text-slate-900">
        Expiring and expired credentials
      </h2>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {expiring.map((credential) => (
          <li key={credential.id} className="flex flex-wrap items-baseline gap-x-3 py-2">
            {credential.interpreterId ? (
              <Link
                to={`/admin/interpreter-manager/${credential.interpreterId}`}
                preventScrollReset
                className="font-medium break-words text-brand-700 underline"
              >
                {credential.interpreterName}
              </Link>
            ) : (
              <span className="font-medium break-words text-slate-900">
                {credential.interpreterName}
              </span>
            )}
            <span className="text-slate-700">
              {credentialName(credential.step, credential.language)}:{' '}
              {credential.status === 'expired' ? 'expired' : 'expires'}{' '}
              {credential.expiresOn ? formatCalendarDate(credential.expiresOn) : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
