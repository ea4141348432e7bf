import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  assignmentAmounts,
  billableMinutes,
  closeoutOutcomeValues,
  defaultRates,
  formatRateUnits,
  invoiceLineRule,
  invoiceNumber,
  invoicePeriodOf,
  MAX_EXPENSE_CENTS,
  MAX_EXPENSES,
  MAX_MILEAGE_TENTHS,
  MAX_RATE_UNITS,
  MAX_TRAVEL_MINUTES,
  mileageAmountCents,
  minutesAmountCents,
  nextInvoicePeriod,
  nextStatementPeriod,
  periodLabel,
  statementPeriodOf,
  sumCents,
  type Rates,
} from './billing'
import { MAX_DURATION_MINUTES } from './bookings'
import { centsAsDecimal, divideRoundingHalfUp, formatCents, parseDecimal } from './money'

const rates: fc.Arbitrary<Rates> = fc.record({
  clientRateUnits: fc.integer({ min: 0, max: MAX_RATE_UNITS }),
  interpreterRateUnits: fc.integer({ min: 0, max: MAX_RATE_UNITS }),
  minimumMinutes: fc.integer({ min: 1, max: 240 }),
  mileageCentsPerMile: fc.integer({ min: 0, max: 500 }),
  travelClientRateUnits: fc.integer({ min: 0, max: MAX_RATE_UNITS }),
  travelInterpreterRateUnits: fc.integer({ min: 0, max: MAX_RATE_UNITS }),
})
const outcome = fc.constantFrom(...closeoutOutcomeValues)
const minutes = fc.integer({ min: 0, max: 16 * 60 })
const booked = fc.integer({ min: 15, max: MAX_DURATION_MINUTES })
const mileage = fc.integer({ min: 0, max: MAX_MILEAGE_TENTHS })
const travel = fc.integer({ min: 0, max: MAX_TRAVEL_MINUTES })
const expenses = fc.array(fc.integer({ min: 1, max: MAX_EXPENSE_CENTS }), {
  maxLength: MAX_EXPENSES,
})

describe('divideRoundingHalfUp', () => {
  it('rounds half up, exactly, where floating point would not', () => {
    expect(divideRoundingHalfUp(145, 10)).toBe(15)
    expect(divideRoundingHalfUp(144, 10)).toBe(14)
    expect(divideRoundingHalfUp(5, 10)).toBe(1)
    expect(divideRoundingHalfUp(4, 10)).toBe(0)
    expect(divideRoundingHalfUp(0, 7)).toBe(0)
  })

  it('is the nearest integer, never off by more than half', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 1, max: 10_000 }),
        (numerator, denominator) => {
          const rounded = divideRoundingHalfUp(numerator, denominator)
          const error = rounded * denominator - numerator
          // -d/2 < error <= d/2 ... half rounds up, so the error is in (-d/2, d/2].
          expect(2 * error).toBeGreaterThan(-denominator)
          expect(2 * error).toBeLessThanOrEqual(denominator)
        },
      ),
    )
  })

  it('refuses negative or fractional input instead of guessing', () => {
    expect(() => divideRoundingHalfUp(-1, 10)).toThrow(RangeError)
    expect(() => divideRoundingHalfUp(1.5, 10)).toThrow(RangeError)
    expect(() => divideRoundingHalfUp(1, 0)).toThrow(RangeError)
  })
})

describe('billable minutes', () => {
  it('never bills less than the minimum, whatever the outcome and duration', () => {
    fc.assert(
      fc.property(outcome, minutes, booked, fc.integer({ min: 1, max: 240 }), (o, a, b, m) => {
        expect(
          billableMinutes({ outcome: o, actualMinutes: a, bookedMinutes: b, minimumMinutes: m }),
        ).toBeGreaterThanOrEqual(m)
      }),
    )
  })

  it('bills a late cancellation at exactly the minimum', () => {
    fc.assert(
      fc.property(minutes, booked, fc.integer({ min: 1, max: 240 }), (a, b, m) => {
        expect(
          billableMinutes({
            outcome: 'late_cancellation',
            actualMinutes: a,
            bookedMinutes: b,
            minimumMinutes: m,
          }),
        ).toBe(m)
      }),
    )
  })

  it('bills completed work by the actual minutes above the minimum, a no-show by the booking', () => {
    fc.assert(
      fc.property(minutes, booked, fc.integer({ min: 1, max: 240 }), (a, b, m) => {
        const input = { actualMinutes: a, bookedMinutes: b, minimumMinutes: m }
        expect(billableMinutes({ ...input, outcome: 'completed' })).toBe(Math.max(a, m))
        expect(billableMinutes({ ...input, outcome: 'client_no_show' })).toBe(Math.max(b, m))
      }),
    )
  })

  it('uses the written minimums: on-site 120, video 30, phone 1', () => {
    expect(defaultRates.on_site.minimumMinutes).toBe(120)
    expect(defaultRates.video.minimumMinutes).toBe(30)
    expect(defaultRates.phone.minimumMinutes).toBe(1)
    expect(
      billableMinutes({
        outcome: 'completed',
        actualMinutes: 45,
        bookedMinutes: 60,
        minimumMinutes: 120,
      }),
    ).toBe(120)
  })
})

