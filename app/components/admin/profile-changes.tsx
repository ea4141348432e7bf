import { useFetcher } from 'react-router'
import { LanguageSummary } from '~/components/interpreter/profile-languages'
import type { LanguageSkill } from '~/domain/languages'
import { formatDateTime } from '~/domain/format'

interface LanguagesAndSpecializations {
  languages: LanguageSkill[]
  specializations: string[]
}

export interface ProfileChangeToApprove extends LanguagesAndSpecializations {
  id: string
  createdAt: Date
  interpreterName: string
  current: LanguagesAndSpecializations
}

/**
 * "Profile changes to approve" on the Interpreter manager (docs/product.md#profile): each
 * waiting request with the approved and the requested values side by side, Approve, and
 * Reject with a reason. The decisions go to their own route
 * (app/routes/admin/interpreter-manager.profile-changes.ts).
 */
export function ProfileChangesToApprove({ changes }: { changes: ProfileChangeToApprove[] }) {
  if (changes.length === 0) return null
  return (
    <section
      aria-labelledby="profile-changes-heading"
      className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="profile-changes-heading" className="font-semibold text-slate-900">
        Profile changes to approve
      </h2>
      <ul className="mt-3 space-y-4">
        {changes.map((change) => (
          <ProfileChange key={change.id} change={change} />
        ))}
      </ul>
    </section>
  )
}

function ProfileChange({ change }: { change: ProfileChangeToApprove }) {
  const approve = useFetcher()
  const reject = useFetcher<{ errors?: Record<string, string[] | undefined> }>()
  const action = `/admin/interpreter-manager/profile-changes/${change.id}`
  const reasonError = reject.data?.errors?.reason?.[0]
  const headingId = `profile-change-${change.id}`
  const reasonId = `${headingId}-reason`
  const busy = approve.state !== 'idle' || reject.state !== 'idle'
  return (
    <li aria-labelledby={headingId} className="rounded-md border border-slate-200 p-3 text-sm">
      <h3 id={headingId} className="font-medium break-words text-slate-900">
        {change.interpreterName}
      </h3>
      <p className="text-slate-600">Asked {formatDateTime(change.createdAt)}</p>
      <div className="mt-2 grid gap-3 text-slate-800 md:grid-cols-2">
        <div>
          <h4 className="font-medium text-slate-900">Current</h4>
          <LanguageSummary values={change.current} />
        </div>
        <div>
          <h4 className="font-medium text-slate-900">Requested</h4>
          <LanguageSummary values={change} />
        </div>
      </div>
      <div className="mt-3 flex flex-col gap-3 md:flex-row md:items-start">
        <approve.Form method="post" action={action}>
          <input type="hidden" name="intent" value="approve" />
          <button
            type="submit"
            className="btn-primary px-3 py-1.5"
            disabled={busy}
            aria-label={`Approve the change of ${change.interpreterName}`}
          >
            Approve
          </button>
        </approve.Form>
        <reject.Form method="post" action={action} className="flex-1">
          <input type="hidden" name="intent" value="reject" />
          <label htmlFor={reasonId} className="field-label">
            Reason for rejecting {change.interpreterName}&apos;s change
          </label>
          <textarea
            id={reasonId}
            name="reason"
            required
            maxLength={1000}
            rows={2}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            className="field-input"
          />
          <p id={`${reasonId}-error`} className="field-error">
            {reasonError}
          </p>
          <button
            type="submit"
            className="btn-secondary mt-1 px-3 py-1.5"
            disabled={busy}
            aria-label={`Reject the change of ${change.interpreterName}`}
          >
            Reject
          </button>
        </reject.Form>
      </div>
    </li>
  )
}
