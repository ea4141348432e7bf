import type { InputHTMLAttributes } from 'react'

type ConstraintAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'minLength' | 'maxLength' | 'pattern' | 'min' | 'max' | 'step' | 'multiple'
>

const TYPED_TEXT = new Set(['text', 'search', 'url', 'tel', 'email', 'password'])
const RANGED = new Set(['number', 'range', 'date', 'month', 'week', 'time', 'datetime-local'])
const SEVERAL = new Set(['email', 'file'])

/**
 * `props` (with every constraint of the field's schema) without the constraint
 * attributes HTML does not allow on an `<input>` of `type`: lengths and a pattern belong to
 * typed text, a range and a step to numbers, dates and times, `multiple` to e-mail and files.
 * The schema says what a value must look like; the control says how it is entered (a date
 * checked by a regex on the server is picked, not typed, in the browser).
 */
export function forInputType<Props extends ConstraintAttributes>(props: Props, type: string) {
  const allowed: Props = { ...props }
  if (!TYPED_TEXT.has(type)) {
    delete allowed.minLength
    delete allowed.maxLength
    delete allowed.pattern
  }
  if (!RANGED.has(type)) {
    delete allowed.min
    delete allowed.max
    delete allowed.step
  }
  if (!SEVERAL.has(type)) delete allowed.multiple
  return allowed
}