describe('assignment amounts', () => {
  it('adds up: each total is exactly its parts, no cent appears or disappears', () => {
    fc.assert(
      fc.property(
        outcome,
        minutes,
        booked,
        mileage,
        travel,
        expenses,
        rates,
        (o, a, b, t, m, e, r) => {
          const amounts = assignmentAmounts({
            outcome: o,
            actualMinutes: a,
            bookedMinutes: b,
            mileageTenths: t,
            travelMinutes: m,
            expenseCents: e,
            rates: r,
          })
          for (const value of Object.values(amounts)) expect(Number.isSafeInteger(value)).toBe(true)
          expect(amounts.payTotalCents).toBe(
            amounts.payCents +
              amounts.mileageCents +
              amounts.expensesCents +
              amounts.travelPayCents,
          )
          expect(amounts.chargeTotalCents).toBe(
            amounts.chargeCents +
              amounts.mileageCents +
              amounts.expensesCents +
              amounts.travelChargeCents,
          )
          expect(amounts.payCents).toBe(minutesAmountCents(amounts.minutes, r.interpreterRateUnits))
          expect(amounts.chargeCents).toBe(minutesAmountCents(amounts.minutes, r.clientRateUnits))
          if (o === 'late_cancellation') {
            expect(
              amounts.mileageCents +
                amounts.expensesCents +
                amounts.travelPayCents +
                amounts.travelChargeCents,
            ).toBe(0)
          } else {
            expect(amounts.expensesCents).toBe(sumCents(e))
            expect(amounts.mileageCents).toBe(mileageAmountCents(t, r.mileageCentsPerMile))
            expect(amounts.travelPayCents).toBe(minutesAmountCents(m, r.travelInterpreterRateUnits))
            expect(amounts.travelChargeCents).toBe(minutesAmountCents(m, r.travelClientRateUnits))
          }
        },
      ),
    )
  })

  it('rounds each line once, to within half a cent of the exact amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: MAX_RATE_UNITS }),
        (m, units) => {
          const exactHundredths = m * units
          const cents = minutesAmountCents(m, units)
          expect(Math.abs(cents * 100 - exactHundredths)).toBeLessThanOrEqual(50)
        },
      ),
    )
  })

  it('a document total is the sum of its lines, in any order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 200 }),
        (lines) => {
          const total = sumCents(lines)
          expect(sumCents([...lines].reverse())).toBe(total)
          const half = Math.floor(lines.length / 2)
          expect(sumCents(lines.slice(0, half)) + sumCents(lines.slice(half))).toBe(total)
        },
      ),
    )
  })

  it('pays more (or the same) for longer completed work', () => {
    fc.assert(
      fc.property(minutes, minutes, rates, (a, b, r) => {
        const [short, long] = a <= b ? [a, b] : [b, a]
        const amount = (actual: number) =>
          assignmentAmounts({
            outcome: 'completed',
            actualMinutes: actual,
            bookedMinutes: 60,
            mileageTenths: 0,
            travelMinutes: 0,
            expenseCents: [],
            rates: r,
          }).payCents
        expect(amount(long)).toBeGreaterThanOrEqual(amount(short))
      }),
    )
  })

  it('works a known example to the cent', () => {
    // 150 minutes on site at $0.75 and $1.1667, 34.0 miles at 70 cents, a $12.50 parking receipt.
    const amounts = assignmentAmounts({
      outcome: 'completed',
      actualMinutes: 150,
      bookedMinutes: 120,
      mileageTenths: 340,
      travelMinutes: 0,
      expenseCents: [1250],
      rates: defaultRates.on_site,
    })
    expect(amounts).toMatchObject({
      minutes: 150,
      payCents: 11_250,
      chargeCents: 17_501, // 150 × 1.1667 = 175.005, rounded half up
      mileageCents: 2_380,
      expensesCents: 1_250,
      payTotalCents: 14_880,
      chargeTotalCents: 21_131,
    })
  })
})

describe('travel time', () => {
  it('pays and bills 50 minutes on the road at each side’s rate, rounded once per line', () => {
    // $0.3333 and $0.5555 a minute: 50 × 0.3333 = $16.665 → $16.67; 50 × 0.5555 = $27.775 → $27.78.
    const amounts = assignmentAmounts({
      outcome: 'client_no_show',
      actualMinutes: 0,
      bookedMinutes: 120,
      mileageTenths: 0,
      travelMinutes: 50,
      expenseCents: [],
      rates: {
        ...defaultRates.on_site,
        travelInterpreterRateUnits: 3_333,
        travelClientRateUnits: 5_555,
      },
    })
    expect(amounts).toMatchObject({ travelPayCents: 1_667, travelChargeCents: 2_778 })
    expect(amounts.payTotalCents).toBe(amounts.payCents + 1_667)
  })

  it('is neither paid nor billed for a late cancellation: nobody travelled', () => {
    const amounts = assignmentAmounts({
      outcome: 'late_cancellation',
      actualMinutes: 0,
      bookedMinutes: 120,
      mileageTenths: 0,
      travelMinutes: 90,
      expenseCents: [],
      rates: {
        ...defaultRates.on_site,
        travelInterpreterRateUnits: 5_000,
        travelClientRateUnits: 5_000,
      },
    })
    expect(amounts.travelPayCents + amounts.travelChargeCents).toBe(0)
  })
})

