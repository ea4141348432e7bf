/**
 * An on-demand call's life (docs/product.md#on-demand-calls): the words and limits every layer
 * shares. Who it rings is app/domain/call-routing.ts.
 */

/**
 * `waiting`: ringing interpreters, nobody has accepted; `connecting`: one interpreter accepted
 * and the two browsers are connecting; `connected`: both sides connected, billable time runs;
 * `ended`: hung up after an accept; `cancelled`: the client left before anyone accepted;
 * `unanswered`: the client gave up waiting for a callback request, or nobody was eligible.
 */
export const callStatuses = [
  'waiting',
  'connecting',
  'connected',
  'ended',
  'cancelled',
  'unanswered',
] as const
export type CallStatus = (typeof callStatuses)[number]

/** How a call's status reads in a history. */
export const callStatusLabels: Record<CallStatus, string> = {
  waiting: 'Finding an interpreter',
  connecting: 'Connecting',
  connected: 'Connected',
  ended: 'Ended',
  cancelled: 'Cancelled',
  unanswered: 'Nobody online',
}

/** The statuses in which the call holds its interpreter: they are busy. */
export const callStatusesWithInterpreter = ['connecting', 'connected'] as const

/** How a ring ended: accepted (the winner), declined, missed (not answered in the ring time),
 * withdrawn (another interpreter accepted, or the client left). */
export const ringOutcomes = ['accepted', 'declined', 'missed', 'withdrawn'] as const
export type RingOutcome = (typeof ringOutcomes)[number]

/** Who rates an ended call: the client (the interpreter) or the interpreter (the call's quality). */
/**
 * Who takes part in a call: the client who asked for it, the interpreter, and the one guest the
 * client may add by link (docs/product.md#call-guests).
 */
export const callParties = ['client', 'interpreter', 'guest'] as const
export type CallParty = (typeof callParties)[number]
/** The two parties a call is between: whose pages connect it, report on it and end it. */
export type CallMainParty = Exclude<CallParty, 'guest'>

export const callRaters = ['client', 'interpreter'] as const
export type CallRater = (typeof callRaters)[number]

export const callEnders = ['client', 'interpreter', 'staff', 'system'] as const
export type CallEnder = (typeof callEnders)[number]

/** The client's optional reference (patient or case number): short, never required. */
export const CALL_REFERENCE_MAX_LENGTH = 60

/** A duration in seconds as minutes and seconds: 437 → "7:17". */
export function minutesAndSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** Fewer connected calls in 30 days than this make no median worth publishing. */
export const PUBLISH_MINIMUM_CALLS = 10
export const TOO_FEW_CALLS_MESSAGE = `At least ${PUBLISH_MINIMUM_CALLS} calls must have connected in the last 30 days to publish their median.`

/**
 * A published median connect time as it is told: whole seconds, at least one, as minutes and
 * the seconds left over (the services page words them in its language).
 */
export function connectTimeParts(seconds: number): { minutes: number; seconds: number } {
  const whole = Math.max(1, Math.round(seconds))
  return { minutes: Math.floor(whole / 60), seconds: whole % 60 }
}

/** The published median connect time as staff's board says it: "8 seconds", "1 min 5 s". */
export function connectTimeText(median: number): string {
  const { minutes, seconds } = connectTimeParts(median)
  if (minutes === 0) return seconds === 1 ? '1 second' : `${seconds} seconds`
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`
}

/** The windows, in days, that staff's connect times are given over (docs/product.md#call-board). */
export const connectTimeWindows = [7, 30] as const
export type ConnectTimeWindow = (typeof connectTimeWindows)[number]
