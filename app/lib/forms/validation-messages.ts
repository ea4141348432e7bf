/** A control the browser validates. */
export type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

export function isFieldElement(element: Element): element is FieldElement {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  )
}

/** Our wording for the browser's validity state of a control (the same as the server's). */
export function messageFor(element: FieldElement): string {
  const { validity } = element
  if (validity.valueMissing) {
    if (element instanceof HTMLInputElement && element.type === 'file')
      return 'Please choose a file.'
    // A radio group is one choice too; its schema says the same (app/lib/validation/booking-rating.ts).
    if (element instanceof HTMLSelectElement || element.type === 'radio')
      return 'Please select an option.'
    if (element instanceof HTMLInputElement && element.type === 'checkbox')
      return 'Please tick this box to continue.'
    return 'This field is required.'
  }
  if (validity.typeMismatch && element.type === 'email')
    return 'Please enter a valid email address.'
  // Only typed text (an input or a textarea) can be too long or too short.
  const text = element as HTMLInputElement
  if (validity.tooLong) return `Please use at most ${text.maxLength} characters.`
  if (validity.tooShort) return `Please use at least ${text.minLength} characters.`
  // A pattern, a range or a step: the schema's message for it, which the control carries as
  // its title (`formConstraint` in app/lib/forms/form-constraint.server.ts).
  if (element.title) return element.title
  if (validity.patternMismatch) return 'Please use the expected format.'
  return element.validationMessage
}
