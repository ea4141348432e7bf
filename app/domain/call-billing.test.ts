import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_RATE_UNITS, minutesAmountCents } from './billing'
import {
  billableSeconds,
  callAmounts,
  callLineRule,
  CLIENT_GRACE_SECONDS,
  defaultCallRates,
  openInterruptionSeconds,
  startedMinutes,
  type CallRates,
} from './call-billing'
import { callEnders } from './calls'
import { billingIncrements } from './contracts'

const rates: fc.Arbitrary<CallRates> = fc.record({
  clientRateUnits: fc.integer({ min: 0, max: MAX_RATE_UNITS }),
  interpreterRateUnits: fc.integer({ min: 0, max: MAX_RATE_UNITS }),
  minimumMinutes: fc.integer({ min: 1, max: 120 }),
  incrementMinutes: fc.constantFrom(...billingIncrements),
})
const ender = fc.constantFrom(...callEnders)
/** Up to ten hours on a call. */
const seconds = fc.integer({ min: 1, max: 36_000 })

describe('billable time', () => {
  it('runs from both sides connected to the first hang-up, in whole seconds; none without a connection', () => {
    const connectedAt = new Date('2026-03-02T15:00:00.000Z')
    const endedAt = new Date('2026-03-02T15:07:17.900Z')
    expect(billableSeconds({ connectedAt, endedAt, interruptedSeconds: 0 })).toBe(437)
    expect(billableSeconds({ connectedAt: null, endedAt, interruptedSeconds: 0 })).toBe(0)
    expect(billableSeconds({ connectedAt, endedAt: null, interruptedSeconds: 0 })).toBe(0)
  })

  it('leaves out the seconds the call was interrupted, and is never below zero', () => {
    const connectedAt = new Date('2026-03-02T15:00:00.000Z')
    const endedAt = new Date('2026-03-02T15:07:17.900Z')
    expect(billableSeconds({ connectedAt, endedAt, interruptedSeconds: 37 })).toBe(400)
    expect(billableSeconds({ connectedAt, endedAt, interruptedSeconds: 500 })).toBe(0)
  })

  it('counts an interruption while both pages say their connection dropped, from the later report', () => {
    const at = new Date('2026-03-02T15:05:00.000Z')
    const before = (seconds: number) => new Date(at.getTime() - seconds * 1000)
    expect(
      openInterruptionSeconds(
        { clientDroppedAt: before(12), interpreterDroppedAt: before(9.5) },
        at,
      ),
    ).toBe(9)
    // One page alone, whichever it is, takes nothing off.
    expect(
      openInterruptionSeconds({ clientDroppedAt: before(60), interpreterDroppedAt: null }, at),
    ).toBe(0)
    expect(
      openInterruptionSeconds({ clientDroppedAt: null, interpreterDroppedAt: before(60) }, at),
    ).toBe(0)
    expect(openInterruptionSeconds({ clientDroppedAt: null, interpreterDroppedAt: null }, at)).toBe(
      0,
    )
  })

  it('counts a started minute as a minute', () => {
    expect([1, 60, 61, 120, 121].map(startedMinutes)).toEqual([1, 1, 2, 2, 3])
  })
})

describe('what a call comes to', () => {
  it('a call that never connected costs nothing and pays nothing', () => {
    fc.assert(
      fc.property(rates, ender, (callRates, endedBy) => {
        expect(callAmounts({ seconds: 0, endedBy, rates: callRates })).toMatchObject({
          free: true,
          clientMinutes: null,
          chargeCents: 0,
          payCents: 0,
        })
      }),
    )
  })

  it('a client who hangs up within 30 s is not billed; the interpreter is paid for the seconds worked', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: CLIENT_GRACE_SECONDS }), rates, (worked, callRates) => {
        const amounts = callAmounts({ seconds: worked, endedBy: 'client', rates: callRates })
        expect(amounts.clientMinutes).toBeNull()
        expect(amounts.chargeCents).toBe(0)
        expect(amounts.payMinutes).toBeNull()
        // Never more than half a minute's pay, and in proportion to the seconds.
        expect(amounts.payCents).toBeLessThanOrEqual(
          Math.ceil(minutesAmountCents(1, callRates.interpreterRateUnits) / 2),
        )
        expect(
          Math.abs(amounts.payCents * 6000 - worked * callRates.interpreterRateUnits),
        ).toBeLessThanOrEqual(3000)
      }),
    )
    // 24 s at $0.60 a minute: $0.24.
    expect(
      callAmounts({ seconds: 24, endedBy: 'client', rates: defaultCallRates.video }).payCents,
    ).toBe(24)
  })

  it('otherwise bills the started minutes rounded up to the increment, at least the minimum, and pays the started minutes', () => {
    fc.assert(
      fc.property(seconds, ender, rates, (worked, endedBy, callRates) => {
        fc.pre(endedBy !== 'client' || worked > CLIENT_GRACE_SECONDS)
        const amounts = callAmounts({ seconds: worked, endedBy, rates: callRates })
        const started = startedMinutes(worked)
        const billed = amounts.clientMinutes!
        expect(billed).toBeGreaterThanOrEqual(Math.max(started, callRates.minimumMinutes))
        expect(
          billed === callRates.minimumMinutes || billed % callRates.incrementMinutes === 0,
        ).toBe(true)
        expect(billed).toBeLessThan(
          Math.max(started + callRates.incrementMinutes, callRates.minimumMinutes + 1),
        )
        expect(amounts.chargeCents).toBe(minutesAmountCents(billed, callRates.clientRateUnits))
        expect(amounts.payMinutes).toBe(started)
        expect(amounts.payCents).toBe(minutesAmountCents(started, callRates.interpreterRateUnits))
      }),
    )
  })

  it('never charges less for a longer call', () => {
    fc.assert(
      fc.property(seconds, seconds, ender, rates, (a, b, endedBy, callRates) => {
        const [shorter, longer] = a <= b ? [a, b] : [b, a]
        fc.pre(endedBy !== 'client' || shorter > CLIENT_GRACE_SECONDS)
        const charge = (worked: number) =>
          callAmounts({ seconds: worked, endedBy, rates: callRates }).chargeCents
        expect(charge(longer)).toBeGreaterThanOrEqual(charge(shorter))
      }),
    )
  })

  it('bills 7:17 of video at the default rates as 8 minutes: $15.60 charged, $4.80 paid', () => {
    expect(
      callAmounts({ seconds: 437, endedBy: 'interpreter', rates: defaultCallRates.video }),
    ).toEqual({
      seconds: 437,
      clientMinutes: 8,
      chargeCents: 1560,
      payMinutes: 8,
      payCents: 480,
      free: false,
    })
    // The interpreter hanging up early does not spare the client the minimum.
    expect(
      callAmounts({ seconds: 10, endedBy: 'interpreter', rates: defaultCallRates.audio })
        .chargeCents,
    ).toBe(125)
  })
})

describe('the invoice line of a call', () => {
  it('says how long it was connected and why it was billed more', () => {
    expect(callLineRule({ seconds: 437, minutes: 8 })).toBe(
      'Connected 7:17: billed per started minute',
    )
    expect(callLineRule({ seconds: 437, minutes: 15 })).toBe(
      'Connected 7:17: minimum or rounding applied',
    )
  })
})
