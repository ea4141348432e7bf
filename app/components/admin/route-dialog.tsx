import { X } from 'lucide-react'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { rememberDialogOpener } from './focus-restorer'
import { showModal } from './show-modal'
import { ToastRegion } from './toast-region'

/**
 * A details dialog that is a route of its own: the URL can be shared, it renders on the
 * server (an open <dialog>, usable without JavaScript) and, once hydrated, becomes a
 * modal dialog with the browser's focus trap; Escape and the close button go back to the list.
 */
export function RouteDialog({
  title,
  closeTo,
  children,
  wide = false,
}: {
  title: string
  closeTo: string
  children: ReactNode
  wide?: boolean
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const navigate = useNavigate()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    rememberDialogOpener(document.activeElement)
    showModal(dialog)
  }, [])
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        navigate(closeTo, { preventScrollReset: true })
      }}
      className={`fixed inset-0 z-50 m-auto max-h-[90vh] w-[calc(100%-2rem)] overflow-y-auto rounded-xl bg-white p-0 shadow-2xl backdrop:bg-slate-900/60 ${
        wide ? 'max-w-3xl' : 'max-w-xl'
      }`}
    >
      <div className="sticky top-0 flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-6 py-4">
        <h2
          id={titleId}
          data-dialog-heading
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900"
        >
          {title}
        </h2>
        <Link
          to={closeTo}
          preventScrollReset
          className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close</span>
        </Link>
      </div>
      <div className="px-6 py-5">{children}</div>
      <ToastRegion />
    </dialog>
  )
}
