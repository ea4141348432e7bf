import type { SubmissionResult } from '@conform-to/react'
import type { FormConstraint } from '../lib/forms/form-constraint'
import type { Locale } from '../domain/locales'
import { validationMessage } from './translator.server'

/**
 * A form's browser constraints with their messages (a pattern's, a range's: the field's
 * `title`) in the page's language.
 */
export function localizedConstraint(locale: Locale, constraint: FormConstraint): FormConstraint {
  return Object.fromEntries(
    Object.entries(constraint).map(([name, field]) => [
      name,
      field.title ? { ...field, title: validationMessage(locale, field.title) } : field,
    ]),
  )
}

/**
 * A refused submission's answer with its messages (the schema's, and the action's own) in the
 * language of the page the form was sent from.
 */
export function localizedReply<Result extends SubmissionResult<string[]>>(
  locale: Locale,
  reply: Result,
): Result {
  if (!reply.error) return reply
  const error = Object.fromEntries(
    Object.entries(reply.error).map(([name, messages]) => [
      name,
      messages?.map((message) => validationMessage(locale, message)) ?? null,
    ]),
  )
  return { ...reply, error }
}
