/**
 * Statuses of applications and leads, their labels and colours: the rules of
 * docs/product.md#states in one place, shared by the database schema, the server and the
 * screens.
 */
export const applicationStatuses = [
  'pending',
  'approved',
  'rejected',
  'interview_scheduled',
  'withdrawn',
] as const
export type ApplicationStatus = (typeof applicationStatuses)[number]

/**
 * Approving or rejecting is a decision: wherever staff make it (the interpreters screen, the
 * dashboard), it goes through the same step, with the applicant's e-mail to preview and
 * send or not. Only an undecided application can be decided; a decided one is reopened by
 * setting it back to an undecided status first.
 */
export const applicationDecisions = ['approved', 'rejected'] as const
export type ApplicationDecision = (typeof applicationDecisions)[number]
export const undecidedApplicationStatuses = [
  'pending',
  'interview_scheduled',
] as const satisfies readonly ApplicationStatus[]
export type UndecidedApplicationStatus = (typeof undecidedApplicationStatuses)[number]

export function isApplicationDecision(status: string): status is ApplicationDecision {
  return (applicationDecisions as readonly string[]).includes(status)
}

export function isUndecided(status: string): boolean {
  return (undecidedApplicationStatuses as readonly string[]).includes(status)
}

/**
 * Only the applicant withdraws an application, from their status page
 * (docs/product.md#application-statuses); staff may reopen it (set it back to undecided).
 */
export const staffApplicationStatuses = applicationStatuses.filter(
  (status): status is Exclude<ApplicationStatus, 'withdrawn'> => status !== 'withdrawn',
)

/** The statuses staff may choose for an application now: its own, and where it may go next. */
export function applicationStatusChoices(current: ApplicationStatus): ApplicationStatus[] {
  return applicationStatuses.filter(
    (status) =>
      status === current || isUndecided(status) || (isUndecided(current) && status !== 'withdrawn'),
  )
}

/** The dashboard's values for leads. */
export const leadStatuses = ['new', 'contacted', 'in_progress', 'completed', 'closed'] as const
export type LeadStatus = (typeof leadStatuses)[number]

/** The clients screen filters on these three only (docs/product.md#client-request-statuses). */
export const clientsScreenStatuses = [
  'new',
  'contacted',
  'closed',
] as const satisfies readonly LeadStatus[]

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
