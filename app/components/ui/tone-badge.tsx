import type { ReactNode } from 'react'
import { toneClasses, type StatusTone } from '~/domain/statuses'

/**
 * A status as a small coloured pill. The colour follows the tone (`app/domain/statuses.ts`);
 * the words always say the status too, so colour is never the only sign. `colours` replaces
 * the tone's classes for a badge that is not a status (a resource's or a message's type).
 */
export function ToneBadge({
  tone = 'grey',
  colours,
  children,
}: {
  tone?: StatusTone
  colours?: string
  children: ReactNode
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${colours ?? toneClasses[tone]}`}
    >
      {children}
    </span>
  )
}
