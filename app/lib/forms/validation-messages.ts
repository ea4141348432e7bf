import { withCount, type FormMessages } from './form-messages'

/** A control the browser validates. */
export type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

export function isFieldElement(element: Element): element is FieldElement {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  )
}

/**
 * Our wording for the browser's validity state of a control (the same as the server's), in
 * the page's language (`useFormMessages`).
 */
export function messageFor(element: FieldElement, messages: FormMessages): string {
  const { validity } = element
  if (validity.valueMissing) {
    if (element instanceof HTMLInputElement && element.type === 'file') return messages.chooseFile
    // A radio group is one choice too; its schema says the same (app/lib/validation/booking-rating.ts).
    if (element instanceof HTMLSelectElement || element.type === 'radio')
      return messages.selectOption
    if (element instanceof HTMLInputElement && element.type === 'checkbox') return messages.tickBox
    return messages.required
  }
  if (validity.typeMismatch && element.type === 'email') return messages.email
  // Only typed text (an input or a textarea) can be too long or too short.
  const text = element as HTMLInputElement
  if (validity.tooLong) return withCount(messages.tooLong, text.maxLength)
  if (validity.tooShort) return withCount(messages.tooShort, text.minLength)
  // A pattern, a range or a step: the schema's message for it, which the control carries as
  // its title (`formConstraint` in app/lib/forms/form-constraint.server.ts).
  if (element.title) return element.title
  if (validity.patternMismatch) return messages.format
  return element.validationMessage
}
