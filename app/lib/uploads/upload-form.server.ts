import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUpload,
} from '@remix-run/form-data-parser'

export interface UploadFormLimits {
  /** The largest file accepted, in bytes; checked while the body streams in. */
  maxFileSize: number
  /** The whole body: files plus text fields. */
  maxTotalSize: number
  /** File inputs the form has; files under any other name are dropped unread. */
  fileFields: readonly string[]
  maxParts?: number
  /**
   * After a refusal, how much of the body in all is read and thrown away so that the browser
   * gets the 413 page; beyond it the connection is cut. Default 64 MiB.
   */
  drainLimit?: number
  /**
   * Answer a refused body only once it has been read to the end (within the drain limit):
   * a response sent while the browser is still uploading can reach it as a reset connection.
   */
  waitForDrain?: boolean
}

export type UploadFormResult =
  | { status: 'ok'; formData: FormData }
  /** A file (or the whole body) went over the limit. `formData` holds the text fields we could still read. */
  | { status: 'too-large'; formData: FormData }
  | { status: 'malformed'; formData: FormData }

/**
 * A form whose file field takes several files: `maxFiles` in all (instead of one per file
 * field), and more than that answers `too-many-files` (with the text fields) instead of
 * `malformed`.
 */
export interface ManyFilesLimits extends UploadFormLimits {
  maxFiles: number
}
export type ManyFilesResult = UploadFormResult | { status: 'too-many-files'; formData: FormData }

const KiB = 1024
const MiB = 1024 * KiB

// Text fields come before the file in a form's body and are small; keep this much of the
// start of the body so that they can be read back when the file turns out too large.
const PREFIX_KEPT = 256 * KiB
// After a refusal the rest of the body is read and thrown away, so that the browser, which is
// still sending, receives our 413 page instead of a reset connection. Beyond this much the
// connection is cut instead.
const DRAIN_LIMIT = 64 * MiB

/**
 * Parses a form that may carry file uploads with `@remix-run/form-data-parser`, enforcing the
 * size limits while the body streams in (nothing larger than `maxFileSize` is ever held).
 *
 * When a file is too large the parser stops; we still recover the other fields (from the
 * kept start of the body and from the parts after the file) so that the page can show the
 * form again with what the person typed. See docs/decisions/020-resume-uploads.md.
 */
export async function parseUploadForm(
  request: Request,
  limits: ManyFilesLimits,
): Promise<ManyFilesResult>
export async function parseUploadForm(
  request: Request,
  limits: UploadFormLimits,
): Promise<UploadFormResult>
export async function parseUploadForm(
  request: Request,
  limits: UploadFormLimits & { maxFiles?: number },
): Promise<ManyFilesResult> {
  if (!request.body) return { status: 'ok', formData: new FormData() }
  const body = new TrackedBody(request.body, PREFIX_KEPT, limits.drainLimit ?? DRAIN_LIMIT)
  const contentType = request.headers.get('content-type') ?? ''
  const tracked = new Request(request.url, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: body.stream,
    duplex: 'half',
  } as RequestInit)
  const keepFile = (file: FileUpload) => (limits.fileFields.includes(file.fieldName) ? file : null)
  try {
    const formData = await parseFormData(
      tracked,
      {
        maxFileSize: limits.maxFileSize,
        maxTotalSize: limits.maxTotalSize,
        maxFiles: limits.maxFiles ?? limits.fileFields.length,
        maxParts: limits.maxParts ?? 100,
        maxHeaderSize: 8 * KiB,
      },
      keepFile,
    )
    return { status: 'ok', formData }
  } catch (error) {
    if (!(error instanceof FormDataParseError) && !isLimitError(error)) {
      void body.discardRest()
      throw error
    }
    const boundary = multipartBoundary(contentType)
    const tooLarge =
      error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError
    const tooMany = error instanceof MaxFilesExceededError && limits.maxFiles !== undefined
    const formData =
      (tooLarge || tooMany) && boundary ? await recoverFields(body, boundary) : new FormData()
    const drained = body.discardRest()
    if (limits.waitForDrain) await drained
    if (tooMany) return { status: 'too-many-files', formData }
    return { status: tooLarge ? 'too-large' : 'malformed', formData }
  }
}

function isLimitError(error: unknown) {
  return (
    error instanceof MaxFileSizeExceededError ||
    error instanceof MaxTotalSizeExceededError ||
    error instanceof MaxPartsExceededError ||
    error instanceof MaxHeaderSizeExceededError
  )
}

export function multipartBoundary(contentType: string): string | undefined {
  if (!/^multipart\/form-data/i.test(contentType)) return undefined
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
  return match?.[1] ?? match?.[2]
}

/**
 * The text fields of a body whose parse stopped at an oversized part: those before it come
 * from the kept prefix (cut at the last part that began there, which is the oversized one),
 * those after it from the rest of the body, which we read anyway. Files are dropped.
 */
