import { CheckCircleIcon } from '~/components/ui/icons/check-circle'
import type { IconComponent } from '~/components/ui/icons/create-icon'

/** The small labels under a posting's title (Remote, Contract, Interpreting). */
export function TagList({ tags, label }: { tags: readonly string[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-full bg-white/15 px-3 py-1 text-sm font-medium text-white ring-1 ring-white/40"
        >
          {tag}
        </li>
      ))}
    </ul>
  )
}

/** A headed list of a posting: requirements, responsibilities, benefits. */
export function PostingList({
  id,
  heading,
  items,
  icon: Icon = CheckCircleIcon,
  lang,
}: {
  id: string
  heading: string
  items: readonly string[]
  icon?: IconComponent
  /** The items' language where it is not the page's (a posting staff wrote in English). */
  lang?: string
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-semibold text-slate-900">
        {heading}
      </h2>
      <ul className="mt-4 space-y-3" lang={lang}>
        {items.map((item) => (
          <li key={item} className="flex gap-3 text-slate-700">
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
