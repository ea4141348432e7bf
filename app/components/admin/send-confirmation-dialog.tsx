import { Send } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { showModal } from './show-modal'

/**
 * 'Send to N people?': the step between Send Message and a group send. The server renders
 * it as an open <dialog> after the first POST, so it works without JavaScript; once
 * hydrated it is modal, Cancel and Escape close it and return focus to the Send button.
 * The confirm button posts the same message with the number shown (`confirmedCount`); the
 * server sends only if the group still has that many people.
 */
export function SendConfirmationDialog({
  confirmation,
  values,
  returnFocusTo,
}: {
  confirmation: { count: number; changedFrom: number | null; label: string; definition: string }
  values: { recipients: string; subject: string; message: string }
  returnFocusTo: string
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  const [open, setOpen] = useState(true)
  const navigation = useNavigation()
  const sending =
    navigation.state === 'submitting' && navigation.formData?.has('confirmedCount') === true
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    showModal(dialog)
    // Sending cannot be undone: the safe choice has the focus.
    cancelRef.current?.focus()
  }, [])
  if (!open) return null
  const close = () => {
    ref.current?.close()
    setOpen(false)
    document.getElementById(returnFocusTo)?.focus()
  }
  const { count } = confirmation
  const people = count === 1 ? '1 person' : `${count} people`
  return (
    <dialog
      ref={ref}
      open
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault()
        close()
      }}
      className="fixed inset-0 z-50 m-auto h-fit max-h-[90vh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-xl bg-white p-6 shadow-2xl ring-1 ring-slate-300 backdrop:bg-slate-900/60"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Send to {people}?
      </h2>
      <div id={descriptionId} className="mt-3 space-y-2 text-sm text-slate-700">
        {confirmation.changedFrom !== null ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
            The group changed since you confirmed {confirmation.changedFrom}: it now has {people}.
            Nothing was sent.
          </p>
        ) : null}
        <p>
          “<span className="font-semibold break-words">{values.subject}</span>” goes to{' '}
          {confirmation.label} ({people}), with an unsubscribe link in each e-mail.
        </p>
        <p>{confirmation.definition}</p>
      </div>
      <Form method="post" preventScrollReset className="mt-6 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="recipients" value={values.recipients} />
        <input type="hidden" name="subject" value={values.subject} />
        <input type="hidden" name="message" value={values.message} />
        <input type="hidden" name="confirmedCount" value={count} />
        {/* Without JavaScript, Cancel posts the message back to the form. */}
        <button
          ref={cancelRef}
          type="submit"
          name="intent"
          value="edit"
          className="btn-secondary"
          onClick={(event) => {
            event.preventDefault()
            close()
          }}
        >
          Cancel
        </button>
        <button type="submit" name="intent" value="send" className="btn-primary" disabled={sending}>
          <Send aria-hidden="true" className="size-4" />{' '}
          {sending ? 'Sending...' : `Send to ${people}`}
        </button>
      </Form>
    </dialog>
  )
}
