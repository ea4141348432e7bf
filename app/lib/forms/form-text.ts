/**
 * Control characters other than tab and line breaks. Nobody types them; PostgreSQL cannot
 * store NUL in text at all (a NUL used to turn a form into a 500), and the others only hide
 * text. Every form loses them before its action reads it (docs/product.md#validation): form
 * bodies in `server/form-body.ts`, uploads' text fields in `app/lib/uploads/upload-form.server.ts`.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '')
}

/**
 * The form with control characters taken out of its field names and text values (files
 * stay as they are); the same object when it had none.
 */
export function formWithoutControlCharacters(form: FormData): FormData {
  const entries = [...form.entries()]
  const cleaned = entries.map(([name, value]): [string, FormDataEntryValue] => [
    withoutControlCharacters(name),
    typeof value === 'string' ? withoutControlCharacters(value) : value,
  ])
  if (
    cleaned.every(
      ([name, value], index) => name === entries[index]![0] && value === entries[index]![1],
    )
  )
    return form
  const result = new FormData()
  for (const [name, value] of cleaned) result.append(name, value)
  return result
}

// A control character as it appears in a url-encoded body: raw, or percent-encoded.
const ENCODED_CONTROL_CHARACTER =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|%(?:0[0-8bcef]|1[0-9a-f]|7f)/i

/** A url-encoded body's text with control characters taken out; undefined when it had none. */
export function urlEncodedWithoutControlCharacters(body: string): string | undefined {
  // Most bodies hold none: nothing to decode.
  if (!ENCODED_CONTROL_CHARACTER.test(body)) return undefined
  const params = new URLSearchParams(body)
  const cleaned = new URLSearchParams()
  let changed = false
  for (const [name, value] of params) {
    const cleanName = withoutControlCharacters(name)
    const cleanValue = withoutControlCharacters(value)
    changed ||= cleanName !== name || cleanValue !== value
    cleaned.append(cleanName, cleanValue)
  }
  return changed ? cleaned.toString() : undefined
}
