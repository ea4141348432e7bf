import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Stat } from '~/content/marketing/claims'
import { ContentIcon } from '~/components/ui/icons/content-icon'
import type { ContentIconName } from '~/components/ui/icons/content-icons'

/**
 * The dark band at the top of every marketing page, with the page's only h1 and, from `lg` up,
 * its illustration on the right (`public/illustrations/*.svg`, 480 x 400, decorative; hidden
 * on phones so that the h1 and the calls to action stay above the fold).
 */
export function PageHero({
  heading,
  text,
  eyebrow,
  illustration,
  children,
}: {
  heading: string
  text: string
  eyebrow?: string
  illustration?: string
  children?: ReactNode
}) {
  return (
    <section className="bg-brand-900 py-12 text-white sm:py-16">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 sm:px-6 lg:grid-cols-[1fr_auto] lg:px-8">
        <div>
          {eyebrow ? (
            <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">
              {eyebrow}
            </p>
          ) : null}
          <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            {heading}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-100">{text}</p>
          {children}
        </div>
        {illustration ? (
          <img
            src={illustration}
            width="480"
            height="400"
            alt=""
            className="hidden h-auto w-96 lg:block xl:w-[420px]"
          />
        ) : null}
      </div>
    </section>
  )
}

/** A section's h2 and its introduction, centred. */
export function SectionHeading({
  id,
  heading,
  text,
}: {
  id: string
  heading: string
  text?: string
}) {
  return (
    <div className="scroll-animation mx-auto max-w-3xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {heading}
      </h2>
      {text ? <p className="mt-4 text-lg text-slate-700">{text}</p> : null}
    </div>
  )
}

/**
 * A band of a marketing page with a centred heading (`SectionHeading`) above `children`,
 * in the page's column (`narrow` for reading width), on white or a light tint.
 */
export function PageSection({
  id,
  headingId,
  heading,
  text,
  tinted = false,
  narrow = false,
  children,
}: {
  /** The section's own anchor, where other pages link to it. */
  id?: string
  headingId: string
  heading: string
  text?: string
  tinted?: boolean
  narrow?: boolean
  children: ReactNode
}) {
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={tinted ? 'bg-slate-50 py-12 sm:py-24' : 'py-12 sm:py-24'}
    >
      <div className={`mx-auto ${narrow ? 'max-w-3xl' : 'max-w-7xl'} px-4 sm:px-6 lg:px-8`}>
        <SectionHeading id={headingId} heading={heading} text={text} />
        {children}
      </div>
    </section>
  )
}

/** A row of headline figures. */
export function StatStrip({ stats, label }: { stats: readonly Stat[]; label: string }) {
  return (
    <section aria-label={label} className="border-b border-slate-200 bg-brand-50">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-4 px-4 py-8 sm:gap-6 sm:px-6 sm:py-10 md:grid-cols-4 lg:px-8">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col text-center">
            <dt className="text-sm font-medium text-slate-700">{stat.label}</dt>
            <dd className="order-first text-3xl font-bold text-brand-800 sm:text-4xl">
              {stat.inWords ?? stat.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** An icon in a tinted square, for cards; it keeps its 48 px beside a long title. */
export function IconBadge({
  icon,
  tone = 'brand',
}: {
  icon: ContentIconName
  tone?: 'brand' | 'accent'
}) {
  return (
    <span
      className={`inline-flex size-12 shrink-0 items-center justify-center rounded-lg ${
        tone === 'brand' ? 'bg-brand-50 text-brand-700' : 'bg-amber-100 text-amber-800'
      }`}
    >
      <ContentIcon name={icon} className="size-6" />
    </span>
  )
}

export interface Action {
  label: string
  to: string
}

/** The closing band of a page: a heading, a sentence and one or two links. */
export function CallToAction({
  id,
  heading,
  text,
  primary,
  secondary,
}: {
  id: string
  heading: string
  text: string
  primary: Action
  secondary?: Action
}) {
  return (
    <section aria-labelledby={id} className="bg-brand-800 py-16 text-white">
      <div className="scroll-animation mx-auto max-w-4xl px-4 text-center sm:px-6 lg:px-8">
        <h2 id={id} className="text-3xl font-bold tracking-tight">
          {heading}
        </h2>
        <p className="mt-4 text-lg text-brand-100">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Link to={primary.to} className="btn-accent">
            {primary.label}
          </Link>
          {secondary ? (
            <Link
              to={secondary.to}
              className="btn border border-white text-white hover:bg-white/10 focus-visible:outline-white"
            >
              {secondary.label}
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  )
}

/** A list item with a check mark. */
export function CheckItem({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-2">
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        width="20"
        height="20"
        className="mt-0.5 size-5 shrink-0 text-brand-700"
        fill="currentColor"
      >
        <path
          fillRule="evenodd"
          d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
          clipRule="evenodd"
        />
      </svg>
      <span>{children}</span>
    </li>
  )
}
