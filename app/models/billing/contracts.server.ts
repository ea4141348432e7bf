import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import {
  clientContracts,
  interpreterPayRates,
  interpreterProfiles,
  organizations,
  users,
} from '../../../db/schema'
import {
  isLateCancellation,
  LATE_CANCELLATION_HOURS,
  lateCancellationPolicy,
} from '../../domain/bookings'
import {
  choosePayRate,
  defaultTerms,
  type BillingIncrement,
  type ContractTerms,
  type PayOverride,
  type PayRateSource,
} from '../../domain/contracts'
import { modalityValues, type Modality } from '../../domain/interpreter-profile'
import { now } from '../../platform/clock.server'
import type { Database } from '../../platform/db.server'
import { db } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'
import { rateInForce, RateRuleError, type Rate } from './rates.server'

/**
 * Client contracts and interpreter pay overrides (docs/product.md#contracts-and-pay). Rows are
 * never changed: a new version is a new row from its "in force from" time, and an assignment
 * uses the rows in force at its start, so a change never reprices work already done.
 */

export type ClientContract = typeof clientContracts.$inferSelect

/** The contract row in force for an organization and modality at an instant, if any. */
export async function contractInForce(
  tx: Database,
  organizationId: string,
  modality: Modality,
  at: Date,
): Promise<ClientContract | undefined> {
  const [row] = await tx
    .select()
    .from(clientContracts)
    .where(
      and(
        eq(clientContracts.organizationId, organizationId),
        eq(clientContracts.modality, modality),
        lte(clientContracts.effectiveFrom, at),
      ),
    )
    .orderBy(desc(clientContracts.effectiveFrom), desc(clientContracts.createdAt))
    .limit(1)
  return row
}

function termsOf(row: ClientContract): ContractTerms {
  return { ...row, incrementMinutes: row.incrementMinutes as BillingIncrement }
}

/**
 * The terms an organization's work in a modality is charged at, at an instant: its contract
 * in force, else the default rates with nothing added.
 */
export async function termsInForce(
  tx: Database,
  organizationId: string,
  rate: Rate,
  at: Date,
): Promise<{ terms: ContractTerms; contractId: string | null }> {
  const contract = await contractInForce(tx, organizationId, rate.modality, at)
  return contract
    ? { terms: termsOf(contract), contractId: contract.id }
    : { terms: defaultTerms(rate, LATE_CANCELLATION_HOURS), contractId: null }
}

/** An organization's cancellation terms for a booking: its contract's window and fee, or 24 hours and the minimum. */
export async function cancellationTerms(
  tx: Database,
  booking: { organizationId: string; modality: Modality; startsAt: Date },
): Promise<{ windowHours: number; feeCents: number | null }> {
  const contract = await contractInForce(
    tx,
    booking.organizationId,
    booking.modality,
    booking.startsAt,
  )
  return contract
    ? { windowHours: contract.cancellationWindowHours, feeCents: contract.lateCancellationFeeCents }
    : { windowHours: LATE_CANCELLATION_HOURS, feeCents: null }
}

/**
 * A cancellation now, as the cancel form tells it: the window, and the policy when now is
 * inside it (null outside).
 */
export async function cancellationNow(booking: {
  organizationId: string
  modality: Modality
  startsAt: Date
}): Promise<{ windowHours: number; latePolicy: string | null }> {
  const terms = await cancellationTerms(db(), booking)
  return {
    windowHours: terms.windowHours,
    latePolicy: isLateCancellation(booking.startsAt, now(), terms.windowHours)
      ? lateCancellationPolicy(terms)
      : null,
  }
}

export interface NewContract extends ContractTerms {
  modality: Modality
  effectiveFrom: Date
}

/** Saves a new version of an organization's contract for a modality (never in the past). */
export async function setContract(
  organizationId: string,
  input: NewContract,
  actor: Actor,
  graceMs = 0,
): Promise<ClientContract | undefined> {
  const effectiveFrom = startOfChange(input.effectiveFrom, graceMs)
  return db().transaction(async (tx) => {
    const [organization] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
    if (!organization) return undefined
    const [row] = await tx
      .insert(clientContracts)
      .values({ ...input, organizationId, effectiveFrom, createdById: actor.id, createdAt: now() })
      .returning()
    await recordAudit(
      actor,
      {
        action: 'contract_set',
        entityType: 'organization',
        entityId: organizationId,
        after: { ...input, effectiveFrom: effectiveFrom.toISOString(), contractId: row!.id },
      },
      tx,
    )
    return row!
  })
}

/** A change starts now or later: within `graceMs` of now counts as now (a form left open). */
function startOfChange(requested: Date, graceMs: number): Date {
  const at = now()
  if (requested.getTime() < at.getTime() - graceMs)
    throw new RateRuleError('Terms cannot start in the past: work already done keeps its terms.')
  return requested > at ? requested : at
}

/** Per modality, the contract in force now (or none), and the organization's latest versions. */
export async function organizationContracts(organizationId: string, historyLimit = 20) {
  const at = now()
  const [current, history] = await Promise.all([
    Promise.all(
      modalityValues.map(async (modality) =>
        termsInForce(db(), organizationId, await rateInForce(db(), modality, at), at),
      ),
    ),
    db()
      .select({ contract: clientContracts, createdByName: users.name })
      .from(clientContracts)
      .leftJoin(users, eq(users.id, clientContracts.createdById))
      .where(eq(clientContracts.organizationId, organizationId))
      .orderBy(desc(clientContracts.createdAt), desc(clientContracts.effectiveFrom))
      .limit(historyLimit),
  ])
  return {
    current: modalityValues.map((modality, index) => ({ modality, ...current[index]! })),
    history,
  }
}

