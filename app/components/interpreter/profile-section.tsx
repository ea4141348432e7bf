import type { ComponentProps, ReactNode } from 'react'

/** One part of the profile page: a heading, a line on what it is for, and its content. */
export function ProfileSection({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description?: ReactNode
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  )
}

/** A saved change, said in the section's live region. */
export function SavedNotice({ notice }: { notice: string | undefined }) {
  return (
    <div aria-live="polite">
      {notice ? (
        <p className="mb-4 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">
          {notice}
        </p>
      ) : null}
    </div>
  )
}

/** One row of a list in a profile form: its controls, then the button that removes it. */
export function ProfileListRow({
  columns,
  removeButton,
  removeLabel,
  children,
}: {
  /** The grid's columns from the small breakpoint on, the button's last. */
  columns: string
  /** `removeButton(list, index)` of the form. */
  removeButton: ComponentProps<'button'>
  /** The button's accessible name: 'Remove range 2'. */
  removeLabel: string
  children: ReactNode
}) {
  return (
    <li className={`grid items-start gap-3 rounded-md border border-slate-200 p-3 ${columns}`}>
      {children}
      <button
        {...removeButton}
        className="btn-secondary px-3 py-1.5 sm:mt-6"
        aria-label={removeLabel}
      >
        Remove
      </button>
    </li>
  )
}
