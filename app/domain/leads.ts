import { formatBusinessDuration } from './business-hours'
import { addDays, type IsoDate } from './onboarding'
import type { StatusTone } from './statuses'

/**
 * The first-response clock of a client request (docs/decisions/045-lead-response-clock.md):
 * when it arrives, the instants at which it turns "At risk" and "Breached" are worked out in
 * business hours and stored; a response by staff stops the clock.
 */
export interface LeadClock {
  /** When the response target passes; null for requests older than the clock. */
  responseDueAt: Date | null
  atRiskAt: Date | null
  firstResponseAt: Date | null
  /** Business time from arrival to the first response. */
  responseBusinessMs: number | null
}

export type LeadResponseState =
  | { state: 'untracked' }
  | { state: 'on_track' | 'at_risk' | 'breached' }
  | { state: 'responded'; businessMs: number; late: boolean }

/** After this wall-clock time past a breach still unanswered, every admin is told. */
export const ESCALATION_AFTER_MS = 30 * 60 * 1000

/** How many weeks the dashboard's lead chart shows. */
export const LEAD_CHART_WEEKS = 12

export function leadResponseState(clock: LeadClock, now: Date): LeadResponseState {
  if (!clock.responseDueAt) return { state: 'untracked' }
  if (clock.firstResponseAt)
    return {
      state: 'responded',
      businessMs: clock.responseBusinessMs ?? 0,
      late: clock.firstResponseAt.getTime() > clock.responseDueAt.getTime(),
    }
  if (now.getTime() >= clock.responseDueAt.getTime()) return { state: 'breached' }
  if (clock.atRiskAt && now.getTime() >= clock.atRiskAt.getTime()) return { state: 'at_risk' }
  return { state: 'on_track' }
}

/** The badge's words: they carry the meaning, the colour only repeats it. */
export function leadResponseLabel(response: LeadResponseState): string {
  switch (response.state) {
    case 'untracked':
      return 'Not timed'
    case 'on_track':
      return 'On track'
    case 'at_risk':
      return 'At risk'
    case 'breached':
      return 'Breached'
    case 'responded':
      return `Responded in ${formatBusinessDuration(response.businessMs)}${response.late ? ' (late)' : ''}`
  }
}

export function leadResponseTone(response: LeadResponseState): StatusTone {
  switch (response.state) {
    case 'on_track':
      return 'blue'
    case 'at_risk':
      return 'yellow'
    case 'breached':
      return 'red'
    case 'responded':
      return response.late ? 'grey' : 'green'
    default:
      return 'grey'
  }
}

/**
 * The Mondays (office calendar) of the last `count` weeks, oldest first, this week last: the
 * weeks the dashboard's lead chart shows, empty ones included.
 */
export function lastWeekStarts(today: IsoDate, count: number): IsoDate[] {
  const monday = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7))
  return Array.from({ length: count }, (_, index) => addDays(monday, (index - count + 1) * 7))
}
