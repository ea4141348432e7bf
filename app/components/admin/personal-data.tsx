import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { ERASE_INTENT } from '~/lib/admin/erase-intent'

/**
 * "Personal data" on an application's or a client request's details (docs/privacy.md): the
 * export of everything stored under the address, and its erasure behind a confirmation step.
 */
export function PersonalDataSection({
  email,
  confirming,
  confirmHref,
  cancelHref,
  children,
}: {
  email: string
  confirming: boolean
  confirmHref: string
  cancelHref: string
  /** More about the person's data (the application's status link). */
  children?: ReactNode
}) {
  return (
    <section aria-labelledby="personal-data-heading" className="mt-6">
      <h3 id="personal-data-heading" className="text-sm font-semibold text-slate-900">
        Personal data
      </h3>
      {confirming ? (
        <div className="mt-2 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <p>
            Erase all personal data of <strong className="break-all">{email}</strong>? Every
            application and client request with this address, their resumes, notes, e-mails and
            history details are erased for good. The history keeps only that an erasure happened,
            when and by whom.
          </p>
          <Form method="post" preventScrollReset className="mt-3 flex flex-wrap gap-3">
            <input type="hidden" name="intent" value={ERASE_INTENT} />
            <button type="submit" className="btn-primary">
              Erase personal data
            </button>
            <Link to={cancelHref} preventScrollReset className="btn-secondary">
              Cancel
            </Link>
          </Form>
        </div>
      ) : (
        <div className="mt-2 flex flex-wrap gap-3">
          <Form method="post" action="/admin/privacy-export" reloadDocument>
            <input type="hidden" name="email" value={email} />
            <button type="submit" className="btn-secondary">
              Export personal data
            </button>
          </Form>
          <Link to={confirmHref} preventScrollReset className="btn-secondary">
            Erase personal data
          </Link>
        </div>
      )}
      {children}
    </section>
  )
}