describe('periods', () => {
  it('splits each month at the 15th for statements', () => {
    expect(statementPeriodOf('2026-02-15')).toEqual({ start: '2026-02-01', end: '2026-02-15' })
    expect(statementPeriodOf('2026-02-16')).toEqual({ start: '2026-02-16', end: '2026-02-28' })
    expect(statementPeriodOf('2028-02-29')).toEqual({ start: '2028-02-16', end: '2028-02-29' })
    expect(nextStatementPeriod(statementPeriodOf('2026-12-20'))).toEqual({
      start: '2027-01-01',
      end: '2027-01-15',
    })
  })

  it('tiles the calendar: every day is in exactly one period, the next starts the day after', () => {
    const day = fc
      .date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10))
    fc.assert(
      fc.property(day, (date) => {
        for (const [periodOf, next] of [
          [statementPeriodOf, nextStatementPeriod],
          [invoicePeriodOf, nextInvoicePeriod],
        ] as const) {
          const period = periodOf(date)
          expect(period.start <= date && date <= period.end).toBe(true)
          const following = next(period)
          const dayAfterEnd = new Date(`${period.end}T00:00:00Z`)
          dayAfterEnd.setUTCDate(dayAfterEnd.getUTCDate() + 1)
          expect(following.start).toBe(dayAfterEnd.toISOString().slice(0, 10))
          expect(periodOf(following.start)).toEqual(following)
        }
      }),
    )
  })

  it('names periods as people say them', () => {
    expect(periodLabel(statementPeriodOf('2026-03-02'))).toBe('March 1-15, 2026')
    expect(periodLabel(statementPeriodOf('2026-03-31'))).toBe('March 16-31, 2026')
    expect(periodLabel(invoicePeriodOf('2026-03-31'))).toBe('March 2026')
  })
})

describe('formatting and parsing', () => {
  it('shows rates to the hundredth of a cent and money to the cent', () => {
    expect(formatRateUnits(9167)).toBe('$0.9167')
    expect(formatRateUnits(12_500)).toBe('$1.2500')
    expect(formatCents(123_456)).toBe('$1,234.56')
    expect(formatCents(-5)).toBe('-$0.05')
    expect(centsAsDecimal(123_456)).toBe('1234.56')
    expect(invoiceNumber(42)).toBe('INV-000042')
  })

  it('reads typed amounts from their digits', () => {
    expect(parseDecimal('0.9167', 4)).toBe(9167)
    expect(parseDecimal('$1,250.5', 2)).toBe(125_050)
    expect(parseDecimal('12.4', 1)).toBe(124)
    expect(parseDecimal('0.29', 2)).toBe(29)
    expect(parseDecimal('1.23456', 4)).toBeUndefined()
    expect(parseDecimal('-1', 2)).toBeUndefined()
  })

  it('round-trips any amount of cents through its decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => {
        expect(parseDecimal(centsAsDecimal(cents), 2)).toBe(cents)
      }),
    )
  })
})

describe('invoice line rules', () => {
  it('says which rule set the minutes billed', () => {
    expect(invoiceLineRule({ outcome: 'completed', actualMinutes: 60, minutes: 120 })).toBe(
      'Minimum applied (60 minutes worked)',
    )
    expect(invoiceLineRule({ outcome: 'completed', actualMinutes: 150, minutes: 150 })).toBe(
      undefined,
    )
    expect(invoiceLineRule({ outcome: 'late_cancellation', actualMinutes: 0, minutes: 120 })).toBe(
      'Late cancellation: billed at the minimum',
    )
    expect(invoiceLineRule({ outcome: 'client_no_show', actualMinutes: 5, minutes: 120 })).toBe(
      'Client no-show: billed at the booked time',
    )
    expect(invoiceLineRule({ outcome: null, actualMinutes: null, minutes: null })).toBe(undefined)
  })

  it('tells a contract’s rounding from its minimum, and names a late-cancellation fee', () => {
    const rule = (actualMinutes: number, minutes: number) =>
      invoiceLineRule({ outcome: 'completed', actualMinutes, minutes, incrementMinutes: 15 })
    expect(rule(61, 75)).toBe('Rounded up to 15-minute steps (61 minutes worked)')
    expect(rule(20, 60)).toBe('Minimum applied (20 minutes worked)')
    expect(rule(75, 75)).toBe(undefined)
    expect(invoiceLineRule({ outcome: 'late_cancellation', actualMinutes: 0, minutes: null })).toBe(
      'Late cancellation: the contract’s fee',
    )
  })
})
