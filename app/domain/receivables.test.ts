import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  ageBalances,
  ageingBucket,
  balanceCents,
  daysBetween,
  dueDate,
  overdueReminderDay,
  paymentRefusal,
  paymentTermsLabel,
} from './receivables'

describe('due dates', () => {
  it('adds the terms in calendar days, across months, years and leap days', () => {
    expect(dueDate('2026-04-02', 30)).toBe('2026-05-02')
    expect(dueDate('2026-12-15', 30)).toBe('2027-01-14')
    expect(dueDate('2028-02-15', 15)).toBe('2028-03-01')
    expect(dueDate('2028-02-28', 1)).toBe('2028-02-29')
    expect(dueDate('2026-04-02', 0)).toBe('2026-04-02')
    expect(overdueReminderDay('2026-05-02')).toBe('2026-05-09')
  })

  it('names the terms', () => {
    expect(paymentTermsLabel(30)).toBe('Net 30')
    expect(paymentTermsLabel(0)).toBe('Due on receipt')
  })

  it('counts the days between any two dates as adding them back', () => {
    const day = fc
      .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10))
    fc.assert(
      fc.property(day, fc.integer({ min: -800, max: 800 }), (date, days) => {
        expect(daysBetween(date, addDays(date, days))).toBe(days)
      }),
    )
  })
})

describe('ageing', () => {
  it('puts a balance in its bucket by days past due', () => {
    const due = '2026-05-02'
    expect(ageingBucket(due, '2026-04-20')).toBe('current')
    expect(ageingBucket(due, '2026-05-02')).toBe('current')
    expect(ageingBucket(due, '2026-05-03')).toBe('days1to30')
    expect(ageingBucket(due, '2026-06-01')).toBe('days1to30')
    expect(ageingBucket(due, '2026-06-02')).toBe('days31to60')
    expect(ageingBucket(due, '2026-07-01')).toBe('days31to60')
    expect(ageingBucket(due, '2026-07-02')).toBe('days61to90')
    expect(ageingBucket(due, '2026-07-31')).toBe('days61to90')
    expect(ageingBucket(due, '2026-08-01')).toBe('days90plus')
  })

  it('adds up open balances per bucket, and the buckets up to the total', () => {
    expect(
      ageBalances(
        [
          { dueOn: '2026-05-02', balanceCents: 100 },
          { dueOn: '2026-04-01', balanceCents: 250 },
          { dueOn: '2026-01-01', balanceCents: 7 },
          { dueOn: '2026-01-01', balanceCents: 0 },
        ],
        '2026-05-10',
      ),
    ).toEqual({
      current: 0,
      days1to30: 100,
      days31to60: 250,
      days61to90: 0,
      days90plus: 7,
      totalCents: 357,
    })
    const invoice = fc.record({
      dueOn: fc.integer({ min: 0, max: 400 }).map((days) => addDays('2026-01-01', days)),
      balanceCents: fc.integer({ min: 0, max: 10_000_000 }),
    })
    fc.assert(
      fc.property(fc.array(invoice), (invoices) => {
        const ageing = ageBalances(invoices, '2026-06-30')
        const { totalCents, ...buckets } = ageing
        expect(Object.values(buckets).reduce((sum, cents) => sum + cents, 0)).toBe(totalCents)
        expect(totalCents).toBe(invoices.reduce((sum, row) => sum + row.balanceCents, 0))
      }),
    )
  })
})

describe('payments', () => {
  it('refuses nothing to pay, nothing paid and more than the balance', () => {
    expect(paymentRefusal(100, 0)).toBe('This invoice has nothing left to pay.')
    expect(paymentRefusal(0, 100)).toBe('Please enter an amount of at least $0.01.')
    expect(paymentRefusal(101, 100)).toBe(
      'The amount is more than the balance of $1.00: please enter at most the balance.',
    )
    expect(paymentRefusal(100, 100)).toBeUndefined()
    expect(paymentRefusal(1, 100)).toBeUndefined()
  })

  it('never lets payments exceed the invoice, and the balance is always total minus payments', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.array(fc.integer({ min: -1_000, max: 50_000_000 }), { maxLength: 30 }),
        (totalCents, attempts) => {
          const accepted: number[] = []
          for (const amount of attempts) {
            const balance = balanceCents(
              totalCents,
              accepted.reduce((sum, cents) => sum + cents, 0),
            )
            if (paymentRefusal(amount, balance) === undefined) accepted.push(amount)
          }
          const paid = accepted.reduce((sum, cents) => sum + cents, 0)
          expect(paid).toBeLessThanOrEqual(totalCents)
          expect(accepted.every((cents) => cents > 0)).toBe(true)
          expect(balanceCents(totalCents, paid)).toBe(totalCents - paid)
          expect(balanceCents(totalCents, paid)).toBeGreaterThanOrEqual(0)
        },
      ),
    )
  })
})
