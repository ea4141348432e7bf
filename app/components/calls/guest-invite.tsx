import { useState } from 'react'
import { Form } from 'react-router'

/**
 * The client's way to add a third person to a connected call (docs/product.md#call-guests): a
 * link that works once, on one device, for this call only. The link shows once, when made; a
 * new one replaces it while nobody has used it.
 */
export function GuestInvite({ link, error }: { link?: string; error?: string }) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    if (!link) return
    await navigator.clipboard.writeText(link)
    setCopied(true)
  }
  return (
    <section
      aria-labelledby="guest-invite-heading"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id="guest-invite-heading" className="text-lg font-semibold text-slate-900">
        Add a participant
      </h2>
      <p className="mt-1 text-slate-700">
        A relative, a colleague or another party can join from their own device with a link. It
        works once, for this call only, and stops working when the call ends.
      </p>
      {link ? (
        <div className="mt-4">
          <label htmlFor="guest-link" className="block font-medium text-slate-900">
            Link for the participant
          </label>
          <div className="mt-1 flex flex-wrap gap-2">
            <input
              id="guest-link"
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
              className="input min-w-0 flex-1"
            />
            <button type="button" className="btn-secondary" onClick={() => void copy()}>
              Copy link
            </button>
          </div>
          <p role="status" className="mt-1 text-sm text-slate-600">
            {copied ? 'Link copied.' : ''}
          </p>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-red-700">
          {error}
        </p>
      ) : null}
      <Form method="post" className="mt-4">
        <button type="submit" name="intent" value="invite" className="btn-secondary">
          {link ? 'Make a new link' : 'Create a link'}
        </button>
      </Form>
    </section>
  )
}
