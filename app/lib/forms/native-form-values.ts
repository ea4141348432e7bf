import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react'
import { constraintOf, type FormConstraint } from './form-constraint'
import { useNativeForm, type FormReply, type NativeField } from './native-form'

/** The labels of one row's fields in a list, by the row's number from 1. */
export type RowLabels = (row: number) => Record<string, string>

/** One row of a list field: `key` for React, `index` for its fields' names. */
export interface ListRow {
  key: number
  index: number
}

type Values = Record<string, unknown>

/**
 * The name of the button that adds or removes a row, and its value: Conform's list intent,
 * which the server's parse (`parseWithZod`) applies and answers without JavaScript.
 */
const LIST_INTENT = '__intent__'

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

/** A field's name once row `removed` of `list` is gone: renumbered, or undefined if it went. */
function afterRemoval(name: string, list: string, removed: number): string | undefined {
  const row = new RegExp(`^${list}\\[(\\d+)\\](.*)$`).exec(name)
  if (!row) return name
  const index = Number(row[1])
  if (index === removed) return undefined
  return index > removed ? `${list}[${index - 1}]${row[2]}` : name
}

/**
 * `useNativeForm` for the forms behind sign-in, with what they need and the public pages do
 * not load (docs/decisions/055-one-browser-form-system.md):
 * - fields that start from values (the record being edited), lists of rows among them,
 *   which buttons add and remove in the browser (and, without JavaScript, on the server);
 * - the fresh start a `resetForm` reply asks for, once a record is saved;
 * - for a form without an `ErrorSummary`, focus on its first invalid field after a refusal.
 */
export function useNativeFormWithValues<Fields extends Record<string, unknown>>({
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
  const start = (reply: FormReply | undefined) => ({
    reply,
    // The values sent back, or after a reset (`initialValue: null`) the defaults.
    values: (reply?.initialValue ?? defaultValue ?? {}) as Values,
    /** The keys of the rows of lists changed in the browser; other rows are keyed by index. */
    keys: {} as Record<string, number[]>,
  })
  const [state, setState] = useState(() => start(lastResult))
  let current = state
  // Once another form of the page was sent (no reply for this one), it keeps what it shows.
  if (lastResult && state.reply !== lastResult) {
    current = start(lastResult)
    setState(current)
  }
  const { values } = current

  /** The rows of the list field `list`, as the form shows them now. */
  const rows = (list: Name): ListRow[] =>
    rowsAt(values, list).map((_, index) => ({ key: current.keys[list]?.[index] ?? index, index }))

  const flatLabels: Record<string, string> = {}
  for (const [name, label] of Object.entries(labels)) {
    if (typeof label === 'string') flatLabels[name] = label
    else if (typeof label === 'function')
      for (const { index } of rows(name as Name))
        for (const [key, rowLabel] of Object.entries(label(index + 1)))
          flatLabels[`${name}[${index}].${key}`] = rowLabel
  }
  // The answer to a list button sent without JavaScript: nothing was submitted, so it shows
  // no errors yet.
  const reply = useMemo(
    () => (lastResult?.intent ? { ...lastResult, error: null } : lastResult),
    [lastResult],
  )
  const form = useNativeForm<Record<string, string>>({
    lastResult: reply,
    constraint,
    labels: flatLabels,
  })
  const formId = form.formProps.id

  // A reply that starts the form afresh empties what was typed: the controls return to
  // their defaults, and are checked again on blur.
  useEffect(() => {
    if (lastResult?.initialValue !== null) return
    form.renameFields(() => undefined)
    const element = document.getElementById(formId)
    if (element instanceof HTMLFormElement) element.reset()
  }, [lastResult, formId])

  const refusals = form.summary.refusedSubmits
  const seenRefusals = useRef(refusals)
  useEffect(() => {
    if (errorSummary || refusals === seenRefusals.current) return
    seenRefusals.current = refusals
    document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [errorSummary, refusals, formId])

  const field = (name: Name | `${Name}[${number}]${string}`): NativeField => {
    const fieldConstraint = constraintOf(constraint, name)
    return {
      ...form.field(name),
      required: fieldConstraint.required === true,
      constraint: fieldConstraint,
      initialValue: valueAt(values, name),
    }
  }

  const changeRows = (list: Name, change: (listRows: unknown[], keys: number[]) => void) =>
    setState((previous) => {
      const listRows = [...rowsAt(previous.values, list)]
      const keys = listRows.map((_, index) => previous.keys[list]?.[index] ?? index)
      change(listRows, keys)
      return {
        ...previous,
        values: { ...previous.values, [list]: listRows },
        keys: { ...previous.keys, [list]: keys },
      }
    })

  /**
   * A list's button: a submit button with Conform's list intent, which the server applies
   * without JavaScript; with it, the browser changes the rows in place.
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
      changeRows(list, (listRows, keys) => {
        listRows.splice(index, 1)
        keys.splice(index, 1)
      })
      form.renameFields((name) => afterRemoval(name, list, index))
    })

  return { ...form, field, rows, insertButton, removeButton }
}
