import { createContext, useContext } from 'react'

/**
 * What the browser says of a control it refuses, and the error summary's heading: the English
 * source of the catalogues' `formMessages` namespace (app/i18n/sources.server.ts). Pages get
 * them in their language from the root loader, so the browser carries none of these words
 * (docs/decisions/066-spanish-site-messages-resolved-on-the-server.md).
 */
export const formMessages = {
  required: 'This field is required.',
  chooseFile: 'Please choose a file.',
  selectOption: 'Please select an option.',
  tickBox: 'Please tick this box to continue.',
  email: 'Please enter a valid email address.',
  tooLong: 'Please use at most {count} characters.',
  tooShort: 'Please use at least {count} characters.',
  format: 'Please use the expected format.',
  summary: { one: 'Please correct {count} field', other: 'Please correct {count} fields' },
}
export type FormMessages = typeof formMessages

/** The root hands its form messages down to every form. */
export const FormMessagesContext = createContext<FormMessages | null>(null)

export function useFormMessages(): FormMessages {
  const messages = useContext(FormMessagesContext)
  if (!messages) throw new Error('A form needs the root loader’s form messages')
  return messages
}

/** A message with its `{count}`; `forms` picks the plural form (one or other). */
export function withCount(message: string | { one: string; other: string }, count: number) {
  const form = typeof message === 'string' ? message : count === 1 ? message.one : message.other
  return form.replace('{count}', String(count))
}
