import { minutesAmountCents, RATE_UNITS_PER_CENT } from './billing'
import type { CallMedia } from './call-routing'
import { minutesAndSeconds, type CallEnder } from './calls'
import { roundUpToIncrement, type BillingIncrement } from './contracts'
import { divideRoundingHalfUp } from './money'

/**
 * What an on-demand call comes to (docs/product.md#on-demand-call-billing). No I/O; every
 * amount is integer cents, every rate per minute in rate units (app/domain/billing.ts).
 */

/** A client who hangs up within this many seconds of connecting is not billed. */
export const CLIENT_GRACE_SECONDS = 30

/** The on-demand rates of one medium, as in force at one time. */
export interface CallRates {
  clientRateUnits: number
  interpreterRateUnits: number
  /** The client is billed at least this many minutes. */
  minimumMinutes: number
  /** The client's minutes are rounded up to a multiple of this. */
  incrementMinutes: BillingIncrement
}

/** The on-demand rates a new installation starts with; staff change them on the Rates screen. */
export const defaultCallRates: Record<CallMedia, CallRates> = {
  video: {
    clientRateUnits: 19_500,
    interpreterRateUnits: 6_000,
    minimumMinutes: 1,
    incrementMinutes: 1,
  },
  audio: {
    clientRateUnits: 12_500,
    interpreterRateUnits: 4_000,
    minimumMinutes: 1,
    incrementMinutes: 1,
  },
}

export const callMediaLabels: Record<CallMedia, string> = {
  video: 'Video',
  audio: 'Audio only',
}

/**
 * Billable time: from both sides connected to the first hang-up, in whole seconds, less the
 * seconds the call was interrupted. A call that never connected has none.
 */
export function billableSeconds(call: {
  connectedAt: Date | null
  endedAt: Date | null
  interruptedSeconds: number
}): number {
  if (!call.connectedAt || !call.endedAt) return 0
  const seconds = Math.floor((call.endedAt.getTime() - call.connectedAt.getTime()) / 1000)
  return Math.max(0, seconds - call.interruptedSeconds)
}

/**
 * The seconds of the interruption going on at `at`: a call is interrupted while both parties'
 * pages say their connection dropped, from the later of the two reports. One page's word is not
 * enough, so that neither party alone can take time off the call (either could be mistaken, or
 * changed). Zero while either page is connected.
 */
export function openInterruptionSeconds(
  call: { clientDroppedAt: Date | null; interpreterDroppedAt: Date | null },
  at: Date,
): number {
  if (!call.clientDroppedAt || !call.interpreterDroppedAt) return 0
  const since = Math.max(call.clientDroppedAt.getTime(), call.interpreterDroppedAt.getTime())
  return Math.max(0, Math.floor((at.getTime() - since) / 1000))
}

/** The started minutes of a number of seconds: 61 s is 2 minutes. */
export function startedMinutes(seconds: number): number {
  return Math.ceil(seconds / 60)
}

/** What one call comes to for the client and for the interpreter. */
export interface CallAmounts {
  seconds: number
  /** The client's billed minutes; null: the client is not billed (no invoice line). */
  clientMinutes: number | null
  chargeCents: number
  /**
   * The interpreter's paid minutes (the started minutes); null: paid for the seconds worked,
   * when the client hung up within the grace period.
   */
  payMinutes: number | null
  payCents: number
  /** Nothing to post: the call never connected. */
  free: boolean
}

/**
 * The money of a call that connected for `seconds` and was ended by `endedBy`:
 * - never connected (0 s): nothing for anyone;
 * - the client hung up within the first 30 s: the client is not billed, and the interpreter
 *   is paid for the seconds worked;
 * - otherwise the client is billed the started minutes rounded up to the increment, at least
 *   the minimum, and the interpreter is paid the started minutes at their rate.
 */
export function callAmounts(input: {
  seconds: number
  endedBy: CallEnder
  rates: CallRates
}): CallAmounts {
  const { seconds, rates } = input
  if (seconds <= 0)
    return {
      seconds: 0,
      clientMinutes: null,
      chargeCents: 0,
      payMinutes: null,
      payCents: 0,
      free: true,
    }
  if (input.endedBy === 'client' && seconds <= CLIENT_GRACE_SECONDS)
    return {
      seconds,
      clientMinutes: null,
      chargeCents: 0,
      payMinutes: null,
      payCents: divideRoundingHalfUp(
        seconds * rates.interpreterRateUnits,
        60 * RATE_UNITS_PER_CENT,
      ),
      free: false,
    }
  const minutes = startedMinutes(seconds)
  const clientMinutes = Math.max(
    roundUpToIncrement(minutes, rates.incrementMinutes),
    rates.minimumMinutes,
  )
  return {
    seconds,
    clientMinutes,
    chargeCents: minutesAmountCents(clientMinutes, rates.clientRateUnits),
    payMinutes: minutes,
    payCents: minutesAmountCents(minutes, rates.interpreterRateUnits),
    free: false,
  }
}

/**
 * How a call's invoice line was billed, as an accounts-payable clerk reads it; `underContract`
 * when the organization's contract for calls set the rate.
 */
export function callLineRule(line: {
  seconds: number
  minutes: number | null
  underContract?: boolean
}): string {
  const connected = `Connected ${minutesAndSeconds(line.seconds)}`
  if (line.minutes === null) return connected
  const rule =
    line.minutes > startedMinutes(line.seconds)
      ? `${connected}: minimum or rounding applied`
      : `${connected}: billed per started minute`
  return line.underContract ? `${rule}, at the contract rate` : rule
}