/**
 * The pay overrides in force at an instant that could apply to one interpreter's work in one
 * language: per (interpreter, language) key the latest row, dropping the ones that end an
 * override (no rate).
 */
export async function payOverridesFor(
  tx: Database,
  work: { interpreterId: string; language: string; modality: Modality; at: Date },
): Promise<PayOverride[]> {
  return overridesInForce(tx, { ...work, interpreterIds: [work.interpreterId] })
}

/** The same for several interpreters at once: the overrides that could apply to any of them. */
async function overridesInForce(
  tx: Database,
  work: { interpreterIds: string[]; language: string; modality: Modality; at: Date },
): Promise<PayOverride[]> {
  const rows = await tx
    .selectDistinctOn([interpreterPayRates.interpreterId, interpreterPayRates.language], {
      interpreterId: interpreterPayRates.interpreterId,
      language: interpreterPayRates.language,
      rateUnits: interpreterPayRates.rateUnits,
    })
    .from(interpreterPayRates)
    .where(
      and(
        eq(interpreterPayRates.modality, work.modality),
        lte(interpreterPayRates.effectiveFrom, work.at),
        work.interpreterIds.length
          ? or(
              isNull(interpreterPayRates.interpreterId),
              inArray(interpreterPayRates.interpreterId, work.interpreterIds),
            )
          : isNull(interpreterPayRates.interpreterId),
        or(isNull(interpreterPayRates.language), eq(interpreterPayRates.language, work.language)),
      ),
    )
    .orderBy(
      interpreterPayRates.interpreterId,
      interpreterPayRates.language,
      desc(interpreterPayRates.effectiveFrom),
      desc(interpreterPayRates.createdAt),
    )
  return rows.flatMap((row) =>
    row.rateUnits === null ? [] : [{ ...row, rateUnits: row.rateUnits }],
  )
}

/**
 * What each candidate for a booking would be paid per minute, and why: the dispatch list shows
 * it beside each eligible interpreter. Two queries, whatever the number of candidates.
 */
export async function payRatesForBooking(
  booking: { language: string; modality: Modality; startsAt: Date },
  interpreterIds: string[],
): Promise<Map<string, { rateUnits: number; source: PayRateSource }>> {
  const rate = await rateInForce(db(), booking.modality, booking.startsAt)
  const overrides = await overridesInForce(db(), {
    interpreterIds,
    language: booking.language,
    modality: booking.modality,
    at: booking.startsAt,
  })
  return new Map(
    interpreterIds.map((interpreterId) => [
      interpreterId,
      choosePayRate(rate.interpreterRateUnits, overrides, {
        interpreterId,
        language: booking.language,
      }),
    ]),
  )
}

/** The interpreter's pay rate for a piece of work, and where it came from. */
export async function payRateFor(
  tx: Database,
  work: { interpreterId: string; language: string; modality: Modality; at: Date },
  defaultRateUnits: number,
): Promise<{ rateUnits: number; source: PayRateSource }> {
  return choosePayRate(defaultRateUnits, await payOverridesFor(tx, work), work)
}

export class PayOverrideError extends Error {
  override name = 'PayOverrideError'
}

export interface NewPayOverride {
  modality: Modality
  interpreterEmail?: string
  language?: string
  /** Undefined ends the override from `effectiveFrom`. */
  rateUnits?: number
  effectiveFrom: Date
}

/** Saves a pay override (or its end); an e-mail address must be an interpreter's. */
export async function setPayOverride(input: NewPayOverride, actor: Actor, graceMs = 0) {
  const effectiveFrom = startOfChange(input.effectiveFrom, graceMs)
  return db().transaction(async (tx) => {
    let interpreterId: string | null = null
    if (input.interpreterEmail) {
      const [interpreter] = await tx
        .select({ id: interpreterProfiles.id })
        .from(interpreterProfiles)
        .innerJoin(users, eq(users.id, interpreterProfiles.userId))
        .where(sql`lower(${users.email}) = lower(${input.interpreterEmail})`)
      if (!interpreter) throw new PayOverrideError('No interpreter has this e-mail address.')
      interpreterId = interpreter.id
    }
    const [row] = await tx
      .insert(interpreterPayRates)
      .values({
        interpreterId,
        language: input.language ?? null,
        modality: input.modality,
        rateUnits: input.rateUnits ?? null,
        effectiveFrom,
        createdById: actor.id,
        createdAt: now(),
      })
      .returning()
    await recordAudit(
      actor,
      {
        action: 'pay_override_set',
        entityType: 'interpreter_pay_rate',
        entityId: row!.id,
        after: {
          interpreterId,
          language: row!.language,
          modality: row!.modality,
          rateUnits: row!.rateUnits,
          effectiveFrom: effectiveFrom.toISOString(),
        },
      },
      tx,
    )
    return row!
  })
}

/** The latest pay override rows, newest first, with the interpreter's name. */
export async function payOverrideHistory(limit = 20) {
  return db()
    .select({
      id: interpreterPayRates.id,
      modality: interpreterPayRates.modality,
      language: interpreterPayRates.language,
      rateUnits: interpreterPayRates.rateUnits,
      effectiveFrom: interpreterPayRates.effectiveFrom,
      createdAt: interpreterPayRates.createdAt,
      interpreterFirstName: interpreterProfiles.firstName,
      interpreterLastName: interpreterProfiles.lastName,
      createdByName: users.name,
    })
    .from(interpreterPayRates)
    .leftJoin(interpreterProfiles, eq(interpreterProfiles.id, interpreterPayRates.interpreterId))
    .leftJoin(users, eq(users.id, interpreterPayRates.createdById))
    .orderBy(desc(interpreterPayRates.createdAt))
    .limit(limit)
}
