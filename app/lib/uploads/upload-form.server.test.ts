import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LocalFileStorage } from '../../platform/storage/local-file-storage.server'
import { parseUploadForm, type ReceivedFile } from './upload-form.server'

const boundary = '----test-boundary-7MA4YWxkTrZu0gW'
const MiB = 1024 * 1024

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

let root: string
let storage: LocalFileStorage
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'upload-form-'))
  storage = new LocalFileStorage(root)
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

/** What is in storage: whole uploads and half-written ones. */
const stored = () =>
  readdirSync(root, { recursive: true })
    .map(String)
    .filter((name) => /\.(upload|partial)$/.test(name))
const destination = () => ({ storage, folder: 'quotes' })

async function readStored(file: ReceivedFile) {
  const chunks: Uint8Array[] = []
  const stream = await storage.get(file.upload.storageKey)
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk)
  return Buffer.concat(chunks)
}

describe('parseUploadForm', () => {
  it('returns the text fields and the file, in storage', async () => {
    const { request } = chunkedRequest(
      multipartBody([
        { name: 'firstName', value: 'Ana' },
        { name: 'resume', filename: 'cv.pdf', bytes: Buffer.from('%PDF-1.4 tiny') },
        { name: 'additionalInfo', value: 'Evenings only' },
      ]),
    )
    const result = await parseUploadForm(request, limits, destination())
    expect(result.status).toBe('ok')
    expect(result.formData.get('firstName')).toBe('Ana')
    expect(result.formData.get('additionalInfo')).toBe('Evenings only')
    const file = result.formData.get('resume') as ReceivedFile
    expect(file.name).toBe('cv.pdf')
    expect(file.size).toBe(13)
    expect((await readStored(file)).toString()).toBe('%PDF-1.4 tiny')
  })

  it('refuses a file over the limit while streaming, stores nothing of it, and still keeps every text field', async () => {
    const body = multipartBody([
      { name: 'formToken', value: 'token-1' },
      { name: 'firstName', value: 'Ana' },
      { name: 'resume', filename: 'big.pdf', bytes: Buffer.alloc(200 * 1024, 0x41) },
      { name: 'additionalInfo', value: 'typed after the file' },
      { name: 'privacyConsent', value: 'on' },
    ])
    const { request, consumed } = chunkedRequest(body, 4 * 1024)
    const result = await parseUploadForm(request, limits, destination())
    expect(result.status).toBe('too-large')
    // The fields after the refused file are read too, so the form comes back whole.
    expect(Object.fromEntries(result.formData)).toEqual({
      formToken: 'token-1',
      firstName: 'Ana',
      additionalInfo: 'typed after the file',
      privacyConsent: 'on',
    })
    expect(stored()).toEqual([])
    expect(consumed()).toBe(body.length)
  })

  it('drops files under names the form does not have', async () => {
    const { request } = chunkedRequest(
      multipartBody([
        { name: 'firstName', value: 'Ana' },
        { name: 'avatar', filename: 'x.png', bytes: Buffer.from('png') },
      ]),
    )
    const result = await parseUploadForm(request, limits, destination())
    expect(result.status).toBe('ok')
    expect(result.formData.has('avatar')).toBe(false)
    expect(stored()).toEqual([])
  })

  it('calls a body with more files than the form has malformed', async () => {
    const { request } = chunkedRequest(
      multipartBody([
        { name: 'resume', filename: 'a.pdf', bytes: Buffer.from('a') },
        { name: 'resume', filename: 'b.pdf', bytes: Buffer.from('b') },
      ]),
    )
    expect((await parseUploadForm(request, limits, destination())).status).toBe('malformed')
    await waitFor(() => stored().length === 0)
    expect(stored()).toEqual([])
  })

  it('parses a url-encoded form (no file)', async () => {
    const request = new Request('http://localhost/apply', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'firstName=Ana&lastName=L%C3%B3pez',
    })
    const result = await parseUploadForm(request, limits, destination())
    expect(result.status).toBe('ok')
    expect(result.formData.get('lastName')).toBe('López')
  })
})

/** A request whose body the test writes part by part, and ends only when it chooses. */
function openRequest(headers: Record<string, string> = {}) {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let pulls = 0
  const stream = new ReadableStream<Uint8Array>(
    {
      start: (c) => void (controller = c),
      pull: () => void pulls++,
    },
    // Nothing is fetched ahead of the reader: `pulls` counts what the parser asked for.
    { highWaterMark: 0 },
  )
  const request = new Request('http://localhost/client/quotes/new', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
    body: stream,
    duplex: 'half',
  } as RequestInit)
  return {
    request,
    send: (bytes: Buffer) => controller.enqueue(new Uint8Array(bytes)),
    end: () => controller.close(),
    pulls: () => pulls,
  }
}

/** The opening of a file part: its headers and the first bytes, the rest still to come. */
function fileStart(name: string, filename: string, bytes: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    bytes,
  ])
}

/** A body without its closing delimiter, so that more parts can follow. */
const openBody = (parts: Part[]) => {
  const whole = multipartBody(parts)
  return whole.subarray(0, whole.length - `--${boundary}--\r\n`.length)
}

const stillWaiting = (ms: number) =>
  new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms))

