import { useEffect, useRef } from 'react'
import { useFetchers, useLocation, useNavigation } from 'react-router'

/**
 * Keeps keyboard focus somewhere sensible when what held it disappears: a dialog closes
 * (Escape, Close, Cancel), a button is replaced after its action (Mark as Contacted, Confirm
 * approval) or a row is deleted. Focus then returns to the control that opened the dialog,
 * to the next row (or the previous one) of a row that is gone, or to the dialog's or the
 * page's heading, instead of falling back to the top of the document.
 */

interface FocusMemory {
  element: HTMLElement
  nextRow: Element | null
  previousRow: Element | null
}

const ROW = 'tr, li, article, [data-row]'
let lastFocused: FocusMemory | undefined
let dialogOpener: FocusMemory | undefined

function memoryOf(element: Element | null): FocusMemory | undefined {
  if (!(element instanceof HTMLElement) || element === document.body) return undefined
  const row = element.closest(ROW)
  return {
    element,
    nextRow: row?.nextElementSibling ?? null,
    previousRow: row?.previousElementSibling ?? null,
  }
}

/** Called by a route dialog as it opens: focus goes back here when it closes. */
export function rememberDialogOpener(element: Element | null) {
  dialogOpener = memoryOf(element)
}

function firstFocusable(container: Element | null): HTMLElement | undefined {
  return (
    container?.querySelector<HTMLElement>(
      'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]):not([type="hidden"]), summary, [tabindex="0"]',
    ) ?? undefined
  )
}

function connected(element: Element | null | undefined): element is HTMLElement {
  return (
    element instanceof HTMLElement && element.isConnected && element.getClientRects().length > 0
  )
}

function focusTarget(): HTMLElement | undefined {
  const openDialog = document.querySelector<HTMLDialogElement>('dialog[open]')
  if (openDialog) {
    if (lastFocused && openDialog.contains(lastFocused.element) && connected(lastFocused.element))
      return lastFocused.element
    return openDialog.querySelector<HTMLElement>('[data-dialog-heading]') ?? openDialog
  }
  for (const memory of [lastFocused, dialogOpener]) {
    if (!memory) continue
    if (connected(memory.element)) return memory.element
    for (const row of [memory.nextRow, memory.previousRow]) {
      if (row?.isConnected) {
        const target = firstFocusable(row)
        if (connected(target)) return target
      }
    }
  }
  return document.querySelector<HTMLElement>('main h1') ?? undefined
}

export function FocusRestorer() {
  const navigation = useNavigation()
  const fetchers = useFetchers()
  const location = useLocation()
  const busy = navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle')
  const loaded = useRef(false)

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      lastFocused = memoryOf(event.target as Element | null) ?? lastFocused
    }
    document.addEventListener('focusin', onFocusIn)
    return () => document.removeEventListener('focusin', onFocusIn)
  }, [])

  useEffect(() => {
    if (busy) return
    // A page the browser has just loaded keeps the focus where the browser starts it, so
    // that the skip link stays the first tab stop (app/components/layout/skip-link.tsx).
    if (!loaded.current) {
      loaded.current = true
      return
    }
    // After React has committed the new page and the browser has moved focus (or lost it).
    const frame = window.requestAnimationFrame(() => {
      const active = document.activeElement
      if (active && active !== document.body && active.isConnected) return
      const target = focusTarget()
      if (!target) return
      if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.tabIndex = -1
      target.focus()
    })
    return () => window.cancelAnimationFrame(frame)
  }, [busy, location.key])

  return null
}
