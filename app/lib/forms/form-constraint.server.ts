import type { z } from 'zod'
import type { FormConstraint } from './form-constraint'
import { allPatterns, eitherPattern, htmlPattern } from './html-pattern'

type Schema = z.core.$ZodType
type Check = z.core.$ZodChecks

/** One field's constraints while they are collected (numbers only, `required` always said). */
interface FieldConstraint {
  required: boolean
  minLength?: number
  maxLength?: number
  min?: number
  max?: number
  step?: number
  multiple?: boolean
  pattern?: string
  title?: string
}
type Fields = Record<string, FieldConstraint>

/**
 * The browser constraints of a form, from its Zod schema (decision 003,
 * docs/decisions/003-browser-validation-from-constraints.md): for each field, named as
 * Conform names it (`contact.phone`; `expenses[].amount` for every row), whether it is
 * required, its lengths, pattern, range and step (with the schema's message for them), and
 * whether it takes several values.
 *
 * Conform's `getZodConstraint` reads lengths, ranges and patterns from `schema._zod.bag`,
 * which Zod 4.6 no longer fills for its own checks (it folds them only when it writes JSON
 * Schema), so it found nothing but `required`. This reads the checks themselves
 * (`schema._zod.def.checks`) in their order, which also tells whether a regex sees the value
 * trimmed. Refinements and transforms say nothing the browser can check.
 */
export function formConstraint(schema: Schema): FormConstraint {
  const fields: Fields = {}
  collect(schema, '', fields, new Set())
  for (const field of Object.values(fields))
    for (const key of Object.keys(field) as (keyof FieldConstraint)[])
      if (field[key] === undefined) delete field[key]
  return fields
}

function collect(schema: Schema, name: string, into: Fields, open: Set<Schema>): void {
  // A recursive schema (z.lazy) names its fields once, not forever.
  if (open.has(schema)) return
  open.add(schema)
  // The form itself (name '') has no control: what is said of it goes nowhere.
  const field = () => (name ? (into[name] ??= { required: true }) : { required: true })
  field()
  const def = (schema as z.core.$ZodTypes)._zod.def
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape))
        collect(value, name ? `${name}.${key}` : key, into, open)
      break
    case 'array':
      field().multiple = true
      collect(def.element, `${name}[]`, into, open)
      break
    case 'tuple':
      def.items.forEach((item, index) => collect(item, `${name}[${index}]`, into, open))
      break
    case 'optional':
    case 'default':
    case 'prefault':
      collect(def.innerType, name, into, open)
      field().required = false
      break
    case 'nonoptional':
      collect(def.innerType, name, into, open)
      field().required = true
      break
    case 'nullable':
    case 'readonly':
      collect(def.innerType, name, into, open)
      break
    case 'lazy':
      collect(def.getter(), name, into, open)
      break
    case 'pipe':
      merge(
        into,
        pipeSides(def).map((side) => part(side, name, open)),
        bothOf,
      )
      break
    case 'intersection':
      merge(into, [part(def.left, name, open), part(def.right, name, open)], bothOf)
      break
    case 'union': {
      // `z.literal('').or(…)`: an empty field is fine, and the browser checks lengths and
      // patterns only on a value that is not empty.
      const options = def.options.filter((option) => !acceptsOnlyEmpty(option))
      merge(
        into,
        options.map((option) => part(option, name, open)),
        eitherOf,
      )
      if (options.length < def.options.length) field().required = false
      break
    }
    case 'string':
      stringChecks(schema, field())
      break
    case 'number':
      numberChecks(schema, field())
      break
    case 'literal':
      if (def.values.some((value) => value === '' || value === undefined)) field().required = false
      break
    // Whatever comes is accepted (or replaced): nothing for the browser to refuse.
    case 'catch':
    case 'transform':
    case 'any':
    case 'unknown':
    case 'undefined':
    case 'void':
      field().required = false
      break
    // Enums (selects, radios), booleans, files: required or not, nothing more.
  }
  open.delete(schema)
}

/** The fields one branch of a schema names, collected on their own to be merged. */
function part(schema: Schema, name: string, open: Set<Schema>): Fields {
  const fields: Fields = {}
  collect(schema, name, fields, open)
  return fields
}

function merge(
  into: Fields,
  parts: Fields[],
  combine: (a: FieldConstraint, b: FieldConstraint) => FieldConstraint,
) {
  const names = new Set(parts.flatMap((fields) => Object.keys(fields)))
  for (const name of names) {
    const found = parts.flatMap((fields) => (fields[name] ? [fields[name]] : []))
    into[name] = found.reduce(combine)
  }
}

/**
 * The sides of a pipe that check the value as typed. `x.transform(f)` is a pipe to a
 * transform, which checks nothing; after a transform (`.transform(f).pipe(y)`, a codec) the
 * next side checks what the transform made, which the browser never sees; `z.preprocess`
 * tidies the typed value before its schema checks it, so that schema counts.
 */
function pipeSides(def: z.core.$ZodPipeDef): Schema[] {
  if (def.transform) return [def.in]
  if (def.in._zod.def.type === 'transform') return [def.out]
  if (endsInTransform(def.in)) return [def.in]
  return [def.in, def.out]
}

function endsInTransform(schema: Schema): boolean {
  const def = (schema as z.core.$ZodTypes)._zod.def
  return def.type === 'transform' || (def.type === 'pipe' && endsInTransform(def.out))
}

