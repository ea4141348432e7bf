import type { ReactNode } from 'react'

export interface StatCard {
  label: string
  value: number | string
  icon?: ReactNode
  /** A line under the value, e.g. what the number includes. */
  detail?: string
}

/** The row of count cards at the top of an admin screen. */
export function StatCards({ cards, label }: { cards: StatCard[]; label: string }) {
  return (
    <section aria-label={label}>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {cards.map((card) => (
          <div
            key={card.label}
            className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
          >
            <dt className="flex items-center gap-2 text-sm font-medium text-slate-600 sm:gap-3">
              {card.icon ? (
                <span className="rounded-md bg-brand-50 p-2 text-brand-700">{card.icon}</span>
              ) : null}
              {card.label}
            </dt>
            <dd className="mt-2 text-2xl font-semibold text-slate-900">{card.value}</dd>
            {card.detail ? <dd className="mt-1 text-sm text-slate-600">{card.detail}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  )
}