async function recoverFields(body: TrackedBody, boundary: string): Promise<FormData> {
  const encoder = new TextEncoder()
  const delimiter = encoder.encode(`\r\n--${boundary}`)
  const closing = encoder.encode(`\r\n--${boundary}--\r\n`)
  const recovered = new FormData()

  const prefix = body.prefix()
  const lastPartStart = lastIndexOf(prefix, delimiter)
  if (lastPartStart > 0) {
    const before = await parseTextFields(
      concat([prefix.subarray(0, lastPartStart), closing]),
      boundary,
    )
    for (const [name, value] of before) recovered.append(name, value)
  }

  const after = await parseTextFields(body.restFromNextPart(delimiter), boundary)
  for (const [name, value] of after) {
    if (!recovered.has(name)) recovered.append(name, value)
  }
  return recovered
}

/** Text fields of a multipart body; files are skipped and any parse failure yields what was read. */
async function parseTextFields(
  source: Uint8Array | ReadableStream<Uint8Array>,
  boundary: string,
): Promise<[string, string][]> {
  const request = new Request('http://localhost/', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: source,
    duplex: 'half',
  } as RequestInit)
  try {
    const formData = await parseFormData(
      request,
      { maxFileSize: 1 * MiB, maxTotalSize: DRAIN_LIMIT, maxFiles: 100, maxParts: 100 },
      () => null,
    )
    return [...formData].filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  } catch {
    return []
  }
}

/**
 * Reads a request body for the parser while remembering its first bytes and the last chunk
 * handed out; after a refusal it gives access to the rest of the body.
 */
class TrackedBody {
  readonly stream: ReadableStream<Uint8Array>
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>
  private readonly kept: Uint8Array[] = []
  private keptLength = 0
  private lastChunk: Uint8Array | undefined
  private bytesRead = 0
  private finished = false

  constructor(
    source: ReadableStream<Uint8Array>,
    private readonly prefixLimit: number,
    private readonly drainLimit: number,
  ) {
    this.reader = source.getReader()
    this.stream = new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          const chunk = await this.read()
          if (chunk) controller.enqueue(chunk)
          else controller.close()
        },
        // The parser gave up: the source stays open, we read the rest ourselves.
        cancel: () => {},
      },
      // Pull only when the parser asks, so that the last chunk handed out is the one it saw.
      { highWaterMark: 0 },
    )
  }

  private async read(): Promise<Uint8Array | undefined> {
    if (this.finished) return undefined
    const { done, value } = await this.reader.read()
    if (done) {
      this.finished = true
      return undefined
    }
    this.bytesRead += value.length
    if (this.keptLength < this.prefixLimit) {
      const slice = value.subarray(0, this.prefixLimit - this.keptLength)
      this.kept.push(slice)
      this.keptLength += slice.length
    }
    this.lastChunk = value
    return value
  }

  prefix(): Uint8Array {
    return concat(this.kept)
  }

  /**
   * The body from the first part that starts at or after the last chunk the parser saw,
   * as a multipart stream of its own; empty when no further part follows.
   */
  restFromNextPart(delimiter: Uint8Array): ReadableStream<Uint8Array> {
    let carry = this.lastChunk ?? new Uint8Array()
    let found = false
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        for (;;) {
          if (found) {
            const chunk = await this.readWithinLimit()
            if (chunk) controller.enqueue(chunk)
            else controller.close()
            return
          }
          const index = indexOf(carry, delimiter)
          if (index >= 0) {
            found = true
            // Skip the CRLF: a multipart body starts with `--boundary`.
            controller.enqueue(carry.subarray(index + 2))
            return
          }
          // Keep enough of the end to find a delimiter split across two chunks.
          carry = carry.subarray(Math.max(0, carry.length - delimiter.length + 1))
          const chunk = await this.readWithinLimit()
          if (!chunk) {
            controller.close()
            return
          }
          carry = concat([carry, chunk])
        }
      },
    })
  }

  private async readWithinLimit(): Promise<Uint8Array | undefined> {
    if (this.bytesRead > this.drainLimit) {
      this.cutOff()
      return undefined
    }
    return this.read()
  }

  /** Reads and drops whatever is left, in the background, up to the drain limit. */
  discardRest(): Promise<void> {
    return (async () => {
      try {
        while (await this.readWithinLimit()) {
          // Dropped.
        }
      } catch {
        // The client went away: nothing left to read.
      }
    })()
  }

  private cutOff() {
    if (this.finished) return
    this.finished = true
    this.reader.cancel().catch(() => {})
  }
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0)
  const out = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.length
  }
  return out
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).indexOf(
    needle,
    from,
  )
}

function lastIndexOf(haystack: Uint8Array, needle: Uint8Array): number {
  return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).lastIndexOf(needle)
}