function acceptsOnlyEmpty(schema: Schema): boolean {
  const def = (schema as z.core.$ZodTypes)._zod.def
  return def.type === 'literal' && def.values.every((value) => value === '')
}

/** A value that must pass both (a pipe, an intersection). */
function bothOf(a: FieldConstraint, b: FieldConstraint): FieldConstraint {
  return {
    required: a.required || b.required,
    minLength: larger(a.minLength, b.minLength),
    maxLength: smaller(a.maxLength, b.maxLength),
    min: larger(a.min, b.min),
    max: smaller(a.max, b.max),
    step: b.step ?? a.step,
    multiple: a.multiple || b.multiple,
    pattern:
      a.pattern && b.pattern ? allPatterns([a.pattern, b.pattern]) : (a.pattern ?? b.pattern),
    title: a.title ?? b.title,
  }
}

/** A value that may pass either (a union): only what both say, loosened to fit both. */
function eitherOf(a: FieldConstraint, b: FieldConstraint): FieldConstraint {
  const both = <T>(x: T | undefined, y: T | undefined, pick: (x: T, y: T) => T | undefined) =>
    x !== undefined && y !== undefined ? pick(x, y) : undefined
  return {
    required: a.required && b.required,
    minLength: both(a.minLength, b.minLength, Math.min),
    maxLength: both(a.maxLength, b.maxLength, Math.max),
    min: both(a.min, b.min, Math.min),
    max: both(a.max, b.max, Math.max),
    step: both(a.step, b.step, (x, y) => (x === y ? x : undefined)),
    multiple: a.multiple || b.multiple,
    pattern: both(a.pattern, b.pattern, eitherPattern),
    title: both(a.title, b.title, (x, y) => (x === y ? x : undefined)),
  }
}

const larger = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.max(a, b)
const smaller = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b)

/** A schema's checks in the order they run; a format (`z.email()`, `z.int()`) is its own first. */
function checksOf(schema: Schema): Check[] {
  const checks = (schema._zod.def.checks ?? []) as Check[]
  return 'check' in schema._zod.def ? [schema as unknown as Check, ...checks] : checks
}

// Zod keeps `.trim()` as an overwrite check, which can be told from the others
// (`.toLowerCase()`, `.normalize()`) only by what it does.
const TRIM_PROBE = ' \tA\u00e9\n'
function trims(overwrite: (value: unknown) => unknown): boolean {
  try {
    return overwrite(TRIM_PROBE) === TRIM_PROBE.trim()
  } catch {
    return false
  }
}

function stringChecks(schema: Schema, field: FieldConstraint) {
  let trimmed = false
  // After another overwrite, a regex tests a value the browser does not have.
  let rewritten = false
  const patterns: string[] = []
  let title: string | undefined
  for (const check of checksOf(schema)) {
    const def = check._zod.def
    if (def.check === 'min_length') field.minLength = larger(field.minLength, def.minimum)
    else if (def.check === 'max_length') field.maxLength = smaller(field.maxLength, def.maximum)
    else if (def.check === 'length_equals') {
      field.minLength = larger(field.minLength, def.length)
      field.maxLength = smaller(field.maxLength, def.length)
    } else if (def.check === 'overwrite') {
      if (trims(def.tx)) trimmed = true
      else rewritten = true
    } else if (def.check === 'string_format' && def.format === 'regex' && def.pattern) {
      // Other formats (e-mail, UUID, date) are the control's type, or a hidden value.
      const pattern = rewritten ? undefined : htmlPattern(def.pattern, { trimmed })
      if (pattern) {
        patterns.push(pattern)
        title ??= messageOf(def)
      }
    }
  }
  field.pattern = allPatterns(patterns)
  if (field.pattern) field.title = title
}

/** The message a check gives (Zod keeps even a plain string as a function of the issue). */
function messageOf(def: Check['_zod']['def']): string | undefined {
  const message = def.error?.({ code: def.check, input: '' } as never)
  return typeof message === 'string' ? message : message?.message
}

function numberChecks(schema: Schema, field: FieldConstraint) {
  const defs = checksOf(schema).map((check) => check._zod.def)
  const isWhole = (def: Check['_zod']['def']) =>
    def.check === 'number_format' && def.format.includes('int')
  const whole = defs.some(isWhole)
  // The message of the first check the browser can enforce.
  const messages: (string | undefined)[] = []
  for (const def of defs) {
    if (isWhole(def)) messages.push(messageOf(def))
    if (def.check !== 'greater_than' && def.check !== 'less_than') continue
    if (typeof def.value !== 'number') continue
    // The browser has no exclusive bound, but a whole number above 2 is one from 3.
    if (def.check === 'greater_than') {
      const min = def.inclusive ? def.value : whole ? Math.floor(def.value) + 1 : undefined
      if (min === undefined) continue
      field.min = larger(field.min, whole ? Math.ceil(min) : min)
    } else {
      const max = def.inclusive ? def.value : whole ? Math.ceil(def.value) - 1 : undefined
      if (max === undefined) continue
      field.max = smaller(field.max, whole ? Math.floor(max) : max)
    }
    messages.push(messageOf(def))
  }
  if (whole) field.step = 1
  field.title = messages.find((message) => message !== undefined)
}
