// Section layouts of the marketing pages (docs/design-system.md#section-layouts). A module of
// its own, imported only by the marketing routes, so that the careers application pages'
// JavaScript does not grow (docs/decisions/049-marketing-illustrations-and-layouts.md).
import type { ReactNode } from 'react'
import { CheckCircleIcon } from '~/components/ui/icons/check-circle'

/**
 * A row of cards that scrolls sideways, with snap points, on phones and is a grid from `sm`
 * up. The scroller is a named region in the tab order so that keyboard users can scroll it.
 * Put it directly in a section; give the `<li>`s `scrollRowItem`.
 */
export function ScrollRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      // A scrolling region must take focus so that keyboard users can scroll it (WCAG 2.1.1,
      // axe's scrollable-region-focusable); it is a named region, not a control.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="mx-auto mt-8 max-w-7xl snap-x snap-mandatory scroll-px-4 overflow-x-auto px-4 pb-4 sm:mt-12 sm:overflow-visible sm:px-6 sm:pb-0 lg:px-8"
    >
      {children}
    </div>
  )
}

/** The classes of a card in a `ScrollRow`: most of the phone's width, its own width above. */
export const scrollRowItem = 'w-[80vw] max-w-sm shrink-0 snap-start sm:w-auto sm:max-w-none'

/** A coloured circle with a person's initials, beside their name; hidden from assistive tech. */
export function InitialsAvatar({ initials, index }: { initials: string; index: number }) {
  return (
    <span
      aria-hidden="true"
      data-avatar
      className={`flex size-11 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
        ['bg-brand-700 text-white', 'bg-accent-500 text-brand-900', 'bg-brand-100 text-brand-900'][
          index % 3
        ]
      }`}
    >
      {initials}
    </span>
  )
}

/**
 * A band of small marks: the claims as badges, the industries served as a quiet list. Its
 * words come from the page's loader, in the page's language.
 */
export function TrustStrip({
  label,
  marksLabel,
  industriesLabel,
  marks,
  industries,
}: {
  label: string
  marksLabel: string
  industriesLabel: string
  marks: readonly string[]
  industries: readonly string[]
}) {
  return (
    <section aria-label={label} className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8">
        <ul aria-label={marksLabel} className="flex flex-wrap gap-2 lg:shrink-0 lg:flex-nowrap">
          {marks.map((mark) => (
            <li
              key={mark}
              className="inline-flex items-center gap-1.5 rounded-full bg-brand-900 px-3 py-1.5 text-sm font-semibold text-white"
            >
              <CheckCircleIcon className="size-4 text-accent-500" />
              {mark}
            </li>
          ))}
        </ul>
        <ul
          aria-label={industriesLabel}
          className="flex flex-wrap gap-x-5 gap-y-1 text-sm font-semibold tracking-wide text-slate-700 uppercase lg:justify-end"
        >
          {industries.map((industry) => (
            <li key={industry}>{industry}</li>
          ))}
        </ul>
      </div>
    </section>
  )
}

/**
 * One row of alternating feature rows: `media` on one side and the text on the other, the
 * sides swapped on every other row (`reverse`) from `lg` up; stacked, text first, on phones.
 */
export function FeatureRow({
  id,
  reverse,
  media,
  children,
}: {
  id: string
  reverse: boolean
  media: ReactNode
  children: ReactNode
}) {
  return (
    <article
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-animation grid items-center gap-6 lg:grid-cols-2 lg:gap-16"
    >
      <div>{children}</div>
      <div className={reverse ? 'lg:order-first' : undefined}>{media}</div>
    </article>
  )
}
