import {
  leadResponseLabel,
  leadResponseState,
  leadResponseTone,
  type LeadClock,
} from '~/domain/leads'
import { ToneBadge } from '~/components/ui/tone-badge'

type SerializedClock = { [Key in keyof LeadClock]: Date | string | number | null }

function toDate(value: Date | string | number | null): Date | null {
  return value === null ? null : new Date(value)
}

/**
 * The first-response clock of a client request as a badge: "On track", "At risk",
 * "Breached" or "Responded in 1h 5m" (the words carry the meaning; the colour repeats it).
 * `now` comes from the loader, so the server's and the browser's render agree.
 */
export function LeadResponseBadge({ clock, now }: { clock: SerializedClock; now: Date | string }) {
  const response = leadResponseState(
    {
      responseDueAt: toDate(clock.responseDueAt),
      atRiskAt: toDate(clock.atRiskAt),
      firstResponseAt: toDate(clock.firstResponseAt),
      responseBusinessMs:
        clock.responseBusinessMs === null ? null : Number(clock.responseBusinessMs),
    },
    new Date(now),
  )
  if (response.state === 'untracked') return null
  return (
    <ToneBadge tone={leadResponseTone(response)}>
      <span className="sr-only">First response: </span>
      {leadResponseLabel(response)}
    </ToneBadge>
  )
}
