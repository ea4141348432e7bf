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
