/**
 * The first tab stop of a page: hidden until focused, it jumps past the header and
 * navigation to the element with id `main` (which takes the focus when it has tabIndex -1).
 */
export function SkipLink({ label = 'Skip to main content' }: { label?: string }) {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:shadow"
    >
      {label}
    </a>
  )
}
