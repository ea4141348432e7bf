import { once } from 'node:events'
import type { Readable } from 'node:stream'
import busboy from 'busboy'
import { newStorageKey, type FileStorage } from '../../platform/storage/file-storage.server'
import { withoutControlCharacters } from '../forms/form-text'
import {
  receiveFile,
  ReceivedFile,
  UploadStopped,
  type UploadRefusal,
} from './received-file.server'

export { ReceivedFile, type UploadRefusal }

export interface UploadFormLimits {
  /** The largest file accepted, in bytes; checked while the file streams in. */
  maxFileSize: number
  /** The whole body: files plus text fields. A larger declared length is refused unread. */
  maxTotalSize: number
  /** File inputs the form has; files under any other name are dropped unread. */
  fileFields: readonly string[]
  /**
   * Files in all. Given, one more answers `too-many-files` as soon as it starts; not given,
   * more files than `fileFields` names is `malformed`.
   */
  maxFiles?: number
  /** What the files may hold together: what is left of an organization's storage quota. */
  maxStoredBytes?: number
  maxParts?: number
}

/** Where the form's files are written as they arrive. */
export interface UploadDestination {
  storage: FileStorage
  /** The first segment of their storage keys, such as `quotes`. */
  folder: string
}

export type UploadFormResult =
  /** Every file is in storage: `formData` holds them as `ReceivedFile`s among the text fields. */
  | { status: 'ok'; formData: FormData; files: ReceivedFile[] }
  /**
   * Refused: nothing it carried is left in storage, and `formData` holds its text fields (all
   * of them, or those before the point where the body could not be parsed or passed the
   * drain limit).
   */
  | { status: UploadRefusal; formData: FormData }

const KiB = 1024
const MiB = 1024 * KiB
/** A text field of an upload form is a name, a date, a note: far below this. */
const FIELD_MAX_BYTES = 256 * KiB
const MIN_DRAIN_LIMIT = 64 * MiB

/**
 * Parses a form that may carry file uploads and streams each file to storage as it arrives,
 * so that no more than a chunk or two of an upload is in memory at a time (see
 * docs/decisions/053-streamed-uploads-and-quota.md). The limits are enforced while reading:
 * a file over `maxFileSize` or the quota stops at the byte that passes it, a file too many as
 * soon as its part begins, a body over `maxTotalSize` at the chunk that passes it.
 *
 * A refused body stops being stored there and then: what it had stored is deleted, and its
 * later files are dropped unread. Its text fields are still read, up to the drain limit, so
 * that the answer can show the form again with everything the person typed (a browser sends
 * the whole body before it reads the answer anyway). A body declared or found larger than
 * the drain limit, or one that cannot be parsed, is answered at once with the fields read so
 * far, and the rest is read away in the background (up to the drain limit) so that the
 * browser receives the answer rather than a reset connection.
 */
export async function parseUploadForm(
  request: Request,
  limits: UploadFormLimits,
  destination: UploadDestination,
): Promise<UploadFormResult> {
  if (!request.body) return { status: 'ok', formData: new FormData(), files: [] }
  const contentType = request.headers.get('content-type') ?? ''
  const reader = request.body.getReader()
  // What a legitimate form of this kind may send, so that its sender still gets the answer.
  const drainLimit = Math.max(MIN_DRAIN_LIMIT, limits.maxTotalSize + MiB)
  const refuse = (status: UploadRefusal, formData = new FormData(), bytesRead = 0) => {
    drainInBackground(reader, bytesRead, drainLimit)
    return { status, formData }
  }
  const declaredLength = Number(request.headers.get('content-length') ?? '0')
  if (declaredLength > drainLimit) return refuse('too-large')
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) {
    const text = await readText(reader, FIELD_MAX_BYTES)
    if (text === undefined) return refuse('too-large', new FormData(), FIELD_MAX_BYTES)
    const formData = new FormData()
    for (const [name, value] of new URLSearchParams(text)) appendText(formData, name, value)
    return { status: 'ok', formData, files: [] }
  }
  if (!/^multipart\/form-data/i.test(contentType)) return refuse('malformed')
  const parse = new MultipartUpload(reader, contentType, limits, destination, drainLimit)
  // Declared too large: nothing of it is stored, but its fields are read for the answer.
  if (declaredLength > limits.maxTotalSize) parse.refuse('too-large')
  const outcome = await parse.run()
  if (outcome.status === 'ok') return outcome
  return refuse(outcome.status, outcome.formData, parse.bytesRead)
}

