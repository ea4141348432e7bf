import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type FormHTMLAttributes,
  type MouseEvent,
} from 'react'
import { constraintOf, type FormConstraint } from './form-constraint'
import { invalidFields, useRefusedSubmits } from './refused-submits'
import { isFieldElement, messageFor, type FieldElement } from './validation-messages'

/**
 * What a form's action answers: the shape of Conform's `SubmissionResult`, which the server
 * still builds with the Zod schema. The browser reads only these plain fields, so neither
 * Conform nor Zod is shipped to the browser (decisions 003 and 011 in docs/decisions/).
 */
export interface FormReply {
  /** What was sent, to fill the form again; null when the form starts afresh (`resetForm`). */
  initialValue?: Record<string, unknown> | null
  error?: Record<string, string[] | null> | null
  /** Set when a list button (add or remove a row) was sent without JavaScript. */
  intent?: unknown
}

export interface NativeField {
  id: string
  name: string
  /** What the field is called: its label, and its name in the error summary. */
  label: string
  errorId: string
  errors: string[] | undefined
  required: boolean
  constraint: FormConstraint[string]
  /** What the visitor sent last time (from the server's reply), or the field's default. */
  initialValue: unknown
}

/** The labels of one row's fields in a list, by the row's number from 1. */
export type RowLabels = (row: number) => Record<string, string>

/** One row of a list field: `key` for React, `index` for the fields' names. */
export interface ListRow {
  key: number
  index: number
}

type Errors = Record<string, string[]>
type Values = Record<string, unknown>

/**
 * The name of the button that adds or removes a row, and its value: Conform's list intent,
 * which the server's parse (`parseWithZod`) applies and answers without JavaScript.
 */
const LIST_INTENT = '__intent__'

function errorsFrom(reply: FormReply | undefined): Errors {
  const errors: Errors = {}
  // After a list button nothing was submitted: nothing to complain about yet.
  if (reply?.intent) return errors
  for (const [name, messages] of Object.entries(reply?.error ?? {}))
    if (messages?.length) errors[name] = messages
  return errors
}

/** The value at `name` (`languages[1].language`) in nested values. */
function valueAt(values: unknown, name: string): unknown {
  let value = values
  for (const segment of name.match(/[^.[\]]+/g) ?? []) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Values)[segment]
  }
  return value
}

function rowsAt(values: Values, list: string): unknown[] {
  const rows = values[list]
  return Array.isArray(rows) ? rows : []
}

/** A row's field `name` once row `removed` of `list` is gone: renumbered, or undefined if gone. */
function afterRemoval(name: string, list: string, removed: number): string | undefined {
  const row = new RegExp(`^${list}\\[(\\d+)\\](.*)$`).exec(name)
  if (!row) return name
  const index = Number(row[1])
  if (index === removed) return undefined
  return index > removed ? `${list}[${index - 1}]${row[2]}` : name
}

/** The first invalid control named `name`, or undefined when all of them are valid. */
function firstInvalid(form: HTMLFormElement, name: string): FieldElement | undefined {
  return Array.from(form.elements).find(
    (element): element is FieldElement =>
      isFieldElement(element) && element.name === name && !element.validity.valid,
  )
}

/**
 * A form validated by the browser's constraint validation, with our messages next to the
 * fields: on blur, again on input once a field was checked, and on submit (which is
 * stopped, and the error summary takes focus). The constraints come from the form's Zod
 * schema on the server; without JavaScript the browser enforces the same attributes and
 * the server answers with the schema's messages.
 */
