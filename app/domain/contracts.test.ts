import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  closeoutOutcomeValues,
  MAX_EXPENSE_CENTS,
  MAX_EXPENSES,
  MAX_MILEAGE_TENTHS,
  MAX_RATE_UNITS,
  MAX_TRAVEL_MINUTES,
  minutesAmountCents,
} from './billing'
import { MAX_DURATION_MINUTES } from './bookings'
import {
  billingIncrements,
  choosePayRate,
  clientBillableMinutes,
  clientCharge,
  MAX_PREMIUM_PERCENT,
  premiumKinds,
  premiumLabel,
  roundUpToIncrement,
  workConditions,
  type ContractTerms,
  type PayOverride,
  type WorkConditions,
} from './contracts'

const terms: fc.Arbitrary<ContractTerms> = fc.record({
  clientRateUnits: fc.integer({ min: 0, max: MAX_RATE_UNITS }),
  minimumMinutes: fc.integer({ min: 1, max: 240 }),
  incrementMinutes: fc.constantFrom(...billingIncrements),
  rareLanguagePremiumPercent: fc.integer({ min: 0, max: MAX_PREMIUM_PERCENT }),
  rushPremiumPercent: fc.integer({ min: 0, max: MAX_PREMIUM_PERCENT }),
  afterHoursPremiumPercent: fc.integer({ min: 0, max: MAX_PREMIUM_PERCENT }),
  cancellationWindowHours: fc.integer({ min: 0, max: 336 }),
  lateCancellationFeeCents: fc.option(fc.integer({ min: 0, max: 100_000 })),
  mileageCentsPerMile: fc.integer({ min: 0, max: 500 }),
  travelRateUnits: fc.integer({ min: 0, max: MAX_RATE_UNITS }),
})
const conditions: fc.Arbitrary<WorkConditions> = fc.record({
  rare_language: fc.boolean(),
  rush: fc.boolean(),
  after_hours: fc.boolean(),
})
const work = fc.record({
  outcome: fc.constantFrom(...closeoutOutcomeValues),
  actualMinutes: fc.integer({ min: 0, max: 16 * 60 }),
  bookedMinutes: fc.integer({ min: 15, max: MAX_DURATION_MINUTES }),
  mileageTenths: fc.integer({ min: 0, max: MAX_MILEAGE_TENTHS }),
  travelMinutes: fc.integer({ min: 0, max: MAX_TRAVEL_MINUTES }),
  expenseCents: fc.array(fc.integer({ min: 1, max: MAX_EXPENSE_CENTS }), {
    maxLength: MAX_EXPENSES,
  }),
})

const percentOf: Record<(typeof premiumKinds)[number], keyof ContractTerms> = {
  rare_language: 'rareLanguagePremiumPercent',
  rush: 'rushPremiumPercent',
  after_hours: 'afterHoursPremiumPercent',
}

