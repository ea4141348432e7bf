import { statusLabel, statusTone, toneClasses } from '~/domain/statuses'

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${toneClasses[statusTone(status)]}`}
    >
      {statusLabel(status)}
    </span>
  )
}
