import { useEffect, useId, useRef, useState, type FocusEvent, type FormEvent } from 'react'
import type { FormConstraint } from './form-constraint'
import { invalidFields, useRefusedSubmits } from './refused-submits'
import { useFormMessages } from './form-messages'
import { isFieldElement, messageFor, type FieldElement } from './validation-messages'

/**
 * What a form's action answers when it refuses a submission: the shape of Conform's
 * `SubmissionResult`, which the server still builds with the Zod schema. The browser reads
 * only these plain fields, so neither Conform nor Zod is shipped to the browser (see
 * decisions 003, 011 and 055 in docs/decisions/).
 */
export interface FormReply {
  /** What was sent, to fill the form again; null when the form starts afresh (`resetForm`). */
  initialValue?: Record<string, unknown> | null
  error?: Record<string, string[] | null> | null
  /** Set when a list's button (add or remove a row) was sent without JavaScript. */
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
  /** What the visitor sent last time (from the server's reply), to fill the control again. */
  initialValue: unknown
}

type Errors = Record<string, string[]>

function errorsFrom(reply: FormReply | undefined): Errors {
  const errors: Errors = {}
  for (const [name, messages] of Object.entries(reply?.error ?? {}))
    if (messages?.length) errors[name] = messages
  return errors
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
 * fields: on blur, again on input once a field was checked or shows an error, and on submit
 * (which is stopped, and the error summary takes focus). The constraints come from the
 * form's Zod schema on the server; without JavaScript the browser enforces the same
 * attributes and the server answers with the schema's messages. Every form in the browser
 * uses it; the forms behind sign-in through `useNativeFormWithValues`
 * (docs/decisions/055-one-browser-form-system.md).
 */
export function useNativeForm<Fields extends Record<string, unknown>>({
  lastResult,
  constraint,
  labels,
}: {
  lastResult: FormReply | undefined
  constraint: FormConstraint
  /** What each field is called, in the order of the form (the error summary's order). */
  labels: Partial<Record<Extract<keyof Fields, string>, string>>
}) {
  const formId = useId()
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const [shown, setShown] = useState({ reply: lastResult, errors: errorsFrom(lastResult) })
  let errors = shown.errors
  if (shown.reply !== lastResult) {
    // A new answer from the server replaces what the browser found.
    errors = errorsFrom(lastResult)
    setShown({ reply: lastResult, errors })
  }
  const checked = useRef(new Set<string>())
  const { refusedSubmits, counting } = useRefusedSubmits(lastResult)
  const messages = useFormMessages()

  const update = (form: HTMLFormElement, name: string) => {
    const invalid = firstInvalid(form, name)
    setShown((current) => {
      const next = { ...current.errors }
      if (invalid) next[name] = [messageFor(invalid, messages)]
      else delete next[name]
      return { ...current, errors: next }
    })
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget
    const next: Errors = {}
    for (const element of Array.from(form.elements)) {
      if (!isFieldElement(element) || !element.name || element.type === 'hidden') continue
      if (element.disabled) continue
      checked.current.add(element.name)
      if (!element.validity.valid) next[element.name] ??= [messageFor(element, messages)]
    }
    setShown((current) => ({ ...current, errors: next }))
    if (Object.keys(next).length > 0) event.preventDefault()
  }

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const element = event.target
    if (!isFieldElement(element) || !element.name || element.type === 'hidden') return
    checked.current.add(element.name)
    update(event.currentTarget, element.name)
  }

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const element = event.target as Element
    if (!isFieldElement(element) || !element.name) return
    // A message (the browser's or the server's) goes as soon as its field is corrected.
    if (checked.current.has(element.name) || errors[element.name])
      update(event.currentTarget, element.name)
  }

  /**
   * Gives each field's error, and whether it was checked, to the name `rename` returns
   * (none: forgotten). For the rows of a list that move up (`useNativeFormWithValues`).
   */
  const renameFields = (rename: (name: string) => string | undefined) => {
    checked.current = new Set([...checked.current].flatMap((name) => rename(name) ?? []))
    setShown((current) => {
      const next: Errors = {}
      for (const [name, messages] of Object.entries(current.errors)) {
        const to = rename(name)
        if (to) next[to] = messages
      }
      return { ...current, errors: next }
    })
  }

  const field = (name: Extract<keyof Fields, string>): NativeField => {
    const id = `${formId}-field-${name}`
    const fieldConstraint = constraint[name] ?? {}
    return {
      id,
      name,
      label: labels[name] ?? name,
      errorId: `${id}-error`,
      errors: errors[name],
      required: fieldConstraint.required === true,
      constraint: fieldConstraint,
      initialValue: lastResult?.initialValue?.[name],
    }
  }

  const formProps = {
    id: formId,
    // With JavaScript we show our own messages; without it the browser's apply.
    noValidate: hydrated,
    onSubmit: counting(onSubmit),
    onBlur,
    onInput,
  }
  const names = Object.keys(labels) as Extract<keyof Fields, string>[]
  return {
    formProps,
    field,
    /** What the form's `ErrorSummary` shows. */
    summary: {
      fields: invalidFields(
        names.map((name) => {
          const named = field(name)
          return [named, named.label] as const
        }),
      ),
      refusedSubmits,
    },
    formErrors: errors[''],
    formErrorId: `${formId}-form-error`,
    renameFields,
  }
}
