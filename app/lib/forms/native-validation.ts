import { parse, type Submission } from '@conform-to/react'
import { isFieldElement as isField, messageFor } from './validation-messages'

/**
 * Browser-side validation for Conform's `onValidate`. The constraints on each control
 * (required, maxLength, pattern, type) come from the form's Zod schema through
 * `formConstraint` on the server, so the browser checks the same rules without
 * shipping Zod; the server then parses with the schema itself.
 */
export function validateNatively<Schema extends Record<string, unknown>>({
  form,
  formData,
}: {
  form: HTMLFormElement
  formData: FormData
}): Submission<Schema, string[]> {
  return parse(formData, {
    resolve(payload) {
      const error: Record<string, string[]> = {}
      for (const element of Array.from(form.elements)) {
        if (!isField(element) || !element.name || element.type === 'hidden' || element.disabled)
          continue
        if (!element.validity.valid && !error[element.name])
          error[element.name] = [messageFor(element)]
      }
      return Object.keys(error).length > 0 ? { error } : { value: payload as Schema }
    },
  })
}
