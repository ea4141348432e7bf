import {
  formWithoutControlCharacters,
  urlEncodedWithoutControlCharacters,
} from '../app/lib/forms/form-text'

export interface FormBody {
  body: Buffer
  /** The body's media type with its parameters (a new multipart body has a new boundary). */
  contentType: string
}

/** A C0 control byte other than tab and line breaks, or DEL: a multipart body may hold text to clean. */
function hasControlByte(body: Buffer) {
  for (const byte of body)
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f)
      return true
  return false
}

/**
 * A form body read before routing, as every action gets it: control characters taken out
 * of its field names and text values (app/lib/forms/form-text.ts), so that no form, old or
 * new, can hand one to the database. A body without any comes back as it was; so does a
 * multipart body that cannot be read, which the action then refuses as it would have.
 */
export async function cleanedFormBody(form: FormBody): Promise<FormBody> {
  const mediaType = form.contentType.split(';')[0]!.trim().toLowerCase()
  if (mediaType === 'application/x-www-form-urlencoded') {
    const cleaned = urlEncodedWithoutControlCharacters(form.body.toString('utf8'))
    return cleaned === undefined ? form : { ...form, body: Buffer.from(cleaned) }
  }
  if (!hasControlByte(form.body)) return form
  const parsed = await new Response(new Uint8Array(form.body), {
    headers: { 'Content-Type': form.contentType },
  })
    .formData()
    .catch(() => undefined)
  if (!parsed) return form
  const cleaned = formWithoutControlCharacters(parsed)
  if (cleaned === parsed) return form
  const encoded = new Response(cleaned)
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('Content-Type')!,
  }
}
