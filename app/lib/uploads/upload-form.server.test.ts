import { describe, expect, it } from 'vitest'
import { parseUploadForm } from './upload-form.server'

const boundary = '----test-boundary-7MA4YWxkTrZu0gW'

type Part = { name: string; value: string } | { name: string; filename: string; bytes: Buffer }

function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = []
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`))
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      )
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      )
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return Buffer.concat(chunks)
}

/** A request whose body arrives in chunks, like a socket delivers it; `consumed()` tells how far it was read. */
function chunkedRequest(body: Buffer, chunkSize = 16 * 1024) {
  let offset = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.length) return controller.close()
      controller.enqueue(new Uint8Array(body.subarray(offset, offset + chunkSize)))
      offset += chunkSize
    },
  })
  const request = new Request('http://localhost/apply', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: stream,
    duplex: 'half',
  } as RequestInit)
  return { request, consumed: () => Math.min(offset, body.length) }
}

const limits = { maxFileSize: 64 * 1024, maxTotalSize: 80 * 1024, fileFields: ['resume'] }

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe('parseUploadForm', () => {
  it('returns the text fields and the file', async () => {
    const { request } = chunkedRequest(
      multipartBody([
        { name: 'firstName', value: 'Ana' },
        { name: 'resume', filename: 'cv.pdf', bytes: Buffer.from('%PDF-1.4 tiny') },
        { name: 'additionalInfo', value: 'Evenings only' },
      ]),
    )
    const result = await parseUploadForm(request, limits)
    expect(result.status).toBe('ok')
    expect(result.formData.get('firstName')).toBe('Ana')
    expect(result.formData.get('additionalInfo')).toBe('Evenings only')
    const file = result.formData.get('resume') as File
    expect(file.name).toBe('cv.pdf')
    expect(Buffer.from(await file.arrayBuffer()).toString()).toBe('%PDF-1.4 tiny')
  })

  it('refuses a file over the limit while streaming, keeps the other fields and reads the body to its end', async () => {
    const body = multipartBody([
      { name: 'formToken', value: 'token-1' },
      { name: 'firstName', value: 'Ana' },
      { name: 'resume', filename: 'big.pdf', bytes: Buffer.alloc(200 * 1024, 0x41) },
      { name: 'additionalInfo', value: 'typed after the file' },
      { name: 'privacyConsent', value: 'on' },
    ])
    const { request, consumed } = chunkedRequest(body, 4 * 1024)
    const result = await parseUploadForm(request, limits)
    expect(result.status).toBe('too-large')
    expect(Object.fromEntries(result.formData)).toEqual({
      formToken: 'token-1',
      firstName: 'Ana',
      additionalInfo: 'typed after the file',
      privacyConsent: 'on',
    })
    await waitFor(() => consumed() === body.length)
    expect(consumed()).toBe(body.length)
  })

  it('drops files under names the form does not have', async () => {
    const { request } = chunkedRequest(
      multipartBody([
        { name: 'firstName', value: 'Ana' },
        { name: 'avatar', filename: 'x.png', bytes: Buffer.from('png') },
      ]),
    )
    const result = await parseUploadForm(request, limits)
    expect(result.status).toBe('ok')
    expect(result.formData.has('avatar')).toBe(false)
  })

  it('calls a body with more files than the form has malformed', async () => {
    const { request } = chunkedRequest(
      multipartBody([
        { name: 'resume', filename: 'a.pdf', bytes: Buffer.from('a') },
        { name: 'resume', filename: 'b.pdf', bytes: Buffer.from('b') },
      ]),
    )
    expect((await parseUploadForm(request, limits)).status).toBe('malformed')
  })

  it('parses a url-encoded form (no file)', async () => {
    const request = new Request('http://localhost/apply', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'firstName=Ana&lastName=L%C3%B3pez',
    })
    const result = await parseUploadForm(request, limits)
    expect(result.status).toBe('ok')
    expect(result.formData.get('lastName')).toBe('López')
  })
})
