import { useEffect, type RefObject } from 'react'

/**
 * Closes an open <details> disclosure when the user presses Escape, clicks outside it or
 * moves focus away. Without JavaScript the <details> still opens and closes natively.
 */
export function useDismissDetails(ref: RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const details = ref.current
    if (!details) return
    const close = (restoreFocus: boolean) => {
      if (!details.open) return
      details.open = false
      if (restoreFocus) details.querySelector('summary')?.focus()
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(details.contains(document.activeElement))
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!details.contains(event.target as Node)) close(false)
    }
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null
      if (next && !details.contains(next)) close(false)
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    details.addEventListener('focusout', onFocusOut)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
      details.removeEventListener('focusout', onFocusOut)
    }
  }, [ref])
}