export function useNativeForm<Fields extends Record<string, unknown>>({
  lastResult,
  constraint,
  labels,
  defaultValue,
  errorSummary = true,
}: {
  lastResult: FormReply | undefined
  constraint: FormConstraint
  /**
   * What each field is called, in the order of the form (the error summary's order); for a
   * list of rows (`ranges[0].day`), the labels of a row's fields by its number.
   */
  labels: Partial<Record<Extract<keyof Fields, string>, string | RowLabels>>
  /** What the fields hold before the server sent anything back (a list as an array of rows). */
  defaultValue?: Partial<Record<Extract<keyof Fields, string>, unknown>>
  /**
   * False for a form that shows no `ErrorSummary` (a small form on a busy screen): a refused
   * submit then focuses its first invalid field instead.
   */
  errorSummary?: boolean
}) {
  type Name = Extract<keyof Fields, string>
  const formId = useId()
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const fromReply = (reply: FormReply | undefined) => ({
    reply,
    errors: errorsFrom(reply),
    values: (reply?.initialValue ?? defaultValue ?? {}) as Values,
    /** The rows' keys of the lists changed in the browser; the others are keyed by index. */
    keys: {} as Record<string, number[]>,
  })
  const [shown, setShown] = useState(() => fromReply(lastResult))
  let current = shown
  if (shown.reply !== lastResult) {
    // A new answer from the server replaces what the browser found; once another form of
    // the page was sent, this one keeps what it shows, less the errors of its last answer.
    current = lastResult ? fromReply(lastResult) : { ...shown, reply: lastResult, errors: {} }
    setShown(current)
  }
  const { errors, values } = current
  const checked = useRef(new Set<string>())
  const { refusedSubmits, counting } = useRefusedSubmits(
    lastResult,
    Object.keys(errorsFrom(lastResult)).length > 0,
  )

  // A reply that starts the form afresh (Conform's `resetForm`) empties what was typed.
  useEffect(() => {
    if (lastResult?.initialValue !== null) return
    checked.current.clear()
    const form = document.getElementById(formId)
    if (form instanceof HTMLFormElement) form.reset()
  }, [lastResult, formId])

  // Without a summary to take focus, a refusal focuses the first invalid field.
  const seenRefusals = useRef(refusedSubmits)
  useEffect(() => {
    if (errorSummary || refusedSubmits === seenRefusals.current) return
    seenRefusals.current = refusedSubmits
    const form = document.getElementById(formId)
    if (!(form instanceof HTMLFormElement)) return
    const control = Array.from(form.elements).find(
      (element): element is FieldElement =>
        isFieldElement(element) && Boolean(errors[element.name]),
    )
    control?.focus()
  }, [errorSummary, refusedSubmits, formId, errors])

  const update = (form: HTMLFormElement, name: string) => {
    const invalid = firstInvalid(form, name)
    setShown((state) => {
      const next = { ...state.errors }
      if (invalid) next[name] = [messageFor(invalid)]
      else delete next[name]
      return { ...state, errors: next }
    })
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget
    const next: Errors = {}
    for (const element of Array.from(form.elements)) {
      if (!isFieldElement(element) || !element.name || element.type === 'hidden') continue
      if (element.disabled) continue
      checked.current.add(element.name)
      if (!element.validity.valid) next[element.name] ??= [messageFor(element)]
    }
    setShown((state) => ({ ...state, errors: next }))
    if (Object.keys(next).length > 0) event.preventDefault()
  }

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const element = event.target
    if (!isFieldElement(element) || !element.name || element.type === 'hidden') return
    checked.current.add(element.name)
    update(event.currentTarget, element.name)
  }

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const element = event.target
    if (!(element instanceof Element) || !isFieldElement(element) || !element.name) return
    if (checked.current.has(element.name)) update(event.currentTarget, element.name)
  }

  const labelOf = (name: string): string => {
    const label = labels[name as Name]
    if (typeof label === 'string') return label
    const row = /^(\w+)\[(\d+)\]\.(.+)$/.exec(name)
    const rowLabels = row ? labels[row[1] as Name] : undefined
    if (row && typeof rowLabels === 'function')
      return rowLabels(Number(row[2]) + 1)[row[3]!] ?? name
    return name
  }

  const field = (name: Name | `${Name}[${number}]${string}`): NativeField => {
    const id = `${formId}-field-${name}`
    const fieldConstraint = constraintOf(constraint, name)
    return {
      id,
      name,
      label: labelOf(name),
      errorId: `${id}-error`,
      errors: errors[name],
      required: fieldConstraint.required === true,
      constraint: fieldConstraint,
      initialValue: valueAt(values, name),
    }
  }

  /** The rows of the list field `list`, as the form shows them now. */
  const rows = (list: Name): ListRow[] =>
    rowsAt(values, list).map((_, index) => ({
      key: current.keys[list]?.[index] ?? index,
      index,
    }))

  /** Changes the rows of `list` in the browser; `rename` moves their errors along. */
  const changeRows = (
    list: Name,
    change: (listRows: unknown[], keys: number[]) => void,
    rename: (name: string) => string | undefined = (name) => name,
  ) =>
    setShown((state) => {
      const listRows = [...rowsAt(state.values, list)]
      const keys = listRows.map((_, index) => state.keys[list]?.[index] ?? index)
      change(listRows, keys)
      const renamed: Errors = {}
      for (const [name, messages] of Object.entries(state.errors)) {
        const to = rename(name)
        if (to) renamed[to] = messages
      }
      return {
        ...state,
        errors: renamed,
        values: { ...state.values, [list]: listRows },
        keys: { ...state.keys, [list]: keys },
      }
    })

  /**
   * A list's button, a submit button of Conform's list intent: the server adds or removes
   * the row without JavaScript, the browser does it in place with it.
   */
  const listButton = (intent: object, change: () => void) => ({
    type: 'submit' as const,
    name: LIST_INTENT,
    value: JSON.stringify(intent),
    formNoValidate: true,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      event.preventDefault()
      change()
    },
  })

  /** The props of the button that adds a row to `list`, holding `row` (or empty). */
  const insertButton = (list: Name, row?: Record<string, string>) =>
    listButton({ type: 'insert', payload: { name: list, defaultValue: row } }, () =>
      changeRows(list, (listRows, keys) => {
        listRows.push(row)
        keys.push(Math.max(-1, ...keys) + 1)
      }),
    )

  /** The props of the button that removes row `index` of `list`; the rows below move up. */
  const removeButton = (list: Name, index: number) =>
    listButton({ type: 'remove', payload: { name: list, index } }, () => {
      const rename = (name: string) => afterRemoval(name, list, index)
      changeRows(
        list,
        (listRows, keys) => {
          listRows.splice(index, 1)
          keys.splice(index, 1)
        },
        rename,
      )
      checked.current = new Set([...checked.current].flatMap((name) => rename(name) ?? []))
    })

  const formErrors = errors['']
  const formErrorId = `${formId}-form-error`
  const formProps: Pick<
    FormHTMLAttributes<HTMLFormElement>,
    'noValidate' | 'onSubmit' | 'onBlur' | 'onInput' | 'aria-describedby'
  > & { id: string } = {
    id: formId,
    // With JavaScript we show our own messages; without it the browser's apply.
    noValidate: hydrated,
    onSubmit: counting(onSubmit),
    onBlur,
    onInput,
    // The message about the whole form, shown with `formErrorId`, describes it.
    'aria-describedby': formErrors?.length ? formErrorId : undefined,
  }
  const named = Object.entries(labels).flatMap(([name, label]) => {
    if (typeof label === 'string') return [[field(name as Name), label] as const]
    if (typeof label !== 'function') return []
    return rows(name as Name).flatMap(({ index }) =>
      Object.entries(label(index + 1)).map(
        ([key, rowLabel]) => [field(`${name as Name}[${index}].${key}`), rowLabel] as const,
      ),
    )
  })
  return {
    formProps,
    field,
    rows,
    insertButton,
    removeButton,
    /** What the form's `ErrorSummary` shows. */
    summary: { fields: invalidFields(named), refusedSubmits },
    formErrors,
    formErrorId,
  }
}