describe('clientCharge', () => {
  it('adds up: amount, premiums and travel make the total, to the cent', () => {
    fc.assert(
      fc.property(work, terms, conditions, (job, contract, met) => {
        const charge = clientCharge({ ...job, terms: contract, conditions: met })
        const premiums = charge.premiums.reduce((sum, premium) => sum + premium.cents, 0)
        expect(charge.premiumCents).toBe(premiums)
        expect(charge.totalCents).toBe(
          charge.amountCents +
            premiums +
            charge.mileageCents +
            charge.expensesCents +
            charge.travelTimeCents,
        )
        for (const amount of [
          charge.amountCents,
          charge.totalCents,
          ...charge.premiums.map((p) => p.cents),
        ])
          expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true)
      }),
    )
  })

  it('applies a premium exactly when its condition holds and the contract sets it', () => {
    fc.assert(
      fc.property(work, terms, conditions, (job, contract, met) => {
        const charge = clientCharge({ ...job, terms: contract, conditions: met })
        const flatFee =
          job.outcome === 'late_cancellation' && contract.lateCancellationFeeCents !== null
        for (const kind of premiumKinds) {
          const percent = contract[percentOf[kind]] as number
          const applied = charge.premiums.find((premium) => premium.kind === kind)
          expect(Boolean(applied)).toBe(!flatFee && met[kind] && percent > 0)
          if (applied) {
            expect(applied.percent).toBe(percent)
            // Rounded once, half up: within half a cent of the exact share.
            const exactHundredths = charge.amountCents * percent
            expect(Math.abs(applied.cents * 100 - exactHundredths)).toBeLessThanOrEqual(50)
          }
        }
      }),
    )
  })

  it('bills travel time rounded up to the increment at its rate, without premium or minimum', () => {
    fc.assert(
      fc.property(work, terms, conditions, (job, contract, met) => {
        const charge = clientCharge({ ...job, terms: contract, conditions: met })
        const expected =
          job.outcome === 'late_cancellation'
            ? 0
            : roundUpToIncrement(job.travelMinutes, contract.incrementMinutes)
        expect(charge.travelMinutes).toBe(expected)
        expect(charge.travelTimeCents).toBe(minutesAmountCents(expected, contract.travelRateUnits))
        // Premiums are shares of the work's amount alone, whatever the travel.
        const withoutTravel = clientCharge({
          ...job,
          travelMinutes: 0,
          terms: contract,
          conditions: met,
        })
        expect(charge.premiumCents).toBe(withoutTravel.premiumCents)
        expect(charge.totalCents - withoutTravel.totalCents).toBe(charge.travelTimeCents)
      }),
    )
  })

  it('applies the minimum exactly when the rounded time is under it', () => {
    fc.assert(
      fc.property(work, terms, conditions, (job, contract, met) => {
        const charge = clientCharge({ ...job, terms: contract, conditions: met })
        if (job.outcome === 'late_cancellation') {
          expect(charge.minutes).toBe(
            contract.lateCancellationFeeCents === null ? contract.minimumMinutes : null,
          )
          expect(charge.mileageCents + charge.expensesCents + charge.travelTimeCents).toBe(0)
          return
        }
        const worked = job.outcome === 'completed' ? job.actualMinutes : job.bookedMinutes
        const rounded = roundUpToIncrement(worked, contract.incrementMinutes)
        expect(charge.minutes).toBe(
          rounded < contract.minimumMinutes ? contract.minimumMinutes : rounded,
        )
      }),
    )
  })

  it('bills a flat late-cancellation fee alone, and the minimum without one', () => {
    const contract: ContractTerms = {
      clientRateUnits: 10_000,
      minimumMinutes: 120,
      incrementMinutes: 15,
      rareLanguagePremiumPercent: 20,
      rushPremiumPercent: 25,
      afterHoursPremiumPercent: 15,
      cancellationWindowHours: 48,
      lateCancellationFeeCents: 7_500,
      mileageCentsPerMile: 70,
      travelRateUnits: 5_000,
    }
    const allMet = { rare_language: true, rush: true, after_hours: true }
    const job = {
      outcome: 'late_cancellation' as const,
      actualMinutes: 0,
      bookedMinutes: 60,
      mileageTenths: 100,
      travelMinutes: 60,
      expenseCents: [500],
    }
    expect(clientCharge({ ...job, terms: contract, conditions: allMet })).toMatchObject({
      minutes: null,
      amountCents: 7_500,
      premiums: [],
      totalCents: 7_500,
    })
    expect(
      clientCharge({
        ...job,
        terms: { ...contract, lateCancellationFeeCents: null },
        conditions: allMet,
      }),
    ).toMatchObject({ minutes: 120, amountCents: 12_000, premiumCents: 2_400 + 3_000 + 1_800 })
  })

  it('charges a rush assignment of 61 minutes in 15-minute increments as 75 minutes plus 25%', () => {
    const charge = clientCharge({
      outcome: 'completed',
      actualMinutes: 61,
      bookedMinutes: 60,
      mileageTenths: 0,
      travelMinutes: 0,
      expenseCents: [],
      terms: {
        clientRateUnits: 9_167,
        minimumMinutes: 30,
        incrementMinutes: 15,
        rareLanguagePremiumPercent: 0,
        rushPremiumPercent: 25,
        afterHoursPremiumPercent: 0,
        cancellationWindowHours: 24,
        lateCancellationFeeCents: null,
        mileageCentsPerMile: 0,
        travelRateUnits: 0,
      },
      conditions: { rare_language: true, rush: true, after_hours: false },
    })
    // 75 × $0.9167 = $68.7525 → $68.75; 25% of it = $17.1875 → $17.19.
    expect(charge).toMatchObject({
      minutes: 75,
      amountCents: 6_875,
      premiumCents: 1_719,
      totalCents: 8_594,
    })
    expect(charge.premiums.map(premiumLabel)).toEqual([
      'Rush premium (booked under 24 hours ahead), 25%',
    ])
  })
})

