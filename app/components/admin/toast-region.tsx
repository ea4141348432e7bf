import { X } from 'lucide-react'
import { createContext, useContext, useEffect, useState } from 'react'

export interface ToastMessage {
  id: string
  message: string
  tone: 'success' | 'error'
}

/** The toast of the current page, from the admin layout's loader (app/lib/toast.server.ts). */
export const ToastContext = createContext<ToastMessage | null>(null)

const SHOWN_MS = 8000

/**
 * A polite live region that says what an action changed. The shell has one; an open modal
 * dialog has its own, since everything outside a modal dialog is inert and would not be
 * announced.
 */
export function ToastRegion() {
  const toast = useContext(ToastContext)
  // The id of a toast that was dismissed or has been shown long enough.
  const [hiddenId, setHiddenId] = useState<string | null>(null)
  useEffect(() => {
    if (!toast) return
    const timer = window.setTimeout(() => setHiddenId(toast.id), SHOWN_MS)
    return () => window.clearTimeout(timer)
  }, [toast])
  const shown = toast && toast.id !== hiddenId ? toast : null
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed right-4 bottom-4 z-[60] flex max-w-sm justify-end"
    >
      {shown ? (
        <p
          key={shown.id}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${
            shown.tone === 'error'
              ? 'border-red-300 bg-red-50 text-red-900'
              : 'border-green-300 bg-green-50 text-green-900'
          }`}
        >
          <span>{shown.message}</span>
          <button
            type="button"
            onClick={() => setHiddenId(shown.id)}
            className="rounded p-0.5 hover:bg-black/5"
          >
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">Dismiss</span>
          </button>
        </p>
      ) : null}
    </div>
  )
}
