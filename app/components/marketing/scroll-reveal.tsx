import { useEffect } from 'react'
import { useLocation } from 'react-router'

/** Animate in once 10% is visible, with a 50px bottom margin (docs/product.md#constants). */
export const REVEAL_OPTIONS: IntersectionObserverInit = {
  threshold: 0.1,
  rootMargin: '0px 0px 50px 0px',
}

/**
 * Scroll reveal (docs/product.md#home-page): elements with the `scroll-animation` class gain the
 * `animate` class when they come into view. Rendered by the marketing pages that have such
 * elements, not by the layout, so that the other public pages do not load it
 * (docs/decisions/066-spanish-site-messages-resolved-on-the-server.md). The hidden starting state only applies once
 * this has run (the `reveal-ready` class on <html>) and only without reduced motion (see
 * app.css), so the content is fully visible without JavaScript.
 */
export function ScrollReveal() {
  const location = useLocation()
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    const elements = Array.from(
      document.querySelectorAll<HTMLElement>('.scroll-animation:not(.animate)'),
    )
    // What is already on screen stays as it is: no flash before the observer's first report.
    const viewportBottom = window.innerHeight + 50
    for (const element of elements) {
      if (element.getBoundingClientRect().top < viewportBottom) element.classList.add('animate')
    }
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        entry.target.classList.add('animate')
        observer.unobserve(entry.target)
      }
    }, REVEAL_OPTIONS)
    for (const element of elements)
      if (!element.classList.contains('animate')) observer.observe(element)
    document.documentElement.classList.add('reveal-ready')
    return () => {
      observer.disconnect()
      // The next page may have no reveal of its own: nothing of it starts hidden.
      document.documentElement.classList.remove('reveal-ready')
    }
  }, [location.pathname])
  return null
}