describe('parseUploadForm streams files to storage', () => {
  const quoteLimits = {
    maxFileSize: 256 * 1024,
    maxTotalSize: 4 * 1024 * 1024,
    fileFields: ['files'],
    maxFiles: 10,
  }
  const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size, 0x20)])
  const tenFiles = Array.from({ length: 10 }, (_, index) => ({
    name: 'files',
    filename: `part-${index}.pdf`,
    bytes: pdf(20 * 1024),
  }))

  it('writes a file to storage while the body is still arriving', async () => {
    const body = openRequest()
    const parsing = parseUploadForm(body.request, quoteLimits, destination())
    body.send(openBody([{ name: 'sourceLanguage', value: 'English' }, tenFiles[0]!]))
    body.send(fileStart('files', 'second.pdf', pdf(1024)))
    await waitFor(() => stored().some((name) => name.endsWith('.upload')))
    expect(stored().filter((name) => name.endsWith('.upload'))).toHaveLength(1)
    body.send(Buffer.from(`\r\n--${boundary}--\r\n`))
    body.end()
    const result = await parsing
    expect(result.status).toBe('ok')
    const files = result.formData.getAll('files') as ReceivedFile[]
    expect(files.map((file) => [file.name, file.size])).toEqual([
      ['part-0.pdf', 20 * 1024 + 9],
      ['second.pdf', 1024 + 9],
    ])
    expect(files[0]!.upload.sha256).toBe(
      createHash('sha256')
        .update(pdf(20 * 1024))
        .digest('hex'),
    )
    expect(Buffer.from(files[0]!.upload.head.subarray(0, 8)).toString()).toBe('%PDF-1.7')
    expect(stored()).toHaveLength(2)
    expect((await readStored(files[1]!)).equals(pdf(1024))).toBe(true)
  })

  it('refuses the eleventh file as soon as it starts: it is never written, and the fields after it still come back', async () => {
    const body = openRequest()
    const parsing = parseUploadForm(body.request, quoteLimits, destination())
    body.send(openBody([{ name: 'sourceLanguage', value: 'English' }, ...tenFiles]))
    body.send(fileStart('files', 'eleventh.pdf', pdf(1024)))
    // Refused as the part begins: the ten files go at once, while the body is still coming.
    await waitFor(() => stored().length === 0)
    expect(stored()).toEqual([])
    expect(await Promise.race([parsing, stillWaiting(100)])).toBe('still waiting')
    body.send(Buffer.from(`\r\n`))
    body.send(multipartBody([{ name: 'notes', value: 'typed after the files' }]))
    body.end()
    const result = await parsing
    expect(result.status).toBe('too-many-files')
    expect(result.formData.get('sourceLanguage')).toBe('English')
    expect(result.formData.get('notes')).toBe('typed after the files')
    expect(stored()).toEqual([])
  })

  it('stops writing a file at the chunk that passes the limit, and keeps nothing from then on', async () => {
    const body = openRequest()
    const parsing = parseUploadForm(body.request, quoteLimits, destination())
    body.send(openBody([{ name: 'sourceLanguage', value: 'English' }, tenFiles[0]!]))
    body.send(fileStart('files', 'big.pdf', pdf(300 * 1024)))
    // The big file's half-written copy and the first file go at once.
    await waitFor(() => stored().length === 0)
    expect(stored()).toEqual([])
    body.send(Buffer.from(`\r\n--${boundary}--\r\n`))
    body.end()
    const result = await parsing
    expect(result.status).toBe('too-large')
    expect(result.formData.get('sourceLanguage')).toBe('English')
    expect(result.formData.has('files')).toBe(false)
    expect(stored()).toEqual([])
  })

  it('refuses files that together pass what is left of the quota, and keeps nothing', async () => {
    const body = openRequest()
    const parsing = parseUploadForm(
      body.request,
      { ...quoteLimits, maxStoredBytes: 50 * 1024 },
      destination(),
    )
    body.send(openBody(tenFiles.slice(0, 2)))
    body.send(fileStart('files', 'third.pdf', pdf(20 * 1024)))
    body.send(Buffer.from(`\r\n--${boundary}--\r\n`))
    body.end()
    const result = await parsing
    expect(result.status).toBe('over-quota')
    expect(stored()).toEqual([])
  })

  it('refuses a body declared over the limit: it stores none of its files but reads its fields', async () => {
    const whole = multipartBody([
      { name: 'sourceLanguage', value: 'English' },
      tenFiles[0]!,
      { name: 'notes', value: 'typed after the file' },
    ])
    const body = openRequest({ 'content-length': String(5 * 1024 * 1024) })
    const parsing = parseUploadForm(body.request, quoteLimits, destination())
    body.send(whole)
    body.end()
    const result = await parsing
    expect(result.status).toBe('too-large')
    expect(Object.fromEntries(result.formData)).toEqual({
      sourceLanguage: 'English',
      notes: 'typed after the file',
    })
    expect(stored()).toEqual([])
  })

  it('answers a body declared past what is ever read without reading it', async () => {
    const body = openRequest({ 'content-length': String(100 * 1024 * 1024) })
    const result = await parseUploadForm(body.request, quoteLimits, destination())
    expect(result.status).toBe('too-large')
    expect(body.pulls()).toBe(0)
    body.end()
  })

  it('answers a refused body once it passes what is ever read, without waiting for its end', async () => {
    const body = openRequest()
    const parsing = parseUploadForm(body.request, quoteLimits, destination())
    body.send(openBody([{ name: 'sourceLanguage', value: 'English' }]))
    body.send(fileStart('files', 'huge.pdf', Buffer.alloc(MiB)))
    for (let sent = 0; sent < 64; sent++) body.send(Buffer.alloc(MiB, 0x20))
    const result = await Promise.race([parsing, stillWaiting(10_000)])
    expect(result === 'still waiting' ? result : result.status).toBe('too-large')
    expect(result !== 'still waiting' && result.formData.get('sourceLanguage')).toBe('English')
    expect(stored()).toEqual([])
    body.end()
  })
})
