import type { bookings } from '../../../db/schema'
import {
  billableMinutes,
  mileageAmountCents,
  minutesAmountCents,
  sumCents,
  type CloseoutOutcome,
} from '../../domain/billing'
import {
  clientCharge,
  workConditions,
  type ClientCharge,
  type PayRateSource,
} from '../../domain/contracts'
import type { Database } from '../../platform/db.server'
import { runtime } from '../../platform/runtime.server'
import { payRateFor, termsInForce } from './contracts.server'
import { rateInForce } from './rates.server'

/**
 * What one closed-out assignment comes to (docs/product.md#contracts-and-pay): the
 * interpreter's pay at their rate in force at the start (an override or the default), and the
 * client's charge under their organization's terms in force then (a contract or the defaults).
 * The closeout dialog shows it and approving posts it, so staff approve what they saw.
 */

export interface ClosedOutWork {
  booking: typeof bookings.$inferSelect
  interpreterId: string
  outcome: CloseoutOutcome
  actualMinutes: number
  mileageTenths: number
  travelMinutes: number
  expenseCents: readonly number[]
}

export interface InterpreterPay {
  minutes: number
  rateUnits: number
  rateSource: PayRateSource
  amountCents: number
  mileageCents: number
  expensesCents: number
  /** The travel time as reported, at the default rate's travel-time pay. */
  travelMinutes: number
  travelTimeCents: number
  totalCents: number
}

export interface AssignmentPrice {
  pay: InterpreterPay
  charge: ClientCharge
  rateId: string
  contractId: string | null
  /** The default minimum: the interpreter is paid at least this many minutes. */
  minimumMinutes: number
}

export async function priceAssignment(tx: Database, work: ClosedOutWork): Promise<AssignmentPrice> {
  const { booking } = work
  const rate = await rateInForce(tx, booking.modality, booking.startsAt)
  const { terms, contractId } = await termsInForce(
    tx,
    booking.organizationId,
    rate,
    booking.startsAt,
  )
  const payRate = await payRateFor(
    tx,
    {
      interpreterId: work.interpreterId,
      language: booking.language,
      modality: booking.modality,
      at: booking.startsAt,
    },
    rate.interpreterRateUnits,
  )
  const shared = {
    outcome: work.outcome,
    actualMinutes: work.actualMinutes,
    bookedMinutes: booking.durationMinutes,
    mileageTenths: work.mileageTenths,
    travelMinutes: work.travelMinutes,
    expenseCents: work.expenseCents,
  }
  const charge = clientCharge({
    ...shared,
    terms,
    conditions: workConditions({
      language: booking.language,
      bookedAt: booking.createdAt,
      startsAt: booking.startsAt,
      timeZone: booking.timeZone,
      holidays: runtime().config.leads.businessHours.holidays,
    }),
  })
  return {
    pay: interpreterPay(shared, rate, payRate),
    charge,
    rateId: rate.id,
    contractId,
    minimumMinutes: rate.minimumMinutes,
  }
}

/**
 * The interpreter is paid for the minutes worked (at least the default minimum), whatever the
 * client's contract rounds to, and for mileage and travel time (to the minute) at the default
 * rate; pay overrides are for the work, not the travel. A late cancellation pays the minimum
 * without travel.
 */
function interpreterPay(
  work: Omit<ClosedOutWork, 'booking' | 'interpreterId'> & { bookedMinutes: number },
  rate: { minimumMinutes: number; mileageCentsPerMile: number; travelInterpreterRateUnits: number },
  payRate: { rateUnits: number; source: PayRateSource },
): InterpreterPay {
  const minutes = billableMinutes({ ...work, minimumMinutes: rate.minimumMinutes })
  const amountCents = minutesAmountCents(minutes, payRate.rateUnits)
  const travelled = work.outcome !== 'late_cancellation'
  const mileageCents = travelled
    ? mileageAmountCents(work.mileageTenths, rate.mileageCentsPerMile)
    : 0
  const expensesCents = travelled ? sumCents(work.expenseCents) : 0
  const travelMinutes = travelled ? work.travelMinutes : 0
  const travelTimeCents = minutesAmountCents(travelMinutes, rate.travelInterpreterRateUnits)
  return {
    minutes,
    rateUnits: payRate.rateUnits,
    rateSource: payRate.source,
    amountCents,
    mileageCents,
    expensesCents,
    travelMinutes,
    travelTimeCents,
    totalCents: amountCents + mileageCents + expensesCents + travelTimeCents,
  }
}
