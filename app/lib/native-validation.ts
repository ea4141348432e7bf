import { parse, type Submission } from '@conform-to/react'

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

function isField(element: Element): element is FieldElement {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  )
}

function messageFor(element: FieldElement): string {
  const { validity } = element
  if (validity.valueMissing) {
    if (element instanceof HTMLInputElement && element.type === 'file')
      return 'Please choose a file.'
    if (element instanceof HTMLSelectElement) return 'Please select an option.'
    if (element instanceof HTMLInputElement && element.type === 'checkbox')
      return 'Please tick this box to continue.'
    return 'This field is required.'
  }
  if (validity.typeMismatch && element.type === 'email')
    return 'Please enter a valid email address.'
  if (validity.tooLong && 'maxLength' in element)
    return `Please use at most ${element.maxLength} characters.`
  if (validity.tooShort && 'minLength' in element)
    return `Please use at least ${element.minLength} characters.`
  if (validity.patternMismatch) return element.title || 'Please use the expected format.'
  return element.validationMessage
}

/**
 * Browser-side validation for Conform's `onValidate`. The constraints on each control
 * (required, maxLength, pattern, type) come from the form's Zod schema through
 * `getZodConstraint` on the server, so the browser checks the same rules without
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
