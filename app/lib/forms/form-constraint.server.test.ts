import { describe, expect, it } from 'vitest'
import { MAX_DURATION_MINUTES, MIN_DURATION_MINUTES } from '../../domain/bookings'
import { MAX_CLOSEOUT_NOTE_LENGTH } from '../../domain/closeouts'
import { amountField } from '../validation/amount'
import { bookingSchema, DURATION_MESSAGE } from '../validation/booking'
import { leadSchema } from '../validation/lead'
import { closeoutSchema } from '../validation/closeout'
import { formConstraint } from './form-constraint.server'
import { z } from 'zod'

/** What the browser does with a `pattern` attribute: compiled with `v`, anchored. */
const browserAccepts = (pattern: string | undefined, value: string) =>
  pattern !== undefined && new RegExp(`^(?:${pattern})$`, 'v').test(value)

describe('the browser constraints of the product’s forms', () => {
  it('contact form: lengths of every text, the phone’s format', () => {
    const constraint = formConstraint(leadSchema)
    expect(constraint.name).toEqual({ required: true, minLength: 1, maxLength: 200 })
    expect(constraint.email).toMatchObject({ required: true, maxLength: 254 })
    expect(constraint.company).toMatchObject({ required: true, maxLength: 200 })
    expect(constraint.message).toMatchObject({ required: true, maxLength: 5000 })
    expect(constraint.phone).toMatchObject({
      required: false,
      title: 'Please enter a valid phone number.',
    })
    expect(browserAccepts(constraint.phone?.pattern, '+1 (512) 555-0100')).toBe(true)
    expect(browserAccepts(constraint.phone?.pattern, 'call me')).toBe(false)
  })

  it('booking form: the duration’s range in whole minutes, the date and time formats', () => {
    const constraint = formConstraint(bookingSchema(new Date('2026-11-20T12:00:00Z')))
    expect(constraint.durationMinutes).toEqual({
      required: true,
      min: MIN_DURATION_MINUTES,
      max: MAX_DURATION_MINUTES,
      step: 1,
      title: DURATION_MESSAGE,
    })
    expect(constraint.location).toMatchObject({ required: true, maxLength: 500 })
    expect(constraint.notes).toMatchObject({ required: false, maxLength: 2000 })
    expect(constraint.files).toMatchObject({ required: false, multiple: true })
    expect(browserAccepts(constraint.date?.pattern, '2026-12-01')).toBe(true)
    expect(browserAccepts(constraint.time?.pattern, '24:00')).toBe(false)
    expect(browserAccepts(constraint.contactPhone?.pattern, '+1 512 555 0100')).toBe(true)
  })

  it('closeout form: mileage and each expense’s amount have the amount format', () => {
    const constraint = formConstraint(
      closeoutSchema({
        now: new Date('2026-11-20T12:00:00Z'),
        timeZone: 'America/New_York',
        bookedStart: new Date('2026-11-19T15:00:00Z'),
        onSite: true,
        lateCancelled: false,
      }),
    )
    expect(constraint.mileage).toMatchObject({ required: false, maxLength: 20 })
    expect(browserAccepts(constraint.mileage?.pattern, '12.4')).toBe(true)
    expect(browserAccepts(constraint.mileage?.pattern, '12.45')).toBe(false)
    expect(constraint['expenses[].amount']).toMatchObject({ required: false, maxLength: 20 })
    expect(browserAccepts(constraint['expenses[].amount']?.pattern, '$12.50')).toBe(true)
    expect(constraint['expenses[].description']).toMatchObject({ maxLength: 200 })
    expect(constraint.note).toMatchObject({ required: false, maxLength: MAX_CLOSEOUT_NOTE_LENGTH })
    expect(browserAccepts(constraint.startDate?.pattern, '2026-11-20')).toBe(true)
  })

  it('an amount field: the browser accepts what the server reads, and refuses a decimal comma', () => {
    const field = amountField({ decimals: 2, max: 10 ** 11, message: 'Please enter an amount.' })
    const { price } = formConstraint(z.object({ price: field }))
    expect(price).toMatchObject({ required: true, maxLength: 20, title: 'Please enter an amount.' })
    for (const typed of ['1250', '1,250.50', '$0.99', '$ 12.5', ' 12.50 ', '1,5', '12.505', 'ten'])
      expect(browserAccepts(price?.pattern, typed), typed).toBe(field.safeParse(typed).success)
  })
})

describe('what a schema says to the browser', () => {
  it('names nested fields and list items as Conform does', () => {
    const constraint = formConstraint(
      z.object({
        contact: z.object({ city: z.string().max(100) }),
        languages: z.array(z.object({ language: z.string().max(50) })).min(1),
        pair: z.tuple([z.string().max(3), z.number().int()]),
      }),
    )
    expect(constraint).toEqual({
      contact: { required: true },
      'contact.city': { required: true, maxLength: 100 },
      languages: { required: true, multiple: true },
      'languages[]': { required: true },
      'languages[].language': { required: true, maxLength: 50 },
      pair: { required: true },
      'pair[0]': { required: true, maxLength: 3 },
      'pair[1]': { required: true, step: 1 },
    })
  })

  it('an optional, defaulted, caught or emptiable field is not required', () => {
    const constraint = formConstraint(
      z.object({
        optional: z.string().max(5).optional(),
        defaulted: z.boolean().default(false),
        caught: z.string().max(5).catch(''),
        emptiable: z.literal('').or(
          z
            .string()
            .max(5)
            .regex(/^[a-z]+$/),
        ),
        ticked: z.literal('on'),
      }),
    )
    expect(constraint).toEqual({
      optional: { required: false, maxLength: 5 },
      defaulted: { required: false },
      caught: { required: false },
      emptiable: { required: false, maxLength: 5, pattern: '[a-z]+' },
      ticked: { required: true },
    })
  })

  it('reads through coercion, trimming, transforms and preprocessing; ignores refinements', () => {
    const constraint = formConstraint(
      z.object({
        coerced: z.coerce.number().gt(0).lt(10).int(),
        decimal: z.number().gt(0).max(2.5),
        trimmed: z
          .string()
          .trim()
          .max(5)
          .refine((value) => value !== 'admin'),
        transformed: z.string().regex(/^\d+$/).transform(Number).pipe(z.number().min(100)),
        preprocessed: z.preprocess(
          (value) => (value === '' ? undefined : value),
          z.string().max(8).optional(),
        ),
        piped: z.string().max(254).pipe(z.string().min(3)),
        lowered: z
          .string()
          .toLowerCase()
          .regex(/^[a-z]+$/),
        choice: z.enum(['a', 'b']),
      }),
    )
    expect(constraint).toEqual({
      coerced: { required: true, min: 1, max: 9, step: 1 },
      decimal: { required: true, max: 2.5 },
      trimmed: { required: true, maxLength: 5 },
      transformed: { required: true, pattern: '\\d+' },
      preprocessed: { required: false, maxLength: 8 },
      piped: { required: true, minLength: 3, maxLength: 254 },
      // The server lowers the case before its check: the browser cannot tell.
      lowered: { required: true },
      choice: { required: true },
    })
  })

  it('a string with two regexes must match both', () => {
    const { code } = formConstraint(
      z.object({
        code: z
          .string()
          .regex(/^[A-Z\d]+$/)
          .regex(/^\w{4}$/),
      }),
    )
    expect(browserAccepts(code?.pattern, 'AB12')).toBe(true)
    expect(browserAccepts(code?.pattern, 'ABC1D')).toBe(false)
    expect(browserAccepts(code?.pattern, 'ab12')).toBe(false)
  })
})
