import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

/** The card an admin list shows instead of an empty table (docs/product.md#admin-area). */
export function EmptyState({
  icon: Icon,
  title,
  headingLevel = 2,
  children,
}: {
  icon?: LucideIcon
  /** The screen's empty-state text in docs/product.md, such as 'No Interpreters Found'. */
  title: string
  headingLevel?: 2 | 3
  children: ReactNode
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="mt-6 rounded-lg bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
      {Icon ? <Icon aria-hidden="true" className="mx-auto mb-3 size-10 text-slate-400" /> : null}
      <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
      <p className="mt-1 text-slate-600">{children}</p>
    </div>
  )
}
