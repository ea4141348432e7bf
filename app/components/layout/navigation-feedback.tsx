import { useEffect, useRef } from 'react'
import { useLocation, useNavigation } from 'react-router'

/** A spinner while the next page loads (docs/product.md#route-table). */
export function PendingIndicator() {
  const navigation = useNavigation()
  const pending = navigation.state === 'loading' && navigation.formMethod === undefined
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed top-3 right-3 z-50">
      {pending ? (
        <span className="flex items-center gap-2 rounded-full bg-white px-3 py-1.5 text-sm text-slate-800 shadow-lg">
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-brand-700 border-t-transparent motion-reduce:animate-none"
          />
          Loading…
        </span>
      ) : null}
    </div>
  )
}

/** Delay before scrolling to an in-page target after a navigation (docs/product.md#constants). */
export const HASH_SCROLL_DELAY_MS = 100

/**
 * Every route change scrolls to the top, smoothly unless the user prefers reduced motion;
 * a link with a #fragment scrolls to that element once the page has rendered.
 */
export function ScrollManager() {
  const location = useLocation()
  const previous = useRef<string | undefined>(undefined)
  useEffect(() => {
    const current = location.pathname + location.search + location.hash
    const isFirstRender = previous.current === undefined
    const unchanged = previous.current === current
    previous.current = current
    if (isFirstRender) return
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    const behavior: ScrollBehavior = reduced ? 'auto' : 'smooth'
    if (location.hash) {
      const id = decodeURIComponent(location.hash.slice(1))
      const timer = window.setTimeout(() => {
        document.getElementById(id)?.scrollIntoView({ behavior, block: 'start' })
      }, HASH_SCROLL_DELAY_MS)
      return () => window.clearTimeout(timer)
    }
    // A form that posts to its own page keeps the reader where they are.
    if (!unchanged) window.scrollTo({ top: 0, left: 0, behavior })
  }, [location.key, location.pathname, location.search, location.hash])
  return null
}