/** A text field, without the control characters no form keeps (server/form-body.ts). */
function appendText(formData: FormData, name: string, value: string) {
  formData.append(withoutControlCharacters(name), withoutControlCharacters(value))
}

/** One multipart body on its way into storage. */
class MultipartUpload {
  readonly formData = new FormData()
  bytesRead = 0
  private readonly files: ReceivedFile[] = []
  private readonly writes: Promise<void>[] = []
  private readonly streams = new Set<Readable>()
  private storedBytes = 0
  private fileCount = 0
  private refusal: UploadRefusal | undefined
  /** Reading stopped: the body cannot be parsed, or it went past the drain limit. */
  private stopped = false
  private failure: unknown
  /** Wakes whoever waits in `unlessStopped`; one waiter at a time. */
  private wake: (() => void) | undefined
  private readonly parser: busboy.Busboy | undefined

  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    contentType: string,
    private readonly limits: UploadFormLimits,
    private readonly destination: UploadDestination,
    /** How much of a refused body is still read for its text fields. */
    private readonly drainLimit: number,
  ) {
    try {
      this.parser = busboy({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        limits: {
          files: limits.maxFiles ?? limits.fileFields.length,
          // One byte over the limit is how a file is known to be too large.
          fileSize: limits.maxFileSize + 1,
          fieldSize: FIELD_MAX_BYTES,
          parts: limits.maxParts ?? 100,
          headerPairs: 20,
        },
      })
    } catch {
      // No boundary in the content type.
      this.refusal = 'malformed'
      return
    }
    this.parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return this.refuse('malformed')
      appendText(this.formData, name, value)
    })
    this.parser.on('file', (name, stream, info) => this.onFile(name, stream, info.filename))
    this.parser.on('filesLimit', () =>
      this.refuse(limits.maxFiles === undefined ? 'malformed' : 'too-many-files'),
    )
    this.parser.on('partsLimit', () => this.refuse('malformed'))
    this.parser.on('error', () => this.refuse('malformed'))
  }

  /**
   * Refuses the body: the first reason given is the answer. Files stop being stored; text
   * fields are still read, unless the body cannot be parsed at all.
   */
  refuse(status: UploadRefusal) {
    if (this.refusal === undefined) {
      this.refusal = status
      // What was stored goes now, not when the body ends.
      const stored = this.files.splice(0)
      this.writes.push(this.deleteAll(stored))
    }
    if (status === 'malformed') this.stop()
  }

  private async deleteAll(files: ReceivedFile[]) {
    await Promise.all(files.map((file) => this.destination.storage.delete(file.upload.storageKey)))
  }

  private stop() {
    this.stopped = true
    this.wake?.()
  }

  private get halted() {
    return this.stopped || this.failure !== undefined
  }

  /**
   * `promise`, or undefined as soon as the parse is refused or fails. Not `Promise.race`
   * with one promise that stays pending: each race would leave a reaction on it holding the
   * chunk read, and a whole upload would stay in memory.
   */
  private unlessStopped<T>(promise: Promise<T>): Promise<T | undefined> {
    if (this.halted) return Promise.resolve(undefined)
    return new Promise<T | undefined>((resolve, reject) => {
      const wake = () => resolve(undefined)
      this.wake = wake
      promise.then(resolve, reject).finally(() => {
        if (this.wake === wake) this.wake = undefined
      })
    })
  }

  private onFile(name: string, stream: Readable, filename: string | undefined) {
    if (this.refusal || !this.limits.fileFields.includes(name)) return void stream.resume()
    this.streams.add(stream)
    const sequence = this.fileCount++
    const key = newStorageKey(this.destination.folder, 'upload')
    const write = receiveFile(stream, key, this.destination.storage, {
      maxBytes: this.limits.maxFileSize,
      // Checked chunk by chunk, so that the file that passes the quota stops there.
      onChunk: (length) => {
        this.storedBytes += length
        // Refused meanwhile: this file stops too, and the rest of it is read away.
        if (this.refusal) return this.refusal
        if (this.storedBytes > (this.limits.maxStoredBytes ?? Infinity)) return 'over-quota'
      },
    })
      .then((upload) => {
        // An empty file input sends a nameless, empty part: that is no file. A file that
        // ended after the body was refused is not kept either.
        if ((upload.byteSize === 0 && !filename) || this.refusal)
          return this.destination.storage.delete(upload.storageKey)
        const file = new ReceivedFile(name, filename ?? '', upload, sequence)
        this.files.push(file)
        this.formData.append(name, file)
      })
      .catch((error: unknown) => {
        if (error instanceof UploadStopped) return this.refuse(error.reason)
        // A file cut off because the upload was refused or failed elsewhere.
        if (this.halted) return
        this.failure = error
        this.stop()
      })
      .finally(() => this.streams.delete(stream))
    this.writes.push(write)
  }

  async run(): Promise<UploadFormResult> {
    if (!this.parser) return { status: this.refusal ?? 'malformed', formData: this.formData }
    const parser = this.parser
    const finished = once(parser, 'finish').then(
      () => undefined,
      () => this.refuse('malformed'),
    )
    await this.feed(parser)
    await this.unlessStopped(finished)
    if (this.halted) {
      // Half-written files stop where they are; their storage removes them.
      for (const stream of this.streams) stream.on('error', () => undefined).destroy()
      parser.destroy()
    }
    // A write that ends in a refusal adds the deletions it starts.
    while (this.writes.length > 0) await Promise.all(this.writes.splice(0))
    if (this.halted || this.refusal) {
      await this.deleteAll(this.files)
      if (this.failure !== undefined) {
        drainInBackground(this.reader, this.bytesRead, MIN_DRAIN_LIMIT)
        throw this.failure
      }
      // The text fields only: the files it names are gone from storage.
      return { status: this.refusal!, formData: inFormOrder(this.formData, []) }
    }
    // Form order: files appended as their writes finished are put back where they were sent.
    return { status: 'ok', formData: inFormOrder(this.formData, this.files), files: this.files }
  }

  /**
   * Hands the body to the parser chunk by chunk, waiting while it is busy, until its end, a
   * body that cannot be parsed, or a refused body past the drain limit.
   */
  private async feed(parser: busboy.Busboy) {
    for (;;) {
      // A file's write may fail or call the body malformed while the next chunk is awaited.
      const next = await this.unlessStopped(this.reader.read())
      if (!next || this.halted) return
      const { done, value } = next
      if (done) return void parser.end()
      this.bytesRead += value.length
      if (this.bytesRead > this.limits.maxTotalSize) this.refuse('too-large')
      if (this.bytesRead > this.drainLimit) return this.stop()
      if (!parser.write(value))
        await this.unlessStopped(once(parser, 'drain').catch(() => undefined))
    }
  }
}

/**
 * The form's text fields, then `files` in the order their parts came, whatever order their
 * writes ended in.
 */
function inFormOrder(formData: FormData, files: ReceivedFile[]): FormData {
  const ordered = new FormData()
  for (const [name, value] of formData) if (typeof value === 'string') ordered.append(name, value)
  for (const file of files.sort((a, b) => a.sequence - b.sequence))
    ordered.append(file.fieldName, file)
  return ordered
}

/** A url-encoded body as text, or undefined when it is longer than `limit` bytes. */
async function readText(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number) {
  const chunks: Uint8Array[] = []
  let length = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    length += value.length
    if (length > limit) return undefined
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Reads what is left of a refused body and drops it, so that a browser, which sends the whole
 * body before it reads the answer, receives the answer instead of a reset connection. Beyond
 * `limit` bytes in all the connection is cut. Starts once the answer has been handed back.
 */
function drainInBackground(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  alreadyRead: number,
  limit: number,
) {
  setImmediate(async () => {
    let read = alreadyRead
    try {
      while (read <= limit) {
        const { done, value } = await reader.read()
        if (done) return
        read += value.length
      }
      await reader.cancel()
    } catch {
      // The client went away: nothing left to read.
    }
  })
}