describe('roundUpToIncrement', () => {
  it('is the smallest multiple of the increment at or above the minutes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000 }),
        fc.constantFrom(...billingIncrements),
        (minutes, increment) => {
          const rounded = roundUpToIncrement(minutes, increment)
          expect(rounded % increment).toBe(0)
          expect(rounded).toBeGreaterThanOrEqual(minutes)
          expect(rounded - minutes).toBeLessThan(increment)
        },
      ),
    )
  })

  it('leaves exact billing exact', () => {
    expect(
      clientBillableMinutes({
        outcome: 'completed',
        actualMinutes: 61,
        bookedMinutes: 60,
        terms: { minimumMinutes: 1, incrementMinutes: 1 },
      }),
    ).toBe(61)
  })
})

describe('workConditions', () => {
  const base = {
    language: 'Spanish',
    timeZone: 'America/New_York',
    holidays: new Set<string>(),
  }

  it('is a rush when booked less than 24 hours before the start', () => {
    const startsAt = new Date('2027-03-10T15:00:00Z') // Wednesday 10:00 in New York
    expect(
      workConditions({ ...base, startsAt, bookedAt: new Date('2027-03-09T15:00:01Z') }),
    ).toEqual({
      rare_language: false,
      rush: true,
      after_hours: false,
    })
    expect(
      workConditions({ ...base, startsAt, bookedAt: new Date('2027-03-09T15:00:00Z') }).rush,
    ).toBe(false)
  })

  it('is after hours before 08:00, from 18:00, at weekends and on holidays, on the booking’s clock', () => {
    const at = (iso: string, holidays: string[] = []) =>
      workConditions({
        ...base,
        holidays: new Set(holidays),
        bookedAt: new Date('2027-01-01T00:00:00Z'),
        startsAt: new Date(iso),
      }).after_hours
    expect(at('2027-03-10T12:59:00Z')).toBe(true) // 07:59 in New York
    expect(at('2027-03-10T13:00:00Z')).toBe(false) // 08:00
    expect(at('2027-03-10T22:59:00Z')).toBe(false) // 17:59
    expect(at('2027-03-10T23:00:00Z')).toBe(true) // 18:00
    expect(at('2027-03-13T15:00:00Z')).toBe(true) // Saturday
    expect(at('2027-03-10T15:00:00Z', ['2027-03-10'])).toBe(true)
  })

  it('names a rare language', () => {
    expect(
      workConditions({
        ...base,
        language: 'Tigrinya',
        bookedAt: new Date(0),
        startsAt: new Date('2027-03-10T15:00:00Z'),
      }).rare_language,
    ).toBe(true)
  })
})

describe('choosePayRate', () => {
  const overrides: PayOverride[] = [
    { interpreterId: null, language: 'Somali', rateUnits: 9_000 },
    { interpreterId: 'ana', language: null, rateUnits: 8_000 },
    { interpreterId: 'ana', language: 'Somali', rateUnits: 9_500 },
    { interpreterId: 'ben', language: 'Somali', rateUnits: 9_900 },
  ]

  it('takes the most specific override that matches, else the default', () => {
    expect(choosePayRate(7_500, overrides, { interpreterId: 'ana', language: 'Somali' })).toEqual({
      rateUnits: 9_500,
      source: 'interpreter_language',
    })
    expect(choosePayRate(7_500, overrides, { interpreterId: 'ana', language: 'Spanish' })).toEqual({
      rateUnits: 8_000,
      source: 'interpreter',
    })
    expect(choosePayRate(7_500, overrides, { interpreterId: 'cy', language: 'Somali' })).toEqual({
      rateUnits: 9_000,
      source: 'language',
    })
    expect(choosePayRate(7_500, overrides, { interpreterId: 'cy', language: 'Spanish' })).toEqual({
      rateUnits: 7_500,
      source: 'default',
    })
  })

  it('never takes another interpreter’s or another language’s override', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            interpreterId: fc.option(fc.constantFrom('ana', 'ben')),
            language: fc.option(fc.constantFrom('Somali', 'Spanish')),
            rateUnits: fc.integer({ min: 0, max: MAX_RATE_UNITS }),
          }),
        ),
        fc.constantFrom('ana', 'ben', 'cy'),
        fc.constantFrom('Somali', 'Spanish', 'Karen'),
        (list, interpreterId, language) => {
          const chosen = choosePayRate(1, list, { interpreterId, language })
          if (chosen.source === 'default') {
            expect(
              list.some(
                (o) =>
                  (o.interpreterId ?? interpreterId) === interpreterId &&
                  (o.language ?? language) === language &&
                  (o.interpreterId || o.language),
              ),
            ).toBe(false)
          } else {
            expect(
              list.some(
                (o) =>
                  o.rateUnits === chosen.rateUnits &&
                  (o.interpreterId === null || o.interpreterId === interpreterId) &&
                  (o.language === null || o.language === language),
              ),
            ).toBe(true)
          }
        },
      ),
    )
  })
})
