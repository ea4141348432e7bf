/**
 * Statuses of applications and client requests, their labels and colours: the rules of
 * spec section 4 in one place, shared by the database schema, the server and the screens.
 */
export const applicationStatuses = [
  'pending',
  'approved',
  'rejected',
  'interview_scheduled',
] as const
export type ApplicationStatus = (typeof applicationStatuses)[number]

/** The dashboard's values for client requests. */
export const clientRequestStatuses = [
  'new',
  'contacted',
  'in_progress',
  'completed',
  'closed',
] as const
export type ClientRequestStatus = (typeof clientRequestStatuses)[number]

/** The clients screen filters on these three only (spec section 4). */
export const clientsScreenStatuses = [
  'new',
  'contacted',
  'closed',
] as const satisfies readonly ClientRequestStatus[]

export type StatusTone = 'yellow' | 'blue' | 'green' | 'red' | 'grey'

const tones: Record<string, StatusTone> = {
  pending: 'yellow',
  new: 'yellow',
  reviewed: 'blue',
  contacted: 'blue',
  in_progress: 'blue',
  approved: 'green',
  completed: 'green',
  rejected: 'red',
}

/** pending/new yellow; reviewed/contacted/in progress blue; approved/completed green; rejected red; else grey. */
export function statusTone(status: string): StatusTone {
  return tones[status] ?? 'grey'
}

export const toneClasses: Record<StatusTone, string> = {
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  blue: 'bg-blue-100 text-blue-900 ring-blue-300',
  green: 'bg-green-100 text-green-900 ring-green-300',
  red: 'bg-red-100 text-red-900 ring-red-300',
  grey: 'bg-slate-100 text-slate-800 ring-slate-300',
}

/** `interview_scheduled` → `Interview Scheduled`. */
export function statusLabel(status: string): string {
  return status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}
