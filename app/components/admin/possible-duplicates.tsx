import { CopyCheck, Merge } from 'lucide-react'
import { useId } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { StatusBadge } from '~/components/admin/status-badge'
import { formatDate } from '~/domain/format'

/** Another application that may be the same person (same e-mail address or phone number). */
export interface DuplicateSummary {
  id: string
  firstName: string
  lastName: string
  email: string
  phone: string
  position: string
  status: string
  createdAt: Date | string
  matches: ('email' | 'phone')[]
}

const nameOf = (record: Pick<DuplicateSummary, 'firstName' | 'lastName'>) =>
  `${record.firstName} ${record.lastName}`

/** "Jane Doe, applied 11/22/2026": what tells two records of one person apart. */
const describe = (record: DuplicateSummary) =>
  `${nameOf(record)}, applied ${formatDate(record.createdAt)}`

function matchText(matches: DuplicateSummary['matches']) {
  const parts = matches.map((match) => (match === 'email' ? 'e-mail address' : 'phone number'))
  return `Same ${parts.join(' and ')}`
}

const badgeClass =
  'inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-300 ring-inset'

/**
 * The mark in a row of the interpreters table: a badge and a link to each other record the
 * application may duplicate (the first few; the details dialog lists them all).
 */
export function PossibleDuplicateMark({
  applicationId,
  duplicates,
  shown,
  search,
}: {
  applicationId: string
  duplicates: DuplicateSummary[]
  shown: number
  search: string
}) {
  if (duplicates.length === 0) return null
  const more = duplicates.length > shown
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-700">
      <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
        <span className={badgeClass}>
          <CopyCheck aria-hidden="true" className="size-3.5" />
          Possible duplicate
        </span>
        of
      </span>
      {duplicates.slice(0, shown).map((duplicate, index) => (
        <span key={duplicate.id}>
          <Link
            to={`/admin/interpreters/${duplicate.id}${search}`}
            preventScrollReset
            className="font-medium text-brand-700 underline hover:text-brand-800"
          >
            {describe(duplicate)}
          </Link>
          {index < Math.min(shown, duplicates.length) - 1 || more ? ',' : null}
        </span>
      ))}
      {more ? (
        <Link
          to={`/admin/interpreters/${applicationId}${search}#possible-duplicates`}
          preventScrollReset
          className="font-medium text-brand-700 underline hover:text-brand-800"
        >
          and more
        </Link>
      ) : null}
    </p>
  )
}

/**
 * The details dialog's list of possible duplicates, each a link to the other record, with
 * Merge (which opens the confirmation) and Not a duplicate (which stores the dismissal).
 */
export function PossibleDuplicates({
  duplicates,
  mergeHref,
  openHref,
}: {
  duplicates: DuplicateSummary[]
  mergeHref: (duplicateId: string) => string
  openHref: (duplicateId: string) => string
}) {
  const navigation = useNavigation()
  if (duplicates.length === 0) return null
  const dismissing = navigation.formData?.get('intent') === 'dismiss-duplicate'
  return (
    <section
      id="possible-duplicates"
      aria-labelledby="possible-duplicates-heading"
      className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <h3 id="possible-duplicates-heading" className="font-semibold">
        Possible duplicate of {duplicates.length === 1 ? 'another record' : 'other records'}
      </h3>
      <p className="mt-1">
        Merge the records if they are the same person, or mark them as not a duplicate.
      </p>
      <ul className="mt-3 space-y-3">
        {duplicates.map((duplicate) => (
          <li
            key={duplicate.id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-md bg-white p-3 ring-1 ring-amber-200"
          >
            <div className="min-w-0">
              <Link
                to={openHref(duplicate.id)}
                preventScrollReset
                className="font-medium break-words text-brand-700 underline hover:text-brand-800"
              >
                {describe(duplicate)}
              </Link>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
                <StatusBadge status={duplicate.status} />
                <span className="break-all">{duplicate.email}</span>
                <span>{duplicate.phone}</span>
              </p>
              <p className="mt-1 text-slate-700">
                {matchText(duplicate.matches)} · {duplicate.position}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Link
                to={mergeHref(duplicate.id)}
                preventScrollReset
                className="btn-secondary px-3 py-1.5"
                aria-label={`Merge with ${describe(duplicate)}`}
              >
                <Merge aria-hidden="true" className="size-4" />
                Merge
              </Link>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="dismiss-duplicate" />
                <input type="hidden" name="duplicateId" value={duplicate.id} />
                <button
                  type="submit"
                  className="btn-secondary px-3 py-1.5"
                  disabled={dismissing}
                  aria-label={`Not a duplicate: ${describe(duplicate)}`}
                >
                  Not a duplicate
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

interface ApplicationToMerge {
  id: string
  firstName: string
  lastName: string
  email: string
  status: string
  createdAt: Date | string
}

/**
 * The confirmation step of a merge: staff choose which record stays and confirm. A plain
 * form, so it works without JavaScript.
 */
export function MergeConfirmation({
  current,
  duplicate,
  cancelHref,
}: {
  current: ApplicationToMerge
  duplicate: ApplicationToMerge
  cancelHref: string
}) {
  const navigation = useNavigation()
  const id = useId()
  const busy =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'merge-duplicate'
  const choices = [
    { value: 'this', label: 'This record', record: current },
    { value: 'duplicate', label: 'The other record', record: duplicate },
  ] as const
  return (
    <section
      aria-labelledby="merge-heading"
      className="mt-6 rounded-lg border border-slate-300 p-4"
    >
      <h3 id="merge-heading" className="font-semibold text-slate-900">
        Merge two records
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        The record you keep keeps its details and status. The other record is removed: its resume,
        staff notes, history, e-mails and onboarding steps move to the record you keep. This cannot
        be undone.
      </p>
      <Form method="post" preventScrollReset className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="merge-duplicate" />
        <input type="hidden" name="duplicateId" value={duplicate.id} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">Which record stays?</legend>
          <div className="mt-2 space-y-2">
            {choices.map((choice) => (
              <div
                key={choice.value}
                className="flex items-start gap-3 rounded-md p-3 text-sm ring-1 ring-slate-200 has-checked:bg-brand-50 has-checked:ring-brand-600"
              >
                <input
                  id={`${id}-${choice.value}`}
                  type="radio"
                  name="keep"
                  value={choice.value}
                  defaultChecked={choice.value === 'this'}
                  required
                  aria-describedby={`${id}-${choice.value}-details`}
                  className="mt-0.5 size-4 shrink-0"
                />
                <div className="min-w-0">
                  <label htmlFor={`${id}-${choice.value}`} className="font-medium text-slate-900">
                    {choice.label}: {nameOf(choice.record)}
                  </label>
                  <p id={`${id}-${choice.value}-details`} className="text-slate-700">
                    <span className="block break-all">{choice.record.email}</span>
                    <span className="mt-1 flex flex-wrap items-center gap-2">
                      Applied {formatDate(choice.record.createdAt)}
                      <StatusBadge status={choice.record.status} />
                    </span>
                  </p>
                </div>
              </div>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Merging...' : 'Merge records'}
          </button>
          <Link to={cancelHref} preventScrollReset className="btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  )
}
